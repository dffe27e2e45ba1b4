"""The ``smart-tool`` command: a thin adapter that prints what the core finds.

Exit codes: 0 clean, 1 findings (errors, or warnings under --warnings-as-errors), 2 a
usage or I/O failure of the tool itself.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn, Optional

from . import __version__
from .diagnostics import Diagnostic

EXIT_CLEAN, EXIT_FINDINGS, EXIT_FAILURE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_FAILURE, f"{self.prog}: error: {message}\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="smart-tool", description="Check smart tools: manifests, descriptors, artifacts.")
    parser.add_argument("--version", action="version", version=f"smart-tool-build {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True
    check = commands.add_parser("check", help="check distribution roots in a source tree")
    check.add_argument(
        "paths", nargs="*", metavar="PATH", default=["."], help="distribution root (default: .)"
    )
    check.add_argument(
        "--recursive", "-r", action="store_true", help="check every root found below each PATH"
    )
    _add_report_options(check)
    check.set_defaults(run=_run_check)
    return parser


def _add_report_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=("text", "json", "github"), default="text")
    parser.add_argument(
        "--warnings-as-errors", action="store_true", help="exit 1 on warnings as well as errors"
    )


def _run_check(args: argparse.Namespace) -> int:
    from .checks import check_root
    from .walk import find_roots

    roots: list[tuple[Path, str]] = []
    for given in args.paths:
        path = Path(given)
        if not path.is_dir():
            print(f"smart-tool: error: {given}: not a folder", file=sys.stderr)
            return EXIT_FAILURE
        if args.recursive:
            found, _ = find_roots(path)
            roots += [(root, _display(root, path, given)) for root in found]
        else:
            roots.append((path, given))
    diagnostics: list[Diagnostic] = []
    for root, shown in roots:
        diagnostics += check_root(root, display=shown).diagnostics
    return _report(args, diagnostics, [shown for _, shown in roots])


def _display(root: Path, top: Path, given: str) -> str:
    relative = root.relative_to(top).as_posix()
    if relative == ".":
        return given
    return relative if given in (".", "./") else f"{given.rstrip('/')}/{relative}"


def _report(
    args: argparse.Namespace, diagnostics: list[Diagnostic], checked: list[str], noun: str = "root"
) -> int:
    from .diagnostics import has_errors
    from .output import RENDERERS

    print(RENDERERS[args.format](diagnostics, checked, noun))
    return (
        EXIT_FINDINGS if has_errors(diagnostics, warnings_as_errors=args.warnings_as_errors) else EXIT_CLEAN
    )


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return int(args.run(args))
    except KeyboardInterrupt:  # pragma: no cover
        return 130
    except OSError as exc:
        print(f"smart-tool: error: {exc}", file=sys.stderr)
        return EXIT_FAILURE
