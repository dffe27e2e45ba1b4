"""check_root beyond the code table: the report, display prefixes, build-hook inputs."""

from __future__ import annotations

from pathlib import Path

import pytest

from smart_tool_build.adapters.hatchling import hook_options
from smart_tool_build.diagnostics.diagnostic import Diagnostic, Severity
from smart_tool_build.rules.root import check_root
from support import ROOTS, copy_root

M = "src/demo_tool/SMART_TOOL.md"


def test_report_of_a_valid_root() -> None:
    report = check_root(ROOTS / "valid")
    assert report.diagnostics == []
    assert not report.failed()
    assert report.manifest is not None and report.manifest.name == "demo-tool"
    assert report.descriptor is not None and report.descriptor.cli_argv == ("demo-tool",)
    assert report.manifest_relative == M
    assert [doc.source for doc in report.documents] == ["docs/installing-git.md"]
    assert report.nested_roots == []
    assert report.package.name == "demo-tool"


def test_install_doc_beside_the_manifest() -> None:
    report = check_root(ROOTS / "valid-install-beside-manifest")
    assert [doc.source for doc in report.documents] == ["src/demo_tool/installing-git.md"]


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


def test_a_static_version_is_named_where_it_is_declared_whichever_adapter_runs(tmp_path: Path) -> None:
    """hatchling, setuptools and the wrapper each pass their own origin; for a version the
    project declares, every one of them prints the same line, naming the declaration."""
    root = _with_manifest_version(tmp_path, "1.0.1")
    lines = {
        str(check_root(root, version="1.0.0", version_origin=origin).diagnostics[0])
        for origin in ("hatchling's build", "setuptools' build", "pyproject.toml [project].version")
    }
    (line,) = lines
    assert "manifest-version-matches-package" in line
    assert "'1.0.0' from pyproject.toml [project].version" in line, line


def _with_manifest_version(tmp_path: Path, text: str, package: str = "1.0.0") -> Path:
    root = copy_root("valid", tmp_path / "root")
    (root / "pyproject.toml").write_text(
        (root / "pyproject.toml").read_text().replace('version = "1.0.0"', f'version = "{package}"')
    )
    manifest_path = root / M
    manifest_path.write_text(manifest_path.read_text().replace("version: 1.0.0", f"version: {text}"))
    return root


@pytest.mark.parametrize(
    ("package", "manifest", "backend"),
    [
        ("1.0.0", "1.0.0", None),  # as written
        ("1.0.0-rc.1", "1.0.0-rc.1", None),  # as written
        ("1.0.0-rc.1", "1.0.0rc1", None),  # its PEP 440 normal form: what METADATA carries
        ("2026.08.10", "2026.08.10", "2026.8.10"),  # the backend resolves the normal form
        ("2026.08.10", "2026.8.10", "2026.8.10"),
        ("1.0.0-rc.1", "1.0.0-rc.1", "1.0.0rc1"),
    ],
)
def test_version_as_written_or_its_normal_form_passes(
    tmp_path: Path, package: str, manifest: str, backend: str | None
) -> None:
    root = _with_manifest_version(tmp_path, manifest, package)
    assert check_root(root, version=backend).diagnostics == []


@pytest.mark.parametrize(
    ("package", "manifest", "exact"),
    [
        ("1.0.0", '"1.0"', "1.0.0"),
        ("1.0.0", "v1.0.0", "1.0.0"),
        ("1.0.0", "1.0.0.0", "1.0.0"),
        ("1.0", "1.0.0", "1.0"),
        ("2026.08.10", "v2026.8.10", "2026.08.10"),
    ],
)
def test_version_only_equal_under_pep440_is_an_error_naming_the_exact_text(
    tmp_path: Path, package: str, manifest: str, exact: str
) -> None:
    """The rule this replaces compared PEP 440 normalised versions, so `1.0` passed for 1.0.0:
    three spellings of one version are the "three answers to a question that has one"."""
    root = _with_manifest_version(tmp_path, manifest, package)
    (drift,) = check_root(root).diagnostics
    assert (drift.code, drift.severity, drift.path, drift.line) == (
        "manifest-version-matches-package",
        Severity.ERROR,
        M,
        4,
    )
    assert "only equal" in drift.message
    assert drift.hint == f'set version: "{exact}" in the manifest'


