"""The verdict on a list of diagnostics (does it fail, what ``ignore`` sets aside): what a
valid build needs of diagnostics, without loading the record itself."""

from __future__ import annotations

from .severity import Severity

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

    from .codes import CodeId
    from .diagnostic import Diagnostic


def set_aside(
    diagnostics: Iterable[Diagnostic], ignored: Iterable[CodeId]
) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """(kept, ignored): the findings whose code is in ``ignored`` (former spellings already
    resolved, as :class:`~smart_tool_build.project.config.Options` holds them), set apart from the rest.

    Every surface (``check``, ``inspect``, the build hooks) filters through here, so
    ``ignore`` means the same everywhere; the ignored ones are returned, not dropped, so a
    build can still name them.
    """
    codes = frozenset(ignored)
    kept: list[Diagnostic] = []
    aside: list[Diagnostic] = []
    for diagnostic in diagnostics:
        (aside if diagnostic.code in codes else kept).append(diagnostic)
    return kept, aside


def has_errors(diagnostics: list[Diagnostic], *, warnings_as_errors: bool = False) -> bool:
    """True when the diagnostics should fail a build or a check."""
    failing = {Severity.ERROR, Severity.WARNING} if warnings_as_errors else {Severity.ERROR}
    return any(d.severity in failing for d in diagnostics)
