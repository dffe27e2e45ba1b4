"""The checks of one distribution root, every rule that needs more than one file: what the
command line and every build call. It never raises for the user's files, and writes nothing."""

from __future__ import annotations

import os
import posixpath
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, Optional

from ..diagnostics.verdict import has_errors, set_aside
from ..project import config, distribution, walk
from ..project.distribution import PackageDefinition, PackageVersion
from ..project.names import DESCRIPTOR_NAME, MANIFEST_NAME, PYPROJECT
from ..project.packages import import_path, package_folders, skills_possible
from ..project.paths import escapes

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..diagnostics.diagnostic import Diagnostic
    from ..project.skills import SkillSource
    from . import descriptor, manifest
    from .doc_places import InstallDoc

__all__ = ["RootReport", "check_root"]


@dataclass
class RootReport:
    """Everything known about one root after checking it."""

    root: Path
    diagnostics: list[Diagnostic]
    package: PackageDefinition
    options: config.Options
    descriptor: Optional[descriptor.Descriptor] = None
    manifest: Optional[manifest.Manifest] = None
    #: the manifest's frontmatter as read, valid or not (None: not read)
    frontmatter: Any = None
    #: the manifest's and the descriptor's bytes as checked (each file is read once a build)
    manifest_bytes: Optional[bytes] = None
    descriptor_bytes: Optional[bytes] = None
    #: the manifest's path relative to the root (POSIX), when the descriptor names one
    manifest_relative: Optional[str] = None
    #: the manifest's import path in a wheel (``acme/SMART_TOOL.md``), or None outside every
    #: package (the wheel then keeps it in its ``.dist-info`` folder)
    manifest_place: Optional[str] = None
    #: the install documents the manifest points to, found inside the root
    documents: list[InstallDoc] = field(default_factory=list)
    nested_roots: list[str] = field(default_factory=list)
    #: findings set aside by ``ignore`` (the options' codes): not failures, but a build names them
    ignored: list[Diagnostic] = field(default_factory=list)
    #: the library skills the project ships (``<package>/.agents/skills/<name>/`` and the
    #: folders of ``[tool.smart-tool] skills``), each with its places in wheel and sdist
    skills: list[SkillSource] = field(default_factory=list)
    #: the check of an MCP server's server.json (``rules.mcp.check.ServerReport``; None: it has none)
    mcp: Any = None

    def failed(self, *, warnings_as_errors: bool = False) -> bool:
        return has_errors(self.diagnostics, warnings_as_errors=warnings_as_errors)


def check_root(
    root: Path,
    *,
    display: str = "",
    version: Optional[str] = None,
    version_origin: str = "the build backend's resolved version",
    hook: Optional[config.HookOptions] = None,
    flags: Optional[Mapping[str, Any]] = None,
    scan: Optional[walk.Scan] = None,
    building: bool = False,
) -> RootReport:
    """Check the distribution root ``root``; findings the options ``ignore`` go to ``report.ignored``.

    ``display`` prefixes every path; ``version`` is the backend's resolved version (else the
    package definition's); ``hook`` a backend's options over ``[tool.smart-tool]``, ``flags``
    the command line's; ``scan`` a survey's walk of the root; ``building``: a build runs it."""
    prefix = display.rstrip("/") + "/" if display and display != "." else ""
    report = _read_package(root, prefix, hook, flags, building)
    has_skills = _check_skills(report, prefix, version, version_origin)
    if report.skills and not building:  # `check`'s rule: a build that runs it ships the skills
        from .skill_shipping import skills_left_out

        report.diagnostics += skills_left_out(root, report.package, report.skills)
    has_server = _check_mcp(report, prefix, version, version_origin)
    # a survey's scan knows no exclude globs: with some, the root is scanned again with them
    found = scan if scan is not None and not report.options.exclude else None
    described = _read_descriptor(report, prefix, found, building, has_skills or has_server)
    if described is not None:
        named, lines, found = described
        located = _locate_manifest(report, named, lines.get("manifest"), found, prefix)
        if located is not None:
            package_version = _package_version(report.package, version, version_origin)
            _check_manifest(report, named, lines.get("cli_argv"), located, package_version, prefix)
    return _finish(report)


