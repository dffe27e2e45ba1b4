"""The reporter's words for a build with more to say than what it checked and verified: the
findings it shows (warnings, notes, the errors ``ignore`` set aside) and the planned files the
user's own settings leave out, which it adds anyway. Loaded only then."""

from __future__ import annotations

from collections.abc import Iterable

from ..diagnostics.severity import Severity

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..diagnostics.diagnostic import Diagnostic


def shown(
    diagnostics: Iterable[Diagnostic], ignored: Iterable[Diagnostic], named: set[str]
) -> list[tuple[bool, str]]:
    """(whether it warns, the line) for each warning and note, then for each error ``ignore``
    set aside whose code is not among those the build ``named`` already (added there)."""
    lines = [
        (d.severity is Severity.WARNING, str(d))
        for d in diagnostics
        if d.severity in (Severity.WARNING, Severity.INFO)
    ]
    for diagnostic in ignored:
        if diagnostic.severity is Severity.ERROR and diagnostic.code not in named:
            named.add(diagnostic.code)
            lines.append((True, f"ignored by [tool.smart-tool] ignore: {diagnostic}"))
    return lines


def left_out_words(kind: str, paths: list[str], folders: list[str], settings: str) -> list[str]:
    """One note for the smart tool's ``paths``, one for the skill ``folders`` (none for none)."""
    notes = []
    if paths:
        these = "it" if len(paths) == 1 else "them"
        notes.append(
            f"{', '.join(paths)}: left out by {settings}; added to the {kind} anyway, "
            f"since a smart tool's {kind} must carry {these}"
        )
    if folders:
        notes.append(
            f"{', '.join(f + '/' for f in folders)}: left out by {settings}; added to the {kind} "
            "anyway, since library skills ship whole"
        )
    return notes
