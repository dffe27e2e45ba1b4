"""The line a finding about a TOML key path points at, found as :mod:`.lines` finds a key's:
only a finding needs it."""

from __future__ import annotations

from .lines import key_line

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Optional


def toml_line(text: Optional[str], keys: Sequence[str]) -> Optional[int]:
    """The line of the key path ``keys``: its own table header, its ``key =`` line in the
    nearest enclosing table, or that table's header; None if none is found."""
    if not text or not keys:
        return None
    line = key_line(text, ".".join(keys))
    if line is not None:
        return line
    for cut in range(len(keys) - 1, 0, -1):
        line = key_line(text, ".".join(keys[:cut]), keys[cut])
        if line is not None:
            return line
    return None
