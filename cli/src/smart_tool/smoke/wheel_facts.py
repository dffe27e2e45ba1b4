"""What ``smart-tool smoke`` needs to know of a wheel before installing it.

Read from the wheel itself, never from a source tree: its console scripts
(``entry_points.txt``) and other scripts (``.data/scripts``), the manifest it carries (chosen
as ``inspect`` chooses it), the files and top-level names it ships, and the descriptor in its
``.dist-info``; or, when it has none, the one its sdist carries (:mod:`.descriptors`), and
one named on the command line over both.
"""

from __future__ import annotations

import configparser
import posixpath
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from smart_tool_build.archives.archive import ArchiveError, dist_info_folders
from smart_tool_build.archives.contents import READ_HINT
from smart_tool_build.archives.reader import open_archive
from smart_tool_build.archives.verify import verify
from smart_tool_build.diagnostics.diagnostic import Diagnostic, Severity, make
from smart_tool_build.parsing import frontmatter
from smart_tool_build.parsing.safe_yaml import LineDict
from smart_tool_build.project.names import DESCRIPTOR_NAME
from smart_tool_build.rules import descriptor as descriptor_module
from smart_tool_build.rules import manifest as manifest_module

from .descriptors import DescriptorSource, Origin

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
    #: other commands it installs: files under ``<name>.data/scripts/``
    data_scripts: set[str] = field(default_factory=set)
    #: top-level names the wheel ships: packages, modules, extension modules
    top_level: set[str] = field(default_factory=set)
    #: the files it installs into site-packages (POSIX paths, .dist-info and .data aside)
    members: set[str] = field(default_factory=set)
    descriptor: Optional[descriptor_module.Descriptor] = None
    #: the descriptor read (valid or not), as diagnostics show its path; None: there is none
    descriptor_path: Optional[str] = None
    #: where it came from: the wheel's .dist-info, its sdist, or ``--descriptor``
    descriptor_origin: Origin = "wheel"
    descriptor_lines: dict[str, int] = field(default_factory=dict)
    manifest: Optional[manifest_module.Manifest] = None
    manifest_bytes: Optional[bytes] = None
    manifest_member: Optional[str] = None
    #: the manifest's version and body, when its frontmatter reads as a mapping (valid or not)
    manifest_version: Optional[str] = None
    manifest_body: Optional[str] = None
    #: lines in the manifest: of `version`, and of the body's first line
    version_line: Optional[int] = None
    body_line: Optional[int] = None
    #: why the wheel cannot be smoked at all
    problems: list[Diagnostic] = field(default_factory=list)
    #: what smoke says of the descriptor it uses: taken from elsewhere, or unusable
    notes: list[Diagnostic] = field(default_factory=list)

    def where(self, member: Optional[str]) -> str:
        """A diagnostic path: the wheel, or a member of it."""
        return f"{self.shown}/{member}" if member else self.shown

    def descriptor_place(self, key: str) -> tuple[str, Optional[int]]:
        """The path and line of a descriptor key (the wheel when there is no descriptor)."""
        return self.descriptor_path or self.shown, self.descriptor_lines.get(key)

    @property
    def commands(self) -> list[str]:
        """Every command the wheel installs into the environment's scripts folder."""
        return sorted(set(self.scripts) | self.data_scripts)

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


def _installed(names: list[str]) -> set[str]:
    """The files a wheel puts into site-packages: its own, and those of ``.data/purelib``
    and ``.data/platlib`` (which land there too)."""
    found = set()
    for name in names:
        first, _, rest = name.partition("/")
        if first.endswith(".dist-info"):
            continue
        if first.endswith(".data"):
            scheme, _, below = rest.partition("/")
            if scheme in ("purelib", "platlib") and below:
                found.add(below)
            continue
        found.add(name)
    return found


def _data_scripts(names: list[str]) -> set[str]:
    return {
        name.split("/", 2)[2]
        for name in names
        if name.count("/") == 2
        and name.split("/", 1)[0].endswith(".data")
        and name.split("/")[1] == "scripts"
    }


