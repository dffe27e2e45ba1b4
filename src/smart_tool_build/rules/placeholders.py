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
_MARKER = re.compile(r"""[\s\[(<{*_`'"]*(?:TODO|TBD)(?![A-Za-z0-9])\s*(?:\Z|[-:.!?)\]>}*_`'"\u2013\u2014])""")
#: the marker in any case before a colon: "todo: ..."
_ANY_CASE = re.compile(r"\s*(?:todo|tbd)\s*:", re.IGNORECASE)
#: a marker that opens a later sentence or line ("Counts lines. TODO: say more"); "finds
#: TODO: comments" is prose
_LATER = re.compile(r"(?:[.!?]\s+|\n\s*)(?:TODO|TBD)\s*:")
#: a value that is only a template's slot: "<description>", "{{ name }}", "${DESCRIPTION}", "..."
_SLOT = re.compile(r"\s*(?:<[^<>:]*>|\{\{[^{}]*\}\}|\{[^{}\s]*\}|\$\{[^{}]*\}|\.\.\.|\u2026)\s*\Z")
#: the stock sentences project templates write into a description ("Add your description here")
_TEMPLATE = re.compile(
    r"\s*(?:(?:add|insert|write|put)\s+)?(?:your|a|the)?\s*(?:short\s+)?(?:project\s+|package\s+)?"
    r"description(?:\s+goes)?\s+here[.!]?\s*\Z"
    r"|\s*default\s+template\s+for\s+pdm\s+package[.!]?\s*\Z",
    re.IGNORECASE,
)

#: what each field is for, said in the hint
_WHAT = {
    "description": "what the tool does, then when to reach for it",
    "use_cases": "one job someone wants done with the tool, one item a job",
    "name": "the tool's name",
    "purpose": "what the prerequisite is for, and what is unavailable without it",
    "install": "a relative path to a document, or a URL, that says how to install it",
}


def placeholder_kind(value: str) -> Optional[str]:
    """Why ``value`` is a placeholder ("a TODO marker", ...), or None when it is content."""
    if _MARKER.match(value) or _ANY_CASE.match(value) or _LATER.search(value):
        return "a TODO/TBD marker"
    if _SLOT.match(value) and "://" not in value:
        return "a template's empty slot"
    if _TEMPLATE.match(value):
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
