"""Whether a YAML value is a placeholder (:mod:`.placeholders`): the test a skill's description
and a manifest's fields both take."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Optional


def placeholder_kind(value: str) -> Optional[str]:
    """Why ``value`` is a placeholder ("a TODO/TBD marker", ...), or None when it is content.
    The patterns load only for a value that holds what one of them cannot match without."""
    lowered = value.lower()
    marker = "todo" in lowered or "tbd" in lowered
    slot = "<" in value or "{" in value or "..." in value or "\u2026" in value
    stock = "here" in lowered or "pdm" in lowered
    if not (marker or slot or stock):
        return None
    from .placeholder_patterns import matched_kind

    return matched_kind(value, marker, slot, stock)
