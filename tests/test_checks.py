"""check_root beyond the code table: the report, display prefixes, build-hook inputs."""

from __future__ import annotations

from pathlib import Path

import pytest

from smart_tool_build.checks import check_root
from smart_tool_build.diagnostics import Severity
from smart_tool_build.hatch_hook import hook_options
from support import ROOTS, copy_root

M = "src/demo_tool/SMART_TOOL.md"


def test_report_of_a_valid_root() -> None:
    report = check_root(ROOTS / "valid")
    assert report.diagnostics == []
    assert not report.failed()
    assert report.manifest is not None and report.manifest.name == "demo-tool"
    assert report.descriptor is not None and report.descriptor.cli_argv == ("demo-tool",)
    assert report.manifest_relative == M
    assert report.manifest_path == ROOTS / "valid" / M
    assert report.install_docs == ["docs/installing-git.md"]
    assert report.nested_roots == []
    assert report.package.name == "demo-tool"


def test_install_doc_beside_the_manifest() -> None:
    assert check_root(ROOTS / "valid-install-beside-manifest").install_docs == [
        "src/demo_tool/installing-git.md"
    ]


def test_nested_roots_are_listed() -> None:
    assert check_root(ROOTS / "nested-root-ok").nested_roots == ["vendor/other-tool"]


def test_crlf_bom_manifest_body_is_verbatim() -> None:
    root = ROOTS / "valid-crlf-bom"
    raw = (root / M).read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf---\r\n"), (
        "git rewrote the fixture: fixtures/.gitattributes must keep `* -text`"
    )
    report = check_root(root)
    assert report.diagnostics == []
    assert report.manifest is not None
    body = raw.split(b"\r\n---\r\n", 1)[1]
    assert report.manifest.body.encode() == body
    assert "\r\n" in report.manifest.body


def test_failed_and_warnings_as_errors() -> None:
    report = check_root(ROOTS / "manifest-platforms-known")
    assert not report.failed()
    assert report.failed(warnings_as_errors=True)
    info_only = check_root(ROOTS / "manifest-version-matches-package--dynamic-unresolved")
    assert not info_only.failed(warnings_as_errors=True)


@pytest.mark.parametrize("display", ["tools/demo", "tools/demo/", "./tools/demo"])
def test_display_prefixes_every_path(display: str) -> None:
    report = check_root(ROOTS / "package-definition-parses", display=display)
    # paths are POSIX-normalised: ./tools/demo shows as tools/demo
    assert sorted(d.path or "" for d in report.diagnostics) == [
        "tools/demo/pyproject.toml",
        "tools/demo/" + M,
    ]


@pytest.mark.parametrize("display", ["", "."])
def test_display_dot_or_empty_means_relative(display: str) -> None:
    report = check_root(ROOTS / "manifest-single-per-root", display=display)
    assert [d.path for d in report.diagnostics] == ["docs/SMART_TOOL.md"]


def test_backend_version_overrides_the_package_definition() -> None:
    root = ROOTS / "manifest-version-matches-package--dynamic-unresolved"
    assert check_root(root, version="1.0.0").diagnostics == []
    (drift,) = check_root(root, version="1.0.1", version_origin="hatch-vcs").diagnostics
    assert (drift.code, drift.severity, drift.line) == ("manifest-version-matches-package", Severity.ERROR, 4)
    assert "hatch-vcs" in drift.message


def test_versions_compare_pep440_normalised() -> None:
    root = ROOTS / "valid"
    for same in ("1.0", "1.0.0", "1.0.0.0", "v1.0.0", "1.0.0+0"[:5]):
        assert check_root(root, version=same).diagnostics == [], same


def test_dev_version_hint() -> None:
    (drift,) = check_root(ROOTS / "manifest-version-matches-package--dev-version").diagnostics
    assert "dev-versions" in (drift.hint or "")


def test_hook_options_are_layered_and_checked() -> None:
    root = ROOTS / "manifest-version-matches-package--dev-version"
    assert [
        d.severity for d in check_root(root, hook=hook_options({"dev-versions": "warn"})).diagnostics
    ] == [Severity.WARNING]
    # hatchling's own keys in the hook table are not ours to refuse
    hatchling_keys = {
        "enable-by-default": True,
        "dependencies": [],
        "require-runtime-dependencies": False,
        "require-runtime-features": [],
    }
    assert check_root(ROOTS / "valid", hook=hook_options(hatchling_keys)).diagnostics == []
    (problem,) = check_root(ROOTS / "valid", hook=hook_options({"excludes": []})).diagnostics
    assert problem.code == "config-valid"
    assert "tool.hatch.build.hooks.smart-tool" in problem.message
    # hatchling has no `priority` for build hooks: a key that does nothing is refused
    (problem,) = check_root(ROOTS / "valid", hook=hook_options({"priority": 1})).diagnostics
    assert (problem.code, "'priority'" in problem.message) == ("config-valid", True)


