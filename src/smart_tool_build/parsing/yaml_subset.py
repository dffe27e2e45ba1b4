"""The common shape of frontmatter, read without PyYAML (whose import costs ~10 ms a process).

Block mappings and sequences of one-line scalars, and folded or literal blocks; everything else
is *declined* to PyYAML (:mod:`.safe_yaml`). A property test keeps the reading equal to PyYAML's
(values, types, lines, spans). Nothing here raises on any text.
"""

from __future__ import annotations

import re

from .yaml_values import MAX_DEPTH, MAX_NODES, LineDict, LineList

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Optional

    from .yaml_values import Span

#: what :func:`read` returns for text outside the subset
DECLINED: Any = object()

#: longer frontmatter is PyYAML's: the subset holds the text split into lines, a second copy,
#: and the largest of the corpus is 6 KiB (a 1 MiB frontmatter would cost a MiB more)
MAX_CHARACTERS = 64 * 1024

_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*):(?: +|$)")
_DOUBLE = re.compile(r'"([^"\\]*)"')
_SINGLE = re.compile(r"'((?:[^']|'')*)'")
# YAML's indicators, and the first characters of PyYAML's implicit int, float, merge and
# value resolvers: a plain scalar starting with one is PyYAML's to read
_NOT_FIRST = frozenset("-?:,[]{}#&*!|>'\"%@`+.<=")
_WORDS: dict[str, Any] = {
    **{word: True for word in ("yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON")},
    **{word: False for word in ("no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF")},
    **{word: None for word in ("~", "null", "Null", "NULL")},
}
_BLOCK_HEADERS = frozenset(("|", "|-", "|+", ">", ">-", ">+"))


class _Declined(Exception):
    """Raised inside the reader; never leaves :func:`read`."""


def read(text: str, first_line: int = 1) -> Any:
    """The value of ``text`` (None for an empty document), as
    :func:`smart_tool_build.parsing.yaml_events.loads` would build it, or :data:`DECLINED`."""
    # Python's printable characters are a subset of YAML's that leaves out the line breaks
    # YAML counts and an editor does not (CR, NEL, LS, PS), tabs, controls, surrogates, the
    # byte-order mark, non-characters (and some that YAML allows, such as a no-break space)
    if len(text) > MAX_CHARACTERS or not text.replace("\n", " ").isprintable():
        return DECLINED
    try:
        return _Reader(text, first_line).document()
    except _Declined:
        return DECLINED


def _plain(text: str) -> Any:
    """A one-line plain scalar's value, where the subset can be sure of its type."""
    first = text[0]
    if first in _NOT_FIRST or ": " in text or text.endswith(":"):
        raise _Declined
    if "0" <= first <= "9":
        if text.isascii() and text.isdigit() and (first != "0" or text == "0") and len(text) < 19:
            return int(text)  # a decimal int (017 would be octal; a longer one is PyYAML's)
        if not _dotted(text):
            raise _Declined
        return text
    return _WORDS.get(text, text)


def _dotted(text: str) -> bool:
    """Digits, a dot, digits, a dot, and no colon: no int, float or timestamp of YAML 1.1 is
    written so (a version such as 0.11.1 is a string)."""
    if ":" in text:
        return False
    parts = text.split(".", 2)
    return (
        len(parts) == 3
        and all(not part.strip("0123456789_") for part in parts[:2])
        and parts[0][:1].isdigit()
    )


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _sequence_entry(line: str, column: int) -> bool:
    return line.startswith("- ", column) or (len(line) == column + 1 and line.endswith("-"))


