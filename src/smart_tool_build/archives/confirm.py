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

from ..project.names import DESCRIPTOR_NAME, MANIFEST_NAME, normalize_name
from .archive import Archive, ArchiveError, dist_info_folders
from .facts import ArtifactReport, SourceFacts
from .reader import file_and_folder, open_archive


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
    if archive.kind == "wheel":
        from .confirm_wheel import wheel_members as members
    else:
        from .confirm_sdist import sdist_members as members
    top = "" if archive.kind == "wheel" else next(iter(archive.files), "").split("/", 1)[0] + "/"
    skills: dict[str, Optional[bytes]] = {}
    if facts.skills:  # a library's build: its skills' files here, what the skill rules find below
        from .skill_checks import check_sdist_skills, skill_members

        skills = skill_members(facts.skills, top)
    expected = members(archive, facts, skills)
    if expected is None:
        return False
    for member, data in expected.items():
        if member not in archive.files or (data is not None and archive.read(member) != data):
            return False
    manifests = [m for m in expected if posixpath.basename(m) == MANIFEST_NAME]
    if any(_judged(archive, m, facts, manifests) for m in archive.files if m not in expected):
        return False
    if not facts.skills:
        return True
    if archive.kind == "wheel":  # RECORD lists each file, where library-skills looks
        from .wheel_skills import check_wheel_skills

        return not check_wheel_skills(archive, "", dist_info_folders(archive.files)[0], facts.skills)
    return not check_sdist_skills(archive, "", top, facts.skills)


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
