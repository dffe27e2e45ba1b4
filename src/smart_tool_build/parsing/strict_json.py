"""Strict JSON: duplicate keys and NaN/Infinity refused (a document that says two things at
once is read one way here and another by the next reader), every error with its line. A valid
document is read by :func:`.json_scan.scan`, without :mod:`json` (an editable ``--help`` reads here)."""

from __future__ import annotations

import re

from .json_scan import scan

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Optional


class JsonProblem(ValueError):
    """The text is not strict JSON; ``message`` reads after the file's name, ``line`` is 1-based."""

    def __init__(self, message: str, line: Optional[int]) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            from .json_problems import Duplicate

            raise Duplicate(key)
        seen[key] = value
    return seen


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def key_lines(text: str, occurrence: int = 1) -> dict[str, int]:
    """The line of each JSON key's ``occurrence``-th appearance (at any depth)."""
    lines: dict[str, int] = {}
    seen: dict[str, int] = {}
    for match in re.finditer(r'"((?:[^"\\]|\\.)*)"\s*:', text):
        key = match.group(1)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] == occurrence:
            lines[key] = text.count("\n", 0, match.start()) + 1
    return lines


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
    from .json_problems import reread  # what the scanner refused: json.loads says what is wrong

    value, problem = reread(text, _pairs, _reject_constant, key_lines)
    if problem is not None:
        raise JsonProblem(*problem)
    return value
