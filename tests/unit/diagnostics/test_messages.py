"""Every finding is one line a user can paste: ``path:line: code: message (fix)``, one
sentence and one hint. Over the whole code table, two ways:

- every place in the source that makes a finding (``make`` and the helpers that end in it),
  read as Python: a hint holds no parenthesis (it is printed inside one), a message given a
  hint does not end in one (``(...) (...)``), and a finding of an error code has a hint;
- every finding the fixture roots give (tests/unit/diagnostics/test_codes.py), rendered as
  ``check`` prints it: no parenthesis inside another, none right after another, a hint on
  every error.
"""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path
from typing import Optional

import pytest

from smart_tool.registry.catalog import check_catalog
from smart_tool_build.diagnostics.codes import CODES
from smart_tool_build.diagnostics.diagnostic import Diagnostic, Severity
from smart_tool_build.rules.collection import check_collection
from smart_tool_build.rules.root import check_root
from support import REPO, ROOTS
from unit.diagnostics.test_codes import FIXTURE_CASES, RUNTIME_CASES
from unit.registry.test_catalog import CASES as CATALOG_CASES
from unit.registry.test_catalog import CATALOG
from unit.rules.test_collection import COLLECTIONS
from unit.rules.test_collection import FIXTURE_CASES as COLLECTION_CASES

SRC = REPO / "src" / "smart_tool_build"

#: a call that makes a finding: (index of the code or the code itself, index of the message,
#: index of the hint); an attribute call (``x.name(...)``) is keyed ``.name``
MAKERS: dict[str, tuple[int | str, int, int]] = {
    "make": (0, 3, 4),
    ".finding": (0, 3, 4),  # a collection project's finding
    "finding": ("catalog-manifest-readable", 1, 2),
    "Finding": (0, 2, 3),  # the catalog's provenance and editorial findings
    ".add": (0, 2, 3),  # smoke's judge
    "shape": ("descriptor-shape", 1, 2),
    "_parse_error": ("manifest-frontmatter-parses", 2, 3),
}
#: helpers that give a hint of their own when the call gives none
HINTED = {"finding", "_parse_error"}
#: findings another change rewrites: the message, hint or both of these stay as they are
OTHERS = {("rules/build_system.py", "build-system-names-plugin")}


