"""Amending a finished wheel: the files its plan says it must carry added, every member the
backend wrote kept as it wrote it, RECORD rewritten and written last (:mod:`.amend`)."""

from __future__ import annotations

import io
import shutil
import struct
import time
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Optional

from ..project.manifest_model import record_digest
from .amend import CHUNK, ZIP_EPOCH, Addition, AmendError, file_mode, reading, replacing
from .archive import dist_info_folders

#: the latest time a zip member can carry (2107-12-31 23:59:58)
_ZIP_LAST = 4354819198
_ZIP64_EXTRA = 0x0001


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


def _new_info(
    name: str, like: zipfile.ZipInfo, epoch: Optional[int], size: int, mode: int = 0o644
) -> zipfile.ZipInfo:
    when = like.date_time if epoch is None else time.gmtime(min(max(epoch, ZIP_EPOCH), _ZIP_LAST))[:6]
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


def _file_chunks(path: Path) -> Iterator[bytes]:
    with path.open("rb") as data:
        yield from iter(lambda: data.read(CHUNK), b"")


def _member(source: zipfile.ZipFile, info: zipfile.ZipInfo) -> Iterator[bytes]:
    """A member of the built archive, in chunks; its CRC is checked when it ends."""
    with reading():
        handle = source.open(info)
    with handle:
        while True:
            with reading():
                chunk = handle.read(CHUNK)
            if not chunk:
                return
            yield chunk


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
    with reading():
        source = zipfile.ZipFile(built)
    with source:
        infos = source.infolist()
        dist_info = _dist_info([i.filename for i in infos])
        record = f"{dist_info}/RECORD"
        wanted = {a.member: a.source for a in additions}
        present = {i.filename: i for i in infos if not i.is_dir()}
        changed = {m for m in wanted if m not in present}
        if not changed:  # every member read to its end, where zipfile checks its CRC
            for info in infos:
                if not info.is_dir():
                    for _ in _member(source, info):
                        pass
            shutil.move(str(built), str(target))
            return []
        like = present.get(f"{dist_info}/METADATA") or infos[0]
        new = [m for m in wanted if m not in present]
        new_package = [m for m in new if not m.startswith(dist_info + "/")]
        new_meta = [m for m in new if m.startswith(dist_info + "/")]
        records: list[list[str]] = []
        with replacing(target) as handle, zipfile.ZipFile(handle, "w") as out:

            def add(member: str) -> None:
                source_path = wanted[member]
                info = _new_info(member, like, epoch, source_path.stat().st_size, file_mode(source_path))
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
