"""Hardened YAML, the frontmatter reader of every check: the common shape by :mod:`.yaml_subset`
(no PyYAML), the rest by PyYAML hardened (:mod:`.yaml_events`). Values remember their lines and
spans (:class:`LineDict`, :class:`LineList`), so a diagnostic points at its line and quotes as written.
"""

from __future__ import annotations

from . import yaml_subset
from .yaml_values import MAX_DEPTH, MAX_NODES, LineDict, LineList, Span, YamlError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "MAX_DEPTH",
    "MAX_NODES",
    "LineDict",
    "LineList",
    "Span",
    "YamlError",
    "loads",
]


def loads(text: str, first_line: int = 1) -> Any:
    """One YAML document (None for none) as values with lines, counted from ``first_line`` (the
    file's line the text starts on) and spans into ``text``; :class:`YamlError` if not acceptable."""
    value = yaml_subset.read(text, first_line)
    if value is not yaml_subset.DECLINED:
        return value
    from . import yaml_events

    return yaml_events.loads(text, first_line)
