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
    check.add_argument(
        "--jobs",
        "-j",
        type=int,
        metavar="N",
        help="processes to use (default: one per core when there are many roots)",
    )
    _add_report_options(check)
    check.set_defaults(run=_run_check)

    inspect = commands.add_parser("inspect", help="check built wheels and sdists (any backend)")
    inspect.add_argument("artifacts", nargs="+", metavar="ARTIFACT", help="a .whl or .tar.gz")
    _add_report_options(inspect)
    inspect.set_defaults(run=_run_inspect)

    show = commands.add_parser("show", help="print an installed tool's manifest")
    show.add_argument("distribution", metavar="DIST", help="an installed distribution's name")
    show.add_argument("--format", choices=("text", "json"), default="text")
    show.set_defaults(run=_run_show)

    snapshot = commands.add_parser(
        "snapshot", help="write a catalog entry of a tool: SMART_TOOL.md and provenance.json"
    )
    snapshot.add_argument("path", metavar="ROOT", help="the tool's distribution root")
    snapshot.add_argument("--output-dir", "-d", metavar="DIR", help="the entry folder to write, tools/<id>")
    snapshot.add_argument("--repository", metavar="URL", help="the https clone URL (default: origin)")
    snapshot.add_argument("--ref", metavar="REF", help="the branch or tag (default: the current branch)")
    snapshot.add_argument(
        "--commit", "--revision", dest="commit", metavar="SHA", help="the full commit id (default: HEAD)"
    )
    snapshot.add_argument("--pointer", action="store_true", help="also write the pointer source.json")
    snapshot.add_argument(
        "--format",
        choices=("catalog", "json"),
        default="catalog",
        help="catalog: the entry's files (default); json: the one document of earlier versions",
    )
    snapshot.add_argument("--output", "-o", metavar="FILE", help="--format json: write here, not stdout")
    snapshot.set_defaults(run=_run_snapshot, usage=_snapshot_usage, command_parser=snapshot)

    catalog = commands.add_parser("catalog", help="check a catalog checkout's tools/<id>/ entries")
    catalog_commands = catalog.add_subparsers(dest="catalog_command", metavar="COMMAND", parser_class=_Parser)
    catalog_commands.required = True
    catalog_check = catalog_commands.add_parser("check", help="check every entry of a catalog checkout")
    catalog_check.add_argument("root", metavar="CATALOG_ROOT", help="the checkout, holding tools/")
    catalog_check.add_argument(
        "--names-match-folders", action="store_true", help="require each snapshot's name to be its folder's"
    )
    catalog_check.add_argument(
        "--jobs",
        "-j",
        type=int,
        metavar="N",
        help="processes to use (default: one per core for many entries)",
    )
    _add_report_options(catalog_check)
    catalog_check.set_defaults(run=_run_catalog_check)

    codes = commands.add_parser("codes", help="list every diagnostic code: what it means, how to fix it")
    codes.add_argument("--format", choices=("text", "markdown"), default="text")
    codes.set_defaults(run=_run_codes)
    return parser


def _run_codes(args: argparse.Namespace) -> int:
    from .output import codes_markdown, codes_text

    print(codes_markdown() if args.format == "markdown" else codes_text())
    return EXIT_CLEAN


def _add_report_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=("text", "json", "github"), default="text")
    parser.add_argument(
        "--warnings-as-errors", action="store_true", help="exit 1 on warnings as well as errors"
    )


def _run_check(args: argparse.Namespace) -> int:
    from .checks import RootJob, check_roots, discover_roots

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
    diagnostics = problems + check_roots(roots, jobs=args.jobs)
    return _report(args, diagnostics, [shown for _, shown, _ in roots])


def _run_inspect(args: argparse.Namespace) -> int:
    from .artifacts import compare_pair, verify

    reports = []
    for given in args.artifacts:
        if not Path(given).is_file():
            print(f"smart-tool: error: {given}: no such file", file=sys.stderr)
            return EXIT_FAILURE
        reports.append(verify(Path(given), display=given))
    diagnostics = [d for report in reports for d in report.diagnostics]
    wheels = [r for r in reports if r.kind == "wheel"]
    sdists = [r for r in reports if r.kind == "sdist"]
    for wheel in wheels:
        for sdist in sdists:
            diagnostics += compare_pair(wheel, sdist, wheel.path.as_posix())
    return _report(args, diagnostics, list(args.artifacts), noun="artifact")


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
    from .snapshot import Given, SnapshotRefused, legacy_document, make_entry, write_entry

    root = Path(args.path)
    if not root.is_dir():
        print(f"smart-tool: error: {args.path}: not a folder", file=sys.stderr)
        return EXIT_FAILURE
    if args.format == "json":
        problems, document = legacy_document(root, args.path, args.repository, args.commit)
        if document is None:
            return _refuse_manifest(problems)
        _write_json(document, args.output)
        return EXIT_CLEAN
    try:
        problems, entry = make_entry(root, args.path, Given(args.repository, args.ref, args.commit))
        if entry is None:
            return _refuse_manifest(problems)
        written = write_entry(entry, Path(args.output_dir), root, pointer=args.pointer)
    except SnapshotRefused as exc:
        print(f"smart-tool: error: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    source = entry.provenance.source
    print(f"{entry.name} at {source.commit[:12]} ({source.ref}): {', '.join(p.as_posix() for p in written)}")
    return EXIT_CLEAN


def _refuse_manifest(problems: list[Diagnostic]) -> int:
    for diagnostic in problems:
        print(diagnostic, file=sys.stderr)
    print("smart-tool: error: refusing to snapshot an invalid manifest", file=sys.stderr)
    return EXIT_FINDINGS


def _snapshot_usage(args: argparse.Namespace) -> Optional[str]:
    """Which options do not go together (argparse cannot say it)."""
    if args.format == "json":
        if not (args.repository and args.commit):
            return "--format json needs --repository and --commit (or --revision)"
        if args.output_dir or args.pointer or args.ref:
            return "--output-dir, --pointer and --ref write catalog entries; --format json takes --output"
        return None
    if args.output:
        return "--output is for --format json; a catalog entry takes --output-dir DIR"
    if not args.output_dir:
        return "--output-dir DIR is required: the entry folder, e.g. catalog/tools/<id>"
    return None


def _write_json(document: object, output: Optional[str]) -> None:
    import json

    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    if output:
        Path(output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


def _run_catalog_check(args: argparse.Namespace) -> int:
    from .catalog import check_catalog

    root = Path(args.root)
    if not root.is_dir():
        print(f"smart-tool: error: {args.root}: not a folder", file=sys.stderr)
        return EXIT_FAILURE
    report = check_catalog(root, args.root, names_match_folders=args.names_match_folders, processes=args.jobs)
    return _report(args, report.diagnostics, report.entries, noun="entry")


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
    wrong = args.usage(args) if hasattr(args, "usage") else None
    if wrong:  # options argparse cannot see do not go together
        args.command_parser.error(wrong)
    try:
        return int(args.run(args))
    except KeyboardInterrupt:  # pragma: no cover
        return 130
    except OSError as exc:
        print(f"smart-tool: error: {exc}", file=sys.stderr)
        return EXIT_FAILURE
