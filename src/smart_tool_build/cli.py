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
from .config import DEV_VERSION_POLICIES
from .diagnostics import Diagnostic

EXIT_CLEAN, EXIT_FINDINGS, EXIT_FAILURE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_FAILURE, f"{self.prog}: error: {message}\n")


#: each command and what it is for, as `smart-tool --help` lists them
COMMANDS = {
    "check": "check distribution roots in a source tree: manifest, descriptor, versions, duplicates",
    "inspect": "check built wheels and sdists from any backend, before they are published",
    "show": "print an installed tool's manifest, as its library reads it",
    "snapshot": "write the registry snapshot of a tool's manifest (JSON), for a catalog",
    "codes": "explain a diagnostic code (or list them all): what it means, how to fix it",
}


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="smart-tool",
        description="Check smart tools (SMART_TOOL.md and smart-tool.json) in source trees and artifacts.",
        epilog="`smart-tool COMMAND --help` shows a command's options; `smart-tool codes CODE` "
        "explains a finding's code.",
    )
    parser.add_argument("--version", action="version", version=f"smart-tool-build {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True
    check = commands.add_parser("check", help=COMMANDS["check"], description=COMMANDS["check"])
    check.add_argument(
        "paths", nargs="*", metavar="PATH", default=["."], help="distribution root (default: .)"
    )
    check.add_argument(
        "--recursive", "-r", action="store_true", help="check every root found below each PATH"
    )
    check.add_argument(
        "--jobs",
        "-j",
        type=int,
        metavar="N",
        help="processes to use (default: one per core when there are many roots)",
    )
    _add_ignore_option(check)
    _add_report_options(check)
    check.set_defaults(run=_run_check)

    inspect = commands.add_parser("inspect", help=COMMANDS["inspect"], description=COMMANDS["inspect"])
    inspect.add_argument("artifacts", nargs="+", metavar="ARTIFACT", help="a .whl or .tar.gz")
    inspect.add_argument(
        "--exclude",
        action="append",
        metavar="GLOB",
        help="a path glob the duplicate-manifest rule skips (repeatable; adds to the sdist's "
        "[tool.smart-tool] exclude, or to ./pyproject.toml's for a wheel given alone)",
    )
    inspect.add_argument(
        "--dev-versions",
        choices=DEV_VERSION_POLICIES,
        help="what a development version that differs from the manifest does (overrides dev-versions)",
    )
    _add_ignore_option(inspect)
    _add_report_options(inspect)
    inspect.set_defaults(run=_run_inspect)

    show = commands.add_parser("show", help=COMMANDS["show"], description=COMMANDS["show"])
    show.add_argument(
        "distribution", metavar="DIST", help="an installed distribution's name, or its tool's name"
    )
    show.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text: the manifest as written; json: its frontmatter as an object",
    )
    show.set_defaults(run=_run_show)

    snapshot = commands.add_parser("snapshot", help=COMMANDS["snapshot"], description=COMMANDS["snapshot"])
    snapshot.add_argument("path", metavar="PATH", help="the tool's distribution root")
    snapshot.add_argument("--repository", required=True, metavar="URL", help="the source repository")
    snapshot.add_argument("--revision", required=True, metavar="SHA", help="the resolved revision")
    snapshot.add_argument("--output", "-o", metavar="FILE", help="write here instead of stdout")
    snapshot.set_defaults(run=_run_snapshot)

    codes = commands.add_parser("codes", help=COMMANDS["codes"], description=COMMANDS["codes"])
    codes.add_argument(
        "code", nargs="?", metavar="CODE", type=_code, help="the code to explain (default: all)"
    )
    codes.add_argument(
        "--format",
        choices=("text", "markdown"),
        default="text",
        help="text: one entry per code; markdown: the README's table",
    )
    codes.set_defaults(run=_run_codes)
    return parser


def _code(name: str) -> str:
    """A code named on the command line, or a usage error; a former spelling names its code."""
    from .codes import resolve

    code = resolve(name)
    if code is None:
        raise argparse.ArgumentTypeError(f"no such code {name!r} (`smart-tool codes` lists them)")
    return code


