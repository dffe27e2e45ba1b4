"""The runtime rules: what the probes of an installed wheel say, as diagnostics.

The first seven are the conformance kit's runtime rules (same ids, same semantics); the
rest are ours. A rule that cannot be judged says so as info, with the reason (the kit's
SKIP): nothing passes silently for want of evidence.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Callable, Optional

from . import skill
from .diagnostics import CodeId, Diagnostic, Severity, make
from .probe import ProbeResult
from .wheel_facts import Command, WheelFacts

#: appended to cli_argv to provoke a failure: a verb no tool defines (the kit's)
BAD_VERB = "__conformance_no_such_verb__"


def probe_args(facts: WheelFacts) -> dict[str, tuple[str, ...]]:
    """Each probe by name: the arguments it adds to the command."""
    probes: dict[str, tuple[str, ...]] = {
        "help": ("--help",),
        "short-help": ("-h",),
        "version": ("--version",),
        "short-version": ("-V",),
        "bad": (BAD_VERB,),
    }
    smoke = facts.descriptor.deterministic_smoke if facts.descriptor else None
    if smoke:
        probes["smoke"] = smoke
        if not smoke[0].startswith("-"):
            probes["capability-help"] = (smoke[0], "--help")
    return probes


@dataclass
class Observed:
    """Everything the probes of one installed wheel found."""

    command: Optional[Command]
    #: the shown form of the command (`acme`, `python -m acme`)
    shown: str
    probes: dict[str, ProbeResult]
    timeout: float
    #: the provider variables removed from the probes' environment (names only)
    scrubbed: list[str] = field(default_factory=list)
    #: what the accessor probe printed (None: it did not run)
    accessor: Optional[ProbeResult] = None
    #: files the probes created, changed or removed, relative to the environment
    changed: list[str] = field(default_factory=list)
    #: the environment, and its site-packages folders
    prefix: Optional[Path] = None
    site: list[Path] = field(default_factory=list)


class _Judge:
    """The rules of one wheel, writing into one list."""

    def __init__(self, facts: WheelFacts, seen: Observed) -> None:
        self.facts, self.seen = facts, seen
        self.out: list[Diagnostic] = []

    def add(
        self,
        code: CodeId,
        place: tuple[str, Optional[int]],
        message: str,
        hint: Optional[str] = None,
        severity: Optional[Severity] = None,
    ) -> None:
        self.out.append(make(code, place[0], place[1], message, hint, severity))

    def skip(self, code: CodeId, place: tuple[str, Optional[int]], why: str) -> None:
        self.add(code, place, f"not judged: {why}", severity=Severity.INFO)

    def probe(self, name: str) -> Optional[ProbeResult]:
        return self.seen.probes.get(name)

    def called(self, name: str) -> str:
        """The probe as a user would type it: `acme --help`."""
        return f"`{' '.join((self.seen.shown, *probe_args(self.facts).get(name, ())))}`"

    def hung(self, name: str) -> str:
        return f"{self.called(name)} did not finish within {self.seen.timeout:g} s (see no-hang-stdin-closed)"


def judge(facts: WheelFacts, seen: Observed) -> list[Diagnostic]:
    """Every runtime rule's diagnostics for one installed wheel."""
    j = _Judge(facts, seen)
    cli = facts.descriptor_place("cli_argv")
    if seen.command is None:
        for code in ("loads-without-provider", "help-flags-supported", "failure-exits-non-zero"):
            j.skip(code, cli, "there is no command to run (see cli-argv-installed)")
    else:
        _loads(j, cli)
        _help_flags(j, cli)
        _failure(j, cli)
    _version(j)
    _capability(j)
    _hangs(j)
    _body(j)
    _resources(j)
    _accessor(j)
    _untouched(j)
    _left_behind(j, cli)
    j.out.sort(key=lambda d: (d.path or "", d.line or 0))
    return j.out


def _loads(j: _Judge, place: tuple[str, Optional[int]]) -> None:
    run = j.probe("help")
    assert run is not None
    if run.timed_out:
        j.skip("loads-without-provider", place, j.hung("help"))
    elif not run.ok:
        removed = ", ".join(j.seen.scrubbed) or "none were set"
        j.add(
            "loads-without-provider",
            place,
            f"{j.called('help')} exits {run.returncode} with the provider variables removed "
            f"({removed}): {run.first_line()}",
            "make --help run with no provider configured: read provider settings only when a "
            "model-backed capability runs",
        )