def read_wheel(
    path: Path,
    shown: str,
    *,
    sdist: Optional[DescriptorSource] = None,
    given: Optional[DescriptorSource] = None,
) -> WheelFacts:
    """The facts of one wheel; never raises (an unreadable wheel is a problem on the facts).

    The descriptor is ``given`` (``--descriptor``) when there is one, else the wheel's own,
    else its ``sdist``'s."""
    facts = WheelFacts(path, shown)
    report = verify(path, display=shown)
    if report.kind != "wheel":
        facts.problems = [d for d in report.diagnostics if d.code == "artifact-readable"] or [
            make(
                "artifact-readable",
                shown,
                None,
                "smoke installs wheels, .whl files; this is not one",
                "give the wheel, and its sdist beside it",
            )
        ]
        return facts
    unreadable = [
        d for d in report.diagnostics if d.code == "artifact-readable" and d.severity is Severity.ERROR
    ]
    try:
        archive = open_archive(path, lambda name: posixpath.basename(name) in _WANTED)
    except ArchiveError as exc:
        unreadable.append(make("artifact-readable", shown, None, f"artifact {exc}", READ_HINT))
    if unreadable:
        facts.problems = unreadable
        return facts
    facts.name, facts.version = report.name, report.version
    (dist_info,) = dist_info_folders(archive.files)
    facts.scripts = _scripts(archive.read(f"{dist_info}/entry_points.txt"))
    facts.top_level = _top_level(list(archive.files))
    files = list(archive.files)
    facts.members, facts.data_scripts = _installed(files), _data_scripts(files)
    member = f"{dist_info}/{DESCRIPTOR_NAME}"
    own = archive.read(member)
    _use_descriptor(facts, own, member, sdist=sdist, given=given)
    if report.manifest_bytes is not None:
        facts.manifest, facts.manifest_bytes = report.manifest, report.manifest_bytes
        facts.manifest_member = report.manifest_member
        result = manifest_module.parse_bytes(report.manifest_bytes)
        fm = result.frontmatter if isinstance(result.frontmatter, LineDict) else None
        if fm is not None:  # read, valid or not: its version and body are what --version and --help show
            version = fm.get("version")
            facts.manifest_version = version.strip() if isinstance(version, str) and version.strip() else None
            facts.manifest_body = result.body
            facts.version_line = fm.line_of("version")
            facts.body_line = frontmatter.body_line(frontmatter.decode(report.manifest_bytes), result.body)
    return facts


def _use_descriptor(
    facts: WheelFacts,
    own: Optional[bytes],
    member: str,
    *,
    sdist: Optional[DescriptorSource],
    given: Optional[DescriptorSource],
) -> None:
    """Choose the descriptor, parse it, and say where it came from when not from the wheel."""
    source = given
    if source is None and own is not None:
        source = DescriptorSource(facts.where(member), "wheel", own)
    if source is None:
        source = sdist
    if source is None:
        return
    if source.origin == "given":
        facts.notes.append(
            make(
                "artifact-descriptor-present",
                source.shown,
                None,
                f"using the descriptor given with --descriptor, {source.shown}"
                + ("; the wheel's own is set aside" if own is not None else ""),
                severity=Severity.INFO,
            )
        )
    elif source.origin == "sdist":
        facts.notes.append(
            make(
                "artifact-descriptor-present",
                facts.where(member),
                None,
                f"the wheel carries no smart-tool.json in its .dist-info; using its sdist's, {source.shown}",
                severity=Severity.INFO,
            )
        )
    facts.descriptor_path, facts.descriptor_origin = source.shown, source.origin
    if source.data is None:
        if source.problem is not None:
            facts.notes.append(source.problem)
        return
    parsed = descriptor_module.parse_bytes(source.data, source.shown)
    facts.descriptor, facts.descriptor_lines = parsed.descriptor, parsed.key_lines
    if source.origin == "given":  # no other command judges a file named on the command line
        facts.notes += parsed.diagnostics
