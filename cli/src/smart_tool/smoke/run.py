"""``smart-tool smoke``: the runtime rules, run against the wheel users will install.

Each wheel goes into a fresh throwaway environment (:mod:`smoke_env`); its command is found
in the installed copy (:mod:`wheel_facts`); every probe runs bounded, with the provider
variables removed (:mod:`probe`); the rules turn what was seen into diagnostics
(:mod:`smoke_rules`). Nothing of the source tree is used.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Callable, NamedTuple, Optional

from smart_tool_build.diagnostics.diagnostic import Diagnostic

from .batch import run_all
from .command import Command, choose_command
from .descriptors import DescriptorSource
from .environment import EnvironmentProblem, ThrowawayEnvironment, install, make_environment, site_packages
from .probe import ProbeResult, probe_environment, provider_variables, run_probe
from .rules import Observed, judge, probe_args
from .wheel_facts import WheelFacts, read_wheel

__all__ = ["EnvironmentProblem", "SmokeOptions", "SmokeResult", "smoke_wheel"]

#: run in the environment's interpreter: what its smart-tool-build's load_manifest returns
ACCESSOR_PROBE = """
import json, sys
try:
    import smart_tool_build
except ImportError:
    print(json.dumps({"installed": False}))
    raise SystemExit(0)
answer = {"installed": True, "version": getattr(smart_tool_build, "__version__", None)}
def said(exc):
    return "%s: %s" % (type(exc).__name__, str(exc).splitlines()[0] if str(exc) else "")
try:
    found = smart_tool_build.load_manifest(sys.argv[1])
    answer.update(frontmatter=found.to_dict(), body=found.body)
except ImportError as exc:  # the library cannot run here (a dependency missing): no answer
    answer["unusable"] = said(exc)
except Exception as exc:
    answer["error"] = said(exc)
print(json.dumps(answer))
"""


class SmokeOptions(NamedTuple):
    #: seconds each probe may take
    timeout: float = 20.0
    #: install the wheel's dependencies
    deps: bool = True
    #: the interpreter of the environment (default: the one running smoke)
    python: Optional[str] = None
    #: keep the environment
    keep: bool = False
    #: folders of wheels (or their URLs) the installer looks in besides the index
    find_links: tuple[str, ...] = ()
    #: probes run at once (None: all of them; 1: one after another)
    jobs: Optional[int] = None
    #: install from the ``find_links`` folders only
    no_index: bool = False
    #: dependencies not installed (``--no-install-package``)
    skip: tuple[str, ...] = ()
    #: told each step as it starts, and each probe as it ends (progress); None: nothing said
    say: Optional[Callable[[str], None]] = None


class SmokeResult(NamedTuple):
    diagnostics: list[Diagnostic]
    #: the environment's folder, when kept
    kept: Optional[Path] = None
    #: what was read of the wheel (its name, version, descriptor and manifest)
    facts: Optional[WheelFacts] = None


def smoke_wheel(
    path: Path,
    shown: str,
    options: SmokeOptions,
    environ: Optional[Mapping[str, str]] = None,
    *,
    sdist: Optional[DescriptorSource] = None,
    given: Optional[DescriptorSource] = None,
) -> SmokeResult:
    """Install ``path`` into a throwaway environment and run the runtime rules on it.

    The descriptor is ``given`` when there is one, else the wheel's own, else its ``sdist``'s.
    Raises :class:`EnvironmentProblem` when the environment cannot be made or the wheel
    cannot be installed into it.
    """
    if os.name == "nt":
        raise EnvironmentProblem("smoke needs a POSIX system (process groups)", "run it on Linux or macOS")
    caller = dict(os.environ if environ is None else environ)
    facts = read_wheel(path, shown, sdist=sdist, given=given)
    if facts.problems:
        return SmokeResult(facts.problems, facts=facts)
    wheel = path.resolve()
    # relative folders are the caller's: resolved here, before smoke stands in its throwaway one
    find_links = tuple(f if "://" in f else os.path.abspath(f) for f in options.find_links)
    say = options.say or (lambda text: None)
    say(f"{shown}: making a throwaway environment")
    environment = make_environment(options.python, caller)
    try:
        with _working_in(environment.root):
            said = "with its dependencies" if options.deps else "without its dependencies"
            if options.deps and options.skip:
                said += f" but {', '.join(options.skip)}"
            say(f"{shown}: installing it {said} ({environment.installer})")
            install(
                environment,
                wheel,
                deps=options.deps,
                environ=caller,
                find_links=find_links,
                no_index=options.no_index,
                skip=options.skip,
            )
            command, found = choose_command(facts)
            found += facts.notes
            found += judge(facts, _observe(environment, facts, command, options, caller))
    except KeyboardInterrupt:  # smoke interrupted: nothing is kept, --keep or not
        environment.remove()
        raise
    finally:
        if not options.keep:
            environment.remove()
    found.sort(key=lambda d: (d.path or "", d.line or 0))
    return SmokeResult(found, environment.root if options.keep else None, facts)


@contextlib.contextmanager
def _working_in(folder: Path) -> Iterator[None]:
    """Smoke itself stands in ``folder`` while the wheel's code runs: a probe that looks for
    its parent's working folder (``/proc/<ppid>/cwd``) finds the throwaway one, not the
    caller's project."""
    try:
        before: Optional[str] = os.getcwd()
    except OSError:  # the caller's folder is gone: there is nothing to go back to
        before = None
    os.chdir(folder)
    try:
        yield
    finally:
        if before is not None:
            with contextlib.suppress(OSError):
                os.chdir(before)


