"""Amending a finished wheel or sdist with the files its plan says it must carry: only adding,
RECORD rewritten, reproducible (docs/architecture.md, "How each adapter builds").
"""

from __future__ import annotations

import contextlib
import gzip
import io
import os
import shutil
import struct
import tarfile
import time
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, NamedTuple, Optional

from ..project.manifest_model import record_digest
from .archive import dist_info_folders, read_errors

_CHUNK = 1024 * 1024
#: the earliest time a zip member can carry (1980-01-01)
_ZIP_EPOCH = 315532800
#: the latest time a zip member can carry (2107-12-31 23:59:58)
_ZIP_LAST = 4354819198
#: the latest time a gzip header can carry
_GZIP_LAST = 2**32 - 1
_ZIP64_EXTRA = 0x0001


class Addition(NamedTuple):
    """One file the finished archive must carry: its full member path and its source."""

    member: str
    source: Path


class AmendError(Exception):
    """The built archive cannot be amended: it is truncated, corrupt, or not a wheel or sdist.

    The message reads after "artifact", as the verifier's ``artifact-readable`` does."""


def source_date_epoch() -> Optional[int]:
    value = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    return int(value) if value.isdigit() else None


@contextlib.contextmanager
def _reading() -> Iterator[None]:
    """Around a read of the built archive: whatever it raises, the archive is unreadable."""
    try:
        yield
    except read_errors() as exc:
        raise AmendError(f"cannot be read: {exc}") from None


def _chunks(data: IO[bytes]) -> Iterator[bytes]:
    """A member of the built archive, in chunks; its CRC is checked when it ends."""
    while True:
        with _reading():
            chunk = data.read(_CHUNK)
        if not chunk:
            return
        yield chunk


def _file_chunks(path: Path) -> Iterator[bytes]:
    with path.open("rb") as data:
        yield from iter(lambda: data.read(_CHUNK), b"")


