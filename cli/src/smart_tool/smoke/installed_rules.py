"""Our runtime rules, about the installed copy: the skill `--help` prints (its body, its
resources), the accessor installed with the tool, the files and processes the probes leave
(in the environment, in their working folders, in the process table)."""

from __future__ import annotations

import json
import posixpath
from collections.abc import Sequence
from pathlib import Path, PurePosixPath
from typing import Optional

from smart_tool_build.runtime import skill

from .judge import NO_COMMAND, Judge, probe_args, probes_key

#: what to do when the installed accessor does not give the wheel's manifest
INSTALLED_HINT = "build with smart-tool-build, and depend on one that reads the manifest's format"


def _help_output(j: Judge) -> Optional[str]:
    run = j.probe("help")
    return run.stdout if run is not None and run.ok else None


def _normal(text: str) -> str:
    return " ".join(text.split())


def body(j: Judge) -> None:
    """help-renders-manifest-body: the manifest spec says the body "is what --help renders"."""
    facts = j.facts
    place = facts.manifest_place(facts.body_line)
    output = _help_output(j)
    if facts.manifest_body is None:
        j.skip(
            "help-renders-manifest-body",
            place,
            "the wheel carries no manifest whose frontmatter reads (smart-tool inspect says why)",
        )
    elif output is None:
        j.skip("help-renders-manifest-body", place, "--help did not succeed (see the rules above)")
    elif _normal(facts.manifest_body) not in _normal(output):
        run = j.probe("help")
        cut = "; its output was cut at the cap" if run is not None and run.truncated else ""
        j.add(
            "help-renders-manifest-body",
            place,
            f"{j.called('help')} does not print the manifest body{cut}",
            "print what smart_tool_build.render_skill returns on --help",
        )


def _inside(path: Path, folders: Sequence[Path]) -> Optional[Path]:
    """The folder of ``folders`` holding ``path``, if one does."""
    for folder in folders:
        try:
            path.relative_to(folder)
        except ValueError:
            continue
        return folder
    return None


def resources(j: Judge) -> None:
    """skill-resources-ship: every listed path "resolves after installation"."""
    output = _help_output(j)
    view = skill.read(output) if output is not None else None
    if view is None:
        why = "--help did not succeed" if output is None else "--help prints no <skill_content>"
        j.skip(
            "skill-resources-ship", (j.facts.shown, None), f"{why}, so there is no skill directory to look in"
        )
        return
    if j.seen.prefix is None or not view.resources:  # nothing listed: nothing has to resolve
        return
    directory = Path(view.directory).resolve() if view.directory else None
    site = [p.resolve() for p in j.seen.site]
    top = _inside(directory, site) if directory is not None else None
    if directory is None or top is None or not directory.is_dir():
        shown = view.directory or "(no `Skill directory:` line)"
        j.add(
            "skill-resources-ship",
            (j.facts.shown, None),
            f"the skill directory {shown} is not a folder of the installed copy",
            "resolve it at run time from the installed package with smart_tool_build.skill_directory",
        )
        return
    for resource in view.resources or ():
        member = PurePosixPath(directory.relative_to(top).as_posix(), resource).as_posix()
        path = PurePosixPath(resource)
        if path.is_absolute() or ".." in path.parts or "\\" in resource or not resource:
            j.add(
                "skill-resources-ship",
                (j.facts.shown, None),
                f"resource {resource!r} is not a relative path",
                "list each resource by its path inside the skill directory",
            )
        elif not (directory / resource).exists():
            j.add(
                "skill-resources-ship",
                (j.facts.where(member), None),
                f"the skill lists {resource!r}, which the installed copy does not have",
                "ship it inside the package as package data, or drop it from the resources",
            )


