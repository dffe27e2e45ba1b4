"""The one reporter every adapter prints through: the lines a build says, decided once."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import NoReturn

import pytest

from smart_tool_build.adapters.reporter import PREFIX, Reporter
from smart_tool_build.diagnostics.codes import CODES
from smart_tool_build.diagnostics.diagnostic import make


class Recorded(Exception):
    pass


class Sink:
    def __init__(self) -> None:
        self.lines: list[tuple[str, str]] = []

    def info(self, line: str) -> None:
        self.lines.append(("info", line))

    def warn(self, line: str) -> None:
        self.lines.append(("warn", line))

    def fail(self, lines: list[str]) -> NoReturn:
        self.lines += [("fail", line) for line in lines]
        raise Recorded


DRIFT = make("manifest-version-matches-package", "src/x/SMART_TOOL.md", 4, "manifest version '1.0.1' ...")
MISSING = make("manifest-install-doc-missing", "src/x/SMART_TOOL.md", 13, "requires[0] ...")
NAME = make("manifest-name-matches-package", "src/x/SMART_TOOL.md", 3, "manifest name ...")


def test_errors_wait_for_the_end_and_the_summary_points_at_codes_and_fix() -> None:
    sink = Sink()
    reporter = Reporter(sink)
    reporter.show([DRIFT, NAME])
    assert sink.lines == [("warn", PREFIX + str(NAME))]
    with pytest.raises(Recorded):
        reporter.stop([DRIFT, NAME], "not building x 1.0.0: fix the problems above")
    kind, summary = sink.lines[-1]
    assert sink.lines[1] == ("fail", str(DRIFT))
    assert kind == "fail" and summary.startswith(PREFIX + "not building x 1.0.0: fix the problems above (")
    # the docs' anchor leads (it answers before smart-tool is on the index), then the command
    assert (
        "(its entry is smart-tool-build's docs/codes.md#manifest-version-matches-package; "
        "`uvx smart-tool codes manifest-version-matches-package` explains it; "
    ) in summary
    assert "`smart-tool fix` fixes manifest-version-matches-package in the source tree" in summary


def test_the_summary_of_several_codes_leads_with_each_anchor() -> None:
    sink = Sink()
    with pytest.raises(Recorded):
        Reporter(sink).stop([DRIFT, MISSING], "not building x 1.0.0: fix the problems above")
    assert (
        "(their entries are in smart-tool-build's docs/codes.md (#manifest-version-matches-package, "
        "#manifest-install-doc-missing); `uvx smart-tool codes CODE` explains each; "
    ) in sink.lines[-1][1]


def test_no_fix_pointer_for_a_finding_fix_cannot_fix() -> None:
    sink = Sink()
    with pytest.raises(Recorded):
        Reporter(sink).stop([MISSING], "removed x.whl: it failed the smart-tool checks")
    assert "smart-tool fix" not in sink.lines[-1][1]


def test_each_ignored_error_is_named_once_per_build() -> None:
    sink = Sink()
    reporter = Reporter(sink)
    reporter.show([], [MISSING, NAME])
    reporter.show([], [MISSING])
    assert sink.lines == [("warn", f"{PREFIX}ignored by [tool.smart-tool] ignore: {MISSING}")]


def test_the_fixable_codes_are_the_codes_fix_edits() -> None:
    """``fixable`` in the codes table (what a build's summary promises) is exactly the set of
    codes ``smart-tool fix`` writes edits for."""
    source = Path(__file__).resolve().parents[3] / "cli" / "src" / "smart_tool" / "authoring" / "fixes.py"
    literals = {
        node.value
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    assert {code for code in CODES if CODES[code].fixable} == literals & set(CODES)