def _answered(
    j: _Judge,
    code: CodeId,
    place: tuple[str, Optional[int]],
    names: tuple[str, ...],
    check: Callable[[str, ProbeResult], Optional[str]],
    hint: str,
) -> None:
    """Each probe of ``names`` exits 0 and passes ``check``; one diagnostic says every failure."""
    problems, hung = [], []
    for name in names:
        run = j.probe(name)
        assert run is not None
        if run.timed_out:
            hung.append(j.called(name))
        elif not run.ok:
            problems.append(f"{j.called(name)} exits {run.returncode}: {run.first_line()}")
        else:
            problems += filter(None, [check(name, run)])
    if problems:
        j.add(code, place, "; ".join(problems), hint)
    elif hung:
        j.skip(code, place, f"{' and '.join(hung)} did not finish (see no-hang-stdin-closed)")


def _help_flags(j: _Judge, place: tuple[str, Optional[int]]) -> None:
    def on_stdout(name: str, run: ProbeResult) -> Optional[str]:
        if name == "help" and not run.stdout.strip():
            return f"{j.called(name)} prints nothing on stdout ({len(run.stderr)} characters on stderr)"
        return None

    hint = "answer -h and --help with exit 0, on stdout"
    _answered(j, "help-flags-supported", place, ("short-help", "help"), on_stdout, hint)


def _failure(j: _Judge, place: tuple[str, Optional[int]]) -> None:
    run = j.probe("bad")
    assert run is not None
    if run.timed_out:
        j.skip("failure-exits-non-zero", place, j.hung("bad"))
    elif run.returncode == 0:
        j.add(
            "failure-exits-non-zero",
            place,
            f"{j.called('bad')} (a verb no tool defines) exits 0",
            "exit non-zero on a bad invocation",
        )


def _printed_version(text: str, version: str) -> bool:
    forms = {version}
    try:
        from packaging.version import InvalidVersion, Version

        forms.add(str(Version(version)))
    except (ImportError, InvalidVersion):
        pass
    return any(re.search(rf"(?<![\w.+-]){re.escape(form)}(?![\w+-]|\.\w)", text) for form in forms)


def _version(j: _Judge) -> None:
    facts = j.facts
    place = facts.manifest_place(facts.version_line)
    if j.seen.command is None:
        j.skip("cli-version", place, "there is no command to run (see cli-argv-installed)")
        return
    if facts.manifest is None:
        j.skip("cli-version", place, "the wheel carries no valid manifest to take the version from")
        return
    version = facts.manifest.version

    def printed(name: str, run: ProbeResult) -> Optional[str]:
        if _printed_version(run.stdout, version):
            return None
        shown = run.stdout.strip().split("\n", 1)[0][:80] or "nothing"
        where = " (it is on stderr)" if _printed_version(run.stderr, version) else ""
        return f"{j.called(name)} prints {shown!r}, not the manifest's version {version}{where}"

    hint = f"print {version} on stdout for -V and --version"
    _answered(j, "cli-version", place, ("short-version", "version"), printed, hint)


def _capability(j: _Judge) -> None:
    place = j.facts.descriptor_place("deterministic_smoke")
    smoke = j.facts.descriptor.deterministic_smoke if j.facts.descriptor else None
    for code in ("capability-help-supported", "deterministic-capability-runs"):
        if j.seen.command is None:
            j.skip(code, place, "there is no command to run (see cli-argv-installed)")
        elif not smoke:
            j.skip(code, place, "the descriptor declares no deterministic_smoke, so no capability is known")
    if j.seen.command is None or not smoke:
        return
    run = j.probe("capability-help")
    if run is None:
        j.skip(
            "capability-help-supported",
            place,
            f"deterministic_smoke starts with an option ({smoke[0]}), not a capability",
        )
    elif run.timed_out:
        j.skip("capability-help-supported", place, j.hung("capability-help"))
    elif not run.ok:
        j.add(
            "capability-help-supported",
            place,
            f"{j.called('capability-help')} exits {run.returncode}: {run.first_line()}",
            "give every capability its own --help",
        )
    run = j.probe("smoke")
    assert run is not None
    if run.timed_out:
        j.add(
            "deterministic-capability-runs",
            place,
            f"{j.called('smoke')} did not finish within {j.seen.timeout:g} s "
            "with the provider variables removed",
            "a deterministic capability runs with no provider configured, and never waits for input",
        )
    elif not run.ok:
        j.add(
            "deterministic-capability-runs",
            place,
            f"{j.called('smoke')} exits {run.returncode} with the provider variables removed: "
            f"{run.first_line()}",
            "a deterministic capability runs with no provider configured",
        )