@contextlib.contextmanager
def _replacing(target: Path) -> Iterator[IO[bytes]]:
    """A temporary file beside ``target`` that becomes ``target`` only when written whole.

    Its (random) name is chosen before it is created, so an interrupt arriving the moment it
    is created still finds it to remove (``tempfile.mkstemp`` names it only once it exists)."""
    name = target.parent / f".{target.name}.{os.urandom(16).hex()}.part"
    try:
        descriptor = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
        with os.fdopen(descriptor, "wb") as handle:
            yield handle
        os.chmod(name, 0o644)
        os.replace(name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise


# ----------------------------------------------------------------------------- wheels


def _dist_info(names: list[str]) -> str:
    found = dist_info_folders(names)
    if len(found) != 1:
        raise AmendError(f"is no wheel: it has {len(found)} .dist-info/METADATA, not one")
    return found[0]


def _without_zip64(extra: bytes) -> bytes:
    """A member's extra fields less the zip64 one (zipfile writes its own when it needs one)."""
    kept = bytearray()
    while len(extra) >= 4:
        kind, size = struct.unpack("<HH", extra[:4])
        if kind != _ZIP64_EXTRA:
            kept += extra[: 4 + size]
        extra = extra[4 + size :]
    return bytes(kept)


def _mode(path: Path) -> int:
    """The mode a file added from ``path`` gets: 0o755 when its source is executable (a
    skill's ``scripts/run.sh`` stays runnable), else 0o644."""
    return 0o755 if path.stat().st_mode & 0o111 else 0o644


def _new_info(
    name: str, like: zipfile.ZipInfo, epoch: Optional[int], size: int, mode: int = 0o644
) -> zipfile.ZipInfo:
    when = like.date_time if epoch is None else time.gmtime(min(max(epoch, _ZIP_EPOCH), _ZIP_LAST))[:6]
    info = zipfile.ZipInfo(name, date_time=when)
    info.external_attr = (0o100000 | mode) << 16
    info.compress_type = like.compress_type
    info.create_system = like.create_system
    info.file_size = size
    return info


def _copy_info(info: zipfile.ZipInfo) -> zipfile.ZipInfo:
    copy = zipfile.ZipInfo(info.filename, date_time=info.date_time)
    copy.external_attr = info.external_attr
    copy.internal_attr = info.internal_attr
    copy.compress_type = info.compress_type
    copy.create_system = info.create_system
    copy.comment = info.comment
    copy.extra = _without_zip64(info.extra)
    copy.file_size = info.file_size
    return copy


def _member(source: zipfile.ZipFile, info: zipfile.ZipInfo) -> Iterator[bytes]:
    with _reading():
        handle = source.open(info)
    with handle:
        yield from _chunks(handle)


def _read_whole(source: zipfile.ZipFile, infos: list[zipfile.ZipInfo]) -> None:
    """Read every file member to its end, where zipfile checks its CRC."""
    for info in infos:
        if not info.is_dir():
            for _ in _member(source, info):
                pass


def _write_member(
    out: zipfile.ZipFile, info: zipfile.ZipInfo, data: Iterable[bytes], records: list[list[str]]
) -> None:
    import hashlib  # here, not above: an sdist's build need not load OpenSSL (2 ms)

    digest = hashlib.sha256()
    size = 0
    with out.open(info, "w", force_zip64=info.file_size > 0x7FFFFFFF) as target:
        for chunk in data:
            digest.update(chunk)
            size += len(chunk)
            target.write(chunk)
    records.append([info.filename, record_digest("sha256", digest.digest()), str(size)])


def amend_wheel(
    built: Path, target: Path, additions: list[Addition], *, epoch: Optional[int] = None
) -> list[str]:
    """Write ``built`` to ``target`` with each of ``additions`` the wheel lacks added; RECORD
    rewritten. Returns the members added (none: ``built`` is moved to ``target`` untouched,
    once every member was read)."""
    with _reading():
        source = zipfile.ZipFile(built)
    with source:
        infos = source.infolist()
        dist_info = _dist_info([i.filename for i in infos])
        record = f"{dist_info}/RECORD"
        wanted = {a.member: a.source for a in additions}
        present = {i.filename: i for i in infos if not i.is_dir()}
        changed = {m for m in wanted if m not in present}
        if not changed:
            _read_whole(source, infos)
            shutil.move(str(built), str(target))
            return []
        like = present.get(f"{dist_info}/METADATA") or infos[0]
        new = [m for m in wanted if m not in present]
        new_package = [m for m in new if not m.startswith(dist_info + "/")]
        new_meta = [m for m in new if m.startswith(dist_info + "/")]
        records: list[list[str]] = []
        with _replacing(target) as handle, zipfile.ZipFile(handle, "w") as out:

            def add(member: str) -> None:
                source_path = wanted[member]
                info = _new_info(member, like, epoch, source_path.stat().st_size, _mode(source_path))
                _write_member(out, info, _file_chunks(wanted[member]), records)

            for info in infos:
                if new_package and info.filename.startswith(dist_info + "/"):
                    for member in new_package:
                        add(member)
                    new_package = []
                if info.filename == record:
                    for member in new_meta:
                        add(member)
                    new_meta = []
                    continue
                if info.is_dir():
                    out.writestr(_copy_info(info), b"")
                else:
                    _write_member(out, _copy_info(info), _member(source, info), records)
            for member in [*new_package, *new_meta]:
                add(member)
            import csv

            text = io.StringIO()
            csv.writer(text, lineterminator="\n").writerows([*records, [record, "", ""]])
            record_info = present.get(record)
            info = _copy_info(record_info) if record_info is not None else _new_info(record, like, epoch, 0)
            info.file_size = 0
            out.writestr(info, text.getvalue().encode("utf-8"))
    return sorted(changed)


# ----------------------------------------------------------------------------- sdists


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
        _replacing(target) as handle,
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
        with _reading():
            stream = opened.enter_context(gzip.open(built, "rb"))
            source = opened.enter_context(tarfile.open(fileobj=stream, mode="r|"))
        members = iter(source)
        while True:
            with _reading():
                info = next(members, None)
            if info is None:
                break
            changed.discard(info.name)  # whatever it is, a member the backend wrote stays
            if not info.isfile():
                continue
            if like is None or info.mtime > like.mtime:
                like = info
        with _reading():
            while stream.read(_CHUNK):
                pass
    if like is None:
        raise AmendError("holds no file")
    return changed, like


def _file_info(name: str, path: Path, like: tarfile.TarInfo, epoch: Optional[int]) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.size = path.stat().st_size
    info.mtime = max(epoch if epoch is not None else like.mtime, _ZIP_EPOCH)
    info.mode = _mode(path)
    info.uid, info.gid, info.uname, info.gname = like.uid, like.gid, like.uname, like.gname
    return info
