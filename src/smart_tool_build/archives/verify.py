"""Checking built wheels and sdists: the one verifier every adapter and `inspect` call.

A build hook hands in :class:`SourceFacts` (the bytes and places the source says the
artifact must carry); ``smart-tool inspect`` checks an artifact on its own, from any backend.
Where a rule is the same as a source rule, the source rule's code is used.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from ..diagnostics.diagnostic import Diagnostic, has_errors, make, set_aside
from ..parsing.safe_yaml import LineDict
from ..project.backends import family_of, opt_in_hint
from ..project.config import Options
from ..project.distribution import PackageVersion, core_metadata, normalize_name
from ..project.names import DESCRIPTOR_NAME as DESCRIPTOR
from ..project.names import MANIFEST_NAME as MANIFEST
from ..project.walk import excluded, skipped
from ..rules import descriptor as descriptor_module
from ..rules import manifest as manifest_module
from ..rules.requirements import install_references
from ..rules.root import install_doc_candidates
from ..rules.versions import compare_versions, same_version
from .options import carried_options
from .reader import Archive, ArchiveError, dist_info_folders, open_archive


@dataclass(frozen=True)
class SourceFacts:
    """What the source tree says a finished artifact must carry.

    Without ``manifest_bytes`` the project is not a smart tool (a collection, say): only the
    members listed must be there.
    """

    manifest_bytes: Optional[bytes]
    descriptor_bytes: Optional[bytes]
    #: the manifest's source path, relative to the root (its place in the sdist)
    manifest_relative: Optional[str]
    #: where the wheel must carry the manifest (None: anywhere outside nested tools)
    wheel_manifest_member: Optional[str] = None
    #: whether that place is inside the wheel's .dist-info folder (the verifier finds its name)
    wheel_manifest_in_dist_info: bool = False
    #: further files the sdist must carry (install documents), relative to the root
    sdist_members: tuple[str, ...] = ()
    #: further files the wheel must carry (a collection's package data)
    wheel_members: tuple[str, ...] = ()
    #: the options the build runs with: the archive means by them what the source check did
    options: Options = field(default_factory=Options)
    #: the package's version as the project writes it (METADATA may carry its normal form)
    written_version: Optional[str] = None


@dataclass
class ArtifactReport:
    path: Path
    kind: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    version: Optional[str] = None
    #: the METADATA / PKG-INFO Name, PEP 503-normalised
    name: Optional[str] = None
    manifest: Optional[manifest_module.Manifest] = None
    manifest_bytes: Optional[bytes] = None
    manifest_member: Optional[str] = None
    #: the manifest's parsed frontmatter, valid or not (the rules that read other members use it)
    frontmatter: Any = None
    #: the options it was checked with (an sdist's own ``[tool.smart-tool]``, unless given)
    options: Options = field(default_factory=Options)
    #: the version as the project writes it, when known (an sdist's pyproject.toml)
    written_version: Optional[str] = None
    #: findings set aside by the options' ``ignore``
    ignored: list[Diagnostic] = field(default_factory=list)

    def failed(self, *, warnings_as_errors: bool = False) -> bool:
        return has_errors(self.diagnostics, warnings_as_errors=warnings_as_errors)


def unreadable(shown: str, problem: str) -> Diagnostic:
    """The finding for an archive that cannot be read whole (``problem`` reads after "artifact")."""
    return make("artifact-readable", shown, None, f"artifact {problem}")


def verify(
    path: Path,
    *,
    source: Optional[SourceFacts] = None,
    display: Optional[str] = None,
    options: Optional[Options] = None,
    flags: Optional[Mapping[str, Any]] = None,
    written_version: Optional[str] = None,
) -> ArtifactReport:
    """Check one wheel or sdist; never raises for a bad archive.

    The options (``exclude``, ``dev-versions``, ``ignore``) are the build's (``source``), or
    ``options`` as given, or else what the artifact carries: an sdist's own pyproject.toml
    ``[tool.smart-tool]``, with the command line's ``flags`` over it. ``written_version`` is
    the package's version as the project writes it, when the caller knows it.
    """
    shown = display or path.as_posix()
    try:
        archive = open_archive(path)
    except ArchiveError as exc:
        report = ArtifactReport(path, "unknown")
        report.diagnostics.append(unreadable(shown, str(exc)))
        return report
    report = ArtifactReport(path, archive.kind)
    out = report.diagnostics
    for name in archive.special:
        out.append(
            make(
                "artifact-member-paths",
                f"{shown}/{name}",
                None,
                "member is a link or a device, not a file",
                "installers may follow a link outside their target folder; ship regular files",
            )
        )
    for name in sorted(set(archive.duplicates)):
        out.append(
            make(
                "artifact-member-paths",
                f"{shown}/{name}",
                None,
                "member name appears more than once; which copy an installer keeps is undefined",
            )
        )
    for name in archive.unsafe:
        out.append(
            make(
                "artifact-member-paths",
                f"{shown}/{name}",
                None,
                # the name as stored: the path shown is normalised, so "/etc/x" would read "etc/x"
                f"member path {name!r} is absolute or climbs out of the archive with `..`",
                "an installer would write this file outside its target folder",
            )
        )
    if source is not None:
        report.options, report.written_version = source.options, source.written_version
    elif options is not None:
        report.options, report.written_version = options, written_version
    else:
        report.options, report.written_version, problems = carried_options(archive, shown, flags)
        out.extend(problems)
    if archive.kind == "wheel":
        _check_wheel(archive, report, shown, source)
    else:
        _check_sdist(archive, report, shown, source)
    out.sort(key=lambda d: (d.path or "", d.line or 0))
    report.diagnostics, report.ignored = set_aside(out, report.options.ignore)
    return report


def _read_headers(report: ArtifactReport, headers_bytes: Optional[bytes]) -> None:
    """The Name and Version of a METADATA or PKG-INFO file."""
    if headers_bytes is None:
        return
    headers = core_metadata(headers_bytes)
    version, name = headers.get("Version"), headers.get("Name")
    report.version = version or None
    report.name = normalize_name(name) if name else None


def _nested_folders(archive: Archive, top: str, exclude: str) -> list[str]:
    """Folders (other than ``exclude``) that carry their own smart-tool.json."""
    folders = []
    for name in archive.files:
        if posixpath.basename(name) == DESCRIPTOR:
            folder = posixpath.dirname(name)
            if folder != exclude and (not top or folder.startswith(top)):
                folders.append(folder + "/")
    return folders


def _manifests(archive: Archive, nested: list[str], top: str, exclude: tuple[str, ...]) -> list[str]:
    """The SMART_TOOL.md members outside nested tools, skipped folders and ``exclude`` globs
    (matched against the path below ``top``, as the source walk matches the path below the root)."""
    found = []
    for name in archive.files:
        if posixpath.basename(name) != MANIFEST or not name.startswith(top):
            continue
        if any(name.startswith(folder) for folder in nested):
            continue
        parts = name[len(top) :].split("/")[:-1]
        if any(skipped(p) for p in parts) or excluded(name[len(top) :], exclude):
            continue
        found.append(name)
    return sorted(found)


def _parse_manifest(archive: Archive, member: str, shown: str, report: ArtifactReport) -> None:
    out = report.diagnostics
    where = f"{shown}/{member}"
    data = archive.read(member)
    if data is None:
        message = "frontmatter is over the size limit" if member in archive.oversized else "unreadable"
        out.append(make("manifest-frontmatter-parses", where, None, message))
        return
    report.manifest_bytes = data
    report.manifest_member = member
    result = manifest_module.parse_bytes(data, where)
    out.extend(result.diagnostics)
    report.manifest = result.manifest
    report.frontmatter = result.frontmatter
    fm = result.frontmatter if isinstance(result.frontmatter, LineDict) else None
    version = fm.get("version") if fm is not None else None
    if isinstance(version, str) and version.strip() and report.version is not None:
        origin = "the wheel's METADATA Version" if archive.kind == "wheel" else "the sdist's PKG-INFO Version"
        written = report.written_version
        if written is not None and not same_version(written, report.version):
            written = None  # another release's text: no spelling of this one
        out.extend(
            compare_versions(
                version,
                PackageVersion(report.version, origin, written=written),
                path=where,
                line=result.frontmatter.line_of("version"),
                dev_versions=report.options.dev_versions,
            )
        )


def _compare_source(
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


def _require(archive: Archive, members: tuple[str, ...], shown: str, why: str) -> list[Diagnostic]:
    out = []
    for member in members:
        if member in archive.files:
            continue
        message = f"missing from the {archive.kind}: {why}"
        if f"./{member}" in archive.files:
            message += f" (the {archive.kind} has ./{member}, which installers do not treat as the same path)"
        out.append(make("artifact-contents", f"{shown}/{member}", None, message))
    return out


def _check_wheel(
    archive: Archive,
    report: ArtifactReport,
    shown: str,
    source: Optional[SourceFacts],
) -> None:
    out = report.diagnostics
    dist_infos = dist_info_folders(archive.files)
    if len(dist_infos) != 1:
        out.append(
            make(
                "artifact-readable",
                shown,
                None,
                f"a wheel has exactly one .dist-info/METADATA; found {len(dist_infos)}",
            )
        )
        return
    dist_info = dist_infos[0]
    _read_headers(report, archive.read(f"{dist_info}/METADATA"))
    if report.version is None:
        out.append(make("artifact-readable", f"{shown}/{dist_info}/METADATA", None, "no METADATA Version"))
    if source is not None and source.manifest_bytes is None:  # not a smart tool: its files only
        out.extend(_require(archive, source.wheel_members, shown, "package data the project needs"))
        return
    descriptor_member = f"{dist_info}/{DESCRIPTOR}"
    if descriptor_member not in archive.files:
        out.append(
            make(
                "artifact-descriptor-present",
                f"{shown}/{descriptor_member}",
                None,
                "the wheel carries no smart-tool.json in its .dist-info",
                opt_in_hint(
                    family_of(core_metadata(archive.read_later(f"{dist_info}/WHEEL") or b"").get("Generator"))
                ),
            )
        )
    else:
        data = archive.read(descriptor_member) or b""
        out.extend(descriptor_module.parse_bytes(data, f"{shown}/{descriptor_member}").diagnostics)
    nested = _nested_folders(archive, "", dist_info)
    manifests = _manifests(archive, nested, "", report.options.exclude)
    expected = source.wheel_manifest_member if source is not None else None
    if source is not None and expected is not None and source.wheel_manifest_in_dist_info:
        expected = f"{dist_info}/{expected}"
    if not manifests:
        out.append(
            make(
                "artifact-manifest-present",
                shown,
                None,
                "the wheel carries no SMART_TOOL.md outside nested tools",
                "a smart tool ships its manifest; build with smart-tool-build",
            )
        )
    else:
        canonical = expected if expected in manifests else manifests[0]
        for other in manifests:
            if other != canonical:
                out.append(
                    make(
                        "manifest-single-per-root",
                        f"{shown}/{other}",
                        None,
                        f"a second SMART_TOOL.md in the wheel (the manifest is {canonical})",
                    )
                )
        if expected is not None and expected not in manifests:
            out.append(
                make(
                    "artifact-matches-source",
                    f"{shown}/{expected}",
                    None,
                    f"the manifest is not where it belongs in the wheel (found {canonical})",
                )
            )
        _parse_manifest(archive, canonical, shown, report)
    if source is not None:
        out.extend(_compare_source(archive, report.manifest_member, source.manifest_bytes, "manifest", shown))
        if descriptor_member in archive.files:
            out.extend(
                _compare_source(archive, descriptor_member, source.descriptor_bytes, "descriptor", shown)
            )
        out.extend(_require(archive, source.wheel_members, shown, "package data the tool needs"))


def _check_sdist(
    archive: Archive,
    report: ArtifactReport,
    shown: str,
    source: Optional[SourceFacts],
) -> None:
    out = report.diagnostics
    tops = {name.split("/", 1)[0] for name in archive.files}
    if len(tops) != 1 or any("/" not in name for name in archive.files):
        out.append(make("artifact-readable", shown, None, "an sdist keeps every member under one top folder"))
        return
    top = tops.pop() + "/"
    _read_headers(report, archive.read(top + "PKG-INFO"))
    if report.version is None:
        out.append(make("artifact-readable", f"{shown}/{top}PKG-INFO", None, "no PKG-INFO Version"))
    if source is not None and source.manifest_bytes is None:  # not a smart tool: its files only
        members = tuple(top + m for m in source.sdist_members)
        out.extend(_require(archive, members, shown, "a wheel built from the sdist needs it"))
        return
    descriptor_member = top + DESCRIPTOR
    if descriptor_member not in archive.files:
        out.append(
            make(
                "descriptor-present",
                f"{shown}/{descriptor_member}",
                None,
                "the sdist carries no smart-tool.json at its root",
            )
        )
        return
    parsed = descriptor_module.parse_bytes(
        archive.read(descriptor_member) or b"", f"{shown}/{descriptor_member}"
    )
    out.extend(parsed.diagnostics)
    if parsed.descriptor is None:
        return
    relative = posixpath.normpath(parsed.descriptor.manifest)
    member = top + relative
    nested = _nested_folders(archive, top, top.rstrip("/"))
    others = [name for name in _manifests(archive, nested, top, report.options.exclude) if name != member]
    for other in others:
        out.append(
            make(
                "manifest-single-per-root",
                f"{shown}/{other}",
                None,
                f"a second SMART_TOOL.md in the sdist (the manifest is {member})",
            )
        )
    if posixpath.basename(relative) != MANIFEST:
        out.append(
            make(
                "manifest-present",
                f"{shown}/{descriptor_member}",
                parsed.key_lines.get("manifest"),
                f"`manifest` names {parsed.descriptor.manifest!r}; the manifest must be named {MANIFEST}",
            )
        )
    elif member not in archive.files:
        out.append(
            make(
                "manifest-present", f"{shown}/{member}", None, "the manifest the descriptor names is missing"
            )
        )
    else:
        _parse_manifest(archive, member, shown, report)
    out.extend(_install_docs_in(archive, report, top, relative, shown))
    if source is not None:
        out.extend(_compare_source(archive, report.manifest_member, source.manifest_bytes, "manifest", shown))
        out.extend(_compare_source(archive, descriptor_member, source.descriptor_bytes, "descriptor", shown))
        out.extend(
            _require(
                archive,
                tuple(top + m for m in source.sdist_members),
                shown,
                "a wheel built from the sdist needs it",
            )
        )


def _install_docs_in(
    archive: Archive, report: ArtifactReport, top: str, relative: str, shown: str
) -> list[Diagnostic]:
    out = []
    folders = {posixpath.dirname(name) + "/" for name in archive.files}
    for index, install, _ in install_references(report.frontmatter):
        candidates = install_doc_candidates(relative, install)
        if candidates is None:
            continue
        if any(top + c in archive.files or top + c + "/" in folders for c in candidates):
            continue
        out.append(
            make(
                "manifest-install-doc-missing",
                f"{shown}/{report.manifest_member}",
                None,
                f"requires[{index}] install {install!r} is not in the sdist",
            )
        )
    return out
