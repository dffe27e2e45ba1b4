"""Reading wheels and sdists without extracting them, in bounded memory.

Only the members a check needs are read (small text files, each capped); everything else
is listed by name and size. A corrupt archive or an unsafe member path is reported, never
raised past :func:`open_archive`'s documented :class:`ArchiveError`.
"""

from __future__ import annotations

import posixpath
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Callable, Optional

from ..project.names import DESCRIPTOR_NAME, MANIFEST_NAME, PROJECTION_NAME, PYPROJECT
from .archive import MAX_MEMBER_BYTES, Archive, ArchiveError, is_unsafe, keep_member, read_errors

#: names whose content the checks read (``SKILL.md``: a library skill's, compared with the source)
INTERESTING = frozenset(
    {MANIFEST_NAME, DESCRIPTOR_NAME, PROJECTION_NAME, "PKG-INFO", "METADATA", PYPROJECT, "SKILL.md"}
)


def kind_of(path: Path) -> Optional[str]:
    name = path.name.lower()
    if name.endswith(".whl"):
        return "wheel"
    if name.endswith((".tar.gz", ".tgz", ".zip")):
        return "sdist"
    return None


def open_archive(path: Path, wanted: Callable[[str], bool] | None = None) -> Archive:
    """List ``path`` and read the members ``wanted`` selects (default: :data:`INTERESTING`)."""
    kind = kind_of(path)
    if kind is None:
        raise ArchiveError("is neither a wheel (.whl) nor an sdist (.tar.gz, .zip)")
    select = wanted or (lambda name: posixpath.basename(name) in INTERESTING)
    archive = Archive(path, kind)
    try:
        if path.name.lower().endswith((".whl", ".zip")):
            _read_zip(archive, select)
        else:
            from .tar_reader import read_tar  # a wheel build reads no tar

            read_tar(archive, select)
    except read_errors() as exc:
        raise ArchiveError(f"cannot be read: {exc}") from None
    return archive


def _read_zip(archive: Archive, select: Callable[[str], bool]) -> None:
    with zipfile.ZipFile(archive.path) as handle:
        for info in handle.infolist():
            if info.is_dir():
                if is_unsafe(info.filename):
                    archive.unsafe.append(info.filename)
                continue
            mode = (info.external_attr >> 16) & 0o170000
            if mode == 0o120000:  # a symlink stored in a zip
                archive.special.append(info.filename)
                continue
            if not keep_member(archive, info.filename, info.file_size):
                continue
            if select(info.filename):
                if info.file_size > MAX_MEMBER_BYTES:
                    archive.oversized.add(info.filename)
                    continue
                with handle.open(info) as member:
                    data = member.read(MAX_MEMBER_BYTES + 1)
                if len(data) > MAX_MEMBER_BYTES:
                    archive.oversized.add(info.filename)
                else:
                    archive.contents[info.filename] = data


def file_and_folder(names: Iterable[str]) -> list[str]:
    """The member names that are also a folder of other members (``a/b`` beside ``a/b/c``):
    an archive no installer writes as a tree (pip stops on it), sorted."""
    files = set(names)
    folders: set[str] = set()
    for name in files:
        parent = name.rpartition("/")[0]
        while parent and parent not in folders:  # each folder once, however many members
            folders.add(parent)
            parent = parent.rpartition("/")[0]
    return sorted(files & folders)
