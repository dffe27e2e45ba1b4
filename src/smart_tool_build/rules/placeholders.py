"""Placeholders in a manifest's fields (``TODO: ...``, ``<description>``, a template's stock
sentence): valid YAML that says nothing. Only a whole field value counts, and it is no part of
the manifest's validity, so an installed tool still reads such a manifest."""

from __future__ import annotations

from typing import Any

from ..parsing.safe_yaml import LineDict, LineList
from .values import placeholder_kind

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..diagnostics.diagnostic import Diagnostic


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
