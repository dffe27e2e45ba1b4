"""``smart-tool smoke``: the artifacts given, each wheel smoked, the findings printed.

Wheels and sdists come together (``dist/*``, as ``inspect`` takes them): an sdist lends its
root ``smart-tool.json`` to the wheel of its release that has none. ``--format conformance``
prints the conformance kit's document for one tool instead, its file rules judged on the sdist
(or ``--root``). SIGINT and SIGTERM end every probe and remove the environment, then one line
says so (exit 130 or 143); the signals after the first are dropped, so nothing cuts that short.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path
from typing import Any, Optional

from smart_tool_build.diagnostics.diagnostic import Diagnostic, Severity
from smart_tool_build.diagnostics.verdict import set_aside

from .exits import EXIT_CLEAN, EXIT_FAILURE, EXIT_FINDINGS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..smoke.conformance import FileFacts
    from ..smoke.descriptors import Sdist
    from ..smoke.run import SmokeResult
    from .progress import Progress


class _Refused(Exception):
    """A usage or I/O failure, said in one line (exit 2)."""


def _error(text: str) -> None:
    print(f"smart-tool: error: {text}", file=sys.stderr)


def run_smoke(args: argparse.Namespace) -> int:
    from .interrupts import exit_code, first_interrupt_raises, signal_name
    from .progress import Progress

    progress = Progress.on(sys.stderr)
    try:
        with first_interrupt_raises():
            try:
                return _smoke(args, progress)
            finally:
                progress.clear()
    except _Refused as refused:
        _error(str(refused))
        return EXIT_FAILURE
    except KeyboardInterrupt as interrupt:
        _error(
            f"smoke interrupted ({signal_name(interrupt)}): every probe it started was ended and its "
            "environment removed"
        )
        return exit_code(interrupt)


def _smoke(args: argparse.Namespace, progress: Progress) -> int:
    import os

    from ..smoke.descriptors import is_sdist, pair, read_given, read_sdist
    from ..smoke.environment import find_uv
    from ..smoke.run import EnvironmentProblem, SmokeOptions, smoke_wheel

    wheels, sdists = _artifacts(args)
    conformance = args.format == "conformance"
    if conformance and len(wheels) != 1:
        raise _Refused("--format conformance judges one tool: give one wheel (and its sdist)")
    if conformance and args.sarif_output:
        raise _Refused(
            "--sarif-output writes the findings of a report format; conformance prints its own document"
        )
    if args.root is not None and not conformance:
        raise _Refused("--root goes with --format conformance (the file rules of a source root)")
    if args.root is not None and not Path(args.root).is_dir():
        raise _Refused(f"--root {args.root}: no such folder")
    if args.descriptor is not None and len(wheels) != 1:
        raise _Refused("--descriptor names one tool's descriptor: give one wheel")
    given = read_given(Path(args.descriptor)) if args.descriptor is not None else None
    read = [read_sdist(Path(name), name) for name in sdists if is_sdist(name)]
    paired, unpaired = pair([Path(name) for name in wheels], read)
    if unpaired:
        raise _Refused(
            f"{unpaired[0].shown}: no wheel of the same release given; smoke installs wheels (build one)"
        )
    for folder in args.find_links:
        if "://" not in folder and not Path(folder).is_dir():
            raise _Refused(f"--find-links {folder}: no such folder (a folder of wheels, or its URL)")
    if args.no_install_package and args.no_deps:
        raise _Refused("--no-install-package leaves one dependency out; --no-deps leaves them all: give one")
    if args.no_index and not args.find_links:
        raise _Refused("--no-index installs from the --find-links folders only: give one (--find-links DIR)")
    if find_uv(os.environ) is None:
        print(
            "smart-tool: uv not found (on PATH, or the uv package): smoke makes its environments with "
            "venv and pip, many times slower (pip install uv)",
            file=sys.stderr,
        )
    options = SmokeOptions(
        timeout=args.timeout,
        deps=not args.no_deps,
        python=args.python,
        keep=args.keep,
        find_links=tuple(args.find_links),
        no_index=args.no_index,
        skip=tuple(args.no_install_package),
        say=None if args.no_progress else progress.say,
    )
    diagnostics: list[Diagnostic] = []
    results: list[SmokeResult] = []
    for name in wheels:
        sdist = paired[Path(name)]
        try:
            result = smoke_wheel(
                Path(name), name, options, sdist=sdist.descriptor if sdist else None, given=given
            )
        except EnvironmentProblem as exc:
            raise _Refused(f"{name}: {exc.why}\n  fix: {exc.fix}") from None
        progress.clear()
        if result.kept is not None:
            print(f"smart-tool: kept the environment of {name} at {result.kept}", file=sys.stderr)
        diagnostics += result.diagnostics
        results.append(result)
    if conformance:
        return _conformance(args, wheels[0], paired[Path(wheels[0])], results[0])
    from .commands import report

    kept, ignored = set_aside(diagnostics, args.ignore or ())
    return report(args, kept, wheels, noun="wheel", ignored=ignored)


def _artifacts(args: argparse.Namespace) -> tuple[list[str], list[str]]:
    """(wheels, sdists) as given; anything else is refused."""
    from ..smoke.descriptors import is_sdist

    wheels, sdists = [], []
    for given in args.artifacts:
        if not Path(given).is_file():
            raise _Refused(f"{given}: no such file")
        if given.lower().endswith(".whl"):
            wheels.append(given)
        elif is_sdist(given):
            sdists.append(given)
        else:
            raise _Refused(f"{given}: not a wheel or an sdist (build them: python -m build)")
    if not wheels:
        raise _Refused("no wheel given: smoke installs wheels (build one: python -m build --wheel)")
    return wheels, sdists


def _file_facts(args: argparse.Namespace, sdist: Optional[Sdist]) -> tuple[Optional[FileFacts], set[str]]:
    """The file rules' findings, from ``--root`` or the sdist, and the codes their options ignore."""
    from ..smoke.conformance import FileFacts

    flags = {"ignore": args.ignore} if args.ignore else None
    if args.root is not None:
        from smart_tool_build.rules.root import check_root

        root = check_root(Path(args.root), display=args.root, flags=flags)
        return FileFacts(args.root, root.diagnostics, root.frontmatter), set(root.options.ignore)
    if sdist is not None:
        from smart_tool_build.archives.verify import verify

        found = verify(sdist.path, display=sdist.shown, flags=flags)
        return FileFacts(sdist.shown, found.diagnostics, found.frontmatter), set(found.options.ignore)
    return None, set()


