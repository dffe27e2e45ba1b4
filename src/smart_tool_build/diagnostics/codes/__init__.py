"""The table of stable diagnostic codes, one module per family of rules.

Codes are stable: once published, a code keeps its meaning. The table of codes in docs/codes.md is
generated from :data:`CODES` and a test keeps the two in step; another keeps :data:`CodeId`
(the type every ``make(...)`` call is checked against) equal to the table.
"""

from __future__ import annotations

from typing import Optional, cast

from . import artifact, catalog, collection, mcp, runtime, skills, source
from .base import Code, Severity
from .ids import CodeId

#: Every code the tool can emit, by id. Order is the order of docs/codes.md.
_FAMILIES = (
    source.CODES,
    collection.CODES,
    skills.CODES,
    mcp.CODES,
    artifact.CODES,
    runtime.CODES,
    catalog.CODES,
)
CODES: dict[str, Code] = {c.id: c for family in _FAMILIES for c in family}

#: former spellings of renamed codes, still accepted where a user names a code (``ignore``)
ALIASES: dict[str, CodeId] = {"manifest-field-shape": "manifest-field-shapes"}


def resolve(name: str) -> Optional[CodeId]:
    """The code a user means by ``name`` (a code or a former spelling), or None."""
    if name in CODES:
        return cast(CodeId, name)
    return ALIASES.get(name)


__all__ = ["ALIASES", "CODES", "Code", "CodeId", "Severity", "resolve"]
