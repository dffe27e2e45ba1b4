"""What a build says, in words both build hooks print: one wording for both backends.

The hooks decide only how a line reaches their medium (hatchling's ``app``, setuptools'
``announce`` and ``error:``); what a failing build, an ignored error or an overridden
exclude says is written here once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..diagnostics.diagnostic import Diagnostic, Severity
from ..plan.build_plan import BuildPlan

#: where every code is explained, besides ``smart-tool codes CODE``
DOCS = 'the "Diagnostic codes" table of smart-tool-build\'s README'


def _codes_help(diagnostics: Iterable[Diagnostic]) -> str:
    codes = list(dict.fromkeys(d.code for d in diagnostics if d.severity is Severity.ERROR))
    if not codes:
        return f"`smart-tool codes CODE` explains a code; every code is in {DOCS}"
    if len(codes) == 1:
        return f"`smart-tool codes {codes[0]}` explains it; every code is in {DOCS}"
    return f"`smart-tool codes CODE` explains each ({', '.join(codes)}); every code is in {DOCS}"


def not_building(plan: BuildPlan, name: str) -> str:
    """The last line of a build the checks stopped."""
    return f"not building {name} {plan.version}: fix the problems above ({_codes_help(plan.diagnostics)})"


def removed(paths: Sequence[str], diagnostics: Iterable[Diagnostic]) -> str:
    """The last line of a build whose finished archive failed its check and was removed."""
    verb = "it" if len(paths) == 1 else "they"
    return f"removed {', '.join(paths)}: {verb} failed the smart-tool checks ({_codes_help(diagnostics)})"


def ignored_lines(plan: BuildPlan, ignored: Iterable[Diagnostic]) -> list[str]:
    """A line for each error ``ignore`` set aside whose code this build has not named yet:
    an ignored error does not fail the build, but nobody ships it without being told."""
    lines = []
    for diagnostic in ignored:
        if diagnostic.severity is Severity.ERROR and diagnostic.code not in plan.named_ignored:
            plan.named_ignored.add(diagnostic.code)
            lines.append(f"ignored by [tool.smart-tool] ignore: {diagnostic}")
    return lines


def overridden(artifact: str, paths: Sequence[str], settings: str) -> str:
    """Said once when the plan's files win over the user's own settings for an artifact."""
    these = "it" if len(paths) == 1 else "them"
    return (
        f"{', '.join(paths)}: left out by {settings}; added to the {artifact} anyway, "
        f"since a smart tool's {artifact} must carry {these}"
    )
