"""Why a project file cannot be read or parsed, as :class:`.paths.Unparsable` says it (the
parsers' limits too: nesting past the recursion limit, an over-long integer, a tree too large).
Only a file that fails loads this."""

from __future__ import annotations

import re
import sys
from typing import Optional, Union

from ..parsing.json_problems import error_line
from .paths import RefusedFile, Unparsable

#: a run of this many openers (``[``/``{``, blanks between) is where nesting went too deep
_DEEP = re.compile(r"(?:[\[{][ \t\r\n]*){32}")


def unreadable(relative: str, exc: Union[RefusedFile, UnicodeDecodeError]) -> Unparsable:
    """Why ``relative`` could not be read as text: refused by the bounded read, or not UTF-8."""
    if isinstance(exc, RefusedFile):
        missing = exc.message in ("does not exist", "is a folder, not a file")
        return Unparsable(f"{relative} {exc.message}", refused=not missing)
    return Unparsable(f"{relative} is not UTF-8: byte 0x{exc.object[exc.start]:02x} at offset {exc.start}")


def beyond_limits(exc: BaseException, text: str) -> Optional[Unparsable]:
    """The plain message for a parser's RecursionError, MemoryError or over-long integer
    (the ``ValueError`` of Python's int-to-str limit), with the line it starts on; None for
    any other exception (a syntax error of the format, which its parser explains)."""
    if isinstance(exc, (RecursionError, MemoryError)):
        deep = _DEEP.search(text)
        line = text.count("\n", 0, deep.start()) + 1 if deep else None
        return Unparsable("nests too deeply to parse, beyond Python's recursion limit", line, refused=True)
    if isinstance(exc, ValueError) and "integer string conversion" in str(exc):
        limit = getattr(sys, "get_int_max_str_digits", lambda: 4300)()
        digits = re.search(r"[0-9_]{" + str(limit + 1) + ",}", text)
        line = text.count("\n", 0, digits.start()) + 1 if digits else None
        message = f"holds an integer of more than {limit} digits, more than Python reads"
        return Unparsable(message, line, refused=True)
    return None


def toml_unparsable(exc: BaseException, text: str, syntax: bool) -> Optional[Unparsable]:
    """What a TOML parser's exception says: a syntax error (``syntax``) with its line, or a
    limit (:func:`beyond_limits`); None for anything else, which is raised as it is."""
    if syntax:
        match = re.search(r"line (\d+)", str(exc))
        return Unparsable(f"invalid TOML: {_toml_said(exc)}", int(match.group(1)) if match else None)
    return beyond_limits(exc, text)


def _toml_said(exc: BaseException) -> str:
    """tomllib's message with its place as a clause, not a parenthesis: ``... (at line 3,
    column 14)`` reads ``... at line 3, column 14`` (a hint follows in parentheses)."""
    said = str(exc)
    match = re.fullmatch(r"(.*) \(at (.*)\)", said, re.DOTALL)
    if match is None:
        return said
    place = "the end of the document" if match.group(2) == "end of document" else match.group(2)
    return f"{match.group(1)} at {place}"


def loads_json(text: str) -> object:
    """A JSON value (``json.loads``: the package.json reader's lenient one); :class:`Unparsable`."""
    import json

    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}, character {exc.pos}"
        raise Unparsable(f"invalid JSON: {exc.msg}: {where}", error_line(exc)) from None
    except (RecursionError, MemoryError, ValueError) as exc:
        problem = beyond_limits(exc, text)
        if problem is None:
            raise Unparsable(f"invalid JSON: {exc}") from None
        raise problem from None


def unparsed_python(relative: str, exc: BaseException) -> Unparsable:
    """Why the module ``relative`` does not parse: a syntax error, NUL bytes, or the parser's limits."""
    if isinstance(exc, SyntaxError):
        return Unparsable(f"{relative} does not parse: {exc.msg}", exc.lineno)
    if isinstance(exc, ValueError):  # NUL bytes
        return Unparsable(f"{relative} does not parse: it holds NUL bytes")
    message = f"{relative} nests too deeply to parse (over Python's parser limits); not read"
    return Unparsable(message, refused=True)
