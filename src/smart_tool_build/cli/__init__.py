"""The ``smart-tool`` command line: its parser, what each command does, and the output formats.

The top layer: it may import every other subpackage, and nothing imports it. ``main`` is
here because the console script names ``smart_tool_build.cli:main``.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Optional


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run ``smart-tool`` with ``argv`` (the process's arguments when None); the exit code."""
    from .parser import main as run

    return run(argv)
