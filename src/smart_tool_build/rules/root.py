"""The checks of one distribution root, every rule that needs more than one file: what the
command line and every build call. It never raises for the user's files, and writes nothing."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Optional

from ..diagnostics.verdict import set_aside
from ..project import config, distribution, walk
from ..project.distribution import PackageDefinition, PackageVersion
from ..project.names import DESCRIPTOR_NAME, PYPROJECT
from ..project.packages import package_folders, skills_possible
from .root_report import RootReport

TYPE_CHECKING = False
if TYPE_CHECKING:
    from . import descriptor

__all__ = ["RootReport", "check_root"]


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
        from .root_manifest import check_manifest, locate_manifest  # a descriptor's half

        named, lines, found = described
        located = locate_manifest(report, named, lines.get("manifest"), found, prefix)
        if located is not None:
            package_version = _package_version(report.package, version, version_origin)
            check_manifest(report, named, lines.get("cli_argv"), located, package_version, prefix)
    return _finish(report)


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


def _finish(report: RootReport) -> RootReport:
    report.diagnostics.sort(key=lambda d: (d.path or "", d.line or 0))
    report.diagnostics, report.ignored = set_aside(report.diagnostics, report.options.ignore)
    return report
