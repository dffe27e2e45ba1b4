"""The general reader: PyYAML's safe parser, with what it lets through silently refused.

PyYAML's ``safe_load`` keeps the last of two duplicate keys, expands aliases without bound
(a "billion laughs" document eats memory), accepts tags such as ``!!binary`` or
``!!timestamp`` and forgets every line number. This module builds values from PyYAML's
*event stream* (an iterative parser, so deep nesting cannot exhaust the stack) and refuses:

- duplicate keys, and keys that are not scalars;
- any explicit tag outside YAML's core schema (null, bool, int, float, str, seq, map);
- merge keys (``<<``);
- alias expansion beyond :data:`MAX_NODES` nodes, and nesting beyond :data:`MAX_DEPTH`.

It is imported only for what :mod:`smart_tool_build.parsing.yaml_subset` declines to read
(importing PyYAML costs more than a build's checks), through :mod:`smart_tool_build.parsing.safe_yaml`.
"""

from __future__ import annotations

import bisect
import re

import yaml

from .yaml_values import MAX_DEPTH, MAX_NODES, LineDict, LineList, Span, YamlError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any, Callable, Optional, Union


try:  # the C parser where available: same events, far faster
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]


_CORE = "tag:yaml.org,2002:"
_ALLOWED_TAGS = {_CORE + t for t in ("null", "bool", "int", "float", "str", "seq", "map")}
_IMPLICIT_SAFE = _ALLOWED_TAGS  # plain scalars PyYAML resolves to anything else stay strings


if TYPE_CHECKING:
    Container = Union[LineDict, LineList]


class _Frame:
    """A mapping or sequence being built, with its pending key."""

    __slots__ = ("anchor", "has_key", "key", "key_line", "size", "value")

    def __init__(self, value: Container, anchor: Optional[str]) -> None:
        self.value = value
        self.anchor = anchor
        self.key: Any = None
        self.key_line = 0
        self.has_key = False
        self.size = 1


if TYPE_CHECKING:
    LineOf = Callable[[Any], int]
# line breaks YAML counts but an editor (and a diagnostic's reader) does not: a lone CR, NEL,
# and the Unicode line/paragraph separators
_ODD_BREAKS = re.compile("\r(?!\n)|[\x85\u2028\u2029]")


def _line_mapper(text: str, first_line: int) -> LineOf:
    """A function from a PyYAML mark to the line an editor shows (lines end at \\n)."""
    if not _ODD_BREAKS.search(text):
        return lambda mark: int(mark.line) + first_line
    newlines = [match.start() for match in re.finditer("\n", text)]
    return lambda mark: bisect.bisect_left(newlines, mark.index) + first_line


def _check_tag(event: Any, line_of: LineOf) -> None:
    tag = getattr(event, "tag", None)
    if tag is None or tag in ("!", "?"):
        return
    if tag not in _ALLOWED_TAGS:
        raise YamlError(
            f"tag {tag!r} is not allowed: only YAML's core schema (str, int, float, bool, "
            "null, seq, map) is accepted",
            line_of(event.start_mark),
        )


_STR = _CORE + "str"


#: what a plain scalar's text resolves to and builds (the resolver is a pure function of the
#: text: keys and common values repeat across every manifest of a recursive check)
_PLAIN: dict[str, tuple[str, Any]] = {}
_PLAIN_LIMIT = 4096


def _scalar(loader: Any, event: Any, line_of: LineOf) -> Any:
    """Construct a scalar with PyYAML's own resolver, limited to the core schema."""
    if event.tag not in (None, "!"):
        tag = event.tag
    elif not event.implicit[0]:  # quoted or block scalar: always a string
        return event.value
    else:
        known = _PLAIN.get(event.value)
        if known is not None:
            return known[1]
        tag = loader.resolve(yaml.ScalarNode, event.value, event.implicit)
        if tag in (_STR, _CORE + "null", _CORE + "bool", _CORE + "int", _CORE + "float"):
            value = _construct(loader, event, tag, line_of)
            if len(_PLAIN) >= _PLAIN_LIMIT:
                _PLAIN.clear()
            _PLAIN[event.value] = (tag, value)
            return value
    return _construct(loader, event, tag, line_of)


def _construct(loader: Any, event: Any, tag: str, line_of: LineOf) -> Any:
    if tag == _STR:
        return event.value
    if tag == _CORE + "merge":
        raise YamlError("merge keys (<<) are not supported", line_of(event.start_mark))
    if tag not in _IMPLICIT_SAFE:
        # e.g. an unquoted date: keep the text rather than build a datetime
        return event.value
    node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
    try:
        return loader.yaml_constructors[tag](loader, node)
    except (yaml.YAMLError, ValueError) as exc:
        raise YamlError(f"cannot read scalar {event.value!r}: {exc}", line_of(event.start_mark)) from None


