"""What each ``smart-tool`` command does: asks the core, prints the answer, picks the exit code.

Every function takes the parsed arguments of :mod:`smart_tool.cli.parser` and returns the exit
status: 0 clean, 1 findings (errors, or warnings under --warnings-as-errors), 2 a usage or
I/O failure of the tool itself. The core is imported inside each function, so that one
command pays for its own modules only.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Optional

from smart_tool_build.diagnostics.diagnostic import Diagnostic

from .exits import EXIT_CLEAN, EXIT_FAILURE, EXIT_FINDINGS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from smart_tool.sweep.roots import RootJob


def _error(text: str) -> None:
    from smart_tool_build.diagnostics.printable import printable

    print(f"smart-tool: error: {printable(text)}", file=sys.stderr)


def report(
    args: argparse.Namespace,
    diagnostics: list[Diagnostic],
    checked: list[str],
    noun: str = "root",
    ignored: Sequence[Diagnostic] = (),
    notes: Optional[Mapping[str, str]] = None,
) -> int:
    from smart_tool_build.diagnostics.verdict import has_errors

    from .output import RENDERERS, passed_lines

    text = RENDERERS[args.format](diagnostics, checked, noun, ignored)
    if getattr(args, "verbose", 0) > 0 and args.format in LINE_FORMATS:
        lines = text.split("\n")  # what passed, before the summary line
        text = "\n".join([*lines[:-1], *passed_lines(diagnostics, checked, notes), lines[-1]])
    shown(args, text)
    sarif_output(args, diagnostics)
    return (
        EXIT_FINDINGS if has_errors(diagnostics, warnings_as_errors=args.warnings_as_errors) else EXIT_CLEAN
    )


#: the formats that print a line per finding and end on the summary line
LINE_FORMATS = ("text", "github")


def shown(args: argparse.Namespace, text: str) -> None:
    """Print a command's report as ``-q`` asks: ``-q`` leaves out the summary line of a line
    format (its last), ``-qq`` prints nothing; a report that is one document stays whole."""
    quiet = getattr(args, "quiet", 0)
    if quiet >= 2:
        return
    if quiet == 1 and args.format in LINE_FORMATS:
        text = text.rpartition("\n")[0]
        if not text:
            return
    print(text)


def sarif_output(args: argparse.Namespace, diagnostics: list[Diagnostic]) -> None:
    """``--sarif-output FILE``: the SARIF log too, beside what ``--format`` printed."""
    if getattr(args, "sarif_output", None):
        from .sarif import write_sarif

        write_sarif(args.sarif_output, diagnostics)


def flags(args: argparse.Namespace) -> dict[str, object]:
    """The options given on the command line, keyed as in [tool.smart-tool]."""
    given = {
        "ignore": getattr(args, "ignore", None),
        "exclude": getattr(args, "exclude", None),
        "dev-versions": getattr(args, "dev_versions", None),
    }
    return {key: value for key, value in given.items() if value is not None}


def run_codes(args: argparse.Namespace) -> int:
    from .output import codes_markdown, codes_text

    if args.format == "markdown" and args.code is None:
        print(codes_markdown())
    else:
        print(codes_text(args.code))
    return EXIT_CLEAN


def _roots(args: argparse.Namespace) -> Optional[tuple[list[RootJob], list[Diagnostic]]]:
    """The roots PATH ... names (every one below them with --recursive), and a warning per
    unreadable folder; None (said why) when a PATH is not a folder."""
    from smart_tool.sweep.roots import discover_roots

    roots: list[RootJob] = []
    problems: list[Diagnostic] = []
    for given in args.paths:
        path = Path(given)
        if not path.is_dir():
            _error(f"{given}: not a folder")
            return None
        if args.recursive:
            found, unreadable = discover_roots(path, given)
            roots += found
            problems += unreadable
        else:
            roots.append((path, given, None))
    return roots, problems


def run_check(args: argparse.Namespace) -> int:
    from smart_tool.sweep.roots import check_many

    found = _roots(args)
    if found is None:
        return EXIT_FAILURE
    roots, problems = found
    findings, ignored = check_many(roots, jobs=args.jobs, flags=flags(args))
    notes = _skills_checked(roots, args) if getattr(args, "verbose", 0) > 0 else None
    return report(args, problems + findings, [shown for _, shown, _ in roots], ignored=ignored, notes=notes)


def _skills_checked(roots: Sequence[tuple[Path, str, Any]], args: argparse.Namespace) -> dict[str, str]:
    """``check -v``: how many skills each root's check found and checked, as its ok line says
    it (the root check's own discovery: a stat each)."""
    from smart_tool_build.project import config, distribution
    from smart_tool_build.project.names import PYPROJECT
    from smart_tool_build.project.skills import find_skills

    notes = {}
    for path, shown, _ in roots:
        package, _ = distribution.read(path)
        options, _ = config.read_options(
            package.tool, path=package.path or PYPROJECT, text=package.text, flags=flags(args)
        )
        count = len(find_skills(path, options, text=package.text, tool=package.tool)[0])
        if count:
            notes[shown] = f", {count} skill{'' if count == 1 else 's'} checked"
    return notes


def run_fix(args: argparse.Namespace) -> int:
    from smart_tool_build.diagnostics.verdict import has_errors
    from smart_tool_build.rules.root import check_root

    from ..authoring.edits import EditError, apply, unified_diff
    from ..authoring.fixes import plan_fixes
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
        _error(str(exc))
        return EXIT_FAILURE
    if args.diff:  # what check would say after the fix: the edits made on a mirror of each root
        from ..authoring.preview import check_after

        try:
            after = [check_after(path, given, plan.edits) for (path, given), plan in zip(roots, plans)]
        except EditError as exc:
            _error(str(exc))
            return EXIT_FAILURE
        remaining = problems + [d for found_after in after for d in found_after]
    else:
        remaining = problems + [
            d for path, given in roots for d in check_root(path, display=given).diagnostics
        ]
    shown(
        args,
        render_fixes(args.format, edits, remaining, [g for _, g in roots], written=not args.diff, diff=diff),
    )
    if args.sarif_output:
        from .sarif import fix_diagnostics

        sarif_output(args, fix_diagnostics(edits, remaining, written=not args.diff))
    if args.diff and edits:
        return EXIT_FINDINGS
    failed = has_errors(remaining, warnings_as_errors=args.warnings_as_errors)
    return EXIT_FINDINGS if failed else EXIT_CLEAN


def run_init(args: argparse.Namespace) -> int:
    from smart_tool_build.rules.root import check_root

    from ..authoring.edits import EditError, apply
    from ..authoring.origin import installed_requirement
    from ..authoring.scaffold import OURS, InitError, plan_init, requirement_of, smoke_note
    from .output import render_text

    root, given = Path(args.path), args.path
    if not root.is_dir():
        _error(f"{given}: not a folder")
        return EXIT_FAILURE
    if args.skill is not None:
        return _init_skill(root, given, args)
    if args.mcp_server:
        return _init_mcp_server(args, root, given)
    try:
        given_requirement = None if args.requirement is None else requirement_of(args.requirement)
        requirement = given_requirement or installed_requirement() or OURS
        scaffold = plan_init(
            root,
            display=given,
            command=args.command,
            package_dir=args.package,
            version=args.manifest_version,
            requirement=requirement,
        )
        written = apply(scaffold.edits)
    except (InitError, EditError) as exc:
        _error(str(exc))
        return EXIT_FAILURE
    for shown in written:
        print(f"smart-tool: wrote {shown}")
    setup = scaffold.setup
    print(f"smart-tool: {setup.note}")
    if setup.lines:
        print("\n" + "\n".join(setup.lines) + "\n")
        if given_requirement is None:
            print(f"smart-tool: {_requirement_note(requirement)}")
        print(f"smart-tool: {RUNTIME_NOTE.format(requirement=requirement)}")
        if scaffold.runtime.lines:
            print(f"smart-tool: {scaffold.runtime.note}")
            print("\n" + "\n".join(scaffold.runtime.lines) + "\n")
    if scaffold.cache_keys.lines:
        print(f"smart-tool: {scaffold.cache_keys.note}")
        print("\n" + "\n".join(scaffold.cache_keys.lines) + "\n")
    print(f"smart-tool: {smoke_note(scaffold.version)}")
    findings = scaffold.shown_findings(check_root(root, display=given).diagnostics)
    print(render_text(findings, [given]))
    if scaffold.todo_lines:
        print(f"smart-tool: {scaffold.todo_note()}")
    return EXIT_FINDINGS if scaffold.failed(findings) else EXIT_CLEAN


def _init_skill(root: Path, given: str, args: argparse.Namespace) -> int:
    """``init --skill NAME``: a library's skill started beside it, then checked."""
    from smart_tool_build.rules.root import check_root

    from ..authoring.edits import EditError
    from ..authoring.scaffold import InitError
    from ..authoring.skill_scaffold import plan_skill, write_skill
    from .output import render_text

    try:
        scaffold = plan_skill(root, args.skill, display=given, package_dir=args.package)
        written = write_skill(scaffold)
    except (InitError, EditError) as exc:
        _error(str(exc))
        return EXIT_FAILURE
    for shown_path in written:
        print(f"smart-tool: wrote {shown_path}")
    findings = check_root(root, display=given).diagnostics
    print(render_text(findings, [given]))
    print(f"smart-tool: {scaffold.todo_note()}")
    return EXIT_FINDINGS if scaffold.failed(findings) else EXIT_CLEAN


def _init_mcp_server(args: argparse.Namespace, root: Path, given: str) -> int:
    """``init --mcp-server``: server.json written, the claim's readme line printed, then checked."""
    from smart_tool_build.rules.root import check_root

    from ..authoring.edits import EditError, apply
    from ..authoring.mcp_server import plan_server_json
    from ..authoring.scaffold import InitError
    from .output import render_text

    try:
        plan = plan_server_json(root, given, args.name, args.manifest_version)
        written = apply([plan.edit])
    except (InitError, EditError) as exc:
        _error(str(exc))
        return EXIT_FAILURE
    for shown in written:
        print(f"smart-tool: wrote {shown}")
    for note in plan.notes:
        print(f"smart-tool: {note}")
    where = plan.readme or 'the readme (declare readme = "README.md" in [project])'
    print(f"smart-tool: add this line to {where}, so the release's description claims the server:")
    print("\n" + plan.claim_line + "\n")
    findings = [d for d in check_root(root, display=given).diagnostics if d.code.startswith("mcp-")]
    print(render_text(findings, [given]))
    return EXIT_CLEAN


#: what a tool lists for run time, printed by `init` under the [build-system] lines
RUNTIME_NOTE = (
    'for the accessor at run time (load_manifest, render_skill), list "{requirement}" in '
    "[project].dependencies too: an installed wheel's --help reads the manifest's projection "
    "and imports neither PyYAML nor packaging (docs/runtime.md)"
)


def _requirement_note(requirement: str) -> str:
    """Where the printed requirement of smart-tool-build came from, and how to give another."""
    from ..authoring.scaffold import OURS

    if requirement == OURS:
        where = f'"{OURS}" is the name on the package index (or in a folder of wheels)'
    else:
        where = "the requirement is the reference this smart-tool-build was installed from"
    return (
        f"{where}; --requirement SPEC prints another, such as a git reference "
        '(README: "Getting smart-tool-build")'
    )


def run_inspect(args: argparse.Namespace) -> int:
    from smart_tool.sweep.inspection import inspect_artifacts

    for given in args.artifacts:
        if not Path(given).is_file():
            _error(f"{given}: no such file")
            return EXIT_FAILURE
    given = [(Path(name), name) for name in args.artifacts]
    server: list[Diagnostic] = []
    found, name = None, None
    if args.server_json is not None:  # an MCP server's: its archives must claim its name
        from smart_tool_build.rules.mcp.check import server_for_artifacts, server_name

        found, server = server_for_artifacts(args.server_json, args.server_json)
        name = server_name(found) if found is not None else None
    diagnostics, ignored = inspect_artifacts(given, flags=flags(args), mcp_name=name, mcp_server=found)
    return report(args, server + diagnostics, list(args.artifacts), noun="artifact", ignored=ignored)


def run_show(args: argparse.Namespace) -> int:
    import json

    from smart_tool_build.rules.manifest import ManifestError
    from smart_tool_build.runtime.accessor import ManifestNotFound, load_manifest, manifest_bytes

    try:
        found = load_manifest(args.distribution)
        data, _ = manifest_bytes(args.distribution)
    except (ManifestNotFound, ManifestError) as exc:
        _error(str(exc))
        return EXIT_FINDINGS
    if args.format == "json":
        print(json.dumps(found.to_dict(), indent=2, ensure_ascii=False))
    else:  # the manifest as written, byte for byte (less a BOM)
        sys.stdout.write(data.decode("utf-8-sig"))
    return EXIT_CLEAN


def run_snapshot(args: argparse.Namespace) -> int:
    from ..registry.snapshot import Given, SnapshotRefused, legacy_document, make_entry, write_entry

    root = Path(args.path)
    if not root.is_dir():
        _error(f"{args.path}: not a folder")
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
        _error(str(exc))
        return EXIT_FAILURE
    source = entry.provenance.source
    if args.quiet:
        return EXIT_CLEAN
    print(f"{entry.name} at {source.commit[:12]} ({source.ref}): {', '.join(p.as_posix() for p in written)}")
    return EXIT_CLEAN


def _refuse_manifest(problems: list[Diagnostic]) -> int:
    for diagnostic in problems:
        print(diagnostic, file=sys.stderr)
    _error("refusing to snapshot an invalid manifest")
    return EXIT_FINDINGS


def snapshot_usage(args: argparse.Namespace) -> Optional[str]:
    """Which options of ``snapshot`` do not go together (argparse cannot say it)."""
    if args.format == "json":
        if not (args.repository and args.commit):
            return "--format json needs --repository and --commit (or --revision)"
        if args.output_dir or args.pointer is not None or args.ref:
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


def run_catalog_check(args: argparse.Namespace) -> int:
    from ..registry.catalog import check_catalog

    root = Path(args.root)
    if not root.is_dir():
        _error(f"{args.root}: not a folder")
        return EXIT_FAILURE
    checked = check_catalog(
        root, args.root, names_match_folders=args.names_match_folders, processes=args.jobs
    )
    return report(args, checked.diagnostics, checked.entries, noun="entry")
