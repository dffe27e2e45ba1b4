"""The ``smart-tool`` command line: its parser, what each command does, and the output formats.

The top layer: it may import every other subpackage, and nothing imports it. ``main`` is
here because the console script names ``smart_tool.cli:main``.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Optional


def version_mismatch() -> Optional[str]:
    """The one line that says smart-tool and smart-tool-build are not of one release, or None.

    The two distributions are released in lockstep and smart-tool pins smart-tool-build to
    its own version; an environment can still hold another (a build requirement upgraded
    beside a pinned command line, an install with ``--no-deps``).
    """
    from .. import __version__ as own_version

    try:
        from smart_tool_build import __version__ as build_version
    except ImportError:  # installed with --no-deps, or uninstalled since
        return (
            f"smart-tool: error: smart-tool {own_version} runs with smart-tool-build {own_version}, "
            f"which is not installed (fix: pip install 'smart-tool-build=={own_version}')"
        )
    if build_version == own_version:
        return None
    return (
        f"smart-tool: error: smart-tool {own_version} runs with smart-tool-build {own_version}, "
        f"but smart-tool-build {build_version} is installed beside it "
        f"(fix: pip install 'smart-tool-build=={own_version}', or install smart-tool {build_version})"
    )


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run ``smart-tool`` with ``argv`` (the process's arguments when None); the exit code."""
    mismatch = version_mismatch()
    if mismatch is not None:
        import sys

        from .exits import EXIT_FAILURE

        print(mismatch, file=sys.stderr)
        return EXIT_FAILURE
    from .parser import main as run

    return run(argv)
