"""Amending a finished sdist: the files its plan says it must carry added under its top
folder, every member the backend wrote kept as it wrote it (:mod:`.amend`)."""

from __future__ import annotations

import contextlib
import gzip
import shutil
import tarfile
from pathlib import Path
from typing import Optional

from .amend import CHUNK, ZIP_EPOCH, Addition, AmendError, file_mode, reading, replacing

#: the latest time a gzip header can carry
_GZIP_LAST = 2**32 - 1


def _gzip_mtime(path: Path) -> int:
    with path.open("rb") as handle:
        header = handle.read(10)
    return int.from_bytes(header[4:8], "little") if header[:2] == b"\x1f\x8b" else 0


def amend_sdist(
    built: Path, target: Path, additions: list[Addition], *, epoch: Optional[int] = None
) -> list[str]:
    """Write the ``.tar.gz`` ``built`` to ``target`` with each of ``additions`` (full member
    paths, under the sdist's top folder) it lacks added. Returns the members added (none:
    ``built`` is moved to ``target`` untouched, once it was read whole)."""
    wanted = {a.member: a.source for a in additions}
    changed, like = _sdist_changes(built, wanted)
    if not changed:
        shutil.move(str(built), str(target))
        return []
    mtime = min(epoch if epoch is not None else _gzip_mtime(built), _GZIP_LAST)
    with (
        replacing(target) as handle,
        gzip.GzipFile(filename="", mode="wb", fileobj=handle, mtime=mtime) as compressed,
        tarfile.open(fileobj=compressed, mode="w|", format=tarfile.PAX_FORMAT) as out,
        tarfile.open(built, mode="r|gz") as source,
    ):
        written = set()
        for info in source:
            if info.isfile():
                out.addfile(info, source.extractfile(info))
            else:
                out.addfile(info)
            written.add(info.name)
        for member, path in wanted.items():
            if member not in written:
                with path.open("rb") as data:
                    out.addfile(_file_info(member, path, like, epoch), data)
    return sorted(changed)


def _sdist_changes(built: Path, wanted: dict[str, Path]) -> tuple[set[str], tarfile.TarInfo]:
    """The wanted members the sdist lacks, and a member to take
    ownership and time from: the newest file (a backend may stamp its generated PKG-INFO
    with 0, and a wheel built from the sdist cannot carry a time before 1980).

    The whole gzip stream is read, to its CRC: tarfile alone stops at the tar's end marker."""
    changed = set(wanted)
    like: Optional[tarfile.TarInfo] = None
    with contextlib.ExitStack() as opened:
        with reading():
            stream = opened.enter_context(gzip.open(built, "rb"))
            source = opened.enter_context(tarfile.open(fileobj=stream, mode="r|"))
        members = iter(source)
        while True:
            with reading():
                info = next(members, None)
            if info is None:
                break
            changed.discard(info.name)  # whatever it is, a member the backend wrote stays
            if not info.isfile():
                continue
            if like is None or info.mtime > like.mtime:
                like = info
        with reading():
            while stream.read(CHUNK):
                pass
    if like is None:
        raise AmendError("holds no file")
    return changed, like


def _file_info(name: str, path: Path, like: tarfile.TarInfo, epoch: Optional[int]) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.size = path.stat().st_size
    info.mtime = max(epoch if epoch is not None else like.mtime, ZIP_EPOCH)
    info.mode = file_mode(path)
    info.uid, info.gid, info.uname, info.gname = like.uid, like.gid, like.uname, like.gname
    return info
