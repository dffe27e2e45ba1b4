"""Reading wheels and sdists without extracting them, in bounded memory.

Only the members a check needs are read (small text files, each capped); everything else
is listed by name and size. A corrupt archive or an unsafe member path is reported, never
raised past :func:`open_archive`'s documented :class:`ArchiveError`.
"""

from __future__ import annotations

import posixpath
import zipfile
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

from ..project.names import DESCRIPTOR_NAME, MANIFEST_NAME, PROJECTION_NAME, PYPROJECT

#: members larger than this are listed but never read
MAX_MEMBER_BYTES = 1024 * 1024
#: how much is decompressed at a time when only checking a gzip stream
_CHUNK = 64 * 1024
#: names whose content the checks read (``SKILL.md``: a library skill's, compared with the source)
INTERESTING = frozenset(
    {MANIFEST_NAME, DESCRIPTOR_NAME, PROJECTION_NAME, "PKG-INFO", "METADATA", PYPROJECT, "SKILL.md"}
)


class ArchiveError(Exception):
    """The archive cannot be opened or read at all."""


def read_errors() -> tuple[type[BaseException], ...]:
    """What reading a corrupt member can raise, beyond OSError and the archive modules' own.

    zipfile lets a decompressor's error through (zlib.error for deflate, LZMAError for lzma),
    and raises NotImplementedError for an unknown compression method and RuntimeError for
    an encrypted member: each is a corrupt or unusable archive, not a crash.
    """
    import tarfile  # a wheel build reads no tar: tarfile is imported where one is read

    errors: list[type[BaseException]] = [
        OSError,
        EOFError,
        zipfile.BadZipFile,
        tarfile.TarError,
        ValueError,
        zlib.error,
        NotImplementedError,
        RuntimeError,
    ]
    try:
        import lzma
    except ImportError:  # pragma: no cover - a Python built without lzma cannot read it either
        pass
    else:
        errors.append(lzma.LZMAError)
    return tuple(errors)


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

    def read_later(self, name: str) -> Optional[bytes]:
        """A wheel member that was not read up front (at most :data:`MAX_MEMBER_BYTES`), or None."""
        if (
            name in self.contents
            or self.kind != "wheel"
            or self.files.get(name, MAX_MEMBER_BYTES + 1) > MAX_MEMBER_BYTES
        ):
            return self.contents.get(name)
        try:
            with zipfile.ZipFile(self.path) as handle, handle.open(name) as member:
                return member.read(MAX_MEMBER_BYTES)
        except read_errors():
            return None


def is_unsafe(name: str) -> bool:
    """True for a member path that would land outside the folder it is extracted into."""
    if name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
        return True
    parts = name.replace("\\", "/").split("/")
    return ".." in parts


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
            _read_tar(archive, select)
    except read_errors() as exc:
        raise ArchiveError(f"cannot be read: {exc}") from None
    return archive


def _keep(archive: Archive, name: str, size: int) -> bool:
    if is_unsafe(name):
        archive.unsafe.append(name)
        return False
    if name in archive.files:
        archive.duplicates.append(name)
    archive.files[name] = size
    return True


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
            if not _keep(archive, info.filename, info.file_size):
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


def _read_tar(archive: Archive, select: Callable[[str], bool]) -> None:
    import tarfile

    _check_gzip(archive.path)
    # stream mode: one sequential pass, nothing held but the members selected
    with tarfile.open(archive.path, mode="r|*") as handle:
        for info in handle:
            if info.isdir():
                if is_unsafe(info.name):
                    archive.unsafe.append(info.name)
                continue
            if not info.isfile():
                if not (info.issym() and in_tree_link(info.name, info.linkname)):
                    archive.special.append(info.name)
                continue
            if not _keep(archive, info.name, info.size):
                continue
            if select(info.name):
                if info.size > MAX_MEMBER_BYTES:
                    archive.oversized.add(info.name)
                    continue
                member = handle.extractfile(info)
                if member is not None:
                    archive.contents[info.name] = member.read()


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


def in_tree_link(name: str, target: str) -> bool:
    """Whether a symlink ``name`` of an sdist to ``target`` stays inside the sdist's top folder:
    a relative link an installer's extraction keeps in the tree (tarfile's ``data`` filter
    takes it), which a project may well have (``CLAUDE.md`` -> ``AGENTS.md``)."""
    if not target or target.startswith("/") or "\\" in target or "\0" in target:
        return False
    top = name.split("/", 1)[0]
    reached = posixpath.normpath(posixpath.join(posixpath.dirname(name), target))
    return reached.startswith(top + "/") and reached != top


def dist_info_folders(names: Iterable[str]) -> list[str]:
    """The ``*.dist-info`` folders holding a METADATA among a wheel's member names, sorted
    (a well-formed wheel has exactly one)."""
    return sorted(
        {
            name.split("/")[0]
            for name in names
            if name.count("/") == 1
            and name.endswith("/METADATA")
            and name.split("/")[0].endswith(".dist-info")
        }
    )


def sdist_import_path(names: Mapping[str, int], top: str, relative: str) -> Optional[str]:
    """The manifest's import path in a wheel built from the sdist, as
    :func:`~smart_tool_build.project.packages.import_path` reads it from the source tree."""

    def is_package(folder: str) -> bool:
        return f"{top}{folder}/__init__.py" in names

    folder = posixpath.dirname(relative)
    if not folder or not is_package(folder):
        return None
    package = folder
    while posixpath.dirname(package) and is_package(posixpath.dirname(package)):
        package = posixpath.dirname(package)
    base = posixpath.dirname(package)
    return relative[len(base) + 1 :] if base else relative
