"""What an sdist must hold for :mod:`.confirm` to confirm it, and where a wheel built from it
puts the manifest: loaded only for an sdist."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Optional

from ..project.names import DESCRIPTOR_NAME
from ..project.packages import import_path_where
from .archive import Archive
from .facts import SourceFacts


def sdist_members(
    archive: Archive, facts: SourceFacts, skills: dict[str, Optional[bytes]]
) -> Optional[dict[str, Optional[bytes]]]:
    """What the sdist must hold below its one top folder, ``skills`` its planned skills'
    members, or None when it has no one top folder."""
    tops = {name.split("/", 1)[0] for name in archive.files}
    if len(tops) != 1 or any("/" not in name for name in archive.files):
        return None
    top = tops.pop() + "/"
    members: dict[str, Optional[bytes]] = dict.fromkeys(top + m for m in facts.sdist_members)
    members.update(skills)
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


def sdist_import_path(names: Mapping[str, int], top: str, relative: str) -> Optional[str]:
    """The manifest's import path in a wheel built from the sdist (``top`` ends with ``/``), as
    :func:`~smart_tool_build.project.packages.import_path` reads it from the source tree."""
    return import_path_where(relative, lambda folder: f"{top}{folder}/__init__.py" in names)
