"""The runtime rules: what the probes of an installed wheel say, as diagnostics.

Here are the conformance kit's seven (same ids, same semantics); ours, about the installed
copy, are in :mod:`installed_rules`. A rule that cannot be judged says so as info, with the
reason (the kit's SKIP): nothing passes silently for want of evidence.
"""

from __future__ import annotations

import re
from typing import Callable, Optional

from smart_tool_build.diagnostics.diagnostic import CodeId, Diagnostic, Severity, make

from . import installed_rules
from .judge import BAD_VERB, NO_COMMAND, Judge, Observed, probe_args, probes_key
from .probe import GRACE_SECONDS, ProbeResult
from .wheel_facts import WheelFacts

__all__ = ["BAD_VERB", "Observed", "judge", "probe_args"]


def judge(facts: WheelFacts, seen: Observed) -> list[Diagnostic]:
    """Every runtime rule's diagnostics for one installed wheel."""
    j = Judge(facts, seen)
    cli = facts.descriptor_place("cli_argv")
    if seen.command is None:
        for code in ("loads-without-provider", "help-flags-supported", "failure-exits-non-zero"):
            j.skip(code, cli, NO_COMMAND)
    else:
        _loads(j, cli)
        _help_flags(j, cli)
        _failure(j, cli)
    _version(j)
    _capability(j)
    _hangs(j)
    installed_rules.body(j)
    installed_rules.resources(j)
    installed_rules.accessor(j)
    installed_rules.untouched(j)
    installed_rules.working_folder(j)
    installed_rules.left_behind(j, cli)
    _for_want_of_a_dependency(j, cli)
    j.out.sort(key=lambda d: (d.path or "", d.line or 0))
    return j.out


def _loads(j: Judge, place: tuple[str, Optional[int]]) -> None:
    run = j.probe("help")
    assert run is not None
    if run.timed_out:
        j.skip("loads-without-provider", place, j.hung("help"))
    elif not run.ok:
        removed = ", ".join(j.seen.scrubbed) or "none were set"
        j.add(
            "loads-without-provider",
            place,
            f"{j.called('help')} {run.ended()} with the provider variables removed "
            f"({removed}): {run.first_line()}",
            "installed with --no-deps: drop it if the tool has dependencies"
            if not j.seen.deps and "ModuleNotFoundError" in run.first_line()
            else "make --help run with no provider configured: read provider settings only when a "
            "model-backed capability runs",
        )


def _answered(
    j: Judge,
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
            problems.append(f"{j.called(name)} {run.ended()}: {run.first_line()}")
        else:
            problems += filter(None, [check(name, run)])
    if problems:
        j.add(code, place, "; ".join(problems), hint)
    elif hung:
        j.skip(code, place, f"{' and '.join(hung)} did not finish (see no-hang-stdin-closed)")


def _help_flags(j: Judge, place: tuple[str, Optional[int]]) -> None:
    def on_stdout(name: str, run: ProbeResult) -> Optional[str]:
        if name == "help" and not run.stdout.strip():
            return f"{j.called(name)} prints nothing on stdout ({len(run.stderr)} characters on stderr)"
        return None

    hint = "answer -h and --help with exit 0, on stdout"
    _answered(j, "help-flags-supported", place, ("short-help", "help"), on_stdout, hint)


def _failure(j: Judge, place: tuple[str, Optional[int]]) -> None:
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


#: a version as a tool prints it: `1.2.0`, `v1.2`, `1.2.0rc1`, `1.2.0.dev3+g1a2b3c`
_VERSION_TOKEN = re.compile(r"(?<![\w.+])v?(\d+(?:\.\d+)*(?:[a-zA-Z0-9.!+_-]*[a-zA-Z0-9])?)")


def _printed_version(text: str, version: str) -> bool:
    """True when ``text`` prints ``version``: the same string, or a PEP 440-equal one."""
    from packaging.version import InvalidVersion, Version

    try:
        wanted: Optional[Version] = Version(version)
    except InvalidVersion:
        wanted = None
    for match in _VERSION_TOKEN.finditer(text):
        token = match.group(1)
        if token == version:
            return True
        try:
            if wanted is not None and Version(token) == wanted:
                return True
        except InvalidVersion:
            continue
    return False


def _version(j: Judge) -> None:
    facts = j.facts
    place = facts.manifest_place(facts.version_line)
    if j.seen.command is None:
        j.skip("cli-version", place, NO_COMMAND)
        return
    if facts.manifest_version is None:
        j.skip(
            "cli-version",
            place,
            "the wheel carries no manifest with a version to compare (smart-tool inspect says why)",
        )
        return
    version = facts.manifest_version

    def printed(name: str, run: ProbeResult) -> Optional[str]:
        if _printed_version(run.stdout, version):
            return None
        shown = run.stdout.strip().split("\n", 1)[0][:80] or "nothing"
        where = " (it is on stderr)" if _printed_version(run.stderr, version) else ""
        return f"{j.called(name)} prints {shown!r}, not the manifest's version {version}{where}"

    hint = f"print {version} on stdout for -V and --version"
    _answered(j, "cli-version", place, ("short-version", "version"), printed, hint)


def _capability(j: Judge) -> None:
    place = j.facts.descriptor_place("deterministic_smoke")
    smoke = j.facts.descriptor.deterministic_smoke if j.facts.descriptor else None
    for code in ("capability-help-supported", "deterministic-capability-runs"):
        if j.seen.command is None:
            j.skip(code, place, NO_COMMAND)
        elif j.facts.descriptor is None:
            j.skip(
                code, place, "there is no usable descriptor to declare a capability (see cli-argv-installed)"
            )
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
            f"{j.called('capability-help')} {run.ended()}: {run.first_line()}",
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
            f"{j.called('smoke')} {run.ended()} with the provider variables removed: {run.first_line()}",
            "a deterministic capability runs with no provider configured",
        )


