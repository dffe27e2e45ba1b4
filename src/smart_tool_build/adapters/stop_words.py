"""The words a stopping build ends with (where each code is explained, why the backend cannot
run the hook) and how it ends. Loaded only to stop."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn, Optional

from ..diagnostics.diagnostic import Diagnostic, Severity

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..plan.build_plan import BuildPlan

#: where every code is explained, besides ``smart-tool codes CODE``
DOCS = "smart-tool-build's docs/codes.md"


def stop_lines(diagnostics: Sequence[Diagnostic], summary: str) -> list[str]:
    """Every error, one a line, then ``summary`` and where each code is explained."""
    errors = [str(d) for d in diagnostics if d.severity is Severity.ERROR]
    return [*errors, f"{summary} ({codes_help(diagnostics)})"]


def codes_help(diagnostics: Iterable[Diagnostic]) -> str:
    """Where the codes of a stopped build are explained, and which ``smart-tool fix`` fixes."""
    from ..diagnostics.codes import CODES

    codes = list(dict.fromkeys(d.code for d in diagnostics if d.severity is Severity.ERROR))
    # the docs' anchor first: it answers today; `uvx smart-tool` only once smart-tool is on the index
    if not codes:
        words = f"every code is in {DOCS}; `uvx smart-tool codes CODE` explains one"
    elif len(codes) == 1:
        words = f"its entry is {DOCS}#{codes[0]}; `uvx smart-tool codes {codes[0]}` explains it"
    else:
        anchors = ", ".join(f"#{code}" for code in codes)
        words = f"their entries are in {DOCS} ({anchors}); `uvx smart-tool codes CODE` explains each"
    fixable = [code for code in codes if code in CODES and CODES[code].fixable]
    if fixable:
        these = ", ".join(fixable)
        words += f"; `smart-tool fix` fixes {these} in the source tree, `smart-tool fix --diff` shows how"
    return words


def not_building(plan: BuildPlan) -> str:
    """Why a plan stops its build, naming the project as its package definition gives it (the
    folder's name, failing that)."""
    name = plan.root.name
    if plan.tool is not None and plan.tool.package.name:
        name = plan.tool.package.name
    elif plan.collection is not None and plan.collection.name:
        name = plan.collection.name
    return f"not building {name} {plan.version}: fix the problems above"


def too_old_hatchling() -> str:
    """Why a hatchling before 1.4.0 cannot run the hook, naming the one installed."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        found = f"hatchling {installed('hatchling')}"
    except PackageNotFoundError:  # pragma: no cover - hatchling is running this hook
        found = "this hatchling"
    return f"{found} is too old for the smart-tool hook: require hatchling>=1.5 in [build-system]"


def end(app: Any, error: Optional[Callable[[str], BaseException]], lines: list[str], status: int) -> NoReturn:
    """End the build with ``lines`` (:meth:`.reporter.OutputSink.fail`): by hatchling's ``app``
    when given, else ``error`` raised with the last line, else exit status ``status``."""
    if app is not None:
        app.abort("\n".join(lines))
        raise SystemExit(status)  # pragma: no cover - abort exits; this keeps type checkers honest
    for line in lines[:-1] if error is not None else lines:
        print(line, file=sys.stderr, flush=True)
    if error is not None:
        raise error(lines[-1])
    raise SystemExit(status)
