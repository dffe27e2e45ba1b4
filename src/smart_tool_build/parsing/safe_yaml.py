"""Hardened YAML: the frontmatter reader every check and the runtime accessor call.

:func:`loads` reads the common shape of a manifest itself (:mod:`smart_tool_build.parsing.yaml_subset`,
no PyYAML imported) and gives everything else to PyYAML's safe parser, hardened
(:mod:`smart_tool_build.parsing.yaml_events`), which refuses what ``safe_load`` lets through silently:

- duplicate keys, and keys that are not scalars;
- any explicit tag outside YAML's core schema (null, bool, int, float, str, seq, map);
- merge keys (``<<``);
- alias expansion beyond :data:`MAX_NODES` nodes, and nesting beyond :data:`MAX_DEPTH`.

Mappings come back as :class:`LineDict` and sequences as :class:`LineList`, which remember
the 1-based line of every key and item, so each diagnostic can point at its line, and the
span of every scalar value in the text, so a message can quote it as written (``1.10``, not
the float ``1.1``) and an edit can replace exactly it. Both readers build the same values.
"""

from __future__ import annotations

from . import yaml_subset
from .yaml_values import MAX_DEPTH, MAX_NODES, LineDict, LineList, Span, YamlError, to_plain

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any

__all__ = [
    "MAX_DEPTH",
    "MAX_NODES",
    "LineDict",
    "LineList",
    "Span",
    "YamlError",
    "events",
    "loads",
    "to_plain",
]


def loads(text: str, first_line: int = 1) -> Any:
    """Parse one YAML document (or none: returns None) into plain values with lines.

    Lines are counted as an editor counts them, starting at ``first_line`` (the line of the
    file the text starts on), so they can be reported as they are. Spans are offsets into
    ``text``. Raises :class:`YamlError` for what is not acceptable.
    """
    value = yaml_subset.read(text, first_line)
    if value is not yaml_subset.DECLINED:
        return value
    from . import yaml_events

    return yaml_events.loads(text, first_line)


def events(text: str) -> Iterator[Any]:
    """PyYAML's event stream of ``text``: for readers of where values stand
    (:mod:`smart_tool.authoring.yaml_source`). Call only on text that loads."""
    from . import yaml_events

    return yaml_events.events(text)