def test_exclude_glob_on_a_single_file(tmp_path: Path) -> None:
    root = copy_root("manifest-single-per-root", tmp_path / "root")
    assert [d.code for d in check_root(root).diagnostics] == ["manifest-single-per-root"]
    with (root / "pyproject.toml").open("a") as handle:
        handle.write('\n[tool.smart-tool]\nexclude = ["docs/SMART_TOOL.md"]\n')
    assert check_root(root).diagnostics == []


def test_check_root_writes_nothing(tmp_path: Path) -> None:
    root = copy_root("valid", tmp_path / "root")
    before = sorted((p.relative_to(root), p.stat().st_mtime_ns) for p in root.rglob("*"))
    check_root(root)
    assert sorted((p.relative_to(root), p.stat().st_mtime_ns) for p in root.rglob("*")) == before


# ---- bugs


# BUG: a NUL character in the descriptor's `manifest` (JSON "\u0000") makes check_root raise
# ValueError ("embedded null byte") from the filesystem calls that follow (checks.py check_root ->
# descriptor.resolve_manifest -> paths.escapes -> os.lstat, then Path.exists); `smart-tool check`
# shows a traceback. Fix: refuse "\x00" in descriptor.manifest_path_problem (a path syntax
# check), before any filesystem call; likewise in manifest.classify_install.
def test_nul_in_the_manifest_path_is_a_diagnostic(tmp_path: Path) -> None:
    root = copy_root("valid", tmp_path / "root")
    (root / "smart-tool.json").write_text(
        '{\n  "manifest": "src/demo_tool\\u0000/SMART_TOOL.md",\n  "cli_argv": ["demo-tool"]\n}\n'
    )
    found = [(d.code, d.path, d.line) for d in check_root(root).diagnostics]
    assert found == [("descriptor-shape", "smart-tool.json", 2)]


def test_nul_in_an_install_path_is_a_diagnostic(tmp_path: Path) -> None:
    root = copy_root("valid", tmp_path / "root")
    manifest = root / M
    manifest.write_text(
        manifest.read_text().replace("install: docs/installing-git.md", 'install: "docs/x\\0.md"')
    )
    found = [(d.code, d.path, d.line) for d in check_root(root).diagnostics]
    assert len(found) == 1
    assert found[0][0] in {"manifest-requires-shape", "manifest-install-doc-missing"}
    assert found[0][1:] == (M, 14)


# BUG: with a display prefix, a package version that is not PEP 440 is reported at a path
# without the prefix when it comes from a file other than pyproject.toml (hatch `path`,
# setuptools `attr:`/`file:`, PKG-INFO): distribution.py _from_python_file/_from_attr and the
# file:/PKG-INFO branches set PackageVersion.path without `prefix`, and
# checks.compare_versions uses it as is. `smart-tool check tools/demo` then names
# src/demo_tool/__about__.py instead of tools/demo/src/demo_tool/__about__.py. Fix: pass
# `prefix` down to _pyproject_version and prepend it to every PackageVersion.path.
def test_package_version_path_gets_the_display_prefix(tmp_path: Path) -> None:
    root = copy_root("manifest-version-matches-package--hatch-regex-path", tmp_path / "root")
    (root / "src/demo_tool/__about__.py").write_text('__version__ = "first release"\n')
    (problem,) = check_root(root, display="tools/demo").diagnostics
    assert problem.code == "manifest-version-matches-package"
    assert problem.path == "tools/demo/src/demo_tool/__about__.py"


# BUG: when smart-tool.json names the manifest through a symlinked folder inside the root
# (`"manifest": "pkg/SMART_TOOL.md"`, pkg -> src/demo_tool), the walk finds the real file
# src/demo_tool/SMART_TOOL.md and check_root reports the canonical manifest as "a second
# SMART_TOOL.md" of itself: checks.py compares `m != relative` as strings. Fix: compare
# os.path.realpath (or os.path.samefile) of the found manifest with the resolved canonical one.
def test_manifest_named_through_an_inner_symlink_is_not_a_duplicate(tmp_path: Path) -> None:
    root = copy_root("valid", tmp_path / "root")
    (root / "pkg").symlink_to("src/demo_tool", target_is_directory=True)
    (root / "smart-tool.json").write_text(
        '{\n  "manifest": "pkg/SMART_TOOL.md",\n  "cli_argv": ["demo-tool"]\n}\n'
    )
    assert check_root(root).diagnostics == []


def test_one_bad_field_does_not_hide_the_drift(tmp_path: Path) -> None:
    """Every problem at once: a refused `install` and a drifted version, both reported."""
    root = copy_root("valid", tmp_path / "root")
    manifest_path = root / M
    text = manifest_path.read_text()
    text = text.replace("install: docs/installing-git.md", "install: brew install git")
    version_line = next(line for line in text.splitlines() if line.startswith("version:"))
    manifest_path.write_text(text.replace(version_line, "version: 0.0.9"))
    found = sorted(d.code for d in check_root(root).diagnostics)
    assert found == ["manifest-requires-shape", "manifest-version-matches-package"]
