"""A name that holds a newline (or another control character) cannot forge a finding: a
member, folder or catalog entry so named is shown escaped (``\\n``) in every line format,
and in SARIF's messages; json keeps the name exact (its own escaping). Real files, real
archives, the command as a user runs it.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from archive_kit import DIST_INFO, record_of, wheel_members, write_wheel
from smart_tool_build.diagnostics.diagnostic import make
from smart_tool_build.diagnostics.printable import printable
from support import ROOTS, run_cli

#: a name that, printed raw, ends the line and starts one that reads as a finding
FORGED = "evil\nx.md:1: manifest-name-format: all is well\x1b[2K"
SHOWN = "evil\\nx.md:1: manifest-name-format: all is well\\x1b[2K"


def cli(cwd: Path, *args: str) -> tuple[int, list[str]]:
    done = run_cli(*args, cwd=cwd)
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    return done.returncode, done.stdout.splitlines()


def no_forged_line(lines: list[str]) -> None:
    for line in lines:
        assert not line.startswith("x.md:"), lines
        assert "\x1b" not in line and "\r" not in line


def test_printable_escapes_what_breaks_or_hides_a_line() -> None:
    assert printable("a\nb\r\tc\x00\x7f\x85\u2028\u2029\u202e\u2066") == (
        "a\\nb\\r\\tc\\x00\\x7f\\x85\\u2028\\u2029\\u202e\\u2066"
    )
    assert printable("café ü/a b.md") == "café ü/a b.md"  # what is a name stays as it is
    finding = make("manifest-name-format", f"{FORGED}/SMART_TOOL.md", 3, f"name {FORGED!s}", "try\nthis")
    (line,) = str(finding).splitlines()
    assert line == f"{SHOWN}/SMART_TOOL.md:3: manifest-name-format: name {SHOWN} (try\\nthis)"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A tree of two roots: a failing one and a passing one, each in a folder named FORGED."""
    shutil.copytree(ROOTS / "manifest-name-format", tmp_path / "tree" / FORGED)
    shutil.copytree(ROOTS / "valid", tmp_path / "tree" / "ok" / FORGED)
    return tmp_path


def test_check_recursive_text(tree: Path) -> None:
    code, lines = cli(tree, "check", "--recursive", "-v", "tree")
    assert code == 1
    no_forged_line(lines)
    assert lines[0].startswith(f"tree/{SHOWN}/src/demo_tool/SMART_TOOL.md:3: manifest-name-format: ")
    assert lines[1:] == [f"tree/ok/{SHOWN}: ok", "2 roots checked: 1 error, 0 warnings, 0 info"]


def test_check_recursive_github_sarif_and_json(tree: Path) -> None:
    code, lines = cli(tree, "check", "--recursive", "tree", "--format", "github")
    assert code == 1
    assert len(lines) == 2 and lines[0].startswith("::error ") and "\\x1b" in lines[0]
    no_forged_line(lines)
    code, lines = cli(tree, "check", "--recursive", "tree", "--format", "sarif")
    (result,) = json.loads("\n".join(lines))["runs"][0]["results"]
    assert "\n" not in result["message"]["text"] and "\x1b" not in result["message"]["text"]
    code, lines = cli(tree, "check", "--recursive", "tree", "--format", "json")
    (finding,) = json.loads("\n".join(lines))["diagnostics"]
    assert finding["path"] == f"tree/{FORGED}/src/demo_tool/SMART_TOOL.md"  # json: the exact name


def test_inspect_a_member_so_named(tmp_path: Path) -> None:
    members = wheel_members()
    record = record_of(members, f"{DIST_INFO}/RECORD")  # RECORD without the forged member
    members[f"demo_tool/{FORGED}"] = b""
    members[f"{DIST_INFO}/RECORD"] = record
    write_wheel(tmp_path / "demo_tool-1.0.0-py3-none-any.whl", members)
    code, lines = cli(tmp_path, "inspect", "demo_tool-1.0.0-py3-none-any.whl")
    assert code == 1
    no_forged_line(lines)
    assert len(lines) == 2, lines
    assert f"demo_tool/{SHOWN} is in the wheel but not in RECORD" in lines[0]


def test_catalog_check_an_entry_so_named(tmp_path: Path) -> None:
    (tmp_path / "catalog" / "tools" / FORGED).mkdir(parents=True)
    code, lines = cli(tmp_path, "catalog", "check", "catalog")
    assert code == 1
    no_forged_line(lines)
    findings, summary = lines[:-1], lines[-1]
    assert findings and all(line.startswith(f"catalog/tools/{SHOWN}") for line in findings), lines
    assert summary.startswith("1 entry checked: ")