def _hangs(j: _Judge) -> None:
    hung = [name for name, run in j.seen.probes.items() if run.timed_out]
    if j.seen.command is None:
        j.skip(
            "no-hang-stdin-closed",
            j.facts.descriptor_place("cli_argv"),
            "there is no command to run (see cli-argv-installed)",
        )
        return
    if not hung:
        return
    key = "deterministic_smoke" if all(name in ("smoke", "capability-help") for name in hung) else "cli_argv"
    j.add(
        "no-hang-stdin-closed",
        j.facts.descriptor_place(key),
        f"{', '.join(j.called(name) for name in hung)} did not finish within {j.seen.timeout:g} s "
        "with stdin closed; the process group was killed",
        "never wait for input a caller cannot give: finish or fail",
    )


def _help_output(j: _Judge) -> Optional[str]:
    run = j.probe("help")
    return run.stdout if run is not None and run.ok else None


def _normal(text: str) -> str:
    return " ".join(text.split())


def _body(j: _Judge) -> None:
    facts = j.facts
    place = facts.manifest_place(facts.body_line)
    output = _help_output(j)
    if facts.manifest is None:
        j.skip("help-renders-manifest-body", place, "the wheel carries no valid manifest")
    elif output is None:
        j.skip("help-renders-manifest-body", place, "--help did not succeed (see the rules above)")
    elif _normal(facts.manifest.body) not in _normal(output):
        run = j.probe("help")
        cut = " (its output was cut at the cap)" if run is not None and run.truncated else ""
        j.add(
            "help-renders-manifest-body",
            place,
            f"{j.called('help')} does not print the manifest body{cut}",
            "print smart_tool_build.render_skill(...) on --help",
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


def _resources(j: _Judge) -> None:
    output = _help_output(j)
    view = skill.read(output) if output is not None else None
    if view is None:
        why = "--help did not succeed" if output is None else "--help prints no <skill_content>"
        j.skip(
            "skill-resources-ship", (j.facts.shown, None), f"{why}, so there is no skill directory to look in"
        )
        return
    if j.seen.prefix is None:
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
            "resolve it at run time from the installed package (smart_tool_build.skill_directory)",
        )
        return
    for resource in view.resources or ():
        member = PurePosixPath(directory.relative_to(top).as_posix(), resource).as_posix()
        path = PurePosixPath(resource)
        if path.is_absolute() or ".." in path.parts or "\\" in resource or not resource:
            j.add(
                "skill-resources-ship", (j.facts.shown, None), f"resource {resource!r} is not a relative path"
            )
        elif not (directory / resource).exists():
            j.add(
                "skill-resources-ship",
                (j.facts.where(member), None),
                f"the skill lists {resource!r}, which the installed copy does not have",
                "ship it inside the package (package data), or drop it from the resources",
            )


def _accessor(j: _Judge) -> None:
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
            "installed-manifest-matches", place, f"asking the installed accessor failed: {run.first_line()}"
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
    if "error" in answer:
        j.add("installed-manifest-matches", place, f"{asked} raises {answer['error']}")
        return
    if facts.manifest is None:
        j.add(
            "installed-manifest-matches",
            place,
            f"{asked} returns a manifest, but the wheel carries no valid one",
        )
        return
    expected = json.loads(json.dumps(facts.manifest.to_dict()))
    if answer.get("frontmatter") != expected:
        keys = sorted(set(expected) | set(answer.get("frontmatter") or {}))
        differ = [k for k in keys if expected.get(k) != (answer.get("frontmatter") or {}).get(k)]
        j.add("installed-manifest-matches", place, f"{asked} returns other fields: {', '.join(differ)}")
    elif answer.get("body") != facts.manifest.body:
        j.add("installed-manifest-matches", place, f"{asked} returns another body")


def _untouched(j: _Judge) -> None:
    changed = j.seen.changed
    if changed:
        more = f" and {len(changed) - 5} more" if len(changed) > 5 else ""
        j.add(
            "installed-files-untouched",
            (j.facts.shown, None),
            f"the probes wrote into the installed environment: {', '.join(changed[:5])}{more}",
            "write state and caches to the per-user location, temporary files to a temporary folder",
        )


def _left_behind(j: _Judge, place: tuple[str, Optional[int]]) -> None:
    left = [j.called(name) for name, run in j.seen.probes.items() if run.left_behind]
    if left:
        j.add(
            "no-processes-left-behind",
            place,
            f"{', '.join(left)} exited but left processes running (they were killed)",
            "wait for what the tool starts, or start nothing the caller did not ask for",
        )