def _run_codes(args: argparse.Namespace) -> int:
    from .output import codes_markdown, codes_text

    if args.format == "markdown" and args.code is None:
        print(codes_markdown())
    else:
        print(codes_text(args.code))
    return EXIT_CLEAN


def _add_ignore_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--ignore",
        action="append",
        metavar="CODE",
        type=_code,
        help="set aside the findings of CODE (repeatable; adds to [tool.smart-tool] ignore)",
    )


def _add_report_options(parser: argparse.ArgumentParser) -> None:
    from .output import FORMATS

    parser.add_argument(
        "--format",
        choices=tuple(FORMATS),
        default="text",
        help="; ".join(f"{name}: {text}" for name, text in FORMATS.items()),
    )
    parser.add_argument(
        "--warnings-as-errors", action="store_true", help="exit 1 on warnings as well as errors"
    )


def _flags(args: argparse.Namespace) -> dict[str, object]:
    """The options given on the command line, keyed as in [tool.smart-tool]."""
    given = {
        "ignore": getattr(args, "ignore", None),
        "exclude": getattr(args, "exclude", None),
        "dev-versions": getattr(args, "dev_versions", None),
    }
    return {key: value for key, value in given.items() if value is not None}


def _run_check(args: argparse.Namespace) -> int:
    from .checks import RootJob, check_many, discover_roots

    roots: list[RootJob] = []
    problems: list[Diagnostic] = []
    for given in args.paths:
        path = Path(given)
        if not path.is_dir():
            print(f"smart-tool: error: {given}: not a folder", file=sys.stderr)
            return EXIT_FAILURE
        if args.recursive:
            found, unreadable = discover_roots(path, given)
            roots += found
            problems += unreadable
        else:
            roots.append((path, given, None))
    findings, ignored = check_many(roots, jobs=args.jobs, flags=_flags(args))
    return _report(args, problems + findings, [shown for _, shown, _ in roots], ignored=ignored)


def _run_inspect(args: argparse.Namespace) -> int:
    from .inspection import inspect_artifacts

    for given in args.artifacts:
        if not Path(given).is_file():
            print(f"smart-tool: error: {given}: no such file", file=sys.stderr)
            return EXIT_FAILURE
    given = [(Path(name), name) for name in args.artifacts]
    diagnostics, ignored = inspect_artifacts(given, flags=_flags(args))
    return _report(args, diagnostics, list(args.artifacts), noun="artifact", ignored=ignored)


def _run_show(args: argparse.Namespace) -> int:
    import json

    from .manifest import ManifestError
    from .runtime import ManifestNotFound, load_manifest, manifest_bytes

    try:
        found = load_manifest(args.distribution)
        data, _ = manifest_bytes(args.distribution)
    except (ManifestNotFound, ManifestError) as exc:
        print(f"smart-tool: error: {exc}", file=sys.stderr)
        return EXIT_FINDINGS
    if args.format == "json":
        print(json.dumps(found.to_dict(), indent=2, ensure_ascii=False))
    else:  # the manifest as written, byte for byte (less a BOM)
        sys.stdout.write(data.decode("utf-8-sig"))
    return EXIT_CLEAN


def _run_snapshot(args: argparse.Namespace) -> int:
    import json

    from .checks import check_root
    from .snapshot import build_snapshot, path_in_repository

    root = Path(args.path)
    if not root.is_dir():
        print(f"smart-tool: error: {args.path}: not a folder", file=sys.stderr)
        return EXIT_FAILURE
    report = check_root(root, display=args.path)
    if report.failed() or report.manifest is None or report.manifest_relative is None:
        for diagnostic in report.diagnostics:
            print(diagnostic, file=sys.stderr)
        print("smart-tool: error: refusing to snapshot an invalid manifest", file=sys.stderr)
        return EXIT_FINDINGS
    manifest_path = path_in_repository(root, report.manifest_relative)
    document = build_snapshot(report.manifest, manifest_path, args.repository, args.revision)
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return EXIT_CLEAN


def _report(
    args: argparse.Namespace,
    diagnostics: list[Diagnostic],
    checked: list[str],
    noun: str = "root",
    ignored: Sequence[Diagnostic] = (),
) -> int:
    from .diagnostics import has_errors
    from .output import RENDERERS

    print(RENDERERS[args.format](diagnostics, checked, noun, ignored))
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
