"""The end of a wrapper build that has no backend to wrap: one ``build-system-opt-in`` line
naming the right value. Loaded only to refuse."""

from __future__ import annotations

from typing import NoReturn, Optional

from .reporter import OutputSink

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..project.backends import Choice


def install_hint(module: str) -> str:
    """What to add so that ``module`` (a backend that cannot be imported) can be: its row's
    requirement in the one table of backends, when it has a row."""
    from ..project.backends import by_module

    row = by_module(module)
    wanted = f'"{row.requirement}"' if row is not None else "the distribution that provides it"
    return f"add {wanted} to [build-system].requires"


def refuse(choice: Choice, problem: str, hint: Optional[str] = None) -> NoReturn:
    """End the build with one ``build-system-opt-in`` line at the pyproject.toml key the
    backend's choice came from (``choice.key``)."""
    from ..diagnostics.diagnostic import make
    from ..parsing.toml_lines import toml_line
    from ..project.names import PYPROJECT

    try:
        with open(PYPROJECT, encoding="utf-8", errors="replace") as handle:
            text: Optional[str] = handle.read()
    except OSError:
        text = None
    line = toml_line(text, choice.key) if choice.key else None
    OutputSink().fail([str(make("build-system-opt-in", PYPROJECT, line, problem, hint))])
