"""What a finished archive is checked against, what the check found, and the member rules
the wheel and sdist checks share (reading the manifest, comparing with the source).
"""

from __future__ import annotations

import posixpath
from typing import Optional

from ..diagnostics.diagnostic import Diagnostic, make
from ..project.distribution import PackageVersion
from ..project.names import DESCRIPTOR_NAME as DESCRIPTOR
from ..project.names import MANIFEST_NAME as MANIFEST
from ..project.names import normalize_name
from ..project.walk import glob_excluded, skipped
from ..rules import manifest as manifest_module
from ..rules.manifest_rules import package_rules
from ..rules.versions import same_version
from .archive import Archive
from .facts import ArtifactReport


def carries_tool_file(archive: Archive) -> bool:
    """Whether the archive carries a smart-tool.json or a SMART_TOOL.md anywhere: an archive
    with neither (a library's, a meta-package's, any project's that is no smart tool) is
    judged as what it carries, and gets no smart-tool rule."""
    return any(posixpath.basename(name) in (DESCRIPTOR, MANIFEST) for name in archive.files)


def unreadable(shown: str, problem: str) -> Diagnostic:
    """The finding for an archive that cannot be read whole (``problem`` reads after "artifact")."""
    return make("artifact-readable", shown, None, f"artifact {problem}", READ_HINT)


#: what to do about an archive, or a member of one, that cannot be read
READ_HINT = "rebuild it, and check it was not truncated on upload or download"


def read_headers(report: ArtifactReport, archive: Archive) -> None:
    """The Name and Version of the archive's METADATA or PKG-INFO."""
    headers = archive.core_metadata()
    version, name = headers.get("Version"), headers.get("Name")
    report.version = version or None
    report.name = normalize_name(name) if name else None


def nested_folders(archive: Archive, top: str, exclude: str) -> list[str]:
    """Folders (other than ``exclude``) that carry their own smart-tool.json."""
    folders = []
    for name in archive.files:
        if posixpath.basename(name) == DESCRIPTOR:
            folder = posixpath.dirname(name)
            if folder != exclude and (not top or folder.startswith(top)):
                folders.append(folder + "/")
    return folders


def _excluded(relative: str, exclude: tuple[str, ...]) -> bool:
    """Whether the walk skips ``relative`` (a POSIX path below the root): it, or a folder
    above it, matches an ``exclude`` glob."""
    if not exclude:
        return False
    parts = relative.split("/")
    return any(glob_excluded("/".join(parts[:end]), exclude) for end in range(1, len(parts) + 1))


def manifests_outside(archive: Archive, nested: list[str], top: str, exclude: tuple[str, ...]) -> list[str]:
    """The SMART_TOOL.md members outside nested tools, skipped folders and ``exclude`` globs
    (matched against the path below ``top``, as the source walk matches the path below the root)."""
    found = []
    for name in archive.files:
        if posixpath.basename(name) != MANIFEST or not name.startswith(top):
            continue
        if any(name.startswith(folder) for folder in nested):
            continue
        parts = name[len(top) :].split("/")[:-1]
        if any(skipped(p) for p in parts) or _excluded(name[len(top) :], exclude):
            continue
        found.append(name)
    return sorted(found)


def parse_manifest(archive: Archive, member: str, shown: str, report: ArtifactReport) -> None:
    out = report.diagnostics
    where = f"{shown}/{member}"
    data = archive.read(member)
    if data is None:
        message = "frontmatter is over the size limit" if member in archive.oversized else "unreadable"
        out.append(
            make("manifest-frontmatter-parses", where, None, message, "rebuild from the source's manifest")
        )
        return
    report.manifest_bytes = data
    report.manifest_member = member
    result = manifest_module.parse_bytes(data, where)
    out.extend(result.diagnostics)
    report.manifest = result.manifest
    report.frontmatter = result.frontmatter
    version = None
    if report.version is not None:
        origin = "the wheel's METADATA Version" if archive.kind == "wheel" else "the sdist's PKG-INFO Version"
        written = report.written_version
        if written is not None and not same_version(written, report.version):
            written = None  # another release's text: no spelling of this one
        version = PackageVersion(report.version, origin, written=written)
    # the manifest rules check_root runs beside the manifest's own: inspect says what check says
    out.extend(
        package_rules(
            result,
            where,
            name=report.name,
            version=version,
            dev_versions=report.options.dev_versions,
            data=data,
        )
    )


def compare_source(
    archive: Archive, member: Optional[str], expected: Optional[bytes], what: str, shown: str
) -> list[Diagnostic]:
    if member is None or expected is None:
        return []
    data = archive.read(member)
    if data is not None and data != expected:
        return [
            make(
                "artifact-matches-source",
                f"{shown}/{member}",
                None,
                f"the {what} in the {archive.kind} differs from the source's bytes",
                "something rewrote it during the build; rebuild from a clean tree",
            )
        ]
    return []


def require(archive: Archive, members: tuple[str, ...], shown: str, why: str) -> list[Diagnostic]:
    out = []
    for member in members:
        if member in archive.files:
            continue
        message = f"missing from the {archive.kind}: {why}"
        if f"./{member}" in archive.files:
            message += f"; the {archive.kind} has ./{member}, which installers do not treat as the same path"
        hint = "rebuild with smart-tool-build, which adds these files whatever the include settings say"
        out.append(make("artifact-contents", f"{shown}/{member}", None, message, hint))
    return out
