"""A module's ``__version__`` literal rewritten in place, its bytes found exactly: what ``fix``
edits when the package's version drifted from it."""

from __future__ import annotations

import ast
import re
from typing import Optional

from smart_tool_build.project.python_source import StringAssignment

_BOM = b"\xef\xbb\xbf"
#: the line breaks Python's tokenizer counts (a lone CR too)
_BREAK = re.compile(rb"\r\n|\r|\n")
#: a one-piece string literal whose text is its value: an optional u/r prefix, quotes, and
#: no backslash or quote inside
_SIMPLE_LITERAL = re.compile(rb"([uUrR]?)('\'\'|\"\"\"|'|\")([^'\"\\\r\n]*)\2\Z")


def literal_span(data: bytes, found: StringAssignment) -> Optional[tuple[int, int]]:
    """The byte span of the assignment's string literal in the module's bytes ``data``, or
    None when the span does not hold exactly that literal (so an edit can trust it)."""
    starts = [0] + [match.end() for match in _BREAK.finditer(data)]

    def offset(line: int, column: int) -> int:
        return starts[line - 1] + column + (len(_BOM) if line == 1 and data.startswith(_BOM) else 0)

    if max(found.start[0], found.end[0]) > len(starts):
        return None
    start, end = offset(*found.start), offset(*found.end)
    try:
        value = ast.literal_eval(data[start:end].decode("utf-8"))
    except (ValueError, SyntaxError, UnicodeDecodeError):
        return None
    return (start, end) if value == found.value else None


def replace_literal(literal: bytes, value: str) -> Optional[bytes]:
    """``literal`` (a simple one-piece string literal) holding ``value`` instead, its prefix
    and quotes kept; None for a literal this cannot rewrite faithfully (escapes, implicit
    concatenation) or a value that would need escaping."""
    match = _SIMPLE_LITERAL.match(literal)
    new = value.encode("utf-8")
    if match is None or any(c in new for c in b"'\"\\\r\n"):
        return None
    return match.group(1) + match.group(2) + new + match.group(2)
