"""The rules of a finished wheel: its one .dist-info, the descriptor there, the manifest the
accessor reads and every copy of it the project placed, the install documents where the
installed manifest points.
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from typing import Optional

from ..diagnostics.diagnostic import Diagnostic, make
from ..parsing.safe_yaml import LineDict
from ..project.distribution import core_metadata
from ..project.manifest_model import PROJECTION_NAME, projection
from ..project.names import DESCRIPTOR_NAME as DESCRIPTOR
from ..rules import descriptor as descriptor_module
from ..rules import manifest as manifest_module
from ..rules.doc_places import wheel_place
from ..rules.install_docs import reference
from ..rules.requirements import classify_install, install_references
from .archive import MAX_MEMBER_BYTES, Archive, dist_info_folders, read_errors
from .contents import (
    carries_tool_file,
    compare_source,
    manifests_outside,
    nested_folders,
    parse_manifest,
    read_headers,
    require,
)
from .facts import ArtifactReport, SourceFacts


def check_wheel(
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
                "rebuild it with a standard backend",
            )
        )
        return
    dist_info = dist_infos[0]
    read_headers(report, archive)
    if report.version is None:
        out.append(
            make(
                "artifact-readable",
                f"{shown}/{dist_info}/METADATA",
                None,
                "no METADATA Version",
                "rebuild it with a standard backend",
            )
        )
    library = _library_skills(archive, shown, dist_info, source, out)
    if source is None and not library and not _carries_tool_file(archive):
        return  # inspect: a library's wheel, a meta-package: no smart-tool file, no smart-tool rule
    if (source is not None and source.manifest_bytes is None) or library:  # not a smart tool
        if source is not None:
            out.extend(require(archive, source.wheel_members, shown, "package data the project needs"))
        return
    descriptor_member = f"{dist_info}/{DESCRIPTOR}"
    if descriptor_member not in archive.files:
        from ..project.backend_hints import family_of, opt_in_hint

        out.append(
            make(
                "artifact-descriptor-present",
                f"{shown}/{descriptor_member}",
                None,
                "the wheel carries no smart-tool.json in its .dist-info",
                opt_in_hint(
                    family_of(
                        core_metadata(_read_later(archive, f"{dist_info}/WHEEL") or b"").get("Generator")
                    )
                ),
            )
        )
    else:
        data = archive.read(descriptor_member) or b""
        out.extend(descriptor_module.parse_bytes(data, f"{shown}/{descriptor_member}").diagnostics)
    nested = nested_folders(archive, "", dist_info)
    manifests = manifests_outside(archive, nested, "", report.options.exclude)
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
        canonical = expected if expected in manifests else _accessor_choice(manifests, dist_info)
        if expected is not None and expected not in manifests:
            out.append(
                make(
                    "artifact-matches-source",
                    f"{shown}/{expected}",
                    None,
                    f"the manifest is not where it belongs in the wheel; found {canonical}",
                    "rebuild from a clean tree; make sure no other hook moves SMART_TOOL.md",
                )
            )
        parse_manifest(archive, canonical, shown, report)
        out.extend(_projection(archive, report, dist_info, shown, source))
        out.extend(_copies(archive, canonical, [m for m in manifests if m != canonical], shown, report))
        out.extend(
            _wheel_documents(
                archive,
                report,
                canonical,
                dist_info,
                shown,
                None if source is None else source.wheel_documents,
            )
        )
    if source is not None:
        out.extend(compare_source(archive, report.manifest_member, source.manifest_bytes, "manifest", shown))
        if descriptor_member in archive.files:
            out.extend(
                compare_source(archive, descriptor_member, source.descriptor_bytes, "descriptor", shown)
            )
        out.extend(require(archive, source.wheel_members, shown, "package data the tool needs"))


def _library_skills(
    archive: Archive, shown: str, dist_info: str, source: Optional[SourceFacts], out: list[Diagnostic]
) -> bool:
    """Check the wheel's library skills (a build's, else every one it carries); True when
    the wheel is a library's that carries skills and no smart tool (``inspect``: no
    smart-tool.json, no SMART_TOOL.md), whose smart-tool rules do not apply."""
    if not (source is not None and source.skills) and not any(n.endswith("/SKILL.md") for n in archive.files):
        return False  # the common case, without importing the skill rules
    if source is not None:
        # a build's skills, and every other skill its backend put in the wheel (judged, and
        # no name twice: library-skills reads the finished wheel, not the source)
        from .wheel_skills import check_wheel_skills

        out.extend(check_wheel_skills(archive, shown, dist_info, source.skills or ()))
        return False
    from .skill_inspect import carries_skills, inspect_wheel_skills

    if not carries_skills(archive):
        return False
    out.extend(inspect_wheel_skills(archive, shown, dist_info))
    return not _carries_tool_file(archive)


def _carries_tool_file(archive: Archive) -> bool:
    """Whether the wheel is a smart tool's, whatever else is wrong with it: it carries a
    smart-tool.json or a SMART_TOOL.md anywhere, or it requires smart-tool-build (the runtime
    accessor a tool reads its own manifest with), so a tool whose backend left both files
    out is still judged as the tool it is."""
    if carries_tool_file(archive):
        return True
    member = archive.metadata_member()
    data = archive.read(member) if member is not None else None
    return data is not None and _REQUIRES_US.search(data) is not None


#: a METADATA line that requires smart-tool-build (any spelling PEP 503 folds into it)
_REQUIRES_US = re.compile(rb"^Requires-Dist:[ \t]*smart[-_.]+tool[-_.]+build(?![-_.a-z0-9])", re.I | re.M)


def _projection(
    archive: Archive, report: ArtifactReport, dist_info: str, shown: str, source: Optional[SourceFacts]
) -> list[Diagnostic]:
    """The projection the accessor reads instead of the manifest must be what the wheel's
    manifest gives: compared as data (the accessor reads it as JSON). A build that planned
    one must find it, made from the manifest it carries; a wheel built elsewhere may have
    none, or one made from another manifest (its hash says so, and the accessor reads the
    manifest then): only one the accessor would trust must match."""
    member = f"{dist_info}/{PROJECTION_NAME}"
    where = f"{shown}/{member}"
    hint = "rebuild with smart-tool-build; never edit the projection or the manifest in a built wheel"
    if member not in archive.files:
        if source is None or source.wheel_projection is None:
            return []
        return [
            make(
                "artifact-projection-matches",
                where,
                None,
                "the wheel lacks the projection of its manifest this build put into it",
                "another hook or the backend dropped it; " + hint,
            )
        ]
    if report.manifest is None or report.manifest_bytes is None:
        return []  # the manifest's own finding says why (the accessor reads it, and raises that)
    import json

    data = archive.read(member)
    try:
        carried = json.loads(data.decode("utf-8")) if data is not None else None
    except (ValueError, RecursionError):
        carried = None
    if carried is None:
        return [make("artifact-projection-matches", where, None, "the projection is not JSON", hint)]
    expected = projection(report.manifest, report.manifest_bytes)
    stale = isinstance(carried, dict) and carried.get("manifest_hash") != expected["manifest_hash"]
    if stale and source is None:
        return []  # made from another manifest: the accessor reads past it, to the manifest
    if stale:
        return [
            make(
                "artifact-projection-matches",
                where,
                None,
                f"the projection was made from another manifest than {report.manifest_member}",
                "another hook rewrote the manifest after the check; " + hint,
            )
        ]
    if carried != expected:
        differ = [key for key in expected if isinstance(carried, dict) and carried.get(key) != expected[key]]
        what = f" ({', '.join(differ)} differ)" if differ else ""
        return [
            make(
                "artifact-projection-matches",
                where,
                None,
                f"the projection is not what the wheel's manifest {report.manifest_member} gives{what}: "
                "the installed tool would read other values than its manifest holds",
                hint,
            )
        ]
    return []


def _accessor_choice(manifests: list[str], dist_info: str) -> str:
    """The manifest the runtime accessor reads when a wheel carries several: the one in the
    ``.dist-info`` folder, else the shallowest (then the first by name)."""
    in_dist_info = [m for m in manifests if posixpath.dirname(m) == dist_info]
    return in_dist_info[0] if in_dist_info else min(manifests, key=lambda m: (m.count("/"), m))


def _copies(
    archive: Archive, canonical: str, others: list[str], shown: str, report: ArtifactReport
) -> list[Diagnostic]:
    """A second SMART_TOOL.md of the same tool is a copy the project's own settings put there
    (force-include, package data, shared-data): it stays, and must be the same bytes. One
    that names another tool (or whose name cannot be read), outside every folder with its own
    smart-tool.json, is a second manifest, as it would be in the source tree."""
    ours = report.manifest_bytes
    if ours is None:
        return []
    name = report.manifest.name if report.manifest is not None else _name_in(ours)
    out = []
    for other in others:
        data = archive.read(other)
        if data == ours:
            continue
        theirs = _name_in(data) if data is not None else None
        if theirs is None or theirs != name:
            tool = "another tool's" if theirs is not None else "one whose name cannot be read"
            out.append(
                make(
                    "manifest-single-per-root",
                    f"{shown}/{other}",
                    None,
                    f"a second SMART_TOOL.md in the wheel, {tool}, in no folder with its own "
                    f"smart-tool.json; the manifest is {canonical}",
                    "ship one SMART_TOOL.md per distribution, or give the other tool its own smart-tool.json",
                )
            )
            continue
        out.append(
            make(
                "artifact-manifest-copies-match",
                f"{shown}/{other}",
                None,
                f"this copy of the manifest differs from {canonical}, the one the accessor reads",
                "the copy drifted: ship one manifest and copy it at build time with force-include "
                "or package data, never by hand",
            )
        )
    return out


def _name_in(data: bytes) -> Optional[str]:
    """The ``name`` a manifest's frontmatter gives, when it reads."""
    fm = manifest_module.parse_bytes(data).frontmatter
    name = fm.get("name") if isinstance(fm, LineDict) else None
    return name if isinstance(name, str) else None


