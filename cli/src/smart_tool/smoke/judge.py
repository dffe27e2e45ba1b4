"""What the probes of one installed wheel saw, and the judge the runtime rules write with."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from smart_tool_build.diagnostics.diagnostic import CodeId, Diagnostic, Severity, make

from .command import Command
from .probe import ProbeResult
from .wheel_facts import WheelFacts

#: why a rule that runs the tool cannot be judged when no command was found
NO_COMMAND = "there is no command to run (see cli-argv-installed)"
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


def probes_key(names: list[str]) -> str:
    """The descriptor key a finding about the probes ``names`` points at: deterministic_smoke
    when only its probes are concerned, else cli_argv."""
    only_smoke = bool(names) and all(name in ("smoke", "capability-help") for name in names)
    return "deterministic_smoke" if only_smoke else "cli_argv"


@dataclass
class Observed:
    """Everything the probes of one installed wheel found."""

    command: Optional[Command]
    #: the shown form of the command (`acme`, `python -m acme`)
    shown: str
    probes: dict[str, ProbeResult]
    timeout: float
    #: the wheel was installed with its dependencies, all of them
    deps: bool = True
    #: the dependencies left out by name (``--no-install-package``)
    skipped: tuple[str, ...] = ()
    #: the provider variables removed from the probes' environment (names only)
    scrubbed: list[str] = field(default_factory=list)
    #: what the accessor probe printed (None: it did not run)
    accessor: Optional[ProbeResult] = None
    #: files the probes created, changed or removed, relative to the environment
    changed: list[str] = field(default_factory=list)
    #: by probe: what it left in its working folder (relative paths; a folder ends in /)
    wrote: dict[str, list[str]] = field(default_factory=dict)
    #: the environment, and its site-packages folders
    prefix: Optional[Path] = None
    site: list[Path] = field(default_factory=list)


class Judge:
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
