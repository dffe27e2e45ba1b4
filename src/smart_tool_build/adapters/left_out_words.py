"""The notes of a build whose own settings leave planned files out of an artifact, which the
build adds anyway (:func:`.reporter.left_out_notes`): loaded only then."""

from __future__ import annotations


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
