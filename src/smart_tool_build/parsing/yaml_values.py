"""The values a frontmatter reading builds, mappings and sequences that remember lines: apart
from both readers (:mod:`.yaml_subset`, :mod:`.yaml_events`), which build them, and importing nothing."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Optional

MAX_DEPTH = 64
MAX_NODES = 10_000


class YamlError(ValueError):
    """The document is not acceptable; ``line`` is 1-based within the parsed text."""

    def __init__(self, message: str, line: Optional[int] = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


#: (start, end) character offsets of a scalar in the text given to :func:`loads`
Span = tuple[int, int]


class LineDict(dict):  # type: ignore[type-arg]
    """A mapping that remembers the line of each key, and where each scalar value is written."""

    def __init__(self, line: int, source: str = "") -> None:
        super().__init__()
        self.line = line
        self.key_lines: dict[Any, int] = {}
        #: the span of each scalar value (quotes included) in :attr:`source`
        self.value_spans: dict[Any, Span] = {}
        #: the YAML text parsed (shared by every container of one document, never copied)
        self.source = source

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line)

    def text_of(self, key: Any) -> Optional[str]:
        """The value of ``key`` as written (a scalar's source text), or None."""
        span = self.value_spans.get(key)
        return None if span is None else self.source[span[0] : span[1]]


class LineList(list):  # type: ignore[type-arg]
    """A sequence that remembers the line of each item."""

    def __init__(self, line: int) -> None:
        super().__init__()
        self.line = line
        self.item_lines: list[int] = []

    def line_of(self, index: int) -> int:
        if 0 <= index < len(self.item_lines):
            return self.item_lines[index]
        return self.line
