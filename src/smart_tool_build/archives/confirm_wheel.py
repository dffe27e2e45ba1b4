"""What a wheel must hold for :mod:`.confirm` to confirm it: loaded only to confirm a wheel."""

from __future__ import annotations

from typing import Optional

from ..project.names import DESCRIPTOR_NAME, PROJECTION_NAME
from ..project.walk import skipped
from .archive import Archive, dist_info_folders
from .facts import SourceFacts


def wheel_members(
    archive: Archive, facts: SourceFacts, skills: dict[str, Optional[bytes]]
) -> Optional[dict[str, Optional[bytes]]]:
    """What the wheel must hold (member: its bytes, None for any), ``skills`` its planned
    skills' members, or None when it is not one wheel."""
    folders = dist_info_folders(archive.files)
    if len(folders) != 1:
        return None
    dist_info = folders[0]
    members: dict[str, Optional[bytes]] = dict.fromkeys(facts.wheel_members)
    members.update(skills)
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
