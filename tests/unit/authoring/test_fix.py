"""`smart-tool fix`: round trips on the fixtures of every code it fixes (after the fix the
check is clean and the files differ by exactly the intended lines), what it must leave alone,
and the command's output and exit codes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Optional

import pytest

from smart_tool.authoring.edits import apply, unified_diff
from smart_tool.authoring.fixes import plan_fixes
from smart_tool_build.rules.root import check_root
from support import FIXTURES, ROOTS, copy_root, run_cli

M = "src/demo_tool/SMART_TOOL.md"
JS_M = "src/SMART_TOOL.md"
INIT = "src/demo_tool/__init__.py"
FIX_FIXTURES = FIXTURES / "fix"

#: a line of a file, before and after the fix
Change = tuple[bytes, bytes]
V = (b"version: 1.0.0", b"version: 1.1.0")

# fixture -> (the code its edits resolve, {file: the lines changed, in order})
ROUND_TRIPS: dict[str, tuple[str, dict[str, list[Change]]]] = {
    "manifest-version-matches-package": ("manifest-version-matches-package", {M: [V]}),
    "manifest-version-matches-package--static": (
        "manifest-version-matches-package",
        {M: [(b"version: 1.0.0", b"version: 1.0.1")]},
    ),
    "manifest-version-matches-package--hatch-regex-path": ("manifest-version-matches-package", {M: [V]}),
    "manifest-version-matches-package--setuptools-attr": ("manifest-version-matches-package", {M: [V]}),
    "manifest-version-matches-package--setuptools-file": ("manifest-version-matches-package", {M: [V]}),
    "manifest-version-matches-package--pkg-info": ("manifest-version-matches-package", {M: [V]}),
    "manifest-version-matches-package--poetry": ("manifest-version-matches-package", {M: [V]}),
    "manifest-version-matches-package--package-json": ("manifest-version-matches-package", {JS_M: [V]}),
    "manifest-version-matches-package--invalid-pep440": (
        "manifest-version-matches-package",
        {M: [(b"version: one-point-oh", b"version: 1.0.0")]},
    ),
    # CRLF, a BOM, comments, multi-byte text before the span, single quotes kept
    "manifest-version-matches-package--crlf-bom": (
        "manifest-version-matches-package",
        {
            M: [
                (
                    b"version: '1.0.0'   # bumped with the package\r\n",
                    b"version: '1.1.0'   # bumped with the package\r\n",
                )
            ]
        },
    ),
    # the package version is known: set to it as written, quoted because plain 1.0 is a number
    "manifest-field-shapes--version-float": (
        "manifest-field-shapes",
        {M: [(b"version: 1.0", b"version: 1.0.0")]},
    ),
    # the package version is known only to a build: quoted as written, 1.10 and not 1.1
    "manifest-field-shapes--version-float-unresolved": (
        "manifest-field-shapes",
        {M: [(b"version: 1.10  # YAML", b'version: "1.10"  # YAML')]},
    ),
    "manifest-field-shapes": (
        "manifest-field-shapes",
        {M: [(b'smart_tool_format: "1"', b"smart_tool_format: 1")]},
    ),
    # equal under PEP 440 (or semver) only: set to the package's version as written
    "manifest-version-matches-package--equal-only": (
        "manifest-version-matches-package",
        {M: [(b'version: "1.0"', b'version: "1.0.0"')]},
    ),
    "manifest-version-matches-package--semver-equal-only": (
        "manifest-version-matches-package",
        {JS_M: [(b"version: v1.0.0", b"version: 1.0.0")]},
    ),
    "manifest-version-matches-package--not-pep440-for-python": (
        "manifest-version-matches-package",
        {M: [(b"version: 1.0.0-canary.5", b"version: 1.0.0")]},
    ),
    "version-attr-matches-package": (
        "version-attr-matches-package",
        {"src/demo_tool/__init__.py": [(b'__version__ = "0.9.0"', b'__version__ = "1.0.0"')]},
    ),
    "manifest-platforms-known": ("manifest-platforms-known", {M: [(b"  - darwin", b"  - macos")]}),
    # an MCP server's server.json: its top-level version and its own PyPI entry's
    "mcp-version-matches-package": (
        "mcp-version-matches-package",
        {"server.json": [(b'"version": "1.1.0"', b'"version": "1.2.0"')] * 2},
    ),
    "mcp-version-matches-package--spelling": (
        "mcp-version-matches-package",
        {"server.json": [(b'"version": "1.2"', b'"version": "1.2.0"')] * 2},
    ),
    # a flow sequence, each item's own quotes kept, the comment after it untouched
    "manifest-platforms-known--flow-quoted": (
        "manifest-platforms-known",
        {M: [(b"""[linux, "Darwin", 'win32']  # where""", b"""[linux, "macos", 'windows']  # where""")]},
    ),
}


