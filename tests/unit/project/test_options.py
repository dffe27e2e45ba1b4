"""Options mean the same on every surface: `check`, `inspect` (an sdist's own pyproject.toml,
the current folder's for a lone wheel, flags over both) and the build's verifier.

The archives are built by hand (as in test_inspect_unit.py); real builds of the same cases
are in tests/e2e/test_options_builds.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from archive_kit import (
    DIST_INFO,
    MANIFEST,
    SDIST_TOP,
    metadata,
    sdist_members,
    wheel_members,
    write_sdist,
    write_wheel,
)
from smart_tool.cli import main
from smart_tool.sweep.inspection import inspect_artifacts
from smart_tool_build.archives.verify import verify
from smart_tool_build.diagnostics.diagnostic import Diagnostic, Severity
from smart_tool_build.diagnostics.verdict import set_aside
from smart_tool_build.rules.root import check_root
from support import ROOTS, copy_root

PYPROJECT = f"{SDIST_TOP}/pyproject.toml"
BASE_PYPROJECT = b'[project]\nname = "demo-tool"\nversion = "1.0.0"\n'


def sdist_with(tmp_path: Path, table: str = "", **changes: bytes) -> Path:
    """An sdist whose pyproject.toml has ``[tool.smart-tool]`` ``table``; ``changes`` by member."""
    members = sdist_members()
    members[PYPROJECT] = BASE_PYPROJECT + (f"\n[tool.smart-tool]\n{table}\n".encode() if table else b"")
    members.update({f"{SDIST_TOP}/{name}": data for name, data in changes.items()})
    return write_sdist(tmp_path / "demo_tool-1.0.0.tar.gz", members)


def found(diagnostics: list[Diagnostic]) -> list[tuple[str, str]]:
    return sorted((d.code, d.severity.value) for d in diagnostics)


# ---------------------------------------------------------------- exclude


#: a test fixture's manifest: another tool's, what ``exclude`` is for
FIXTURE_MANIFEST = MANIFEST.replace(b"name: demo-tool", b"name: fixture-tool")
FIXTURE_COPY = {"tests/fixtures/SMART_TOOL.md": FIXTURE_MANIFEST}
#: a copy of the tool's own manifest: one the exclude does not hide
OWN_COPY = {"tests/fixtures/SMART_TOOL.md": MANIFEST}


def test_sdist_exclude_is_read_from_its_own_pyproject(tmp_path: Path) -> None:
    """The issue's case: a test fixture's manifest under tests/fixtures, excluded."""
    kept = verify(sdist_with(tmp_path, 'exclude = ["tests/fixtures"]', **FIXTURE_COPY))
    assert kept.diagnostics == []
    assert kept.options.exclude == ("tests/fixtures",)


@pytest.mark.parametrize(
    "copy", [MANIFEST, MANIFEST.replace(b"Shows what", b"Showed what")], ids=["same-bytes", "same-name"]
)
def test_exclude_does_not_hide_a_copy_of_the_tools_own_manifest(tmp_path: Path, copy: bytes) -> None:
    """The spec allows one manifest per distribution: a copy of the tool's own (the same
    bytes, or the same name) stays an error in the source tree and in the sdist, and its
    hint points at the accessor, never at the exclude."""
    source = copy_root("valid", tmp_path / "root")
    (source / "tests" / "fixtures").mkdir(parents=True)
    (source / "tests" / "fixtures" / "SMART_TOOL.md").write_bytes(copy)
    with (source / "pyproject.toml").open("a") as handle:
        handle.write('\n[tool.smart-tool]\nexclude = ["tests/fixtures"]\n')
    archive = sdist_with(tmp_path, 'exclude = ["tests/fixtures"]', **{"tests/fixtures/SMART_TOOL.md": copy})
    (in_source,) = check_root(source).diagnostics
    (in_sdist,) = verify(archive, display="s.tar.gz").diagnostics
    assert (in_source.code, in_source.path, in_source.line) == (
        "manifest-single-per-root",
        "tests/fixtures/SMART_TOOL.md",
        None,
    )
    assert (in_sdist.code, in_sdist.path, in_sdist.line) == (
        "manifest-single-per-root",
        f"s.tar.gz/{SDIST_TOP}/tests/fixtures/SMART_TOOL.md",
        None,
    )
    for finding in (in_source, in_sdist):
        assert "hidden by [tool.smart-tool] exclude" in finding.message
        assert (
            finding.hint is not None
            and 'smart_tool_build.load_manifest, given the name "demo-tool"' in finding.hint
        )
        assert "exclude" not in finding.hint


def test_sdist_without_exclude_still_refuses_the_copy(tmp_path: Path) -> None:
    (duplicate,) = verify(sdist_with(tmp_path, **FIXTURE_COPY), display="s.tar.gz").diagnostics
    assert (duplicate.code, duplicate.path) == (
        "manifest-single-per-root",
        f"s.tar.gz/{SDIST_TOP}/tests/fixtures/SMART_TOOL.md",
    )


@pytest.mark.parametrize("glob", ["tests/fixtures", "tests/*", "tests/fixtures/SMART_TOOL.md", "*/fixtures"])
def test_exclude_globs_match_members_as_they_match_the_source_walk(tmp_path: Path, glob: str) -> None:
    source = copy_root("valid", tmp_path / "root")
    (source / "tests" / "fixtures").mkdir(parents=True)
    (source / "tests" / "fixtures" / "SMART_TOOL.md").write_bytes(FIXTURE_MANIFEST)
    with (source / "pyproject.toml").open("a") as handle:
        handle.write(f'\n[tool.smart-tool]\nexclude = ["{glob}"]\n')
    archive = sdist_with(tmp_path, f'exclude = ["{glob}"]', **FIXTURE_COPY)
    assert check_root(source).diagnostics == []
    assert verify(archive).diagnostics == []


def test_exclude_flag_adds_to_the_sdist_table(tmp_path: Path) -> None:
    archive = sdist_with(tmp_path, 'exclude = ["docs"]', **FIXTURE_COPY)
    assert [d.code for d in verify(archive).diagnostics] == ["manifest-single-per-root"]
    report = verify(archive, flags={"exclude": ["tests/fixtures"]})
    assert report.diagnostics == []
    assert report.options.exclude == ("docs", "tests/fixtures")


# ---------------------------------------------------------------- dev-versions


def _dev_sdist(tmp_path: Path, table: str) -> Path:
    return sdist_with(tmp_path, table, **{"PKG-INFO": metadata(version="1.0.1.dev3+g1a2b3c")})


def test_dev_versions_warn_in_the_sdist_lets_inspect_through(tmp_path: Path) -> None:
    """The build let it through with dev-versions = "warn"; inspect now agrees, and does not
    tell the user to set what is set."""
    report = verify(_dev_sdist(tmp_path, 'dev-versions = "warn"'))
    assert found(report.diagnostics) == [("manifest-version-matches-package", "warning")]
    assert not report.failed()


def test_dev_versions_flag_overrides_the_sdist(tmp_path: Path) -> None:
    report = verify(_dev_sdist(tmp_path, 'dev-versions = "warn"'), flags={"dev-versions": "error"})
    assert found(report.diagnostics) == [("manifest-version-matches-package", "error")]


def test_bad_options_in_the_sdist_are_config_valid_at_its_member(tmp_path: Path) -> None:
    (problem,) = verify(sdist_with(tmp_path, 'ignore = ["no-such-code"]')).diagnostics
    assert problem.code == "config-valid"
    assert problem.path is not None and problem.path.endswith(f"{SDIST_TOP}/pyproject.toml")
    assert problem.line == 6


# ---------------------------------------------------------------- a wheel: its sdist's, or ./pyproject.toml


def _dev_wheel(tmp_path: Path) -> Path:
    members = wheel_members({f"{DIST_INFO}/METADATA": metadata(version="1.0.1.dev3+g1a2b3c")})
    return write_wheel(tmp_path / "demo_tool-1.0.1.dev3+g1a2b3c-py3-none-any.whl", members)


def test_a_wheel_takes_the_options_of_its_sdist(tmp_path: Path) -> None:
    wheel, sdist = _dev_wheel(tmp_path), _dev_sdist(tmp_path, 'dev-versions = "warn"')
    empty = tmp_path / "elsewhere"
    empty.mkdir()
    diagnostics, _ = inspect_artifacts([(wheel, "w.whl"), (sdist, "s.tar.gz")], here=empty)
    assert found(diagnostics) == [("manifest-version-matches-package", "warning")] * 2


def test_a_wheel_alone_takes_the_options_of_the_current_folder(tmp_path: Path) -> None:
    wheel = _dev_wheel(tmp_path)
    project = tmp_path / "project"
    project.mkdir()
    assert found(inspect_artifacts([(wheel, "w.whl")], here=project)[0]) == [
        ("manifest-version-matches-package", "error")
    ]
    (project / "pyproject.toml").write_bytes(BASE_PYPROJECT + b'\n[tool.smart-tool]\ndev-versions = "warn"\n')
    assert found(inspect_artifacts([(wheel, "w.whl")], here=project)[0]) == [
        ("manifest-version-matches-package", "warning")
    ]


def test_a_wheel_is_held_to_the_version_as_written(tmp_path: Path) -> None:
    """METADATA may carry only the normal form: alone, a wheel's manifest may spell the
    version any way that normalises to it; beside its sdist, the pyproject.toml says how the
    project writes it, and an only-equal spelling is an error, as `check` says."""
    manifest = MANIFEST.replace(b"version: 1.0.0", b"version: v1.0.0")
    wheel = write_wheel(
        tmp_path / "demo_tool-1.0.0-py3-none-any.whl", wheel_members({"demo_tool/SMART_TOOL.md": manifest})
    )
    empty = tmp_path / "elsewhere"
    empty.mkdir()
    assert inspect_artifacts([(wheel, "w")], here=empty)[0] == []
    sdist = sdist_with(tmp_path, **{"src/demo_tool/SMART_TOOL.md": manifest})
    diagnostics, _ = inspect_artifacts([(wheel, "w"), (sdist, "s")], here=empty)
    assert [(d.code, d.hint) for d in diagnostics] == [
        ("manifest-version-matches-package", 'set version: "1.0.0" in the manifest')
    ] * 2


def test_the_written_text_and_the_normal_form_both_pass_in_archives(tmp_path: Path) -> None:
    pyproject = BASE_PYPROJECT.replace(b'"1.0.0"', b'"1.0.0-rc.1"')
    for spelling in (b"1.0.0-rc.1", b"1.0.0rc1"):
        manifest = MANIFEST.replace(b"version: 1.0.0", b"version: " + spelling)
        sdist = sdist_with(
            tmp_path,
            **{
                "pyproject.toml": pyproject,
                "PKG-INFO": metadata(version="1.0.0rc1"),
                "src/demo_tool/SMART_TOOL.md": manifest,
            },
        )
        assert verify(sdist).diagnostics == [], spelling


# ---------------------------------------------------------------- ignore


def test_set_aside_keeps_what_it_ignores() -> None:
    from smart_tool_build.diagnostics.diagnostic import make

    one = make("manifest-platforms-known", "m", 3, "x")
    two = make("manifest-name-format", "m", 2, "y")
    assert set_aside([one, two], ["manifest-platforms-known"]) == ([two], [one])
    assert set_aside([one, two], []) == ([one, two], [])


def test_ignore_in_the_sdist_and_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    manifest = MANIFEST.replace(b"  - linux", b"  - darwin")
    plain = sdist_with(tmp_path, **{"src/demo_tool/SMART_TOOL.md": manifest})
    assert main(["inspect", "--warnings-as-errors", str(plain)]) == 1
    assert main(["inspect", "--warnings-as-errors", "--ignore", "manifest-platforms-known", str(plain)]) == 0
    out = capsys.readouterr().out
    assert (
        out.splitlines()[-1]
        == "1 artifact checked: 0 errors, 0 warnings, 0 info; 1 ignored (manifest-platforms-known)"
    )
    configured = verify(
        sdist_with(
            tmp_path, 'ignore = ["manifest-platforms-known"]', **{"src/demo_tool/SMART_TOOL.md": manifest}
        )
    )
    assert configured.diagnostics == []
    assert [d.code for d in configured.ignored] == ["manifest-platforms-known"]


def test_check_ignore_flag_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    root = str(ROOTS / "manifest-name-matches-package")
    assert main(["check", root, "--warnings-as-errors"]) == 1
    capsys.readouterr()
    assert (
        main(
            [
                "check",
                root,
                "--warnings-as-errors",
                "--ignore",
                "manifest-name-matches-package",
                "--format",
                "json",
            ]
        )
        == 0
    )
    document = json.loads(capsys.readouterr().out)
    assert document["diagnostics"] == []
    assert [d["code"] for d in document["ignored"]] == ["manifest-name-matches-package"]


def test_ignore_accepts_the_former_spelling_and_refuses_unknown_codes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    root = str(ROOTS / "manifest-field-shapes")
    assert main(["check", root, "--ignore", "manifest-field-shape"]) == 0
    capsys.readouterr()
    with pytest.raises(SystemExit) as exited:
        main(["check", root, "--ignore", "manifest-feild-shapes"])
    assert exited.value.code == 2
    assert "no such code 'manifest-feild-shapes'" in capsys.readouterr().err


def test_the_warning_it_was_made_for(capsys: pytest.CaptureFixture[str]) -> None:
    """Four of ten real tools name their manifest apart from their distribution on purpose:
    with `ignore` they can use --warnings-as-errors."""
    assert main(["check", str(ROOTS / "ignore-ok"), "--warnings-as-errors"]) == 0
    assert "1 ignored (manifest-name-matches-package)" in capsys.readouterr().out


def test_severity_is_never_changed_by_ignore() -> None:
    report = check_root(ROOTS / "ignore-ok")
    assert [d.severity for d in report.ignored] == [Severity.WARNING]


def test_every_option_has_the_words_of_its_problem() -> None:
    """The words a refused value gets (config_words) name every option the reader checks."""
    from smart_tool_build.project.config_checks import option_names
    from smart_tool_build.project.config_words import EXPECTED

    assert tuple(EXPECTED) == option_names()