class _Reader:
    """One document's lines, read top-down; each method returns the index of the line after
    what it read (None at the end of the text)."""

    def __init__(self, text: str, first_line: int) -> None:
        self.text = text
        self.lines = text.split("\n")
        #: the last element is the text after the last line break: not a line when empty
        self.last = len(self.lines) - 1
        self.starts: list[int] = []
        position = 0
        for line in self.lines:
            self.starts.append(position)
            position += len(line) + 1
        self.first_line = first_line
        self.nodes = 0

    def count(self) -> None:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _Declined

    def next_content(self, index: int) -> Optional[int]:
        """The first line from ``index`` that is neither blank nor a comment."""
        while index <= self.last:
            stripped = self.lines[index].lstrip(" ")
            if stripped and stripped[0] != "#":
                return index
            index += 1
        return None

    def document(self) -> Any:
        index = self.next_content(0)
        if index is None:
            return None
        value, after = self.block(index, _indent(self.lines[index]), 0)
        if after is not None:
            raise _Declined  # something after the root collection
        return value

    def block(self, index: int, column: int, depth: int) -> tuple[Any, Optional[int]]:
        if depth >= MAX_DEPTH:
            raise _Declined
        if _sequence_entry(self.lines[index], column):
            return self.sequence(index, column, depth + 1)
        return self.mapping(index, column, depth + 1)

    def mapping(self, index: int, column: int, depth: int) -> tuple[LineDict, Optional[int]]:
        """A block mapping whose first key is at ``column`` of line ``index`` (which may follow
        a sequence entry's dash); every later key is indented to that column."""
        self.count()
        mapping = LineDict(self.first_line + index, self.text)
        at: Optional[int] = index
        while at is not None:
            line = self.lines[at]
            if at != index:
                indent = _indent(line)
                if indent < column:
                    break
                if indent > column:
                    raise _Declined
            match = _KEY.match(line, column)
            if match is None:
                raise _Declined
            key = _plain(match.group(1))
            if key in mapping:
                raise _Declined  # a duplicate: PyYAML says so
            self.count()
            key_line = self.first_line + at
            value, span, at = self.value(at, match.end(), column, depth)
            mapping[key] = value
            mapping.key_lines[key] = key_line
            if span is not None:
                mapping.value_spans[key] = span
        return mapping, at

    def sequence(self, index: int, column: int, depth: int) -> tuple[LineList, Optional[int]]:
        self.count()
        sequence = LineList(self.first_line + index)
        at: Optional[int] = index
        while at is not None:
            line = self.lines[at]
            indent = _indent(line)
            if indent < column:
                break
            if indent > column:
                raise _Declined
            if not line.startswith("- ", column):
                break  # a key at this column: the enclosing mapping's, or not YAML
            start = column + 2
            while start < len(line) and line[start] == " ":
                start += 1
            if start == len(line):
                raise _Declined
            item_line = self.first_line + at
            value: Any
            if _KEY.match(line, start):
                if depth >= MAX_DEPTH:
                    raise _Declined
                value, at = self.mapping(at, start, depth + 1)
            elif line[start] in "|>":
                value, _, at = self.block_scalar(at, start, column)
            else:
                value, _, at = self.scalar(at, start, column)
            sequence.append(value)
            sequence.item_lines.append(item_line)
        return sequence, at

    def value(
        self, index: int, start: int, column: int, depth: int
    ) -> tuple[Any, Optional[Span], Optional[int]]:
        """The value after a key at ``column``: on its line from ``start``, or a nested block."""
        line = self.lines[index]
        if start < len(line):
            if line[start] in "|>":
                return self.block_scalar(index, start, column)
            return self.scalar(index, start, column)
        after = self.next_content(index + 1)
        if after is None:
            raise _Declined  # a null value
        nested = self.lines[after]
        indent = _indent(nested)
        if indent > column or (indent == column and _sequence_entry(nested, indent)):
            value, at = self.block(after, indent, depth)
            return value, None, at
        raise _Declined

    def scalar(self, index: int, start: int, column: int) -> tuple[Any, Span, Optional[int]]:
        """A one-line scalar from ``start`` of line ``index``, in a collection at ``column``."""
        line = self.lines[index]
        rest = line[start:]
        if rest[0] == '"' or rest[0] == "'":
            match = (_DOUBLE if rest[0] == '"' else _SINGLE).match(rest)
            if match is None:
                raise _Declined
            tail = rest[match.end() :]
            if tail.strip(" ") and not (tail[0] == " " and tail.lstrip(" ")[0] == "#"):
                raise _Declined  # only spaces and a comment may follow the closing quote
            value: Any = match.group(1)
            if rest[0] == "'":
                value = value.replace("''", "'")
            length = match.end()
        else:
            cut = rest.find(" #")
            written = (rest if cut < 0 else rest[:cut]).rstrip(" ")
            value = _plain(written)
            length = len(written)
        self.count()
        # the next line that is not blank must not be indented past the collection: it would
        # continue this scalar (or be an error)
        after = index + 1
        while after <= self.last:
            following = self.lines[after]
            stripped = following.lstrip(" ")
            if stripped:
                if len(following) - len(stripped) > column:
                    raise _Declined
                if stripped[0] != "#":
                    break
            after += 1
        begin = self.starts[index] + start
        return value, (begin, begin + length), (after if after <= self.last else None)

    def block_scalar(self, index: int, start: int, column: int) -> tuple[str, Span, Optional[int]]:
        """A literal (``|``) or folded (``>``) scalar with no blank first line, no line of
        spaces, and (folded) no line indented past the first."""
        header = self.lines[index][start:].rstrip(" ")
        if header not in _BLOCK_HEADERS:
            raise _Declined
        folded, chomping = header[0] == ">", header[1:]
        at = index + 1
        if at > self.last or not self.lines[at].strip(" "):
            raise _Declined
        indent = _indent(self.lines[at])
        if indent <= column:
            raise _Declined  # an empty scalar
        chunks: list[str] = []
        breaks = 0
        last_content = at
        while at <= self.last:
            line = self.lines[at]
            if not line:
                if at == self.last:
                    break  # the end of the text, not a line
                breaks += 1
                at += 1
                continue
            spaces = _indent(line)
            if spaces == len(line):
                raise _Declined
            if spaces < indent:
                break
            if spaces > indent and folded:
                raise _Declined
            if chunks:
                chunks.append(("\n" * breaks if breaks else " ") if folded else "\n" * (breaks + 1))
            chunks.append(line[indent:])
            breaks = 0
            last_content = at
            at += 1
        self.count()
        line_break = "\n" if last_content < self.last else ""
        value = "".join(chunks)
        if chomping != "-":
            value += line_break
        if chomping == "+":
            value += "\n" * breaks
        if at <= self.last and self.lines[at]:
            spaces = _indent(self.lines[at])
            if spaces > column:
                raise _Declined
            end = self.starts[at]  # where PyYAML ends it: after the last line break it read
            after = self.next_content(at)
        else:
            end, after = len(self.text), None
        return value, (self.starts[index] + start, end), after
