"""The reporter's words for a build with more to say than what it checked and verified: the
findings it shows (warnings, notes, the errors ``ignore`` set aside) and the planned files the
user's own settings leave out, which it adds anyway. Loaded only then."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..diagnostics.severity import Severity

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..diagnostics.diagnostic import Diagnostic
    from ..plan.build_plan import BuildPlan
    from ..plan.layout import ArtifactKind, PlannedFile


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


def left_out_notes(
    plan: BuildPlan, kind: ArtifactKind, left_out: Callable[[PlannedFile], bool], settings: str
) -> list[str]:
    """The notes for the planned files the user's ``settings`` leave out of the ``kind``
    artifact (``left_out`` says which), added anyway: one for the smart tool's files, one for
    the skill folders (none for none)."""
    skills = set(plan.skill_files(kind))
    lost = [f for f in plan.files(kind) if not f.in_dist_info and f not in skills and left_out(f)]
    notes = []
    if lost:
        paths = [f.target if kind == "sdist" else f.source for f in lost]
        these = "it" if len(paths) == 1 else "them"
        notes.append(
            f"{', '.join(paths)}: left out by {settings}; added to the {kind} anyway, "
            f"since a smart tool's {kind} must carry {these}"
        )
    if not plan.skills:
        return notes
    from ..plan.skill_files import skill_files

    folders = [s.source for s in plan.skills if any(left_out(f) for f in skill_files((s,), kind))]
    if folders:
        notes.append(
            f"{', '.join(f + '/' for f in folders)}: left out by {settings}; added to the {kind} "
            "anyway, since library skills ship whole"
        )
    return notes