def _hangs(j: Judge) -> None:
    hung = [name for name, run in j.seen.probes.items() if run.timed_out]
    if j.seen.command is None:
        j.skip(
            "no-hang-stdin-closed",
            j.facts.descriptor_place("cli_argv"),
            NO_COMMAND,
        )
        return
    if not hung:
        return
    sigkill = any(j.seen.probes[name].sigkilled for name in hung)
    how = f"SIGTERM, then SIGKILL after {GRACE_SECONDS:g} s: it ignored SIGTERM" if sigkill else "SIGTERM"
    j.add(
        "no-hang-stdin-closed",
        j.facts.descriptor_place(probes_key(hung)),
        f"{', '.join(j.called(name) for name in hung)} did not finish within {j.seen.timeout:g} s "
        f"with stdin closed; the process group was killed with {how}",
        "never wait for input a caller cannot give: finish or fail",
    )


#: what a Python tool says when a module it imports is not installed
_NO_MODULE = re.compile(r"ModuleNotFoundError: No module named '([\w.]+)'")


def _for_want_of_a_dependency(j: Judge, place: tuple[str, Optional[int]]) -> None:
    """Probes that failed because a dependency smoke left out is missing say nothing of the
    tool: the rules they decide are not judged, and one line says which probes, and why."""
    if j.seen.deps:
        return
    missing: dict[str, str] = {}
    for name, run in j.seen.probes.items():
        found = None if run.ok or run.timed_out else _NO_MODULE.search(run.stderr)
        if found and found.group(1).split(".")[0] not in j.facts.top_level:
            missing[name] = found.group(1)
    if not missing:
        return
    called = [j.called(name) for name in missing]
    modules = ", ".join(sorted({repr(module) for module in missing.values()}))
    why = f"for want of {modules}"
    for index, said in enumerate(j.out):
        these = [call for call in called if call in said.message]
        if said.severity is not Severity.INFO and these:
            message = f"not judged: {', '.join(these)} failed {why} (see dependencies-installed)"
            j.out[index] = make(said.code, said.path, said.line, message, severity=Severity.INFO)
    if "bad" in missing:  # it exits non-zero, but for want of the module: no verdict either
        j.skip(
            "failure-exits-non-zero", place, f"{j.called('bad')} failed {why} (see dependencies-installed)"
        )
    left_out = (
        "without " + ", ".join(j.seen.skipped) + " (--no-install-package)"
        if j.seen.skipped
        else "without its dependencies (--no-deps)"
    )
    j.add(
        "dependencies-installed",
        place,
        f"{', '.join(called)} failed {why}, a module of no installed distribution: the wheel was "
        f"installed {left_out}",
    )
