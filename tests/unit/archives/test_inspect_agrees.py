"""`inspect` gives every manifest rule `check` gives: each fixture root, checked as a source
tree, and as an sdist and a wheel made of its files, yields the same manifest findings (code,
file, line).

The archives are written by hand from the fixture's files (no build backend); what a wheel
holds of the source is the manifest, so the wheel is held to the rules that read the
manifest alone and the package's name and version.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from archive_kit import DIST_INFO, MANIFEST_PATH, metadata, wheel_members, write_sdist, write_wheel
from smart_tool_build.archives.verify import verify
from smart_tool_build.diagnostics.diagnostic import Diagnostic
from smart_tool_build.project.names import PYPROJECT
from smart_tool_build.rules.root import RootReport, check_root
from support import ROOTS

TOP = "demo_tool-1.0.0"

#: roots where the archive rightly says more or otherwise, and why
DIFFERENT = {
    # the archive also names the manifest that is not where the descriptor points
    "manifest-present--moved": "inspect names the stray manifest as a second one too",
    # an environment folder is skipped by the source walk; no build puts one in an sdist
    "skipped-folders-ok": "an sdist holding a virtualenv",
    # a version that is no PEP 440 version is pyproject.toml's finding; an archive has no
    # pyproject.toml to name (its METADATA carries the version as given)
    "manifest-version-matches-package--package-invalid-pep440": "the package's version is invalid",
}

#: the rules that read other members than the manifest: the wheel is not the source tree
SOURCE_ONLY = {"manifest-install-doc-missing", "manifest-install-doc-ships", "manifest-single-per-root"}


def _report(root: Path) -> RootReport:
    return check_root(root)


def _python_roots() -> list[str]:
    """Roots with a pyproject.toml naming the package and a version known from the source."""
    names = []
    for root in sorted(ROOTS.iterdir()):
        if root.name in DIFFERENT or not (root / PYPROJECT).is_file():
            continue
        package = _report(root).package
        if package.name and package.version.value and package.path == PYPROJECT:
            names.append(root.name)
    return names


def _manifest_findings(diagnostics: list[Diagnostic], strip: str) -> list[tuple[str, str, object]]:
    return sorted(
        (d.code, (d.path or "").removeprefix(strip), d.line)
        for d in diagnostics
        if d.code.startswith("manifest-")
    )


def _of_check(report: RootReport) -> list[tuple[str, str, object]]:
    return _manifest_findings(report.diagnostics + report.ignored, "")


@pytest.mark.parametrize("name", _python_roots())
def test_an_sdist_of_the_root_gives_what_check_gives(tmp_path: Path, name: str) -> None:
    root = ROOTS / name
    report = _report(root)
    members = {
        f"{TOP}/{path.relative_to(root).as_posix()}": path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file() and not path.is_symlink()
    }
    members[f"{TOP}/PKG-INFO"] = metadata(report.package.name or "", report.package.version.value or "")
    archive = write_sdist(tmp_path / f"{TOP}.tar.gz", members)
    inspected = verify(archive, display="s.tar.gz")
    found = _manifest_findings(inspected.diagnostics + inspected.ignored, f"s.tar.gz/{TOP}/")
    assert found == _of_check(report)


@pytest.mark.parametrize("name", _python_roots())
def test_a_wheel_of_the_manifest_gives_what_check_gives(tmp_path: Path, name: str) -> None:
    report = _report(ROOTS / name)
    manifest_path = None if report.manifest_relative is None else report.root / report.manifest_relative
    if manifest_path is None or not manifest_path.is_file():
        pytest.skip("no manifest the descriptor names")
    package = report.package
    members = wheel_members(
        {
            MANIFEST_PATH: manifest_path.read_bytes(),
            f"{DIST_INFO}/METADATA": metadata(package.name or "", package.version.value or ""),
        }
    )
    inspected = verify(write_wheel(tmp_path / "demo_tool-1.0.0-py3-none-any.whl", members))
    found = [
        (code, line) for code, _, line in _manifest_findings(inspected.diagnostics + inspected.ignored, "")
    ]
    expected = [(code, line) for code, _, line in _of_check(report) if code not in SOURCE_ONLY]
    assert found == expected
