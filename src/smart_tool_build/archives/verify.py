"""Checking built wheels and sdists: the one verifier every adapter and `inspect` call.

A build hook hands in :class:`SourceFacts` (the bytes and places the source says the
artifact must carry); ``smart-tool inspect`` checks an artifact on its own, from any backend.
Where a rule is the same as a source rule, the source rule's code is used.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Optional

from ..diagnostics.diagnostic import Diagnostic, make
from ..diagnostics.verdict import set_aside
from ..project.config import Options
from .archive import Archive, ArchiveError, dist_info_folders
from .contents import carries_tool_file, unreadable
from .facts import ArtifactReport, SourceFacts
from .options import carried_options
from .reader import open_archive

__all__ = ["unreadable", "verify"]


def verify(
    path: Path,
    *,
    source: Optional[SourceFacts] = None,
    display: Optional[str] = None,
    options: Optional[Options] = None,
    flags: Optional[Mapping[str, Any]] = None,
    written_version: Optional[str] = None,
    lacking_install: tuple[str, ...] = (),
    record: bool = False,
    mcp_name: Optional[str] = None,
    mcp_server: Any = None,
    opened: Optional[Archive] = None,
) -> ArtifactReport:
    """Check one wheel or sdist; never raises for a bad archive.

    The options (``exclude``, ``dev-versions``, ``ignore``) are the build's (``source``), or
    ``options`` as given, or else what the artifact carries: an sdist's own pyproject.toml
    ``[tool.smart-tool]``, with the command line's ``flags`` over it. ``written_version`` is
    the package's version as the project writes it, when the caller knows it;
    ``lacking_install`` the ``install`` paths the sdist of the same release lacks. ``record``
    also checks a wheel's RECORD against every member (``inspect``: it reads the whole wheel,
    which a build's own check has no need to). ``mcp_name`` (or the build's) is an MCP server's
    name its description must claim: an archive that carries no smart-tool file is then
    judged as an MCP server's, not as a smart tool lacking its files; ``mcp_server`` (its
    ``ServerJson``, for ``inspect``) holds its versions to the archive's. ``opened``: the
    archive as a build already read it.
    """
    shown = display or path.as_posix()
    try:
        archive = opened or open_archive(path)
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
                "rebuild with a standard backend; never publish such an archive",
            )
        )
    from .reader import file_and_folder

    for name in file_and_folder(archive.files):
        out.append(
            make(
                "artifact-member-paths",
                f"{shown}/{name}",
                None,
                "member is a file and, for other members, a folder: installers cannot write both",
                "give the file or the folder another name, then rebuild; a force-include or package "
                "data may map a file onto a folder's path",
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
    if source is None and mcp_name and not carries_tool_file(archive):  # an MCP server's
        source = SourceFacts(None, None, None, options=report.options, written_version=report.written_version)
    # each build process checks one kind of archive: the other kind's rules stay unimported
    # (an isolated build compiles every module it imports from source)
    if archive.kind == "wheel":
        from .wheel_checks import check_wheel

        report.lacking_install = lacking_install
        check_wheel(archive, report, shown, source)
        dist_infos = dist_info_folders(archive.files)
        if record and len(dist_infos) == 1:
            from .record import check_record

            out.extend(check_record(path, shown, dist_infos[0]))
    else:
        from .sdist_checks import check_sdist

        check_sdist(archive, report, shown, source)
    claimed = mcp_name or (source.mcp_name if source is not None else None)
    if claimed:
        from ..rules.mcp.claim import check_archive  # only an MCP server's build pays for it

        out.extend(check_archive(archive, claimed, shown))
    if mcp_server is not None and report.name and report.version:
        from ..rules.mcp.versions import artifact_versions

        out.extend(artifact_versions(mcp_server, report.name, report.version, report.options))
    if source is not None:
        out.extend(
            _checked_version(archive.files, archive.kind, report.version, source.checked_version, shown)
        )
    out.sort(key=lambda d: (d.path or "", d.line or 0))
    report.diagnostics, report.ignored = set_aside(out, report.options.ignore)
    return report


def _checked_version(
    names: Any, kind: str, version: Optional[str], checked: Optional[str], shown: str
) -> list[Diagnostic]:
    """``artifact-version-checked``: the archive's own Version is the one the build checked."""
    if version is None or checked is None:
        return []
    from ..rules.versions import same_version

    if same_version(checked, version):
        return []
    if kind == "wheel":
        folders = dist_info_folders(list(names))
        member = f"{folders[0]}/METADATA" if len(folders) == 1 else "METADATA"
    else:
        top = next(iter(names), "").split("/", 1)[0]
        member = f"{top}/PKG-INFO" if top else "PKG-INFO"
    return [
        make(
            "artifact-version-checked",
            f"{shown}/{member}",
            None,
            f"the {kind} carries Version {version}, but the build checked the tool with {checked}",
            "make the version resolve once, then rebuild",
        )
    ]