def changed_lines(before: bytes, after: bytes) -> list[Change]:
    """The lines that differ (a fix never adds or removes a line), with their line endings."""
    old, new = before.splitlines(keepends=True), after.splitlines(keepends=True)
    assert len(old) == len(new), "a fix changes lines, it never adds or removes one"
    return [(a, b) for a, b in zip(old, new) if a != b]


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def fix(root: Path) -> list[str]:
    plan = plan_fixes(root)
    return apply(plan.edits)


def test_every_round_trip_fixture_exists() -> None:
    assert set(ROUND_TRIPS) <= {p.name for p in ROOTS.iterdir()}


@pytest.mark.parametrize("name", sorted(ROUND_TRIPS))
def test_round_trip(name: str, tmp_path: Path) -> None:
    code, expected = ROUND_TRIPS[name]
    root = copy_root(name, tmp_path / "root")
    before = snapshot(root)
    assert code in {d.code for d in check_root(root).diagnostics}
    plan = plan_fixes(root)
    assert plan.edits and {e.code for e in plan.edits} == {code}
    assert fix(root) == sorted(expected)
    after = snapshot(root)
    assert set(after) == set(before), "no file created or removed"
    for relative in before:
        want = expected.get(relative, [])
        got = changed_lines(before[relative], after[relative])
        assert len(got) == len(want), (relative, got)
        for (old, new), (want_old, want_new) in zip(got, want):
            assert want_old in old and want_new in new, (old, new)
            assert old.replace(want_old, want_new, 1) == new, "only the intended bytes change"
    after_check = check_root(root).diagnostics
    assert [d for d in after_check if d.severity.value != "info"] == [], after_check
    assert plan_fixes(root).edits == [], "fix is idempotent"


def test_missing_descriptor_is_created(tmp_path: Path) -> None:
    root = copy_root("descriptor-present", tmp_path / "root")
    before = snapshot(root)
    assert fix(root) == ["smart-tool.json"]
    after = snapshot(root)
    assert {k: v for k, v in after.items() if k != "smart-tool.json"} == before
    assert after["smart-tool.json"] == (ROOTS / "valid" / "smart-tool.json").read_bytes()
    assert check_root(root).diagnostics == []


def test_version_attr_drift_is_rewritten_byte_exact(tmp_path: Path) -> None:
    root = tmp_path / "root"
    shutil.copytree(FIX_FIXTURES / "version-attr-drift", root)
    before = (root / INIT).read_bytes()
    (edit,) = plan_fixes(root).edits
    assert (edit.code, edit.shown, edit.line) == ("version-attr-matches-package", INIT, 4)
    fix(root)
    assert changed_lines(before, (root / INIT).read_bytes()) == [
        (
            b"__version__ = '1.0.0'  # keep in step with pyproject.toml\r\n",
            b"__version__ = '1.1.0'  # keep in step with pyproject.toml\r\n",
        )
    ]
    assert plan_fixes(root).edits == []