class _Located(NamedTuple):
    """The manifest the descriptor names, found: what the manifest's checks need."""

    #: its path relative to the root (POSIX, normalised)
    relative: str
    resolved: Path
    #: the other SMART_TOOL.md files of the root's scan
    others: list[str]
    #: those an ``exclude`` glob hides
    excluded: list[str]


def _read_package(
    root: Path,
    prefix: str,
    hook: Optional[config.HookOptions],
    flags: Optional[Mapping[str, Any]],
    building: bool,
) -> RootReport:
    """The report begun: the package definition, the options and the build system's rules,
    which every root has, a descriptor or not."""
    package, out = distribution.read(root, prefix=prefix)
    options, problems = config.read_options(
        package.tool, path=package.path or prefix + PYPROJECT, text=package.text, hook=hook, flags=flags
    )
    out += problems
    # a build that runs this check was opted in: whether a build would run it is `check`'s
    if not building and package.path is not None and package.path.endswith(PYPROJECT):
        from .build_system import build_system_rules

        out += build_system_rules(package.data, package.text, package.path)
    return RootReport(root, out, package, options)


def _package_version(package: PackageDefinition, version: Optional[str], origin: str) -> PackageVersion:
    """The version the manifest must match, named where the project declares it (the same
    line on every adapter), else as ``origin``, the backend's build, resolved it."""
    from .versions import same_version

    declared = package.version
    if version is None:
        return declared
    if declared.value is not None and same_version(declared.value, version):
        return declared._replace(value=version)  # the backend's is often its normal form
    return PackageVersion(version, origin)


def _check_skills(report: RootReport, prefix: str, version: Optional[str], origin: str) -> bool:
    """The library skills found and checked; whether the project has any (or a skills folder
    with something wrong in it): then it needs no smart-tool.json."""
    options = report.options
    package = report.package
    folders = package_folders(report.root, package.tool)  # listed once: the stat, then the walk
    if not skills_possible(report.root, options, folders, package.tool):
        return False  # no skills folder anywhere: nothing of the skills' code is loaded
    from ..project.skills import find_skills

    report.skills, problems = find_skills(
        report.root, options, folders, prefix=prefix, text=package.text, tool=package.tool
    )
    report.diagnostics += problems
    if not report.skills:
        return bool(problems)
    from .skills import check_skills  # only a project with skills pays for their rules

    package_version = package.version  # read only by the version rule of skills-version "match"
    if options.skills_version == "match":
        package_version = _package_version(package, version, origin)
    report.diagnostics += check_skills(
        report.root,
        report.skills,
        package_version,
        skills_version=options.skills_version,
        dev_versions=options.dev_versions,
        prefix=prefix,
    )
    return True


def _check_mcp(report: RootReport, prefix: str, version: Optional[str], origin: str) -> bool:
    """server.json checked as the MCP registry will; whether there is one (then no descriptor is needed)."""
    if report.options.mcp_server is None and not os.path.lexists(report.root / "server.json"):
        return False
    from .mcp.check import check_server  # only a project with a server.json pays for its rules

    package_version = _package_version(report.package, version, origin)
    report.mcp = check_server(report.root, report.package, package_version, report.options, prefix=prefix)
    report.diagnostics += report.mcp.diagnostics
    return True


def _read_descriptor(
    report: RootReport, prefix: str, scan: Optional[walk.Scan], building: bool, has_skills: bool = False
) -> Optional[tuple[descriptor.Descriptor, dict[str, int], walk.Scan]]:
    """The valid descriptor with its keys' lines and the root's scan, or None (said in the
    diagnostics): a project whose skills are its reason to opt in needs no descriptor."""
    root, out = report.root, report.diagnostics
    path = root / DESCRIPTOR_NAME
    if not path.exists() and not path.is_symlink():
        found = scan or walk.scan_root(root, report.options.exclude)
        if not has_skills or found.manifests:
            from .root_words import no_descriptor

            out.append(no_descriptor(root, report.package, found.manifests, prefix))
        return None
    from . import descriptor  # a library whose skills are its reason to opt in has none

    parsed = descriptor.parse_file(path, prefix + DESCRIPTOR_NAME)
    out += parsed.diagnostics
    report.descriptor_bytes = parsed.data
    package = report.package
    if not building and package.path is not None and package.path.endswith(PYPROJECT):
        from .build_system import plugin_named_rule

        out += plugin_named_rule(package.data, package.text, package.path)
    found = scan or walk.scan_root(root, report.options.exclude)
    report.nested_roots = found.nested_roots
    if found.unreadable:
        from .root_words import unreadable

        out += unreadable(found.unreadable, prefix)
    report.descriptor = named = parsed.descriptor
    if named is None:
        if len(found.manifests) > 1:
            from . import manifest_copies

            out += manifest_copies.duplicates(root, found.manifests[0], found.manifests[1:], prefix)
        return None
    return named, parsed.key_lines, found


