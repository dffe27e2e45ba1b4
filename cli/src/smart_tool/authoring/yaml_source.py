"""YAML scalars in their source text: where each one stands (from the parser's events, never
from a search over the text), and how to write a string so that YAML reads it back as that string.

What ``smart-tool fix`` needs to change one value and leave every other character alone.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Optional, Union

import yaml

from smart_tool_build.parsing import safe_yaml, yaml_events

#: a value's place in the document: mapping keys and sequence indexes, from the top
ValuePath = tuple[Union[str, int], ...]


class ScalarSource(NamedTuple):
    """One scalar as written: its span in the parsed text (character offsets) and its style."""

    start: int
    end: int
    #: "" plain, "'" single-quoted, '"' double-quoted, "|" literal, ">" folded
    style: str


class _Frame:
    __slots__ = ("has_key", "index", "is_mapping", "key", "path")

    def __init__(self, path: Optional[ValuePath], is_mapping: bool) -> None:
        self.path = path  # None: a place that cannot be named (under an alias's key, say)
        self.is_mapping = is_mapping
        self.has_key = False
        self.key: Optional[str] = None
        self.index = 0

    def child(self) -> Optional[ValuePath]:
        if self.path is None:
            return None
        if self.is_mapping:
            return None if self.key is None else (*self.path, self.key)
        return (*self.path, self.index)

    def advance(self) -> None:
        if self.is_mapping:
            self.has_key, self.key = False, None
        else:
            self.index += 1


_NODE_START = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_NODE_END = (yaml.MappingEndEvent, yaml.SequenceEndEvent)


def scalar_sources(text: str) -> dict[ValuePath, ScalarSource]:
    """Every scalar *value* of one YAML document (keys are not values), by its path; one
    with an anchor or an explicit tag is left out.

    The document must already have passed :func:`safe_yaml.loads` (which refuses what this
    pass does not expect: keys that are not scalars, more than one document); this pass
    only records places.
    """
    found: dict[ValuePath, ScalarSource] = {}
    stack: list[_Frame] = []
    for event in yaml_events.events(text):
        top = stack[-1] if stack else None
        if isinstance(event, _NODE_END):
            stack.pop()
            if stack:
                stack[-1].advance()
            continue
        if not isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent, *_NODE_START)):
            continue  # stream and document events
        if top is not None and top.is_mapping and not top.has_key:
            top.has_key = True
            top.key = event.value if isinstance(event, yaml.ScalarEvent) else None
            continue
        path = () if top is None else top.child()
        if isinstance(event, _NODE_START):
            stack.append(_Frame(path, isinstance(event, yaml.MappingStartEvent)))
            continue
        if isinstance(event, yaml.ScalarEvent) and path is not None and not (event.anchor or event.tag):
            # (an anchored or tagged scalar is more than its value: not a place to edit)
            start, end = getattr(event.start_mark, "index", 0), getattr(event.end_mark, "index", 0)
            found[path] = ScalarSource(start, end, event.style or "")
        if top is not None:
            top.advance()
    return found


def render_string(value: str, style: str = "") -> Optional[str]:
    """``value`` as a YAML scalar that reads back as the string ``value``, in ``style`` where
    it can be (plain when plain reads back as the same string, else the quotes asked for,
    else double quotes); None for a value that cannot sit on one line."""
    if any(c in value for c in "\n\r\x85\u2028\u2029"):
        return None
    candidates = []
    if style == "" and _plain_is_string(value):
        candidates.append(value)
    if style == "'" and all(c.isprintable() for c in value):
        candidates.append("'" + value.replace("'", "''") + "'")
    candidates.append(_double_quoted(value))
    for candidate in candidates:
        if _reads_back(candidate, value):
            return candidate
    return None


def _plain_is_string(value: str) -> bool:
    """Whether every YAML 1.1 reader (PyYAML's ``safe_load`` too, which makes dates of
    ``2024-01-01``) reads ``value`` written plain as a string."""
    resolver: Any = yaml.SafeLoader  # its implicit resolvers are class data: no instance needed
    return bool(resolver.resolve(resolver, yaml.ScalarNode, value, (True, False)) == "tag:yaml.org,2002:str")


def _double_quoted(value: str) -> str:
    out = ['"']
    for char in value:
        if char in ('"', "\\"):
            out.append("\\" + char)
        elif char.isprintable() and char != "\ufeff":
            out.append(char)
        elif ord(char) <= 0xFFFF:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(f"\\U{ord(char):08x}")
    out.append('"')
    return "".join(out)


def _reads_back(scalar: str, value: str) -> bool:
    for document in (f"k: {scalar}\n", f"k: [{scalar}]\n"):
        try:
            loaded = safe_yaml.loads(document)
        except safe_yaml.YamlError:
            return False
        got = loaded.get("k") if isinstance(loaded, dict) else None
        if isinstance(got, list):
            got = got[0] if len(got) == 1 else None
        if not (isinstance(got, str) and got == value):
            return False
    return True