def accessor(j: Judge) -> None:
    """installed-manifest-matches: the tool's own accessor, installed, reads what the wheel carries."""
    facts = j.facts
    place = facts.manifest_place()
    run = j.seen.accessor
    if run is None:
        return
    if run.timed_out:
        j.skip(
            "installed-manifest-matches", place, f"load_manifest did not answer within {j.seen.timeout:g} s"
        )
        return
    try:
        answer = json.loads(run.stdout.strip().splitlines()[-1]) if run.ok and run.stdout.strip() else None
    except ValueError:
        answer = None
    if not isinstance(answer, dict):
        j.add(
            "installed-manifest-matches",
            place,
            f"asking the installed accessor failed: {run.first_line()}",
            INSTALLED_HINT,
        )
        return
    if not answer.get("installed"):
        j.skip(
            "installed-manifest-matches",
            place,
            "smart-tool-build is not installed beside the tool (not a dependency, or --no-deps)",
        )
        return
    asked = f"the installed load_manifest({facts.name!r}) (smart-tool-build {answer.get('version')})"
    if "unusable" in answer:
        no_deps = ", installed with --no-deps" if not j.seen.deps else ""
        j.skip("installed-manifest-matches", place, f"{asked} cannot run here{no_deps}: {answer['unusable']}")
        return
    if "error" in answer:
        j.add("installed-manifest-matches", place, f"{asked} raises {answer['error']}", INSTALLED_HINT)
        return
    if facts.manifest is None:
        j.add(
            "installed-manifest-matches",
            place,
            f"{asked} returns a manifest, but the wheel carries no valid one",
            INSTALLED_HINT,
        )
        return
    expected = json.loads(json.dumps(facts.manifest.to_dict()))
    if answer.get("frontmatter") != expected:
        keys = sorted(set(expected) | set(answer.get("frontmatter") or {}))
        differ = [k for k in keys if expected.get(k) != (answer.get("frontmatter") or {}).get(k)]
        j.add(
            "installed-manifest-matches",
            place,
            f"{asked} returns other fields: {', '.join(differ)}",
            INSTALLED_HINT,
        )
    elif answer.get("body") != facts.manifest.body:
        j.add("installed-manifest-matches", place, f"{asked} returns another body", INSTALLED_HINT)


def untouched(j: Judge) -> None:
    """installed-files-untouched: a tool's files "belong outside the tool's own directory"."""
    if j.seen.command is None:
        j.skip("installed-files-untouched", (j.facts.shown, None), NO_COMMAND)
        return
    changed = j.seen.changed
    if changed:
        j.add(
            "installed-files-untouched",
            (j.facts.shown, None),
            f"the probes wrote into the installed environment: {_listed(changed)}",
            "write state and caches to the per-user location, temporary files to a temporary folder",
        )


def _asked_for(path: str, args: Sequence[str]) -> bool:
    """Whether an argument names ``path`` (or a folder holding it): ``out.json``,
    ``--output=out.json``, ``--out-dir build`` for ``build/x``."""
    for arg in args:
        value = arg.split("=", 1)[1] if arg.startswith("-") and "=" in arg else arg
        named = posixpath.normpath(value.replace("\\", "/")) if value else ""
        if named and (path.rstrip("/") == named or path.startswith(named.rstrip("/") + "/")):
            return True
    return False


def working_folder(j: Judge) -> None:
    """working-folder-untouched: the smart-tools text, "Where a tool puts its files": a tool
    "is invoked from a working directory it did not choose, so neither [its own directory
    nor that one] is a safe place to write"; output goes "where the caller asked for"."""
    if j.seen.command is None:
        j.skip("working-folder-untouched", j.facts.descriptor_place("cli_argv"), NO_COMMAND)
        return
    args = probe_args(j.facts)
    wrote: dict[str, list[str]] = {}
    for name, paths in j.seen.wrote.items():
        unasked = [path for path in paths if not _asked_for(path, args.get(name, ()))]
        if unasked:
            wrote[name] = unasked
    if not wrote:
        return
    said = "; ".join(f"{j.called(name)}: {_listed(paths)}" for name, paths in wrote.items())
    j.add(
        "working-folder-untouched",
        j.facts.descriptor_place(probes_key(list(wrote))),
        f"the probes wrote into the folder they were run from, which no argument names: {said}",
        "write state and caches to the per-user location, temporary files to a temporary "
        "folder, output only where the caller asks",
    )


def _listed(paths: Sequence[str], most: int = 5) -> str:
    more = f" and {len(paths) - most} more" if len(paths) > most else ""
    return ", ".join(paths[:most]) + more


def left_behind(j: Judge, place: tuple[str, Optional[int]]) -> None:
    """no-processes-left-behind: nothing keeps running that the caller did not ask for."""
    if j.seen.command is None:
        j.skip("no-processes-left-behind", place, NO_COMMAND)
        return
    runs = [run for run in j.seen.probes.values() if run.left_behind]
    left = [j.called(name) for name, run in j.seen.probes.items() if run.left_behind]
    if left:
        how = "SIGTERM, then SIGKILL" if any(run.sigkilled for run in runs) else "SIGTERM"
        escaped = (
            "; a process no mark finds still held the output open" if any(run.escaped for run in runs) else ""
        )
        j.add(
            "no-processes-left-behind",
            place,
            f"{', '.join(left)} exited but left processes running (smoke ended them: {how}){escaped}",
            "wait for what the tool starts, or start nothing the caller did not ask for",
        )
