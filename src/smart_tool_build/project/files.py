"""The project's own files besides the manifest and descriptor (pyproject.toml, package.json,
version sources), read within bounds and parsed without a traceback.

Every file is read with :func:`smart_tool_build.project.paths.read_inside` (a regular file
inside the root, at most :data:`~smart_tool_build.project.paths.MAX_FILE_BYTES`). What the
parsers cannot take within Python's own limits is a plain message, not an exception: nesting
beyond the recursion limit (``RecursionError``), an integer longer than Python converts
(``ValueError``, ``sys.get_int_max_str_digits``), a syntax tree too large to build
(``MemoryError``).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any, Optional

# tomli where it is installed rather than the standard library's tomllib, the same parser:
# its compiled build reads a pyproject.toml six times as fast, and `check --recursive` reads
# one per root. A build's backend has usually imported tomllib already; then that one is
# used. tomli is a dependency only before Python 3.11 (a smart tool's users install this
# package for its accessor, which reads no TOML).
if "tomllib" in sys.modules:
    tomllib: Any = sys.modules["tomllib"]
else:
    try:
        import tomli as tomllib  # type: ignore[no-redef,unused-ignore]
    except ImportError:  # Python 3.11 or newer without tomli: the standard library's
        import tomllib  # type: ignore[no-redef,import-not-found,unused-ignore]

from ..parsing import strict_json
from .paths import RefusedFile, read_inside

#: a run of this many openers (``[``/``{``, blanks between) is where nesting went too deep
_DEEP = re.compile(r"(?:[\[{][ \t\r\n]*){32}")


class Unparsable(ValueError):
    """A file that cannot be read or parsed: ``message`` says why, ``line`` where (or None);
    ``refused`` when it is not read for what it is (outside the root, not a regular file,
    over the bound) or is beyond the parser's limits, not merely missing or malformed."""

    def __init__(self, message: str, line: Optional[int] = None, *, refused: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.refused = refused


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


def read_text(root: Path, relative: str) -> str:
    """``root/relative`` as UTF-8 text, read by :func:`read_inside`; :class:`Unparsable`."""
    try:
        data = read_inside(root, relative)
    except RefusedFile as exc:
        missing = exc.message in ("does not exist", "is a folder, not a file")
        raise Unparsable(f"{relative} {exc.message}", refused=not missing) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Unparsable(
            f"{relative} is not UTF-8: byte 0x{data[exc.start]:02x} at offset {exc.start}"
        ) from None


def loads_toml(text: str) -> dict[str, Any]:
    """A TOML document; :class:`Unparsable` with the line for a syntax error or a limit."""
    try:
        document: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"line (\d+)", str(exc))
        raise Unparsable(f"invalid TOML: {_toml_said(exc)}", int(match.group(1)) if match else None) from None
    except (RecursionError, MemoryError, ValueError) as exc:
        problem = beyond_limits(exc, text)
        if problem is None:
            raise
        raise problem from None
    return document


def _toml_said(exc: ValueError) -> str:
    """tomllib's message with its place as a clause, not a parenthesis: ``... (at line 3,
    column 14)`` reads ``... at line 3, column 14`` (a hint follows in parentheses)."""
    said = str(exc)
    match = re.fullmatch(r"(.*) \(at (.*)\)", said, re.DOTALL)
    if match is None:
        return said
    place = "the end of the document" if match.group(2) == "end of document" else match.group(2)
    return f"{match.group(1)} at {place}"


def loads_json(text: str) -> Any:
    """A JSON value (``json.loads``: the package.json reader's lenient one); :class:`Unparsable`."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}, character {exc.pos}"
        raise Unparsable(f"invalid JSON: {exc.msg}: {where}", strict_json.error_line(exc)) from None
    except (RecursionError, MemoryError, ValueError) as exc:
        problem = beyond_limits(exc, text)
        if problem is None:
            raise Unparsable(f"invalid JSON: {exc}") from None
        raise problem from None
