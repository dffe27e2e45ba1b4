"""Splitting a Markdown file into YAML frontmatter and a verbatim body (line endings kept):
manifests, skills, collections' profiles and agents. What fails is said by :mod:`.frontmatter_words`."""

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
    info: Optional[os.stat_result] = None
    problem: Optional[Exception] = None
    try:
        info = os.stat(path)
        if stat.S_ISREG(info.st_mode) and info.st_size <= limit:
            with open(path, "rb") as handle:
                data = handle.read(limit + 1)
            if len(data) <= limit:
                return data
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        problem = exc
    from .frontmatter_words import not_read, too_large

    why = not_read(info, problem, "is not a regular file")
    if why is not None:
        raise UnreadableFile(why)
    assert info is not None  # a regular file over the limit
    raise FrontmatterError(*too_large(info.st_size, limit))


def decode(data: bytes) -> str:
    """UTF-8 (a BOM tolerated), or a clear error naming the first bad byte's line."""
    if b"\x00" not in data:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            pass
        else:
            return text[1:] if text.startswith(_BOM) else text
    from .frontmatter_words import undecodable

    raise FrontmatterError(*undecodable(data))


def _is_fence(line: str) -> bool:
    return line.rstrip("\r\n").rstrip(" \t") == "---"


def split(text: str) -> tuple[str, str, int]:
    """Return (frontmatter text, body, the file line the frontmatter text starts on); the
    first line must be ``---``."""
    lines = _LINES.findall(text)
    if lines and _is_fence(lines[0]):
        for index in range(1, len(lines)):
            if _is_fence(lines[index]):
                yaml_text = "".join(lines[1:index])
                body = "".join(lines[index + 1 :])
                return yaml_text, body, 2
    from .frontmatter_words import unfenced

    raise FrontmatterError(*unfenced(lines, opened=bool(lines) and _is_fence(lines[0])))


def parse_text(text: str) -> Document:
    """Split and parse; YAML errors come back with file line numbers."""
    yaml_text, body, first_line = split(text)
    if "\t" in yaml_text:
        from .frontmatter_words import tab_indent

        problem = tab_indent(_LINES.findall(yaml_text), first_line)
        if problem is not None:
            raise FrontmatterError(*problem)
    from . import safe_yaml  # here: a reader of descriptors only (a build's metadata step) needs no YAML

    try:
        value = safe_yaml.loads(yaml_text, first_line)
    except safe_yaml.YamlError as exc:
        from .frontmatter_words import unparsed

        raise FrontmatterError(*unparsed(exc, yaml_text, first_line)) from None
    # the YAML text starts after the opening fence's line (split found a closing one, so
    # that line ends with a newline)
    return Document(value, body, text.index("\n") + 1)


def parse_bytes(data: bytes) -> Document:
    return parse_text(decode(data))


def body_line(text: str, body: str) -> int:
    """The file line of the body's first line that is not blank (the body is the tail of
    ``text``, verbatim)."""
    leading = len(body) - len(body.lstrip("\r\n"))
    return text.count("\n") - body.count("\n") + 1 + body[:leading].count("\n")
