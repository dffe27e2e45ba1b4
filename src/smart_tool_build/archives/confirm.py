"""A build's own archive confirmed by names and bytes: the verdict on a valid build.

When the source check found nothing, the archive rules (:mod:`.verify`) would run the same
rules again on the same bytes. So a build first confirms that its archive carries the checked
bytes where the plan put them, and nothing those rules would judge apart from the source;
only an archive that is not so, or a build with a finding, loads and runs the rules.
"""

from __future__ import annotations

import posixpath
from pathlib import Path
from typing import Optional

from ..project.distribution import normalize_name
from ..project.names import DESCRIPTOR_NAME, MANIFEST_NAME, PROJECTION_NAME
from ..project.walk import skipped
from .archive import Archive, ArchiveError, dist_info_folders
from .facts import ArtifactReport, SourceFacts
from .reader import file_and_folder, open_archive, sdist_import_path


def check_built(path: Path, facts: SourceFacts, display: str) -> ArtifactReport:
    """The verdict on the archive a build just wrote: confirmed, or else the rules' findings."""
    try:
        archive = open_archive(path)
    except ArchiveError:
        archive = None  # the verifier says why, in its words
    headers = archive.core_metadata() if archive is not None else {}
    if archive is not None and _confirmed(archive, facts, headers):
        report = ArtifactReport(
            path, archive.kind, version=headers["Version"], name=normalize_name(headers["Name"])
        )
        report.options, report.written_version = facts.options, facts.written_version
        return report
    from .verify import verify

    return verify(path, source=facts, display=display, opened=archive)


def _confirmed(archive: Archive, facts: SourceFacts, headers: dict[str, str]) -> bool:
    """Whether the archive (its core metadata ``headers``) holds what the plan placed, checked
    bytes and all, and nothing the archive rules would judge on their own: no skill, no MCP
    claim, no other tool's file."""
    if not facts.clean or facts.mcp_name or facts.options.exclude or not facts.name:
        return False
    if archive.unsafe or archive.special or archive.duplicates or archive.oversized:
        return False
    name = headers.get("Name")
    if headers.get("Version") != facts.checked_version or not name:
        return False
    if normalize_name(name) != normalize_name(facts.name) or file_and_folder(archive.files):
        return False
    expected = _wheel_members(archive, facts) if archive.kind == "wheel" else _sdist_members(archive, facts)
    if expected is None:
        return False
    for member, data in expected.items():
        if member not in archive.files or (data is not None and archive.read(member) != data):
            return False
    manifests = [m for m in expected if posixpath.basename(m) == MANIFEST_NAME]
    if any(_judged(archive, m, facts, manifests) for m in archive.files if m not in expected):
        return False
    return not facts.skills or not _skill_findings(archive, facts)


def _skill_findings(archive: Archive, facts: SourceFacts) -> bool:
    """Whether the skill rules find anything in the archive's skills (RECORD lists each file
    of a wheel's; the planned files are there, checked above): a library's build runs them."""
    from .skill_checks import check_sdist_skills, check_wheel_skills

    skills = facts.skills or ()
    if archive.kind == "wheel":
        return bool(check_wheel_skills(archive, "", dist_info_folders(archive.files)[0], skills))
    return bool(check_sdist_skills(archive, "", next(iter(archive.files)).split("/", 1)[0] + "/", skills))


def _judged(archive: Archive, member: str, facts: SourceFacts, manifests: list[str]) -> bool:
    """Whether a member the plan did not place is for the archive rules to judge: a skill; a
    SMART_TOOL.md (in a wheel, one of the manifest's bytes is a copy the project's settings
    put there, which the rules let be); a smart-tool.json whose folder holds the manifest
    (a nested tool's hides it)."""
    base = posixpath.basename(member)
    if base == MANIFEST_NAME:
        return archive.kind != "wheel" or archive.read(member) != facts.manifest_bytes
    if base == DESCRIPTOR_NAME:
        folder = posixpath.dirname(member) + "/"
        return any(m.startswith(folder) for m in manifests)
    return base == "SKILL.md"


def _wheel_members(archive: Archive, facts: SourceFacts) -> Optional[dict[str, Optional[bytes]]]:
    """What the wheel must hold (member: its bytes, None for any), or None when it is not one wheel."""
    folders = dist_info_folders(archive.files)
    if len(folders) != 1:
        return None
    dist_info = folders[0]
    members: dict[str, Optional[bytes]] = dict.fromkeys(facts.wheel_members)
    members.update(_skill_members(facts, ""))
    if facts.manifest_bytes is None:
        return members
    manifest = facts.wheel_manifest_member
    if facts.descriptor_bytes is None:
        return None
    if manifest is None or any(skipped(part) for part in manifest.split("/")[:-1]):
        return None
    in_dist_info = facts.wheel_manifest_in_dist_info
    members[f"{dist_info}/{manifest}" if in_dist_info else manifest] = facts.manifest_bytes
    members[f"{dist_info}/{DESCRIPTOR_NAME}"] = facts.descriptor_bytes
    projection = f"{dist_info}/{PROJECTION_NAME}"
    if facts.wheel_projection is None and projection in archive.files:
        return None
    if facts.wheel_projection is not None:
        members[projection] = facts.wheel_projection
    for place in facts.wheel_documents:
        members.setdefault(f"{dist_info}/{place}" if in_dist_info else place, None)
    return members


def _sdist_members(archive: Archive, facts: SourceFacts) -> Optional[dict[str, Optional[bytes]]]:
    """What the sdist must hold below its one top folder, or None when it has no one top folder."""
    tops = {name.split("/", 1)[0] for name in archive.files}
    if len(tops) != 1 or any("/" not in name for name in archive.files):
        return None
    top = tops.pop() + "/"
    members: dict[str, Optional[bytes]] = dict.fromkeys(top + m for m in facts.sdist_members)
    members.update(_skill_members(facts, top))
    if facts.manifest_bytes is None:
        return members
    relative = facts.manifest_relative
    if (
        relative is None
        or facts.descriptor_bytes is None
        or sdist_import_path(archive.files, top, relative) != facts.manifest_place
    ):
        return None  # a wheel built from it would place the install documents elsewhere
    members[top + relative] = facts.manifest_bytes
    members[top + DESCRIPTOR_NAME] = facts.descriptor_bytes
    return members


def _skill_members(facts: SourceFacts, top: str) -> dict[str, Optional[bytes]]:
    """Every file of the planned skills at its place (its SKILL.md with the source's bytes)."""
    members: dict[str, Optional[bytes]] = {}
    for skill in facts.skills or ():
        members.update((f"{top}{skill.place}/{name}", None) for name in skill.files)
        if skill.skill_md is not None:
            members[f"{top}{skill.place}/SKILL.md"] = skill.skill_md
    return members
