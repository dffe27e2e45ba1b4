"""The backend a ``[tool.smart-tool] backend`` value names, or why the wrapper refuses it. Only a
project that sets the key loads this."""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

    Lookup = Callable[[str], Any]

_KEY = ("tool", "smart-tool", "backend")
_OBJECT_REFERENCE = re.compile(
    r"[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*(?::[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)?\Z"
)


def meant(value: str, table: Mapping[str, Any], by_module: Lookup, by_distribution: Lookup) -> Any:
    """The row of ``table`` a ``backend`` value that is not its PEP 517 module most likely means:
    its distribution name (``"flit-core"``), or a module above the one it names (``"flit_core"``,
    ``"poetry.core"``). None for a row's own module, and for what no row resembles."""
    text = value.strip()
    if by_module(text) is not None:
        return None
    row = by_distribution(text)
    if row is not None:
        return row
    return next((r for r in table.values() if r.module.startswith(text + ".")), None)


def chosen(
    value: Any, wrapper: str, table: Mapping[str, Any], by_module: Lookup, by_distribution: Lookup
) -> tuple[Any, ...]:
    """The :class:`.backends.Choice` (its fields) the ``[tool.smart-tool] backend`` value
    ``value`` makes, given the wrapper's module, the table and its lookups."""
    row = meant(value, table, by_module, by_distribution) if isinstance(value, str) else None
    named = isinstance(value, str) and _OBJECT_REFERENCE.match(value.strip()) is not None
    if row is None and named and value.strip().split(":", 1)[0] != wrapper:
        return value.strip(), "[tool.smart-tool] backend", None, _KEY, None
    from .backends_words import refused_value

    origin, problem, hint = refused_value(value, row, named)
    return None, origin, problem, _KEY, hint