def test_a_vcs_version_accepts_any_spelling_of_it(tmp_path: Path) -> None:
    """With no written text (a version only the build knows), the tag's spelling may be it."""
    root = copy_root("manifest-version-matches-package--dynamic-unresolved", tmp_path / "root")
    manifest_path = root / M
    manifest_path.write_text(manifest_path.read_text().replace("version: 1.0.0", "version: v1.0.0"))
    assert check_root(root, version="1.0.0").diagnostics == []
    (drift,) = check_root(root, version="1.0").diagnostics
    assert drift.hint == 'set version: "1.0" in the manifest'


def test_float_version_is_quoted_back_as_written(tmp_path: Path) -> None:
    root = _with_manifest_version(tmp_path, "1.10", "1.10")
    (shape,) = check_root(root).diagnostics
    assert shape.code == "manifest-field-shapes"
    assert shape.message.endswith(": 1.10, which YAML reads as 1.1")
    assert shape.hint is not None and 'version: "1.10"' in shape.hint


def test_dev_version_hint() -> None:
    (drift,) = check_root(ROOTS / "manifest-version-matches-package--dev-version").diagnostics
    assert "dev-versions" in (drift.hint or "")


def test_vcs_dev_version_hint_counts_commits_and_names_the_table() -> None:
    root = ROOTS / "manifest-version-matches-package--dynamic-unresolved"
    (drift,) = check_root(root, version="1.0.1.dev3+g1a2b3c").diagnostics
    assert drift.hint is not None
    assert "3 commits past the last tag" in drift.hint
    assert "tag the release" not in drift.hint  # the user who did tag it is not told to
    assert 'dev-versions = "warn" in the [tool.smart-tool] table of pyproject.toml' in drift.hint
    (dirty,) = check_root(root, version="1.0.1.dev0+g1a2b3c.d20260101").diagnostics
    assert "changes not committed" in (dirty.hint or "")


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
    other = root / "docs" / "SMART_TOOL.md"  # another tool's (a copy of the tool's own stays an error)
    other.write_text(other.read_text().replace("name: demo-tool", "name: docs-sample"))
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
# shows a traceback. Fix: refuse "\x00" in project.paths.relative_path_problem (a path syntax
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


# ---- hints built from the project


def test_missing_descriptor_hint_is_built_from_the_project() -> None:
    (missing,) = check_root(ROOTS / "descriptor-present").diagnostics
    assert missing.hint == (
        'add smart-tool.json: {"manifest": "src/demo_tool/SMART_TOOL.md", "cli_argv": ["demo-tool"]}'
    )
    assert "src/demo_tool/SMART_TOOL.md" in missing.message
    assert missing.anchor == "pyproject.toml"  # a file that exists, for annotations


def test_missing_descriptor_without_a_manifest_guesses_the_package_folder(tmp_path: Path) -> None:
    root = copy_root("descriptor-present", tmp_path / "root")
    (root / M).unlink()
    (missing,) = check_root(root).diagnostics
    assert '"manifest": "src/demo_tool/SMART_TOOL.md"' in (missing.hint or "")
    assert "though it holds" not in missing.message


def test_moved_manifest_names_where_it_is() -> None:
    (moved,) = check_root(ROOTS / "manifest-present--moved").diagnostics
    assert "src/demo_tool/meta/SMART_TOOL.md" in moved.message
    assert "second" not in moved.message and "delete" not in (moved.hint or "")
    assert moved.hint is not None and '"manifest": "src/demo_tool/meta/SMART_TOOL.md"' in moved.hint


def _every_fixture_report() -> list[tuple[str, Diagnostic]]:
    return [(p.name, d) for p in sorted(ROOTS.iterdir()) for d in check_root(p).diagnostics]


