"""The placeholders' patterns, compiled only for a value that holds a mark one of them needs."""

from __future__ import annotations

import re
from typing import Optional

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
#: the patterns, each compiled the first time a value could match it
_COMPILED: dict[str, re.Pattern[str]] = {}


def _pattern(source: str) -> re.Pattern[str]:
    found = _COMPILED.get(source)
    if found is None:
        flags = re.IGNORECASE if source in (_ANY_CASE, _TEMPLATE) else 0
        found = _COMPILED[source] = re.compile(source, flags)
    return found


def matched_kind(value: str, marker: bool, slot: bool, stock: bool) -> Optional[str]:
    """The kind of placeholder ``value`` is, trying only the patterns its marks allow: a TODO
    ``marker``, a template's ``slot``, a ``stock`` sentence."""
    if marker and (
        _pattern(_MARKER).match(value) or _pattern(_ANY_CASE).match(value) or _pattern(_LATER).search(value)
    ):
        return "a TODO/TBD marker"
    if slot and _pattern(_SLOT).match(value) and "://" not in value:
        return "a template's empty slot"
    if stock and _pattern(_TEMPLATE).match(value):
        return "a project template's stock sentence"
    return None