def _conformance(args: argparse.Namespace, wheel: str, sdist: Optional[Sdist], result: SmokeResult) -> int:
    from .. import __version__
    from ..smoke.conformance import FAIL, document, provenance

    files, file_ignored = _file_facts(args, sdist)
    facts = result.facts
    ran = facts is not None and not facts.problems
    runtime, _ = set_aside([d for d in result.diagnostics if not _descriptor_note(d)], args.ignore or ())
    descriptor = None
    if facts is not None and facts.descriptor_path is not None:
        descriptor = {"path": facts.descriptor_path, "from": facts.descriptor_origin}
    said = provenance(
        distribution=facts.name if facts else None,
        version=facts.version if facts else None,
        wheel=wheel,
        sdist=sdist.shown if sdist else None,
        root=args.root,
        descriptor=descriptor,
        source=_source(args.root, sdist),
        tool_version=__version__,
    )
    found = document(
        target=str(Path(wheel).resolve()),
        runtime=runtime,
        files=files,
        provenance=said,
        ignored={*(args.ignore or ()), *file_ignored},
        warnings_as_errors=args.warnings_as_errors,
        not_run=None if ran else "the wheel cannot be read, so nothing was run (see artifact-readable)",
    )
    print(json.dumps(found, indent=2))  # ASCII, as the kit prints it: any terminal takes it
    failed = FAIL in (found["verdict"], found["beyond_kit"]["verdict"])  # the kit's rules, or ours
    return EXIT_FINDINGS if failed else EXIT_CLEAN


def _descriptor_note(diagnostic: Diagnostic) -> bool:
    """smoke's note of where the descriptor came from: provenance says it, no check does."""
    return diagnostic.code == "artifact-descriptor-present" and diagnostic.severity is Severity.INFO


def _source(root: Optional[str], sdist: Optional[Sdist]) -> dict[str, Optional[str]]:
    """The repository, ref and commit: from the root's git checkout, as ``snapshot`` reads
    them (never a URL with credentials), else what the sdist says; None where unknown."""
    found: dict[str, Optional[str]] = {"repository": None, "ref": None, "commit": None}
    if sdist is not None:
        found.update(repository=sdist.repository, ref=sdist.ref, commit=sdist.commit)
    if root is not None:
        found.update({k: v for k, v in _git_source(Path(root)).items() if v is not None})
    return found


def _git_source(root: Path) -> dict[str, Any]:
    from ..registry import gitfacts
    from ..registry.provenance import repository_problem
    from ..registry.snapshot import https_guess

    found: dict[str, Any] = {}
    try:
        gitfacts.toplevel(root)
    except gitfacts.GitError:
        return found
    try:
        url = gitfacts.origin_url(root)
    except gitfacts.GitError:
        url = None
    if url is not None:
        found["repository"] = url if repository_problem(url) is None else https_guess(url)
    found["ref"] = gitfacts.current_branch(root)
    with contextlib.suppress(gitfacts.GitError):
        found["commit"] = gitfacts.head_commit(root)
    return found