@pytest.mark.parametrize(
    ("source", "fixed"),
    [
        pytest.param(
            b'\xef\xbb\xbf__version__ = "1.0.0"\n', b'\xef\xbb\xbf__version__ = "1.1.0"\n', id="bom-line-1"
        ),
        pytest.param(b'x = 1\r__version__ = u"1.0.0"\r', b'x = 1\r__version__ = u"1.1.0"\r', id="lone-cr"),
        pytest.param(
            b'"""\xc3\xa9"""\n__version__: str = """1.0"""\n',
            b'"""\xc3\xa9"""\n__version__: str = """1.1.0"""\n',
            id="annotated-triple",
        ),
        pytest.param(
            b'__version__ = (\n    "1.0.0"\n)\n', b'__version__ = (\n    "1.1.0"\n)\n', id="parenthesised"
        ),
    ],
)
def test_version_attr_spellings(tmp_path: Path, source: bytes, fixed: bytes) -> None:
    root = tmp_path / "root"
    shutil.copytree(FIX_FIXTURES / "version-attr-drift", root)
    (root / INIT).write_bytes(source)
    fix(root)
    assert (root / INIT).read_bytes() == fixed


@pytest.mark.parametrize(
    "source",
    [
        pytest.param(b'__version__ = "1." "0.0"\n', id="implicit-concatenation"),
        pytest.param(b'__version__ = "1\\x2e0.0"\n', id="escape"),
        pytest.param(b'__version__ = f"1.0.0"\n', id="f-string"),
        pytest.param(b"__version__ = VERSION\n", id="not-a-literal"),
    ],
)
def test_version_attr_left_alone_when_not_one_plain_literal(tmp_path: Path, source: bytes) -> None:
    root = tmp_path / "root"
    shutil.copytree(FIX_FIXTURES / "version-attr-drift", root)
    (root / INIT).write_bytes(source)
    assert plan_fixes(root).edits == []


def test_version_attr_that_is_the_version_source_is_not_drift(tmp_path: Path) -> None:
    root = copy_root("manifest-version-matches-package--setuptools-attr", tmp_path / "root")
    assert [e.code for e in plan_fixes(root).edits] == ["manifest-version-matches-package"]


def test_version_attr_of_every_package_above_the_manifest(tmp_path: Path) -> None:
    root = tmp_path / "root"
    shutil.copytree(FIX_FIXTURES / "version-attr-drift", root)
    (root / "src/demo_tool/data").mkdir()
    (root / "src/demo_tool/data/__init__.py").write_text('__version__ = "0.1"\n')
    (root / M).rename(root / "src/demo_tool/data/SMART_TOOL.md")
    (root / "smart-tool.json").write_text(
        '{"manifest": "src/demo_tool/data/SMART_TOOL.md", "cli_argv": ["demo-tool"]}'
    )
    assert [e.shown for e in plan_fixes(root).edits] == [
        "src/demo_tool/__init__.py",
        "src/demo_tool/data/__init__.py",
    ]


# ---- what has no one right answer stays as it is, and is reported


def _without(name: str) -> bool:
    return name not in ROUND_TRIPS and name != "descriptor-present"


@pytest.mark.parametrize("name", sorted(p.name for p in ROOTS.iterdir() if _without(p.name)))
def test_no_edit_where_there_is_no_one_right_answer(name: str) -> None:
    plan = plan_fixes(ROOTS / name)
    assert plan.edits == []
    assert plan.remaining() == check_root(ROOTS / name).diagnostics


def edited(tmp_path: Path, name: str, old: bytes, new: bytes, path: str = M) -> Path:
    root = copy_root(name, tmp_path / "root")
    data = (root / path).read_bytes()
    assert old in data
    (root / path).write_bytes(data.replace(old, new, 1))
    return root


@pytest.mark.parametrize(
    ("old", "new"),
    [
        pytest.param(b"  - darwin\n", b"  - darwin\n  - macos\n", id="platform-already-listed"),
        pytest.param(b"  - darwin\n", b"  - darwin\n  - osx\n", id="two-spellings-of-one-platform"),
        pytest.param(b"  - darwin\n", b"  - freebsd\n", id="unknown-platform"),
    ],
)
def test_platforms_left_for_the_author(tmp_path: Path, old: bytes, new: bytes) -> None:
    root = edited(tmp_path, "manifest-platforms-known", old, new)
    edits = plan_fixes(root).edits
    if b"osx" in new:  # the first spelling is fixed, the second would repeat it
        assert [e.message for e in edits] == ["platform 'darwin' -> 'macos'"]
    else:
        assert edits == []


