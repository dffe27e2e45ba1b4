"""The words of a Markdown file that cannot be split or parsed: (message, line, hint) for each
:class:`.frontmatter.FrontmatterError`. Only a file that fails loads this."""

from __future__ import annotations

import re
import stat

from .yaml_hints import hint_for

TYPE_CHECKING = False
if TYPE_CHECKING:
    import os
    from typing import Optional

    from .yaml_values import YamlError

    #: (message, the line in the file or None, hint or None)
    Problem = tuple[str, Optional[int], Optional[str]]

#: what to do about frontmatter that does not parse, when nothing more precise can be said
PLAIN_YAML = "write the frontmatter as plain YAML: one mapping of fields between `---` lines, each key once"
#: what to do about a file over the size limit
SIZE_HINT = "check it is the file meant: a manifest or descriptor is a small text file"
# the lines of the text, as frontmatter's splitter reads them (on \n only)
_LINES = re.compile(r"[^\n]*\n|[^\n]+\Z")


def not_read(info: Optional[os.stat_result], problem: Optional[Exception], irregular: str) -> Optional[str]:
    """Why a bounded read did not read a file, after its path (``irregular`` for a FIFO or a
    device); None for a regular file over the limit. No ``info``: the stat raised ``problem``."""
    if info is None:
        if isinstance(problem, (FileNotFoundError, NotADirectoryError)):
            return "does not exist"
        if isinstance(problem, ValueError):  # a NUL in the path
            return "has an invalid path"
    if isinstance(problem, OSError):
        return f"cannot be read: {problem.strerror or problem}"
    assert info is not None
    if stat.S_ISDIR(info.st_mode):
        return "is a folder, not a file"
    if not stat.S_ISREG(info.st_mode):
        return irregular
    return None


def too_large(size: int, limit: int) -> Problem:
    """A file over ``limit`` bytes: by its size, or (grown since) by what was read."""
    if size > limit:
        return f"is {size} bytes, over the limit of {limit} bytes", None, SIZE_HINT
    return f"is over the limit of {limit} bytes", None, SIZE_HINT


def undecodable(data: bytes) -> Problem:
    """Bytes that are not UTF-8 text: NUL bytes, or the first bad byte and its line."""
    if b"\x00" in data:
        return "is binary, with NUL bytes, not UTF-8 text", None, "save it as UTF-8 text"
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        return f"is not UTF-8: byte 0x{data[exc.start]:02x} at offset {exc.start}", line, "save it as UTF-8"
    raise AssertionError("undecodable() is for bytes that do not decode")


def unfenced(lines: list[str], opened: bool) -> Problem:
    """A file without an opening ``---`` line, or (``opened``) without a closing one after its fields."""
    if not opened:
        return "does not start with a `---` frontmatter fence", 1, "make `---` its first line"
    heading = next((number for number, line in enumerate(lines[1:], start=2) if line.startswith("# ")), None)
    where = f"before line {heading}, where the Markdown body starts" if heading else "after the last field"
    return "has no closing `---` line after its fields", 1, f"add a line `---` {where}"


def tab_indent(lines: list[str], first_line: int) -> Optional[Problem]:
    """The first line of the YAML text ``lines`` (from file line ``first_line``) indented with a tab."""
    for number, line in enumerate(lines, start=first_line):
        if line.startswith("\t"):
            return (
                "indents with a tab; YAML indentation must use spaces",
                number,
                "replace each tab at the start of the line with spaces",
            )
    return None


def unparsed(exc: YamlError, yaml_text: str, first_line: int) -> Problem:
    """The YAML reader's error, with the hint for the line it names."""
    line = None if exc.line is None else _line_at(yaml_text, exc.line - first_line)
    return exc.message, exc.line, hint_for(exc.message, line)


def _line_at(text: str, index: int) -> Optional[str]:
    """Line ``index`` (0-based) of ``text``, found without copying the others (a hostile
    document can be a megabyte of lines)."""
    for number, match in enumerate(_LINES.finditer(text)):
        if number == index:
            return match.group()
    return None