def _text(node: Optional[ast.expr]) -> Optional[list[str]]:
    """The literal parts of a string expression (``{}`` for each formatted value), or None
    when it is no literal at all (a variable, a call)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return [v.value if isinstance(v, ast.Constant) else "{}" for v in node.values]  # type: ignore[misc]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return (_text(node.left) or ["{}"]) + (_text(node.right) or ["{}"])
    return None


def _argument(call: ast.Call, index: int, name: str) -> Optional[ast.expr]:
    if index < len(call.args):
        return call.args[index]
    return next((k.value for k in call.keywords if k.arg == name), None)


def _sites() -> list[tuple[str, int, Optional[str], Optional[list[str]], Optional[ast.expr]]]:
    """(file, line, code, message parts, hint node) of every finding made in the source."""
    found = []
    for path in sorted(SRC.rglob("*.py")):
        shown = path.relative_to(SRC).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            key = (
                func.id
                if isinstance(func, ast.Name)
                else f".{func.attr}"
                if isinstance(func, ast.Attribute)
                else ""
            )
            if key not in MAKERS:
                continue
            where, message, hint = MAKERS[key]
            if isinstance(where, int) and len(node.args) + len(node.keywords) < 3:
                continue  # not a finding (another function of the same name)
            if isinstance(where, str):
                code: Optional[str] = where
            else:
                given = _argument(node, where, "code")
                code = (
                    given.value if isinstance(given, ast.Constant) and isinstance(given.value, str) else None
                )
            if code is not None and code not in CODES:
                continue  # not a finding (another function of the same name)
            severity = next((k.value for k in node.keywords if k.arg == "severity"), None)
            if getattr(severity, "attr", getattr(severity, "id", "")) in ("INFO", "WARNING"):
                code = None  # made at a lesser severity than its code's: a hint is not required
            elif key in HINTED:
                code = None  # the helper gives a hint of its own when none is given
            found.append(
                (
                    shown,
                    node.lineno,
                    code,
                    _text(_argument(node, message, "message")),
                    _argument(node, hint, "hint"),
                )
            )
    return found


def test_the_source_makes_findings() -> None:
    sites = _sites()
    assert len(sites) > 150, "the walk finds the findings the source makes"
    assert any(code == "manifest-present" and shown.startswith("archives/") for shown, _, code, _, _ in sites)


def test_every_finding_made_is_one_sentence_and_one_hint() -> None:
    wrong = []
    for shown, line, code, message, hint in _sites():
        if (shown, code) in OTHERS:
            continue
        place = f"{shown}:{line}: {code}"
        hint_text = _text(hint)
        no_hint = hint is None or (isinstance(hint, ast.Constant) and hint.value is None)
        if hint_text and any("(" in part or ")" in part for part in hint_text):
            wrong.append(f"{place}: a parenthesis in the hint {''.join(hint_text)!r}")
        if message and not no_hint and "".join(message).rstrip().endswith(")"):
            wrong.append(f"{place}: the message ends in a parenthesis, then the hint's: {''.join(message)!r}")
        if no_hint and code is not None and CODES[code].severity is Severity.ERROR:
            wrong.append(f"{place}: an error with no hint")
    assert wrong == []


NESTED = re.compile(r"\([^()]*\(")
BACK_TO_BACK = re.compile(r"\)\s*\(")


def _line_problems(diagnostic: Diagnostic) -> list[str]:
    line = str(diagnostic)
    problems = []
    depth = 0
    for char in line:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth > 1:
            problems.append("a parenthesis inside another")
            break
    if BACK_TO_BACK.search(line):
        problems.append("back-to-back parentheses")
    if diagnostic.severity is Severity.ERROR and not diagnostic.hint:
        problems.append("an error with no hint")
    return [f"{line}: {p}" for p in problems]


@pytest.mark.parametrize("name", sorted(FIXTURE_CASES))
def test_fixture_lines(name: str) -> None:
    report = check_root(ROOTS / name, display=name)
    assert [p for d in report.diagnostics for p in _line_problems(d)] == []


@pytest.mark.parametrize("name", sorted(RUNTIME_CASES))
def test_runtime_lines(name: str, tmp_path: Path) -> None:
    root = RUNTIME_CASES[name][0](tmp_path)
    report = check_root(root, display="root")
    assert [p for d in report.diagnostics for p in _line_problems(d)] == []


def test_every_code_says_its_fix_in_one_level_of_parentheses() -> None:
    """The table itself (`smart-tool codes`, docs/codes.md, SARIF's help): every code has a fix."""
    for code in CODES.values():
        assert code.fix.strip() and code.means.strip(), code.id
        for text in (code.means, code.fix):
            depth = max(
                (text[: i + 1].count("(") - text[: i + 1].count(")") for i in range(len(text))), default=0
            )
            assert depth <= 1 and not BACK_TO_BACK.search(text), (code.id, text)


@pytest.mark.parametrize("name", sorted(CATALOG_CASES))
def test_catalog_lines(name: str, tmp_path: Path) -> None:
    root = tmp_path / "catalog"
    shutil.copytree(CATALOG, root, symlinks=True)
    CATALOG_CASES[name][0](root)
    report = check_catalog(root, names_match_folders=True)
    assert [p for d in report.diagnostics for p in _line_problems(d)] == []


@pytest.mark.parametrize("name", sorted(COLLECTION_CASES))
def test_collection_lines(name: str) -> None:
    report = check_collection(COLLECTIONS / name)
    assert [p for d in report.diagnostics for p in _line_problems(d)] == []