def _command_argv(environment: ThrowawayEnvironment, command: Command) -> tuple[list[str], str]:
    """The argv that starts ``command`` in the environment, and how to show it."""
    if command.kind == "module":
        return [str(environment.python), "-m", command.name, *command.args], " ".join(
            ("python -m", command.name, *command.args)
        )
    if command.kind == "file":
        site = next((s for s in site_packages(environment) if (s / command.name).is_file()), None)
        path = str((site or environment.prefix) / command.name)
        return [str(environment.python), path, *command.args], " ".join(
            ("python", command.name, *command.args)
        )
    return [str(environment.script(command.name)), *command.args], " ".join((command.name, *command.args))


def _observe(
    environment: ThrowawayEnvironment,
    facts: WheelFacts,
    command: Optional[Command],
    options: SmokeOptions,
    caller: Mapping[str, str],
) -> Observed:
    env = probe_environment(
        caller, environment.prefix, environment.bin_dir, home=environment.home, temp=environment.temp
    )
    left: dict[str, list[str]] = {}

    say = options.say or (lambda text: None)
    ended = itertools.count(1)  # the probes' threads take their numbers from it, one each
    saying = threading.Lock()  # a number is taken and said at once: the lines come in order

    def probe(name: str, argv: list[str], stop: threading.Event) -> ProbeResult:
        folder = environment.scratch(name)
        result = run_probe(argv, env=env, cwd=folder, timeout=options.timeout, stop=stop)
        left[name] = _left_in(folder)
        how = "did not finish" if result.timed_out else result.ended()
        called = "the accessor" if name == "accessor" else f"`{' '.join((shown, *probe_args(facts)[name]))}`"
        with saying:
            say(f"{facts.shown}: probe {next(ended)}/{total}: {called} {how} ({result.seconds:.1f} s)")
        return result

    before = _files(environment.prefix)
    probes: dict[str, ProbeResult] = {}
    shown = ""
    calls: dict[str, list[str]] = {}
    if command is not None:
        argv, shown = _command_argv(environment, command)
        calls = {name: [*argv, *extra] for name, extra in probe_args(facts).items()}
    total = len(calls) + (1 if facts.name else 0)
    if calls:
        timeout = f"timeout {options.timeout:g} s"
        say(f"{facts.shown}: running {len(calls)} probes of `{shown}` side by side ({timeout})")
        probes = run_all(calls, probe, options.jobs)
    changed = _changes(before, _files(environment.prefix))
    accessor = None
    if facts.name:
        # -B: the accessor's own imports write no bytecode; it runs after the files are compared
        argv = [str(environment.python), "-I", "-B", "-c", ACCESSOR_PROBE, facts.name]
        accessor = run_all({"accessor": argv}, probe)["accessor"]
    wrote = {name: left[name] for name in probes if left.get(name)}  # in the probes' order
    return Observed(
        command,
        shown,
        probes,
        options.timeout,
        deps=options.deps and not options.skip,
        skipped=options.skip if options.deps else (),
        scrubbed=provider_variables(caller),
        accessor=accessor,
        changed=changed,
        wrote=wrote,
        prefix=environment.prefix,
        site=site_packages(environment),
    )


def _files(prefix: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``prefix`` but bytecode caches: size and modification time."""
    found: dict[str, tuple[int, int]] = {}
    for folder, folders, files in os.walk(prefix):
        folders[:] = [name for name in folders if name != "__pycache__"]
        for name in files:
            path = os.path.join(folder, name)
            try:
                info = os.lstat(path)
            except OSError:
                continue
            found[os.path.relpath(path, prefix).replace(os.sep, "/")] = (info.st_size, info.st_mtime_ns)
    return found


#: entries of a working folder listed at most (a tool may write thousands)
_LISTED = 50


def _left_in(folder: Path) -> list[str]:
    """What is in ``folder`` (a probe's working folder, empty before it ran): files, links
    and empty folders (``name/``), relative, sorted; at most :data:`_LISTED` of them."""
    found: list[str] = []
    for top, folders, files in os.walk(folder):
        relative = os.path.relpath(top, folder).replace(os.sep, "/")
        prefix = "" if relative == "." else relative + "/"
        if not folders and not files and prefix:
            found.append(prefix)
        found += (prefix + name for name in files)
        found += (prefix + name for name in folders if os.path.islink(os.path.join(top, name)))
        if len(found) >= _LISTED:
            break
    return sorted(_shown(name) for name in found)[:_LISTED]


def _shown(name: str) -> str:
    """A file name as text: bytes that are not UTF-8 (read as surrogates) become U+FFFD, so
    no output format fails on them."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _changes(before: dict[str, tuple[int, int]], after: dict[str, tuple[int, int]]) -> list[str]:
    created = [f"{_shown(name)} (created)" for name in sorted(after.keys() - before.keys())]
    removed = [f"{_shown(name)} (removed)" for name in sorted(before.keys() - after.keys())]
    changed = [
        f"{_shown(name)} (changed)"
        for name in sorted(before.keys() & after.keys())
        if before[name] != after[name]
    ]
    return created + changed + removed
