"""What is wrong with a document the strict reader's scanner refused, and where: :func:`json.loads`
reads it again and says. Only such a document (or an interpreter without the scanner) loads this."""

from __future__ import annotations

import json
import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Optional

    #: (message, the line it is on)
    Problem = tuple[str, Optional[int]]


class Duplicate(ValueError):
    """A key the document gives twice (raised by the strict reader's pairs hook)."""


def error_line(exc: json.JSONDecodeError) -> int:
    """The line of a JSON error, the same on every Python: a trailing comma is reported on
    the comma's line (Python 3.13 points at the comma, earlier ones at the bracket after it)."""
    before = exc.doc[: exc.pos].rstrip()
    if exc.doc[exc.pos : exc.pos + 1] in ("}", "]") and before.endswith(","):
        return before.count("\n") + 1
    return exc.lineno


def reread(
    text: str,
    pairs: Callable[[list[tuple[str, Any]]], Any],
    constant: Callable[[str], Any],
    key_lines: Callable[[str, int], dict[str, int]],
) -> tuple[Any, Optional[Problem]]:
    """``text`` read by :func:`json.loads` with the strict hooks: (value, None), or (None, what is
    wrong and where); ``key_lines`` finds a key's lines (:func:`.strict_json.key_lines`)."""
    try:
        return json.loads(text, object_pairs_hook=pairs, parse_constant=constant), None
    except Duplicate as exc:
        key = str(exc)
        return None, (f"duplicate key {key!r}", key_lines(text, 2).get(key))
    except json.JSONDecodeError as exc:
        return None, (f"is not valid JSON: {exc.msg}", error_line(exc))
    except (ValueError, RecursionError) as exc:
        constant_at = re.search(r"\b(?:NaN|Infinity)\b", text)
        line = text.count("\n", 0, constant_at.start()) + 1 if constant_at else 1
        return None, (f"is not valid JSON: {exc}", line)
