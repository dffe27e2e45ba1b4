"""An archive as read: its regular files, the content of those a check reads, and what is
wrong with its member list. :mod:`.reader` and :mod:`.tar_reader` fill it in."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

#: members larger than this are listed but never read
MAX_MEMBER_BYTES = 1024 * 1024


class ArchiveError(Exception):
    """The archive cannot be opened or read at all."""


def read_errors() -> tuple[type[BaseException], ...]:
    """What reading a corrupt member can raise (:mod:`.read_errors`, loaded only then)."""
    from .read_errors import READ_ERRORS

    return READ_ERRORS


@dataclass
class Archive:
    """An archive's regular files (name -> size) and the content of the interesting ones."""

    path: Path
    kind: str  # "wheel" or "sdist"
    files: dict[str, int] = field(default_factory=dict)
    contents: dict[str, bytes] = field(default_factory=dict)
    oversized: set[str] = field(default_factory=set)
    #: member names that are absolute or climb out with ``..``
    unsafe: list[str] = field(default_factory=list)
    #: members that are links or devices rather than files
    special: list[str] = field(default_factory=list)
    #: names that appear more than once (an installer keeps one of them, unpredictably)
    duplicates: list[str] = field(default_factory=list)

    def read(self, name: str) -> Optional[bytes]:
        return self.contents.get(name)

    def metadata_member(self) -> Optional[str]:
        """The core metadata's member: a wheel's one ``.dist-info/METADATA``, an sdist's
        ``PKG-INFO`` in its one top folder; None when there is not exactly one."""
        if self.kind == "wheel":
            folders = dist_info_folders(self.files)
            return f"{folders[0]}/METADATA" if len(folders) == 1 else None
        tops = {name.split("/", 1)[0] for name in self.files}
        return f"{tops.pop()}/PKG-INFO" if len(tops) == 1 else None

    def core_metadata(self) -> dict[str, str]:
        """The core metadata's headers (Name, Version, ...): empty when it is missing or
        unreadable. The one place an archive's metadata is read."""
        from ..project.distribution import core_metadata

        member = self.metadata_member()
        data = self.read(member) if member is not None else None
        return core_metadata(data) if data else {}


def is_unsafe(name: str) -> bool:
    """True for a member path that would land outside the folder it is extracted into."""
    if name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
        return True
    parts = name.replace("\\", "/").split("/")
    return ".." in parts


def keep_member(archive: Archive, name: str, size: int) -> bool:
    if is_unsafe(name):
        archive.unsafe.append(name)
        return False
    if name in archive.files:
        archive.duplicates.append(name)
    archive.files[name] = size
    return True


def dist_info_folders(names: Iterable[str]) -> list[str]:
    """The ``*.dist-info`` folders holding a METADATA among a wheel's member names, sorted
    (a well-formed wheel has exactly one)."""
    tops = {name.split("/")[0] for name in names if name.count("/") == 1 and name.endswith("/METADATA")}
    return sorted(top for top in tops if top.endswith(".dist-info"))
