"""The words of :func:`smart_tool_build.rules.placeholders.placeholder_rule`: loaded only when a
field holds a placeholder."""

from __future__ import annotations

from ..diagnostics.diagnostic import Diagnostic, make

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

#: what each field is for, said in the hint
_WHAT = {
    "description": "what the tool does, then when to reach for it",
    "use_cases": "one job someone wants done with the tool, one item a job",
    "name": "the tool's name",
    "purpose": "what the prerequisite is for, and what is unavailable without it",
    "install": "a relative path to a document, or a URL, that says how to install it",
}


def findings(found: list[tuple[Any, ...]], path: str) -> list[Diagnostic]:
    """One ``manifest-placeholders`` for each (line, kind, where, field, value) found."""
    out = []
    for line, kind, shown, name, value in found:
        quoted = value if len(value) <= 60 else value[:57] + "..."
        what = _WHAT.get(name)
        hint = f"in its place, write {what}" if what else "write the real value in its place"
        out.append(
            make(
                "manifest-placeholders",
                path,
                line,
                f"`{shown}` holds {kind} where content belongs: {quoted!r}",
                hint,
            )
        )
    return out