def test_development_package_version_is_not_copied(tmp_path: Path) -> None:
    assert plan_fixes(ROOTS / "manifest-version-matches-package--dev-version").edits == []


def test_block_scalar_version_is_left_alone(tmp_path: Path) -> None:
    root = edited(tmp_path, "manifest-version-matches-package", b"version: 1.0.0\n", b"version: |\n  1.0.0\n")
    assert plan_fixes(root).edits == []


@pytest.mark.parametrize(
    ("manifest", "package"),
    [("1.0", "1.0"), ("1.0.0", "v1.0.0"), ("1.0.0rc1", "1.0.0-rc1")],
)
def test_accepted_spellings_are_left_alone(tmp_path: Path, manifest: str, package: str) -> None:
    root = edited(tmp_path, "valid", b"version: 1.0.0", f'version: "{manifest}"'.encode())
    pyproject = root / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace('version = "1.0.0"', f'version = "{package}"'))
    assert plan_fixes(root).edits == []


def test_equal_only_under_pep440_is_set_as_written(tmp_path: Path) -> None:
    """1.0.0 and 1.0 are one version to PEP 440, but a user reading both sees two."""
    root = copy_root("valid", tmp_path / "root")
    pyproject = root / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace('version = "1.0.0"', 'version = "1.0"'))
    (drift,) = check_root(root).diagnostics  # only equal under PEP 440: another answer
    assert (drift.code, drift.hint) == (
        "manifest-version-matches-package",
        'set version: "1.0" in the manifest',
    )
    (edit,) = plan_fixes(root).edits
    assert (edit.old, edit.new) == (b"1.0.0", b'"1.0"')


def test_float_hint_quotes_as_written() -> None:
    (problem,) = check_root(ROOTS / "manifest-field-shapes--version-float-unresolved").diagnostics
    assert 'version: "1.10"' in (problem.hint or "")
    assert "1.10, which YAML reads as 1.1" in problem.message


def test_diff_is_exactly_the_edits(tmp_path: Path) -> None:
    root = copy_root("manifest-platforms-known--flow-quoted", tmp_path / "root")
    diff = unified_diff(plan_fixes(root, display="tool").edits)
    assert [line for line in diff.splitlines() if line.startswith(("-", "+"))] == [
        f"--- a/tool/{M}",
        f"+++ b/tool/{M}",
        """-platforms: [linux, "Darwin", 'win32']  # where it has been run""",
        """+platforms: [linux, "macos", 'windows']  # where it has been run""",
    ]


# ---- the command


def fix_cli(*args: str, cwd: Optional[Path] = None) -> tuple[int, str, str]:
    result = run_cli("fix", *args, cwd=cwd)
    assert "Traceback" not in result.stderr + result.stdout, result.stderr
    return result.returncode, result.stdout, result.stderr


def test_cli_writes_then_reports_clean(tmp_path: Path) -> None:
    root = copy_root("manifest-version-matches-package", tmp_path / "tool")
    code, out, _ = fix_cli("tool", cwd=tmp_path)
    assert code == 0, out
    assert out.splitlines() == [
        f"tool/{M}:4: fixed manifest-version-matches-package: "
        "version '1.0.0' -> '1.1.0' (the package's version)",
        "1 root checked: 0 errors, 0 warnings, 0 info; 1 fix written",
    ]
    assert b"version: 1.1.0" in (root / M).read_bytes()
    assert fix_cli("tool", cwd=tmp_path)[1].splitlines() == [
        "1 root checked: 0 errors, 0 warnings, 0 info; 0 fixes written"
    ]


