"""The CI's tox.ini runs every real-build file once: each ``tests/e2e/test_*.py`` is in
exactly one of the two halves of the real builds (``e2e-a``, ``e2e-b``), so that a new file
cannot be left out of CI, nor run twice. And CI tells the truth: a judge lost from CI's
environment fails the run, a skip says its real reason, every xfail is strict, and the oldest
backends the README states are built on in CI."""

from __future__ import annotations

import configparser
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from packaging.version import Version

from support import JUDGES

ROOT = Path(__file__).resolve().parents[2]
HALVES = ("e2e_a", "e2e_b")


def _tox() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None)
    parser.read(ROOT / "tox.ini", encoding="utf-8")
    return parser


def _files(key: str) -> list[str]:
    return _tox()["vars"][key].split()


def test_every_real_build_file_is_in_exactly_one_half() -> None:
    on_disk = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "tests" / "e2e").glob("test_*.py"))
    listed = [name for half in HALVES for name in _files(half)]
    twice = sorted({name for name in listed if listed.count(name) > 1})
    assert twice == [], f"in both halves (or twice in one) of tox.ini's [vars]: {twice}"
    missing = sorted(set(on_disk) - set(listed))
    assert missing == [], f"add these to e2e_a or e2e_b in tox.ini's [vars], or CI never runs them: {missing}"
    gone = sorted(set(listed) - set(on_disk))
    assert gone == [], f"tox.ini's [vars] names files that do not exist: {gone}"


def test_both_halves_run_in_ci() -> None:
    tox = _tox()
    ci = [name.strip() for name in tox["tox"]["labels"].split("ci =", 1)[1].split("\n", 1)[0].split(",")]
    assert {"e2e-a", "e2e-b"} <= set(ci), ci
    assert "e2e" not in ci, "the whole real-build suite runs as its two halves"
    for half in HALVES:
        env = f"testenv:{half.replace('_', '-')}"
        assert f"{{[vars]{half}}}" in tox[env]["commands"], tox[env]["commands"]


def test_the_core_builds_are_real_build_files() -> None:
    """The core real builds (``e2e-py39``, ``e2e-py313``) name files that exist."""
    assert [name for name in _files("core_builds") if not (ROOT / name).is_file()] == []


# ---- the judges: a lost one is a failure in CI, and a skip says its real reason


def _judge_run(tmp_path: Path, module: str, **env: str) -> subprocess.CompletedProcess[str]:
    """pytest on one test that asks :func:`support.judge` for ``module``, the judge's package
    shadowed by one that fails to import (as a judge lost from the environment does)."""
    package = module.split(".")[0]
    shadow = tmp_path / "shadow" / package
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text('raise ImportError("lost for the test")\n')
    (tmp_path / "test_judged.py").write_text(
        f"from support import judge\n\n\ndef test_judged():\n    judge({module!r})\n"
    )
    base = {k: v for k, v in os.environ.items() if k not in ("CI", "TOX_ENV_NAME", "PYTHONPATH")}
    base["PYTHONPATH"] = os.pathsep.join([str(tmp_path / "shadow"), str(ROOT / "tests"), *sys.path[1:]])
    pytest_args = ["-q", "-rs", "-p", "no:cacheprovider", "--rootdir", str(tmp_path), "test_judged.py"]
    return subprocess.run(
        [sys.executable, "-m", "pytest", *pytest_args],
        cwd=tmp_path,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("ci", [{"CI": "true"}, {"TOX_ENV_NAME": "py311"}], ids=["CI", "tox"])
def test_a_judge_lost_in_ci_fails_the_run(tmp_path: Path, ci: dict[str, str]) -> None:
    module, (distribution, python) = "library_skills.scanner", JUDGES["library_skills"]
    done = _judge_run(tmp_path, module, **ci)
    if sys.version_info < python:  # it does not install here: a skip, saying so, even in CI
        assert done.returncode == 0, done.stdout + done.stderr
        assert f"{distribution} installs on Python {python[0]}.{python[1]} and newer" in done.stdout
        return
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"a judge is missing in CI: {distribution} is not importable" in done.stdout, done.stdout


def test_a_judge_lost_outside_ci_is_a_skip_that_says_why(tmp_path: Path) -> None:
    module, (distribution, python) = "library_skills.scanner", JUDGES["library_skills"]
    done = _judge_run(tmp_path, module)
    assert done.returncode == 0, done.stdout + done.stderr
    if sys.version_info < python:
        assert f"{distribution} installs on Python {python[0]}.{python[1]} and newer" in done.stdout
    else:
        assert "1 skipped" in done.stdout, done.stdout
        assert f"{distribution} is not importable on Python" in done.stdout, done.stdout
        assert "lost for the test" in done.stdout, done.stdout
        assert "needs Python" not in done.stdout, done.stdout


def test_no_test_takes_a_judge_by_importorskip() -> None:
    """``pytest.importorskip`` turns a lost judge into a green skip: judges come through
    ``support.judge``."""
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "tests").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "importorskip(" in line and any(f'"{name}' in line for name in JUDGES)
    ]
    assert found == []


