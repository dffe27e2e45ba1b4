"""The acme-sprocket command: its --help is the manifest's body."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        try:
            import smart_tool_build

            print(smart_tool_build.render_help("acme-sprocket"))
        except (ImportError, AttributeError):
            print("acme-sprocket cut PROFILE")
        return 0
    print(f"cutting {args[-1]}")
    return 0
