"""Splitting a Markdown file into YAML frontmatter and body.

Shared by manifests (SMART_TOOL.md) and by collections' profiles and agents. The body is
kept verbatim, byte for byte after decoding: line endings included.
"""

from __future__ import annotations

import os
import re
import stat
from collections import namedtuple

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, NamedTuple, Optional


#: Larger manifests are refused before they are read: a manifest is a page, not a data set.
MAX_BYTES = 1024 * 1024

_BOM = "\ufeff"
# YAML breaks lines on \n (and \r\n) only; str.splitlines() would also split on \x0c etc.
_LINES = re.compile(r"[^\n]*\n|[^\n]+\Z")


class FrontmatterError(ValueError):
    """The file cannot be split or parsed; ``line`` is 1-based in the file, ``hint`` what to
    do about it (None when nothing better than the message can be said)."""

    def __init__(self, message: str, line: Optional[int] = None, hint: Optional[str] = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.hint = hint


#: what to do about a file over the size limit
SIZE_HINT = "check it is the file meant: a manifest or descriptor is a small text file"


class UnreadableFile(OSError):
    """The file is not a regular readable file (missing, a folder, no permission...)."""


if TYPE_CHECKING:

    class Document(NamedTuple):
        """A parsed Markdown file: its frontmatter (with lines) and its verbatim body."""

        #: the parsed YAML; its LineDict/LineList lines are lines of the file
        frontmatter: Any
        body: str
        #: where the YAML text starts in the decoded file (a BOM dropped): add it to a
        #: LineDict's value spans for offsets into the file's text
        offset: int = 0

else:
    Document = namedtuple("Document", ("frontmatter", "body", "offset"), defaults=(0,))
    Document.__doc__ = "A parsed Markdown file: its frontmatter (with lines) and its verbatim body."


def read_bytes(path: Path, limit: int = MAX_BYTES) -> bytes:
    """Read a regular file of at most ``limit`` bytes, refusing anything else plainly."""
    try:
        info = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        raise UnreadableFile("does not exist") from None
    except ValueError:  # a NUL in the path
        raise UnreadableFile("has an invalid path") from None
    except OSError as exc:
        raise UnreadableFile(f"cannot be read: {exc.strerror or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise UnreadableFile("is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise UnreadableFile("is not a regular file")
    if info.st_size > limit:
        raise FrontmatterError(f"is {info.st_size} bytes, over the limit of {limit} bytes", None, SIZE_HINT)
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise UnreadableFile(f"cannot be read: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise FrontmatterError(f"is over the limit of {limit} bytes", None, SIZE_HINT)
    return data


def decode(data: bytes) -> str:
    """UTF-8 (a BOM tolerated), or a clear error naming the first bad byte's line."""
    if b"\x00" in data:
        raise FrontmatterError("is binary, with NUL bytes, not UTF-8 text", None, "save it as UTF-8 text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise FrontmatterError(
            f"is not UTF-8: byte 0x{data[exc.start]:02x} at offset {exc.start}",
            line,
            "save it as UTF-8",
        ) from None
    return text[1:] if text.startswith(_BOM) else text


def _is_fence(line: str) -> bool:
    return line.rstrip("\r\n").rstrip(" \t") == "---"


def split(text: str) -> tuple[str, str, int]:
    """Return (frontmatter text, body, the file line the frontmatter text starts on); the
    first line must be ``---``."""
    lines = _LINES.findall(text)
    if not lines or not _is_fence(lines[0]):
        raise FrontmatterError(
            "does not start with a `---` frontmatter fence", 1, "make `---` its first line"
        )
    for index in range(1, len(lines)):
        if _is_fence(lines[index]):
            yaml_text = "".join(lines[1:index])
            body = "".join(lines[index + 1 :])
            return yaml_text, body, 2
    heading = next((number for number, line in enumerate(lines[1:], start=2) if line.startswith("# ")), None)
    where = f"before line {heading}, where the Markdown body starts" if heading else "after the last field"
    raise FrontmatterError("has no closing `---` line after its fields", 1, f"add a line `---` {where}")


def parse_text(text: str) -> Document:
    """Split and parse; YAML errors come back with file line numbers."""
    yaml_text, body, first_line = split(text)
    if "\t" in yaml_text:
        for number, line in enumerate(_LINES.findall(yaml_text), start=first_line):
            if line.startswith("\t"):
                raise FrontmatterError(
                    "indents with a tab; YAML indentation must use spaces",
                    number,
                    "replace each tab at the start of the line with spaces",
                )
    from . import safe_yaml  # here: a reader of descriptors only (a build's metadata step) needs no YAML

    try:
        value = safe_yaml.loads(yaml_text, first_line)
    except safe_yaml.YamlError as exc:
        from .yaml_hints import hint_for  # only a manifest that does not parse pays for it

        line = None if exc.line is None else _line_at(yaml_text, exc.line - first_line)
        raise FrontmatterError(exc.message, exc.line, hint_for(exc.message, line)) from None
    # the YAML text starts after the opening fence's line (split found a closing one, so
    # that line ends with a newline)
    return Document(value, body, text.index("\n") + 1)


def _line_at(text: str, index: int) -> Optional[str]:
    """Line ``index`` (0-based) of ``text``, found without copying the others (a hostile
    document can be a megabyte of lines)."""
    for number, match in enumerate(_LINES.finditer(text)):
        if number == index:
            return match.group()
    return None


def parse_bytes(data: bytes) -> Document:
    return parse_text(decode(data))


def yaml_offset(text: str) -> int:
    """Where the frontmatter's YAML starts in ``text``: just after the opening fence's line."""
    first = _LINES.match(text)
    return first.end() if first else 0


def body_line(text: str, body: str) -> int:
    """The file line of the body's first line that is not blank (the body is the tail of
    ``text``, verbatim)."""
    leading = len(body) - len(body.lstrip("\r\n"))
    return text.count("\n") - body.count("\n") + 1 + body[:leading].count("\n")