def _wheel_documents(
    archive: Archive,
    report: ArtifactReport,
    manifest: str,
    dist_info: str,
    shown: str,
    planned: Optional[tuple[str, ...]],
) -> list[Diagnostic]:
    """Every install document the manifest names by a relative path, where that path reaches
    from the installed manifest (one that reaches no place in a wheel is the source check's).
    With a build's ``planned`` places, only those: a document the source lacks is the source
    check's finding (which ``ignore`` may have set aside), not the wheel's."""
    in_dist_info = posixpath.dirname(manifest) == dist_info
    out = []
    for index, install, _ in install_references(report.frontmatter):
        if classify_install(install)[0] != "path":
            continue  # a URL
        place = wheel_place(None if in_dist_info else manifest, reference(install))
        if place is None or (planned is not None and place not in planned):
            continue
        if install in report.lacking_install:
            continue  # the sdist of this release lacks it too: the source's finding, not the wheel's
        member = f"{dist_info}/{place}" if in_dist_info else place
        if member not in archive.files:
            out.append(
                make(
                    "artifact-install-docs-present",
                    f"{shown}/{member}",
                    None,
                    f"requires[{index}] install {install!r} names {member}, which the wheel lacks: "
                    "the installed tool points its users at a file that is not there",
                    "build with smart-tool-build, which adds install documents whatever the include "
                    "and exclude settings say, or ship the document as package data",
                )
            )
    return out


def _read_later(archive: Archive, name: str) -> Optional[bytes]:
    """A wheel member that was not read up front (at most ``MAX_MEMBER_BYTES``), or None."""
    if name in archive.contents or archive.files.get(name, MAX_MEMBER_BYTES + 1) > MAX_MEMBER_BYTES:
        return archive.contents.get(name)
    try:
        with zipfile.ZipFile(archive.path) as handle, handle.open(name) as member:
            return member.read(MAX_MEMBER_BYTES)
    except read_errors():
        return None
