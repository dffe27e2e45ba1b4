"""The one table of backends (``project/backends.py``): what init prints, what the rules say,
what the wrapper imports and what a finished wheel's hint names all come from its rows.

- every row's ``backend`` value init prints is one the wrapper accepts and ``check`` passes;
- a ``[tool.smart-tool] backend`` that is a distribution name (``"flit-core"``) or a module
  above the backend's (``"flit_core"``, ``"poetry.core"``), names nothing importable, or a
  module without the PEP 517 hooks, is one coded line from ``check`` and from the build (a
  real process calling the wrapper's hooks), naming the right value, never a traceback;
- a new backend is one row: a fixture backend unknown to the table gets init's lines, the
  rules' finding and a real wrapped build once its row is added, and nothing else changes.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from smart_tool_build.project import backends
from smart_tool_build.project.backend_hints import family_of
from smart_tool_build.project.backends import TABLE, WRAPPED, Backend, by_module, choose
from smart_tool_build.rules.build_lines import build_setup
from smart_tool_build.rules.build_system import build_system_rules
from support import FIXTURES, cli_env

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.9/3.10
    import tomli as tomllib

FLIT = FIXTURES / "wrapper" / "flit-core"
NEW_BACKEND = FIXTURES / "backends" / "new-backend"


@pytest.mark.parametrize("row", list(TABLE.values()), ids=list(TABLE))
def test_every_row_s_printed_lines_are_accepted_by_the_rules_and_the_wrapper(row: Backend) -> None:
    requirement = row.requirement
    text = f'[build-system]\nrequires = ["{requirement}"]\nbuild-backend = "{row.module}"\n'
    document = tomllib.loads(text)
    lines = build_setup(document).lines
    assert lines, row
    printed = "\n".join(lines) + "\n"
    applied = tomllib.loads(printed)
    assert build_system_rules(applied, printed, "pyproject.toml") == [], printed
    if row.opt_in == WRAPPED:
        choice = choose(applied)
        assert (choice.backend, choice.problem) == (row.module, None), printed
        assert applied["tool"]["smart-tool"]["backend"] == row.module
        # and without the key, requires alone names it
        del applied["tool"]
        assert choose(applied).backend == row.module


@pytest.mark.parametrize(
    ("value", "right"),
    [
        ("flit-core", "flit_core.buildapi"),
        ("flit_core", "flit_core.buildapi"),
        ("poetry-core", "poetry.core.masonry.api"),
        ("poetry.core", "poetry.core.masonry.api"),
        ("pdm-backend", "pdm.backend"),
        ("pdm", "pdm.backend"),
        ("uv-build", "uv_build"),
        ("hatchling", "hatchling.build"),
        ("scikit-build-core", "scikit_build_core.build"),
        ("meson-python", "mesonpy"),
    ],
)
def test_a_backend_value_that_is_not_the_module_names_the_right_one(value: str, right: str) -> None:
    text = (
        '[build-system]\nrequires = ["smart-tool-build"]\nbuild-backend = "smart_tool_build.backend"\n\n'
        f'[tool.smart-tool]\nbackend = "{value}"\n'
    )
    (finding,) = build_system_rules(tomllib.loads(text), text, "pyproject.toml")
    assert (finding.code, finding.path, finding.line) == ("build-system-opt-in", "pyproject.toml", 6)
    assert finding.hint == f'backend = "{right}"'
    assert f'backend = "{value}" is not how build-backend names' in finding.message


def test_every_row_is_found_by_module_alias_and_generator() -> None:
    for row in TABLE.values():
        assert by_module(row.module) is row
        assert all(by_module(alias) is row for alias in row.aliases)
        assert all(family_of(f"{prefix} 1.0") is row for prefix in row.generators)
    assert by_module("setuptools.build_meta:__legacy__") is TABLE["setuptools.build_meta"]
    assert family_of("bdist_wheel (0.42.0)") is TABLE["setuptools.build_meta"]
    assert family_of("hand") is None


def _project(tmp_path: Path, backend_line: str) -> Path:
    root = shutil.copytree(FLIT, tmp_path / "project")
    text = (root / "pyproject.toml").read_text()
    (root / "pyproject.toml").write_text(text + "\n[tool.smart-tool]\n" + backend_line + "\n")
    return root


def _hooks(root: Path, script: str, pythonpath: tuple[Path, ...] = ()) -> subprocess.CompletedProcess[str]:
    """The wrapper's hooks in a real process, as a frontend calls them, in the project."""
    env = cli_env()
    env["PYTHONPATH"] = ":".join([*map(str, pythonpath), env.get("PYTHONPATH", "")])
    return subprocess.run(
        [sys.executable, "-c", script], cwd=root, env=env, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    ("backend_line", "message", "hint"),
    [
        pytest.param(
            'backend = "flit-core"',
            '[tool.smart-tool] backend = "flit-core" is not how build-backend names flit_core',
            'backend = "flit_core.buildapi"',
            id="distribution-name",
        ),
        pytest.param(
            'backend = "flit_core"',  # what init printed: the build crashed with an AttributeError
            '[tool.smart-tool] backend = "flit_core" is not how build-backend names flit_core',
            'backend = "flit_core.buildapi"',
            id="module-above",
        ),
        pytest.param(
            'backend = "no_such_backend.api"',
            "[tool.smart-tool] backend: 'no_such_backend.api' cannot be imported, "
            "No module named 'no_such_backend'",
            "add the distribution that provides it to [build-system].requires",
            id="not-importable",
        ),
        pytest.param(
            'backend = "json"',
            "[tool.smart-tool] backend: 'json' has no build_wheel and build_sdist hooks: "
            "it is not a PEP 517 backend",
            None,
            id="no-hooks",
        ),
        pytest.param(
            'backend = "json:nothing"',
            "[tool.smart-tool] backend: 'json:nothing' names no object in json",
            "name the backend as its build-backend line does",
            id="no-object",
        ),
    ],
)
def test_the_build_says_a_wrong_backend_value_in_one_coded_line(
    tmp_path: Path, backend_line: str, message: str, hint: str
) -> None:
    root = _project(tmp_path, backend_line)
    for hook in ("get_requires_for_build_wheel()", "build_wheel('dist')", "build_sdist('dist')"):
        done = _hooks(root, f"import smart_tool_build.backend as b; b.{hook}")
        expected = f"pyproject.toml:23: build-system-opt-in: {message}" + (f" ({hint})" if hint else "")
        assert (done.returncode, done.stderr.strip()) == (1, expected), done.stderr
        assert not (root / "dist").exists()