def test_cli_diff_writes_nothing_and_exits_1(tmp_path: Path) -> None:
    root = copy_root("manifest-platforms-known", tmp_path / "tool")
    before = snapshot(root)
    code, out, _ = fix_cli("tool", "--diff", cwd=tmp_path)
    assert code == 1
    assert snapshot(root) == before
    assert f"--- a/tool/{M}" in out and "+  - macos" in out
    assert out.splitlines()[-1] == "1 root checked: 0 errors, 0 warnings, 0 info; 1 fix not written (--diff)"
    code, out, _ = fix_cli("tool", "--diff", "--format", "json", cwd=tmp_path)
    document = json.loads(out)
    assert (code, document["written"], document["diagnostics"]) == (1, False, [])
    assert document["diff"] == unified_diff(plan_fixes(root, display="tool").edits)
    assert snapshot(root) == before
    assert fix_cli(str(ROOTS / "valid"), "--diff")[0] == 0


def test_cli_diff_reports_what_check_says_after_the_fix(tmp_path: Path) -> None:
    """A created descriptor lets the check read the manifest: `--diff` counts what `check`
    finds after `fix` (an install document that does not exist, a name that differs), not
    the tree as it stands minus what the fix resolves (which was "0 errors")."""
    root = tmp_path / "tool"
    shutil.copytree(FIX_FIXTURES / "descriptor-present--findings-behind-it", root)
    before = snapshot(root)
    code, out, _ = fix_cli("tool", "--diff", "--format", "json", cwd=tmp_path)
    previewed = json.loads(out)
    assert snapshot(root) == before, "--diff writes nothing"
    assert list(tmp_path.iterdir()) == [root], "nor anything beside the root"
    assert [f["code"] for f in previewed["fixes"]] == ["descriptor-present"]
    printed = fix_cli("tool", "--diff", cwd=tmp_path)[1].splitlines()[-1]
    assert printed == "1 root checked: 1 error, 1 warning, 0 info; 1 fix not written (--diff)"
    code_after_fix, _, _ = fix_cli("tool", cwd=tmp_path)
    checked = run_cli("check", "tool", "--format", "json", cwd=tmp_path)
    after = json.loads(checked.stdout)
    assert previewed["summary"] == after["summary"] == {"error": 1, "warning": 1, "info": 0}
    found = [(d["code"], d["path"], d["line"]) for d in previewed["diagnostics"]]
    assert found == [(d["code"], d["path"], d["line"]) for d in after["diagnostics"]]
    assert found == [
        ("manifest-name-matches-package", f"tool/{M}", 3),
        ("manifest-install-doc-missing", f"tool/{M}", 14),
    ]
    assert (code, code_after_fix, checked.returncode) == (1, 1, 1)
    text = fix_cli("tool", "--diff", cwd=tmp_path)[1]  # nothing left to fix: the same count
    assert text.splitlines()[-1] == "1 root checked: 1 error, 1 warning, 0 info; 0 fixes not written (--diff)"


def test_cli_reports_what_remains_and_exits_1(tmp_path: Path) -> None:
    root = copy_root("manifest-name-format", tmp_path / "tool")
    root_text = (root / M).read_bytes()
    (root / M).write_bytes(root_text.replace(b"  - macos", b"  - osx"))
    code, out, _ = fix_cli("tool", "--format", "json", cwd=tmp_path)
    assert code == 1
    document = json.loads(out)
    assert [f["code"] for f in document["fixes"]] == ["manifest-platforms-known"]
    assert document["written"] is True and document["diff"] is None
    assert [d["code"] for d in document["diagnostics"]] == ["manifest-name-format"]
    assert document["summary"] == {"error": 1, "warning": 0, "info": 0}


def test_cli_warnings_as_errors_and_github(tmp_path: Path) -> None:
    copy_root("manifest-name-matches-package", tmp_path / "tool")
    assert fix_cli("tool", cwd=tmp_path)[0] == 0
    code, out, _ = fix_cli("tool", "--warnings-as-errors", "--format", "github", cwd=tmp_path)
    assert code == 1
    assert out.startswith("::warning file=tool/src/demo_tool/SMART_TOOL.md,line=3,")


