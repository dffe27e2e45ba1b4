"""The resolved version reaches the verdict: the finished archive's METADATA / PKG-INFO
Version is checked against the version the build checked the tool with
(``artifact-version-checked``), and the wrapper checks the source once, again only when the
archive it built carries another version than the one it checked.

Real archives: the wrapper builds the flit_core fixture (fixtures/wrapper/flit-core) in this
process, over flit_core's own hooks.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from smart_tool_build.adapters import wrapper
from smart_tool_build.archives.verify import verify
from smart_tool_build.plan.build_plan import plan_build
from support import FIXTURES

flit = pytest.importorskip("flit_core.buildapi")

FLIT = FIXTURES / "wrapper" / "flit-core"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    root = shutil.copytree(FLIT, tmp_path / "project")
    (root / "dist").mkdir()
    monkeypatch.chdir(root)
    yield root


@pytest.fixture
def plans(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The version of every source check the wrapper runs."""
    seen: list[str] = []

    def counted(root: Path, **kwargs: Any) -> Any:
        seen.append(kwargs["version"])
        return plan_build(root, **kwargs)

    monkeypatch.setattr(wrapper, "plan_build", counted)
    return seen


def _flit(hook: str, *args: Any) -> Any:
    return getattr(flit, hook)(*args)


FLIT_WRAPPED = wrapper.Wrapped("flit_core.buildapi", lambda hook: hasattr(flit, hook), _flit)


@pytest.mark.parametrize("kind", ["wheel", "sdist"])
def test_the_wrapper_checks_the_source_once(
    project: Path, plans: list[str], kind: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    built = wrapper.build(FLIT_WRAPPED, kind, "dist", None, None)
    assert plans == ["0.4.0"]
    assert f"{built} verified" in capsys.readouterr().err


def test_with_the_frontend_s_metadata_too(project: Path, plans: list[str], tmp_path: Path) -> None:
    metadata = tmp_path / "metadata"
    metadata.mkdir()
    folder = flit.prepare_metadata_for_build_wheel(str(metadata))
    wrapper.build(FLIT_WRAPPED, "wheel", "dist", None, str(metadata / folder))
    assert plans == ["0.4.0"]


def test_a_mismatch_found_is_checked_again_with_the_archive_s_version(
    project: Path, plans: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A backend whose wheel carries another version than the one checked before the build
    (its version source changed in between): the check runs again, with the wheel's, and
    says so; here the manifest then drifts from it, and nothing is written."""

    def moving(hook: str, *args: Any) -> Any:
        if hook == "build_wheel":
            pyproject = project / "pyproject.toml"
            pyproject.write_text(pyproject.read_text().replace('version = "0.4.0"', 'version = "0.5.0"'))
        return _flit(hook, *args)

    with pytest.raises(SystemExit):
        wrapper.build(
            wrapper.Wrapped("flit_core.buildapi", FLIT_WRAPPED.has, moving), "wheel", "dist", None, None
        )
    assert plans == ["0.4.0", "0.5.0"]
    err = capsys.readouterr().err
    assert "carries Version 0.5.0, not the 0.4.0 checked before the build: checked again with 0.5.0" in err, (
        err
    )
    assert "manifest-version-matches-package" in err
    assert not [p for p in os.listdir("dist") if p.endswith(".whl")]


@pytest.mark.parametrize("kind", ["wheel", "sdist"])
def test_an_archive_whose_version_is_not_the_checked_one_fails_the_verdict(project: Path, kind: Any) -> None:
    """Forged: the plan checked 0.5.0; the archive says 0.4.0 (its manifest agrees with the
    archive, so only the version the check used is wrong)."""
    built = project / "dist" / wrapper.build(FLIT_WRAPPED, kind, "dist", None, None)
    forged = plan_build(project, version="0.5.0", version_origin="a forged resolution")
    report = verify(built, source=forged.facts(kind), display=built.name)
    member = "flit_core_tool-0.4.0.dist-info/METADATA" if kind == "wheel" else "flit_core_tool-0.4.0/PKG-INFO"
    assert [(d.code, d.path, d.line) for d in report.diagnostics] == [
        ("artifact-version-checked", f"{built.name}/{member}", None)
    ]
    (finding,) = report.diagnostics
    assert finding.message == (f"the {kind} carries Version 0.4.0, but the build checked the tool with 0.5.0")
    assert report.failed()
    honest = plan_build(project, version="0.4.0", version_origin="pyproject.toml")
    assert verify(built, source=honest.facts(kind), display=built.name).diagnostics == []
