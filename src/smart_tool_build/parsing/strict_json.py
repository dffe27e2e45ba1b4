"""Strict JSON: duplicate keys and NaN/Infinity refused (a document that says two things at
once is read one way here and another by the next reader), every error with its line. A valid
document is read by :func:`.json_scan.scan`, without :mod:`json` (an editable ``--help`` reads here)."""

from __future__ import annotations

from .json_scan import scan
from .lines import json_key_lines

TYPE_CHECKING = False
if TYPE_CHECKING:
    import json
    from typing import Any, Optional


class JsonProblem(ValueError):
    """The text is not strict JSON; ``message`` reads after the file's name, ``line`` is 1-based."""

    def __init__(self, message: str, line: Optional[int]) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


class _Duplicate(ValueError):
    pass


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _Duplicate(key)
        seen[key] = value
    return seen


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def error_line(exc: json.JSONDecodeError) -> int:
    """The line of a JSON error, the same on every Python: a trailing comma is reported on
    the comma's line (Python 3.13 points at the comma, earlier ones at the bracket after it)."""
    before = exc.doc[: exc.pos].rstrip()
    if exc.doc[exc.pos : exc.pos + 1] in ("}", "]") and before.endswith(","):
        return before.count("\n") + 1
    return exc.lineno


#: the one line finder for JSON keys (lines.py), named here for this module's users
key_lines = json_key_lines


class _StrictOptions:
    """What :func:`loads` gives :func:`json.loads`, as the scanner reads it from a decoder."""

    strict = True
    object_hook = None
    object_pairs_hook = _pairs
    parse_float = float
    parse_int = int
    parse_constant = _reject_constant


def loads(text: str) -> Any:
    """Parse strict JSON or raise :class:`JsonProblem` saying what and where."""
    read, value = scan(text, _StrictOptions)
    if read:
        return value
    import json

    try:
        return json.loads(text, object_pairs_hook=_pairs, parse_constant=_reject_constant)
    except _Duplicate as exc:
        key = str(exc)
        raise JsonProblem(f"duplicate key {key!r}", key_lines(text, occurrence=2).get(key)) from None
    except json.JSONDecodeError as exc:
        raise JsonProblem(f"is not valid JSON: {exc.msg}", error_line(exc)) from None
    except (ValueError, RecursionError) as exc:
        import re

        constant = re.search(r"\b(?:NaN|Infinity)\b", text)
        line = text.count("\n", 0, constant.start()) + 1 if constant else 1
        raise JsonProblem(f"is not valid JSON: {exc}", line) from None