def test_cli_github_notices_for_fixes(tmp_path: Path) -> None:
    copy_root("manifest-platforms-known", tmp_path / "tool")
    _, out, _ = fix_cli("tool", "--format", "github", cwd=tmp_path)
    assert out.splitlines()[0] == (
        f"::notice file=tool/{M},line=10,title=manifest-platforms-known::"
        "fixed manifest-platforms-known: platform 'darwin' -> 'macos'"
    )


def test_cli_not_a_folder() -> None:
    code, _, err = fix_cli(str(ROOTS / "valid" / "pyproject.toml"))
    assert code == 2 and "not a folder" in err


def test_cli_read_only_file_is_a_clear_error_and_nothing_is_written(tmp_path: Path) -> None:
    """Two roots, two files to fix; the second is read-only: neither is written."""
    first = copy_root("manifest-version-matches-package", tmp_path / "a")
    second = copy_root("manifest-platforms-known", tmp_path / "b")
    (second / M).chmod(0o444)
    before = {**snapshot(first), **{"b/" + k: v for k, v in snapshot(second).items()}}
    code, out, err = fix_cli("a", "b", cwd=tmp_path)
    assert code == 2, out
    assert err.strip().splitlines() == [
        f"smart-tool: error: b/{M} is read-only (no write permission); nothing was changed"
    ]
    assert {**snapshot(first), **{"b/" + k: v for k, v in snapshot(second).items()}} == before
    assert sorted(p.name for p in (second / "src" / "demo_tool").iterdir()) == [
        "SMART_TOOL.md",
        "__init__.py",
    ]


def test_the_build_hooks_never_fix() -> None:
    """Builds never write the source tree: no adapter of a build imports the fixing modules."""
    src = Path(__file__).resolve().parents[3] / "src" / "smart_tool_build"
    modules = [
        "hatch_hook.py",
        "setuptools_plugin.py",
        "backend.py",
        *sorted(
            str(p.relative_to(src)) for folder in ("adapters", "plan") for p in (src / folder).glob("*.py")
        ),
    ]
    assert "adapters/setuptools_commands.py" in modules and "plan/build_plan.py" in modules
    for module in modules:
        text = (src / module).read_text(encoding="utf-8")
        assert "authoring" not in text, module
        for name in ("fixes", "edits", "scaffold"):
            assert f"import {name}" not in text and f".{name} import" not in text, (module, name)


def test_cli_recursive_fixes_every_root_once(tmp_path: Path) -> None:
    copy_root("manifest-version-matches-package", tmp_path / "tools" / "a")
    copy_root("manifest-platforms-known", tmp_path / "tools" / "b")
    code, out, _ = fix_cli("-r", "tools", "tools", cwd=tmp_path)
    assert code == 0, out
    assert [line.split(": fixed ")[1].split(":")[0] for line in out.splitlines()[:-1]] == [
        "manifest-version-matches-package",
        "manifest-platforms-known",
    ]
    assert out.splitlines()[-1] == "2 roots checked: 0 errors, 0 warnings, 0 info; 2 fixes written"


def test_a_collection_gets_no_descriptor(tmp_path: Path) -> None:
    """One manifest outside nested roots and one command, but a collection: not a smart tool."""
    root = tmp_path / "kit"
    shutil.copytree(FIXTURES / "collections" / "valid-flat", root)
    (root / "scenario-tools/summarize/smart-tool.json").unlink()
    with (root / "pyproject.toml").open("a") as handle:
        handle.write('\n[project.scripts]\nflat-kit = "flat_kit.cli:main"\n')
    assert plan_fixes(root).edits == []
    (root / "pyproject.toml").write_text(
        (root / "pyproject.toml").read_text().replace("amplifier.collection", "x")
    )
    assert "descriptor-present" in {e.code for e in plan_fixes(root).edits}, "the same tree, not a collection"