def loads(text: str, first_line: int = 1) -> Any:
    """Parse one YAML document (or none: returns None) into plain values with lines.

    Lines are counted as an editor counts them, starting at ``first_line`` (the line of the
    file the text starts on), so they can be reported as they are. Spans are offsets into
    ``text``.
    """
    line_of = _line_mapper(text, first_line)
    loader = _Loader(text)
    try:
        return _build(loader, line_of, text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = line_of(mark) if mark is not None else None
        problem = exc.problem or str(exc)
        if exc.context:
            problem = f"{exc.context}, {problem}"
        raise YamlError(f"invalid YAML: {problem}", line) from None
    except yaml.YAMLError as exc:
        raise YamlError(f"invalid YAML: {exc}") from None
    except RecursionError:  # pragma: no cover - the depth bound comes first
        raise YamlError(f"nesting deeper than {MAX_DEPTH} levels") from None
    finally:
        loader.dispose()


def events(text: str) -> Iterator[Any]:
    """PyYAML's event stream of ``text``, from the parser :func:`loads` uses: for readers of
    where values stand (:mod:`smart_tool.authoring.yaml_source`). Call only on text that loads."""
    loader = _Loader(text)
    try:
        while True:
            event = loader.get_event()
            if event is None:
                return
            yield event
    finally:
        loader.dispose()


def _build(loader: Any, line_of: LineOf, text: str) -> Any:
    stack: list[_Frame] = []
    anchors: dict[str, tuple[Any, int]] = {}
    nodes = 0
    root: Any = None
    documents = 0

    def attach(value: Any, size: int, line: int, span: Optional[Span] = None) -> None:
        nonlocal root
        if not stack:
            root = value
            return
        frame = stack[-1]
        frame.size += size
        container = frame.value
        if isinstance(container, LineList):
            container.append(value)
            container.item_lines.append(line)
        elif not frame.has_key:
            if isinstance(value, (LineDict, LineList)):
                raise YamlError("keys must be scalars, not mappings or sequences", line)
            try:
                hash(value)
            except TypeError:  # pragma: no cover - scalars are hashable
                raise YamlError("keys must be scalars", line) from None
            if value in container:
                raise YamlError(f"duplicate key {value!r}, first on line {container.line_of(value)}", line)
            frame.key, frame.key_line, frame.has_key = value, line, True
        else:
            container[frame.key] = value
            container.key_lines[frame.key] = frame.key_line
            if span is not None:
                container.value_spans[frame.key] = span
            frame.has_key = False

    scalar_event, alias_event = yaml.ScalarEvent, yaml.AliasEvent
    while True:
        event = loader.get_event()
        kind = type(event)
        if kind is scalar_event:  # the common case first, without isinstance chains
            if event.tag is not None:
                _check_tag(event, line_of)
            nodes += 1
            if nodes > MAX_NODES:
                raise YamlError(f"more than {MAX_NODES} nodes", line_of(event.start_mark))
            value = _scalar(loader, event, line_of)
            if event.anchor:
                anchors[event.anchor] = (value, 1)
            attach(value, 1, line_of(event.start_mark), (event.start_mark.index, event.end_mark.index))
            continue
        if kind is yaml.StreamEndEvent or event is None:
            break
        if kind is yaml.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise YamlError("more than one YAML document", line_of(event.start_mark))
            continue
        if kind in (yaml.StreamStartEvent, yaml.DocumentEndEvent):
            continue
        _check_tag(event, line_of)
        if kind is alias_event:
            if event.anchor not in anchors:
                raise YamlError(f"unknown alias *{event.anchor}", line_of(event.start_mark))
            value, size = anchors[event.anchor]
            nodes += size
            if nodes > MAX_NODES:
                raise YamlError(
                    f"alias expansion exceeds {MAX_NODES} nodes, an alias bomb", line_of(event.start_mark)
                )
            attach(value, size, line_of(event.start_mark))
        elif isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            nodes += 1
            if len(stack) >= MAX_DEPTH:
                raise YamlError(f"nesting deeper than {MAX_DEPTH} levels", line_of(event.start_mark))
            container: Container = (
                LineDict(line_of(event.start_mark), text)
                if isinstance(event, yaml.MappingStartEvent)
                else LineList(line_of(event.start_mark))
            )
            stack.append(_Frame(container, event.anchor))
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            frame = stack.pop()
            if frame.anchor:
                anchors[frame.anchor] = (frame.value, frame.size)
            attach(frame.value, frame.size, frame.value.line)
    return root
