"""One JSON document read by the C scanner :mod:`json` itself uses, without importing
:mod:`json` (it imports :mod:`re` and the encoder, which cost a smart tool's ``--help`` more
than the read). The strict reader (:mod:`.strict_json`) and the projection's reader
(``runtime.projection.loads_json``) both scan with it, each with its own options; what it
cannot read, they hand to :func:`json.loads`, which says what is wrong and where.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

#: json's whitespace
BLANK = " \t\n\r"


def scan(text: str, options: Any) -> tuple[bool, Any]:
    """``(True, value)`` when the C scanner reads ``text`` as exactly one JSON document with
    ``options`` (an object with a decoder's attributes: ``strict``, ``object_hook``,
    ``object_pairs_hook``, ``parse_float``, ``parse_int``, ``parse_constant``), else
    ``(False, None)``: no scanner on this interpreter, or something for ``json.loads`` to
    explain."""
    try:
        from _json import make_scanner
    except ImportError:  # pragma: no cover - an interpreter without the accelerator
        return False, None
    start = len(text) - len(text.lstrip(BLANK))
    try:
        value, end = make_scanner(options)(text, start)
    except (StopIteration, ValueError, RecursionError):
        return False, None
    if text[end:].strip(BLANK):
        return False, None
    return True, value