def test_a_new_backend_is_one_row(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """acme_backend (fixtures/backends/new-backend) is a PEP 517 backend the table does not
    know; one row makes init print its lines, the rules judge it and the wrapper build it."""
    row = Backend("acme_backend", "acme-backend", WRAPPED, name="acme")
    text = '[build-system]\nrequires = ["acme-backend>=1"]\nbuild-backend = "acme_backend"\n'
    unknown = build_setup(tomllib.loads(text))
    assert (unknown.backend, unknown.lines) == ("", ())
    monkeypatch.setitem(backends.TABLE, row.module, row)

    # init
    setup = build_setup(tomllib.loads(text))
    assert setup.backend == "acme"
    assert setup.lines == (
        "[build-system]",
        'requires = ["smart-tool-build", "acme-backend>=1"]',
        'build-backend = "smart_tool_build.backend"',
        "",
        "[tool.smart-tool]",
        'backend = "acme_backend"',
    )
    # the rules: named, but not wrapped
    named = text.replace('["acme-backend>=1"]', '["acme-backend>=1", "smart-tool-build"]')
    (finding,) = build_system_rules(tomllib.loads(named), named, "pyproject.toml")
    assert finding.code == "build-system-opt-in" and "acme has no plugins" in finding.message
    # a wrong value names the row's module
    wrong = '[tool.smart-tool]\nbackend = "acme-backend"\n'
    assert choose(tomllib.loads(wrong)).hint == 'backend = "acme_backend"'

    # the wrapper: a real build with the lines init printed (the process adds the same row)
    root = shutil.copytree(FLIT, tmp_path / "project")
    pyproject = (root / "pyproject.toml").read_text().split("\n[project]\n", 1)[1]
    (root / "pyproject.toml").write_text("\n".join(setup.lines) + "\n\n[project]\n" + pyproject)
    done = _hooks(
        root,
        "from smart_tool_build.project.backends import TABLE, Backend\n"
        "TABLE['acme_backend'] = Backend('acme_backend', 'acme-backend', 'wrapper', name='acme')\n"
        "import os, smart_tool_build.backend as b\n"
        "os.mkdir('dist'); print(b.build_wheel('dist'))\n",
        (NEW_BACKEND,),
    )
    assert done.returncode == 0, done.stderr
    wheel = root / "dist" / done.stdout.strip()
    assert f"{wheel.name} verified" in done.stderr, done.stderr
    with zipfile.ZipFile(wheel) as archive:
        descriptor = json.loads(archive.read("flit_core_tool-0.4.0.dist-info/smart-tool.json"))
    assert descriptor["cli_argv"] == ["flit-core-tool"]


def test_the_wheel_s_hint_is_its_row_s_way_in() -> None:
    from smart_tool_build.project.backend_hints import opt_in_hint

    assert "[tool.hatch.build.hooks.smart-tool]" in opt_in_hint(family_of("hatchling 1.27.0"))
    assert opt_in_hint(family_of("setuptools (75.0)")) == "add smart-tool-build to [build-system].requires"
    assert opt_in_hint(family_of("flit 3.12.0")) == (
        'flit_core has no plugins: build through the wrapper, build-backend = "smart_tool_build.backend" '
        "with smart-tool-build and flit-core in requires"
    )
    assert "see the README" in opt_in_hint(family_of("hand"))
