"""What ``smart-tool smoke`` needs to know of a wheel before installing it, and which command
of the installed copy it runs.

Read from the wheel itself, never from a source tree: the descriptor in its ``.dist-info``,
its console scripts (``entry_points.txt``), the manifest it carries (chosen as ``inspect``
chooses it) and the top-level names it ships.
"""

from __future__ import annotations

import configparser
import posixpath
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, NamedTuple, Optional

from ..archives.reader import ArchiveError, dist_info_folders, open_archive
from ..archives.verify import verify
from ..diagnostics.diagnostic import Diagnostic, Severity, make
from ..parsing import frontmatter
from ..project.names import DESCRIPTOR_NAME
from ..rules import descriptor as descriptor_module
from ..rules import manifest as manifest_module
from ..rules.runners import look_through

_WANTED = (DESCRIPTOR_NAME, "entry_points.txt")


@dataclass
class WheelFacts:
    """A wheel, as the runtime rules need it."""

    path: Path
    shown: str
    #: the METADATA Name, normalised (what ``load_manifest`` is asked for)
    name: Optional[str] = None
    version: Optional[str] = None
    #: console scripts: name -> ``module:function``
    scripts: dict[str, str] = field(default_factory=dict)
    #: top-level names the wheel ships: packages, modules, extension modules
    top_level: set[str] = field(default_factory=set)
    descriptor: Optional[descriptor_module.Descriptor] = None
    descriptor_member: Optional[str] = None
    descriptor_lines: dict[str, int] = field(default_factory=dict)
    manifest: Optional[manifest_module.Manifest] = None
    manifest_bytes: Optional[bytes] = None
    manifest_member: Optional[str] = None
    #: lines in the manifest: of `version`, and of the body's first line
    version_line: Optional[int] = None
    body_line: Optional[int] = None
    #: why the wheel cannot be smoked at all
    problems: list[Diagnostic] = field(default_factory=list)

    def where(self, member: Optional[str]) -> str:
        """A diagnostic path: the wheel, or a member of it."""
        return f"{self.shown}/{member}" if member else self.shown

    def descriptor_place(self, key: str) -> tuple[str, Optional[int]]:
        """The path and line of a descriptor key (the wheel when there is no descriptor)."""
        return self.where(self.descriptor_member), self.descriptor_lines.get(key)

    def manifest_place(self, line: Optional[int] = None) -> tuple[str, Optional[int]]:
        return self.where(self.manifest_member), line


def _scripts(data: Optional[bytes]) -> dict[str, str]:
    if not data:
        return {}
    parser = configparser.ConfigParser(delimiters=("=",), interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    try:
        parser.read_string(data.decode("utf-8", "replace"))
    except configparser.Error:
        return {}
    if not parser.has_section("console_scripts"):
        return {}
    return {name.strip(): value.strip() for name, value in parser.items("console_scripts")}


def _top_level(names: list[str]) -> set[str]:
    found = set()
    for name in names:
        first = name.split("/", 1)[0]
        if first.endswith((".dist-info", ".data")):
            continue
        if "/" in name:
            found.add(first)
        elif first.endswith((".py", ".so", ".pyd")):
            found.add(first.split(".", 1)[0])
    return found


def read_wheel(path: Path, shown: str) -> WheelFacts:
    """The facts of one wheel; never raises (an unreadable wheel is a problem on the facts)."""
    facts = WheelFacts(path, shown)
    report = verify(path, display=shown)
    if report.kind != "wheel":
        facts.problems = [d for d in report.diagnostics if d.code == "artifact-readable"] or [
            make("artifact-readable", shown, None, "smoke installs wheels (.whl); this is not one")
        ]
        return facts
    unreadable = [
        d for d in report.diagnostics if d.code == "artifact-readable" and d.severity is Severity.ERROR
    ]
    try:
        archive = open_archive(path, lambda name: posixpath.basename(name) in _WANTED)
    except ArchiveError as exc:
        unreadable.append(make("artifact-readable", shown, None, f"artifact {exc}"))
    if unreadable:
        facts.problems = unreadable
        return facts
    facts.name, facts.version = report.name, report.version
    (dist_info,) = dist_info_folders(archive.files)
    facts.scripts = _scripts(archive.read(f"{dist_info}/entry_points.txt"))
    facts.top_level = _top_level(list(archive.files))
    descriptor_member = f"{dist_info}/{DESCRIPTOR_NAME}"
    data = archive.read(descriptor_member)
    if data is not None:
        parsed = descriptor_module.parse_bytes(data, facts.where(descriptor_member))
        facts.descriptor, facts.descriptor_member = parsed.descriptor, descriptor_member
        facts.descriptor_lines = parsed.key_lines
    if report.manifest is not None and report.manifest_bytes is not None:
        facts.manifest, facts.manifest_bytes = report.manifest, report.manifest_bytes
        facts.manifest_member = report.manifest_member
        result = manifest_module.parse_bytes(report.manifest_bytes)
        facts.version_line = result.frontmatter.line_of("version") if result.frontmatter else None
        text = frontmatter.decode(report.manifest_bytes)
        facts.body_line = frontmatter.body_line(text, result.body)
    return facts


class Command(NamedTuple):
    """What smoke runs in the environment: a console script, or ``python -m`` a module."""

    kind: Literal["script", "module"]
    name: str
    #: the arguments ``cli_argv`` gives after the script or module
    args: tuple[str, ...]


def choose_command(facts: WheelFacts) -> tuple[Optional[Command], list[Diagnostic]]:
    """The command of the installed copy: the descriptor's ``cli_argv`` (its runner prefix
    looked through) when it names one of the wheel's console scripts, or ``python -m`` a
    module the wheel ships; else the wheel's only console script; else none, and why."""
    scripts = sorted(facts.scripts)
    where, line = facts.descriptor_place("cli_argv")
    listing = ", ".join(scripts) if scripts else "it declares none"
    if facts.descriptor is None:
        said = (
            "carries no valid smart-tool.json"
            if facts.descriptor_member is None
            else "has an invalid smart-tool.json"
        )
        if len(scripts) == 1:
            message = f"the wheel {said}; running its only console script {scripts[0]!r}"
            return Command("script", scripts[0], ()), [
                make("cli-argv-installed", where, line, message, severity=Severity.INFO)
            ]
        message = f"the wheel {said}, and no single console script to run instead ({listing})"
        return None, [make("cli-argv-installed", where, line, message)]
    launch = look_through(facts.descriptor.cli_argv)
    if launch.kind == "module" and launch.target:
        top = launch.target.split(".", 1)[0]
        if top in facts.top_level:
            return Command("module", launch.target, launch.args), []
        shipped = ", ".join(sorted(facts.top_level)) or "nothing importable"
        message = f"cli_argv starts {launch.describe()}, but the wheel ships no {top!r} (it ships {shipped})"
        return None, [make("cli-argv-installed", where, line, message, "ship the module, or fix cli_argv")]
    name = launch.command_name
    if name is not None and name in facts.scripts:
        return Command("script", name, launch.args), []
    if len(scripts) == 1:
        message = (
            f"cli_argv starts {launch.describe()}, which is not a console script of the wheel; "
            f"running its only console script {scripts[0]!r}"
        )
        return Command("script", scripts[0], ()), [
            make("cli-argv-installed", where, line, message, severity=Severity.INFO)
        ]
    message = f"cli_argv starts {launch.describe()}, which is none of the wheel's console scripts ({listing})"
    hint = "start cli_argv with one of them" if scripts else "declare the tool's command in [project.scripts]"
    return None, [make("cli-argv-installed", where, line, message, hint)]
