"""The acme-widget command: its --help is the manifest's body."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        try:
            import smart_tool_build

            print(smart_tool_build.render_help("acme-widget"))
        except (ImportError, AttributeError):
            print("acme-widget build SPEC")
        return 0
    print(f"building {args[-1]}")
    return 0
