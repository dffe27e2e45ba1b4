"""Reading an sdist's tar, for :func:`~smart_tool_build.archives.reader.open_archive`."""

from __future__ import annotations

import tarfile
import zlib
from pathlib import Path
from typing import Callable

from .archive import MAX_MEMBER_BYTES, Archive, is_unsafe, keep_member

#: how much is decompressed at a time when only checking a gzip stream
_CHUNK = 64 * 1024


def _check_gzip(path: Path) -> None:
    """Raise if a gzip file ends early or fails its CRC; no-op for anything else.

    tarfile stops at the tar's end marker and never reads the gzip trailer, so an sdist cut
    short at a member boundary (an interrupted download) reads as a smaller, complete one.
    Decompresses in bounded chunks, keeping nothing.
    """
    with path.open("rb") as raw:
        if raw.read(2) != b"\x1f\x8b":
            return
        raw.seek(0)
        inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
        while not inflate.eof:
            data = inflate.unconsumed_tail or raw.read(_CHUNK)
            if not data:
                raise EOFError("the gzip stream ends early: the file is truncated")
            inflate.decompress(data, _CHUNK)


def read_tar(archive: Archive, select: Callable[[str], bool]) -> None:
    _check_gzip(archive.path)
    # stream mode: one sequential pass, nothing held but the members selected
    with tarfile.open(archive.path, mode="r|*") as handle:
        for info in handle:
            if info.isdir():
                if is_unsafe(info.name):
                    archive.unsafe.append(info.name)
                continue
            if not info.isfile():  # a link or a device
                from .tar_links import in_tree_link

                if not (info.issym() and in_tree_link(info.name, info.linkname)):
                    archive.special.append(info.name)
                continue
            if not keep_member(archive, info.name, info.size):
                continue
            if select(info.name):
                if info.size > MAX_MEMBER_BYTES:
                    archive.oversized.add(info.name)
                    continue
                member = handle.extractfile(info)
                if member is not None:
                    archive.contents[info.name] = member.read()
