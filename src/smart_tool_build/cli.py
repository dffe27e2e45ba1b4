"""The ``smart-tool`` command: a thin adapter that prints what the core finds.

Exit codes: 0 clean, 1 findings (errors, or warnings under --warnings-as-errors), 2 a
usage or I/O failure of the tool itself.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, Optional

from . import __version__
from .diagnostics import Diagnostic

if TYPE_CHECKING:
    from .checks import RootJob

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

    fix = commands.add_parser("fix", help="fix what has exactly one right answer, report the rest")
    fix.add_argument("paths", nargs="*", metavar="PATH", default=["."], help="distribution root (default: .)")
    fix.add_argument("--recursive", "-r", action="store_true", help="fix every root found below each PATH")
    fix.add_argument("--diff", action="store_true", help="print a unified diff and write nothing")
    _add_report_options(fix)
    fix.set_defaults(run=_run_fix)

    init = commands.add_parser("init", help="start a smart tool: smart-tool.json and SMART_TOOL.md")
    init.add_argument("path", nargs="?", metavar="PATH", default=".", help="the project (default: .)")
    init.add_argument("--command", metavar="CMD", help="the command that starts the tool (its cli_argv)")
    init.add_argument("--package", metavar="DIR", help="the import package's folder, for the manifest")
    init.add_argument(
        "--manifest-version",
        metavar="VERSION",
        help="the version, when the package's is known only to a build",
    )
    init.set_defaults(run=_run_init)

    inspect = commands.add_parser("inspect", help="check built wheels and sdists (any backend)")
    inspect.add_argument("artifacts", nargs="+", metavar="ARTIFACT", help="a .whl or .tar.gz")
    _add_report_options(inspect)
    inspect.set_defaults(run=_run_inspect)

    smoke = commands.add_parser(
        "smoke", help="install wheels into throwaway environments and run the runtime rules on them"
    )
    smoke.add_argument("wheels", nargs="+", metavar="WHEEL", help="a .whl")
    smoke.add_argument(
        "--timeout", type=_seconds, default=20.0, metavar="SECONDS", help="per probe (default: 20)"
    )
    smoke.add_argument("--no-deps", action="store_true", help="install the wheel without its dependencies")
    smoke.add_argument("--python", metavar="PYTHON", help="the environment's interpreter (default: this one)")
    smoke.add_argument("--keep", action="store_true", help="keep the environment and say where it is")
    _add_report_options(smoke)
    smoke.add_argument(
        "--ignore", action="append", default=[], metavar="CODE", help="leave out this code (repeatable)"
    )
    smoke.set_defaults(run=_run_smoke)

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


def _roots(args: argparse.Namespace) -> Optional[tuple[list[RootJob], list[Diagnostic]]]:
    """The roots PATH ... names (every one below them with --recursive), and a warning per
    unreadable folder; None (said why) when a PATH is not a folder."""
    from .checks import discover_roots

    roots: list[RootJob] = []
    problems: list[Diagnostic] = []
    for given in args.paths:
        path = Path(given)
        if not path.is_dir():
            print(f"smart-tool: error: {given}: not a folder", file=sys.stderr)
            return None
        if args.recursive:
            found, unreadable = discover_roots(path, given)
            roots += found
            problems += unreadable
        else:
            roots.append((path, given, None))
    return roots, problems


def _run_check(args: argparse.Namespace) -> int:
    from .checks import check_roots

    found = _roots(args)
    if found is None:
        return EXIT_FAILURE
    roots, problems = found
    diagnostics = problems + check_roots(roots, jobs=args.jobs)
    return _report(args, diagnostics, [shown for _, shown, _ in roots])


def _run_fix(args: argparse.Namespace) -> int:
    from .checks import check_root
    from .diagnostics import has_errors
    from .edits import EditError, apply, unified_diff
    from .fixes import plan_fixes
    from .output import render_fixes

    found = _roots(args)
    if found is None:
        return EXIT_FAILURE
    unique: dict[Path, tuple[Path, str]] = {}
    for path, given, _ in found[0]:
        unique.setdefault(path.resolve(), (path, given))  # a root named twice is fixed once
    roots, problems = list(unique.values()), found[1]
    plans = [plan_fixes(path, display=given) for path, given in roots]
    edits = [edit for plan in plans for edit in plan.edits]
    try:
        diff = unified_diff(edits) if args.diff else None
        if not args.diff:
            apply(edits)
    except EditError as exc:
        print(f"smart-tool: error: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    if args.diff:
        remaining = problems + [d for plan in plans for d in plan.remaining()]
    else:
        remaining = problems + [
            d for path, given in roots for d in check_root(path, display=given).diagnostics
        ]
    print(
        render_fixes(args.format, edits, remaining, [g for _, g in roots], written=not args.diff, diff=diff)
    )
    if args.diff and edits:
        return EXIT_FINDINGS
    failed = has_errors(remaining, warnings_as_errors=args.warnings_as_errors)
    return EXIT_FINDINGS if failed else EXIT_CLEAN


def _run_init(args: argparse.Namespace) -> int:
    from .checks import check_root
    from .edits import EditError, apply
    from .output import render_text
    from .scaffold import MARK, InitError, plan_init

    root, given = Path(args.path), args.path
    if not root.is_dir():
        print(f"smart-tool: error: {given}: not a folder", file=sys.stderr)
        return EXIT_FAILURE
    try:
        scaffold = plan_init(
            root, display=given, command=args.command, package_dir=args.package, version=args.manifest_version
        )
        written = apply(scaffold.edits)
    except (InitError, EditError) as exc:
        print(f"smart-tool: error: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    for shown in written:
        print(f"smart-tool: wrote {shown}")
    print(f"smart-tool: complete the lines marked {MARK} in {scaffold.edits[-1].shown}")
    setup = scaffold.setup
    print(f"smart-tool: {setup.note}")
    if setup.lines:
        print("\n" + "\n".join(setup.lines) + "\n")
    report = check_root(root, display=given)
    print(render_text(report.diagnostics, [given]))
    return EXIT_FINDINGS if report.failed() else EXIT_CLEAN


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


def _seconds(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text}: must be a positive number of seconds")
    return value


def _run_smoke(args: argparse.Namespace) -> int:
    from .diagnostics import unknown_codes, without_codes
    from .smoke import EnvironmentProblem, SmokeOptions, smoke_wheel

    ignored = [code.strip() for given in args.ignore for code in given.split(",") if code.strip()]
    unknown = unknown_codes(ignored)
    if unknown:
        print(
            f"smart-tool: error: --ignore: unknown code {', '.join(unknown)} (see smart-tool codes)",
            file=sys.stderr,
        )
        return EXIT_FAILURE
    for given in args.wheels:
        if not Path(given).is_file():
            print(f"smart-tool: error: {given}: no such file", file=sys.stderr)
            return EXIT_FAILURE
        if not given.lower().endswith(".whl"):
            print(
                f"smart-tool: error: {given}: not a wheel (build one: python -m build --wheel)",
                file=sys.stderr,
            )
            return EXIT_FAILURE
    options = SmokeOptions(timeout=args.timeout, deps=not args.no_deps, python=args.python, keep=args.keep)
    diagnostics: list[Diagnostic] = []
    for given in args.wheels:
        try:
            result = smoke_wheel(Path(given), given, options)
        except EnvironmentProblem as exc:
            print(f"smart-tool: error: {given}: {exc.why}\n  fix: {exc.fix}", file=sys.stderr)
            return EXIT_FAILURE
        if result.kept is not None:
            print(f"smart-tool: kept the environment of {given} at {result.kept}", file=sys.stderr)
        diagnostics += result.diagnostics
    return _report(args, without_codes(diagnostics, ignored), list(args.wheels), noun="wheel")


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