def test_tox_installs_each_judge_on_every_python_it_installs_on() -> None:
    deps = _tox()["testenv"]["deps"]
    for distribution, python in JUDGES.values():
        assert f'{distribution}; python_version >= "{python[0]}.{python[1]}"' in deps.splitlines(), (
            distribution
        )


def test_the_development_environment_installs_the_judges() -> None:
    contributing = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    (command,) = [
        x
        for x in contributing.replace("\\\n", " ").splitlines()
        if x.startswith(".venv/bin/pip install -e .")
    ]
    wanted = {f'{distribution}; python_version >= "{p[0]}.{p[1]}"' for distribution, p in JUDGES.values()}
    assert wanted <= set(shlex.split(command)), command


# ---- no test can pass by failing


def test_every_xfail_is_strict() -> None:
    """An xfail that passes is a failure (pytest's ``xfail_strict``), and no test opts out."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "\nxfail_strict = true\n" in pyproject
    lax = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "tests").rglob("*.py"))
        if re.search(r"xfail\((?:(?!\ndef ).)*?strict\s*=\s*False", path.read_text(encoding="utf-8"), re.S)
    ]
    assert lax == []


# ---- the oldest backends the README states run in CI


def _ci_label() -> list[str]:
    labels = _tox()["tox"]["labels"]
    return [name.strip() for name in labels.split("ci =", 1)[1].split("\n", 1)[0].split(",")]


#: the README's names for the backends, and the variable that picks each one's version in
#: the real builds (tests/e2e/buildkit.py)
BACKEND_VARIABLES = {
    "hatchling": "SMART_TOOL_TEST_HATCHLING",
    "setuptools": "SMART_TOOL_TEST_SETUPTOOLS",
    "uv_build": "SMART_TOOL_TEST_UV_BUILD",
    "flit_core": "SMART_TOOL_TEST_FLIT_CORE",
    "pdm-backend": "SMART_TOOL_TEST_PDM_BACKEND",
    "poetry-core": "SMART_TOOL_TEST_POETRY_CORE",
}


def _readme_oldest() -> dict[str, str]:
    """The oldest version of each backend the README's supported versions state."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    stated = re.search(r"\(Python 3\.\d+-3\.\d+; (.*?), and newer\)", readme, re.S)
    assert stated, "the README no longer states its supported versions as this test reads them"
    text = " ".join(stated[1].split())
    found = dict(re.findall(r"([\w-]+) (\d+(?:\.\d+)*)", text))
    return {name: found[name] for name in BACKEND_VARIABLES}


def test_the_oldest_backends_the_readme_states_run_in_ci() -> None:
    """One environment of the ``ci`` label builds on the oldest version of every backend the
    README states (the backend matrix, label ``backends``, stays on demand)."""
    tox = _tox()
    oldest = _readme_oldest()
    envs = [name for name in _ci_label() if tox.has_section(f"testenv:{name}")]
    pinned: dict[str, dict[str, str]] = {}
    for name in envs:
        lines = [x.strip() for x in tox[f"testenv:{name}"].get("set_env", "").splitlines()]
        pinned[name] = dict(tuple(p.strip() for p in x.split("=", 1)) for x in lines if x.startswith("SMART"))
    matching = [
        name
        for name, variables in pinned.items()
        if all(
            Version(variables.get(variable, "==0").split("==")[-1]) == Version(oldest[backend])
            for backend, variable in BACKEND_VARIABLES.items()
        )
    ]
    assert matching, f"no environment of the ci label builds on {oldest}"
    for name in matching:
        assert "{[vars]core_builds}" in tox[f"testenv:{name}"]["commands"], name
