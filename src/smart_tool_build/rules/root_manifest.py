"""The manifest half of a root's check: the SMART_TOOL.md a valid smart-tool.json names, found
and checked with every rule that needs it and another file. Loaded where a descriptor is:
a library whose skills are its reason to opt in never compiles it."""

from __future__ import annotations

import os
import posixpath
from pathlib import Path
from typing import NamedTuple, Optional

from ..project.distribution import PackageVersion
from ..project.names import DESCRIPTOR_NAME, MANIFEST_NAME
from ..project.packages import import_path
from ..project.paths import escapes

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..project import walk
    from . import descriptor
    from .root_report import RootReport

__all__ = ["check_manifest", "locate_manifest"]


class Located(NamedTuple):
    """The manifest the descriptor names, found: what the manifest's checks need."""

    #: its path relative to the root (POSIX, normalised)
    relative: str
    resolved: Path
    #: the other SMART_TOOL.md files of the root's scan
    others: list[str]
    #: those an ``exclude`` glob hides
    excluded: list[str]


def locate_manifest(
    report: RootReport, named: descriptor.Descriptor, line: Optional[int], found: walk.Scan, prefix: str
) -> Optional[Located]:
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
    return Located(relative, resolved, others, excluded)


def check_manifest(
    report: RootReport,
    named: descriptor.Descriptor,
    cli_argv_line: Optional[int],
    located: Located,
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
