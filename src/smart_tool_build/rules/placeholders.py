"""Placeholders in a manifest's fields: required content that is not there yet.

A manifest that says ``TODO: ...`` where its use cases should be, or uv's template sentence
``Add your description here`` as its description, is valid YAML of the right types, so no
other rule sees it; yet a catalog or an agent reading it learns nothing. One rule for every
reader that judges a manifest before it ships: the root check (and so every build), ``inspect``
and ``catalog check``. It is not part of the manifest's validity (:mod:`.manifest`), so an
installed tool's accessor still reads such a manifest.

Only field values are judged, never the Markdown body (prose may speak of TODO lists), and a
value is a placeholder only when it is one as a whole: it starts with the marker ``TODO`` or
``TBD`` (``TODO: ...``, ``[TBD]``), is a bare template slot (``<description>``, ``{{ name }}``,
``...``), or is a project template's stock sentence. A value that mentions a TODO list is not.
"""

from __future__ import annotations

import re
from typing import Any, Optional

from ..diagnostics.diagnostic import Diagnostic, make
from ..parsing.safe_yaml import LineDict, LineList

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


#: what each field is for, said in the hint
_WHAT = {
    "description": "what the tool does, then when to reach for it",
    "use_cases": "one job someone wants done with the tool, one item a job",
    "name": "the tool's name",
    "purpose": "what the prerequisite is for, and what is unavailable without it",
    "install": "a relative path to a document, or a URL, that says how to install it",
}


def placeholder_kind(value: str) -> Optional[str]:
    """Why ``value`` is a placeholder ("a TODO marker", ...), or None when it is content.

    Each pattern is tried only when the value holds what it cannot match without: the
    markers' letters, a slot's brackets or dots, the stock sentences' last words (none of
    these letters has another case form the patterns' ``IGNORECASE`` would accept)."""
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
    """``manifest-placeholders`` for every field value (nested ones too) that is a
    placeholder, on its line; [] for a frontmatter that is not a mapping."""
    if not isinstance(frontmatter, LineDict):
        return []
    out: list[Diagnostic] = []
    _walk(frontmatter, "", "", path, out)
    return out


def _walk(container: Any, where: str, field: str, path: str, out: list[Diagnostic]) -> None:
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
            _walk(value, shown, name, path, out)
            continue
        kind = placeholder_kind(value) if isinstance(value, str) else None
        if kind is None:
            continue
        quoted = value if len(value) <= 60 else value[:57] + "..."
        what = _WHAT.get(name)
        hint = f"in its place, write {what}" if what else "write the real value in its place"
        out.append(
            make(
                "manifest-placeholders",
                path,
                container.line_of(key),
                f"`{shown}` holds {kind} where content belongs: {quoted!r}",
                hint,
            )
        )