def _locate_manifest(
    report: RootReport, named: descriptor.Descriptor, line: Optional[int], found: walk.Scan, prefix: str
) -> Optional[_Located]:
    """The manifest the descriptor names, or None when it cannot be followed there: outside
    the root, not named SMART_TOOL.md, or missing while another exists (each one diagnostic)."""
    shown_descriptor = prefix + DESCRIPTOR_NAME
    relative = posixpath.normpath(named.manifest)
    escaped = escapes(report.root, relative)
    if escaped or posixpath.basename(relative) != MANIFEST_NAME:
        from .root_words import unfollowed

        report.diagnostics.append(unfollowed(named.manifest, escaped, shown_descriptor, line))
        return None
    resolved = report.root / relative
    others = [m for m in found.manifests if m != relative and not _same_file(report.root / m, resolved)]
    if others and not os.path.lexists(resolved):  # never raises (a name too long, say)
        from . import manifest_copies
        from .root_words import moved

        report.diagnostics.append(moved(named.manifest, others, shown_descriptor, line))
        report.diagnostics += manifest_copies.duplicates(report.root, others[0], others[1:], prefix)
        return None
    excluded = [m for m in found.excluded if not _same_file(report.root / m, resolved)]
    return _Located(relative, resolved, others, excluded)


def _check_manifest(
    report: RootReport,
    named: descriptor.Descriptor,
    cli_argv_line: Optional[int],
    located: _Located,
    package_version: PackageVersion,
    prefix: str,
) -> None:
    """The manifest parsed, and every rule that needs it and another file."""
    from . import manifest
    from .install_docs import check_install_docs
    from .manifest_rules import package_rules
    from .version_attr import version_attr_rule

    root, out, options = report.root, report.diagnostics, report.options
    relative, resolved = located.relative, located.resolved
    shown_descriptor = prefix + DESCRIPTOR_NAME
    report.manifest_relative = relative
    shown_manifest = prefix + relative
    result = manifest.parse_file(resolved, shown_manifest)
    # a manifest that cannot be read is annotated on the descriptor that names it
    out += [
        d._replace(anchor=shown_descriptor) if d.code == "manifest-present" else d for d in result.diagnostics
    ]
    report.manifest, report.frontmatter = result.manifest, result.frontmatter
    report.manifest_bytes = result.data
    out += package_rules(
        result,
        shown_manifest,
        name=report.package.name,
        version=package_version,
        dev_versions=options.dev_versions,
        data=result.data,
    )
    out += version_attr_rule(
        root, relative, package_version, prefix=prefix, dev_versions=options.dev_versions
    )
    report.manifest_place = import_path(root, relative)
    report.documents, problems = check_install_docs(
        root, relative, report.manifest_place, result.frontmatter, shown_manifest
    )
    out += problems
    scripts = report.package.scripts  # None: no [project] table (package.json, setup.py)
    if scripts is not None and named.cli_argv[0] not in scripts:  # else the common case
        from .cli_argv import cli_argv_rule

        out += cli_argv_rule(named, report.package, root, shown_descriptor, cli_argv_line)
    if not located.others and not located.excluded:
        return  # one manifest in the root: the copies' rule has nothing to say
    from . import manifest_copies

    out += manifest_copies.duplicates(
        root,
        relative,
        located.others,
        prefix,
        excluded=located.excluded,
        own=result.data,  # the bytes the check read
        fields=result.frontmatter,
        distribution=report.package.name,
    )


def _same_file(one: Path, other: Path) -> bool:
    try:
        return os.path.samefile(one, other)
    except (OSError, ValueError):
        return False


def _finish(report: RootReport) -> RootReport:
    report.diagnostics.sort(key=lambda d: (d.path or "", d.line or 0))
    report.diagnostics, report.ignored = set_aside(report.diagnostics, report.options.ignore)
    return report
