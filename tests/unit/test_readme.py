"""The README tells the truth: its table of codes is the core's table, row for row."""

from __future__ import annotations

import re
from pathlib import Path

from smart_tool_build.cli.output import codes_markdown
from smart_tool_build.diagnostics.diagnostic import CODES

README = Path(__file__).resolve().parents[2] / "README.md"


def test_codes_table_matches_the_core() -> None:
    text = README.read_text(encoding="utf-8")
    match = re.search(r"<!-- codes:start -->\n(.*?)\n<!-- codes:end -->", text, re.S)
    assert match, "README has no codes table markers"
    assert match.group(1) == codes_markdown(), "run scripts/update-readme-codes"


def test_every_code_is_documented_once() -> None:
    text = README.read_text(encoding="utf-8")
    for code in CODES:
        assert text.count(f"| `{code}` |") == 1, code


def test_readme_commands_exist() -> None:
    root = README.parent
    text = README.read_text(encoding="utf-8")
    for script in ("scripts/build-example", "scripts/run-tests"):
        assert script in text
        assert (root / script).is_file()
    assert "scripts/run-tests" in (root / ".ci" / "run").read_text(encoding="utf-8")