def test_every_warning_has_a_hint() -> None:
    for name, diagnostic in _every_fixture_report():
        if diagnostic.severity is Severity.WARNING:
            assert diagnostic.hint, (name, diagnostic)


# ---- ignore


def test_ignored_findings_are_set_aside_not_dropped() -> None:
    report = check_root(ROOTS / "ignore-ok")
    assert report.diagnostics == []
    assert [d.code for d in report.ignored] == ["manifest-name-matches-package"]
    aliased = check_root(ROOTS / "ignore-alias-ok")
    assert not aliased.failed()
    assert [d.code for d in aliased.ignored] == ["manifest-field-shapes"]


def test_ignore_from_the_command_line_adds_to_the_table() -> None:
    root = ROOTS / "manifest-name-matches-package"
    report = check_root(root, flags={"ignore": ["manifest-name-matches-package"]})
    assert (report.diagnostics, [d.code for d in report.ignored]) == ([], ["manifest-name-matches-package"])
    both = check_root(ROOTS / "ignore-ok", flags={"ignore": ["manifest-platforms-known"]})
    assert both.options.ignore == ("manifest-name-matches-package", "manifest-platforms-known")


# ---- one version across library and CLI


def test_version_attr_drift_is_found_for_fix() -> None:
    from smart_tool_build.rules.version_attr import version_attr_drift

    root = ROOTS / "version-attr-matches-package"
    report = check_root(root)
    (drift,) = version_attr_drift(root, M, report.package.version)
    assert (drift.path, drift.expected, drift.assignment.value) == (
        "src/demo_tool/__init__.py",
        "1.0.0",
        "0.9.0",
    )
    # the literal's place, for an edit that replaces exactly its bytes
    assert drift.assignment.start == (3, 14)


def test_version_attr_under_dev_versions_warn_warns(tmp_path: Path) -> None:
    root = copy_root("version-attr-matches-package", tmp_path / "root")
    report = check_root(root, version="1.0.1.dev2+gabc", hook=hook_options({"dev-versions": "warn"}))
    assert sorted((d.code, d.severity) for d in report.diagnostics) == [
        ("manifest-version-matches-package", Severity.WARNING),
        ("version-attr-matches-package", Severity.WARNING),
    ]


# ---- check --recursive: a manifest outside every root


def test_a_manifest_outside_every_root_is_reported_at_its_distribution(tmp_path: Path) -> None:
    from smart_tool.sweep.roots import check_many, discover_roots

    top = tmp_path / "repo"
    copy_root("valid", top / "tools" / "a")
    copy_root("descriptor-present", top / "tools" / "b")  # pyproject.toml and a manifest, no descriptor
    (top / "notes").mkdir()
    (top / "notes" / "SMART_TOOL.md").write_text("---\nname: stray\n---\n")  # no package definition above
    roots, problems = discover_roots(top, "repo")
    assert problems == []
    assert [shown for _, shown, _ in roots] == ["repo/notes", "repo/tools/a", "repo/tools/b"]
    found = [(d.code, d.path, d.anchor) for d in check_many(roots)[0]]
    assert found == [
        ("descriptor-present", "repo/notes/smart-tool.json", "repo/notes/SMART_TOOL.md"),
        ("descriptor-present", "repo/tools/b/smart-tool.json", "repo/tools/b/pyproject.toml"),
    ]
    # the same verdict as checking the distribution directly
    (direct,) = check_root(top / "tools" / "b", display="repo/tools/b").diagnostics
    assert direct == check_many(roots)[0][1]


def test_a_manifest_inside_a_root_is_that_roots_business(tmp_path: Path) -> None:
    """Below a root, a folder with a package definition but no descriptor is no distribution of
    its own: its manifest is the root's second one, not an orphan."""
    from smart_tool.sweep.roots import discover_roots

    roots, _ = discover_roots(ROOTS / "manifest-single-per-root--nested-folder-without-descriptor", ".")
    assert [shown for _, shown, _ in roots] == ["."]
