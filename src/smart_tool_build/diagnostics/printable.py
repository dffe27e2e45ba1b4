"""The one escape of every line a renderer prints: a name in a finding can neither start a
line nor disguise one."""

from __future__ import annotations

#: what :func:`printable` escapes: C0 and C1 controls, DEL, the line and paragraph separators
#: (U+2028, U+2029), and the bidirectional embeddings, overrides and isolates, which reorder
#: what a terminal shows; a name in a finding can neither start a line nor disguise one
_UNPRINTABLE: dict[int, str] = {}


def printable(text: str) -> str:
    """``text`` with every character that could break or disguise a line (a newline in a
    member's, folder's or entry's name) as a visible escape (``\\n``, ``\\x1b``, ``\\u2028``):
    the one escape of every line a renderer prints. Other text is returned as it is."""
    if text.isprintable():
        return text
    if not _UNPRINTABLE:
        special = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
        for code in [
            *range(0x20),
            *range(0x7F, 0xA0),
            0x2028,
            0x2029,
            *range(0x202A, 0x202F),
            *range(0x2066, 0x206A),
        ]:
            _UNPRINTABLE[code] = special.get(chr(code)) or (
                f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
            )
    return text.translate(_UNPRINTABLE)
