"""Placeholders in a manifest's fields (``TODO: ...``, ``<description>``, a template's stock
sentence): valid YAML that says nothing. Only a whole field value counts, and it is no part of
the manifest's validity, so an installed tool still reads such a manifest."""

from __future__ import annotations

import re
from typing import Any, Optional

from ..parsing.safe_yaml import LineDict, LineList

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..diagnostics.diagnostic import Diagnostic

#: a marker at the start of the value, standing alone: "TODO", "TODO: ...", "[TBD]", "TBD - ..."
_MARKER = r"""[\s\[(<{*_`'"]*(?:TODO|TBD)(?![A-Za-z0-9])\s*(?:\Z|[-:.!?)\]>}*_`'"\u2013\u2014])"""
#: the marker in any case before a colon: "todo: ..."
_ANY_CASE = r"\s*(?:todo|tbd)\s*:"
#: a marker that opens a later sentence or line ("Counts lines. TODO: say more"); "finds
#: TODO: comments" is prose
_LATER = r"(?:[.!?]\s+|\n\s*)(?:TODO|TBD)\s*:"
#: a value that is only a template's slot: "<description>", "{{ name }}", "${DESCRIPTION}", "..."
_SLOT = r"\s*(?:<[^<>:]*>|\{\{[^{}]*\}\}|\{[^{}\s]*\}|\$\{[^{}]*\}|\.\.\.|\u2026)\s*\Z"
#: the stock sentences project templates write into a description ("Add your description here")
_TEMPLATE = (
    r"\s*(?:(?:add|insert|write|put)\s+)?(?:your|a|the)?\s*(?:short\s+)?(?:project\s+|package\s+)?"
    r"description(?:\s+goes)?\s+here[.!]?\s*\Z"
    r"|\s*default\s+template\s+for\s+pdm\s+package[.!]?\s*\Z"
)
#: the patterns, compiled the first time a value could match one: most values hold none of
#: the words or marks each needs (see :func:`placeholder_kind`), and every build process
#: would otherwise compile all five at import
_COMPILED: dict[str, re.Pattern[str]] = {}


def _pattern(source: str) -> re.Pattern[str]:
    found = _COMPILED.get(source)
    if found is None:
        flags = re.IGNORECASE if source in (_ANY_CASE, _TEMPLATE) else 0
        found = _COMPILED[source] = re.compile(source, flags)
    return found


def placeholder_kind(value: str) -> Optional[str]:
    """Why ``value`` is a placeholder ("a TODO/TBD marker", ...), or None when it is content.
    Each pattern is tried only when the value holds what it cannot match without."""
    lowered = value.lower()
    if ("todo" in lowered or "tbd" in lowered) and (
        _pattern(_MARKER).match(value) or _pattern(_ANY_CASE).match(value) or _pattern(_LATER).search(value)
    ):
        return "a TODO/TBD marker"
    slot_marks = "<" in value or "{" in value or "..." in value or "\u2026" in value
    if slot_marks and _pattern(_SLOT).match(value) and "://" not in value:
        return "a template's empty slot"
    if ("here" in lowered or "pdm" in lowered) and _pattern(_TEMPLATE).match(value):
        return "a project template's stock sentence"
    return None


def placeholder_rule(frontmatter: Any, path: str) -> list[Diagnostic]:
    """``manifest-placeholders`` for every field value (nested ones too) that is a placeholder,
    on its line; its words (:mod:`.placeholders_words`) load only for a finding."""
    if not isinstance(frontmatter, LineDict):
        return []
    found: list[tuple[Any, ...]] = []
    _walk(frontmatter, "", "", found)
    if not found:
        return []
    from .placeholders_words import findings

    return findings(found, path)


def _walk(container: Any, where: str, field: str, found: list[tuple[Any, ...]]) -> None:
    """Notes (line, kind, where, field, value) for each placeholder value below ``container``."""
    if isinstance(container, LineDict):
        entries: list[tuple[Any, Any, str, str]] = [
            (key, value, f"{where}.{key}" if where else str(key), str(key))
            for key, value in container.items()
        ]
    elif isinstance(container, LineList):
        entries = [(index, value, f"{where}[{index}]", field) for index, value in enumerate(container)]
    else:  # pragma: no cover - only containers are walked
        return
    for key, value, shown, name in entries:
        if isinstance(value, (LineDict, LineList)):
            _walk(value, shown, name, found)
            continue
        kind = placeholder_kind(value) if isinstance(value, str) else None
        if kind is not None:
            found.append((container.line_of(key), kind, shown, name, value))
