"""An installed distribution as the accessor reads it: its ``.dist-info`` files and where its
installed files are. Found first by listing ``sys.path``, the fast path; else through
:mod:`importlib.metadata`, the general one.

``importlib.metadata`` costs a smart tool's ``--help`` more than the rest of the accessor
together (it imports email, zipfile and csv and indexes every path entry). A wheel installed
by pip or uv, regular, ``--target`` or editable, is a ``<name>-<version>.dist-info`` folder
in a ``sys.path`` folder: one listing of each folder, in ``sys.path`` order, finds it as
``importlib.metadata`` would. Anything that listing cannot decide for sure (an egg, a zip or
another importable file on the path before the folder, two matching folders in one) goes
the general way, which also finds a tool by the name its manifest gives it.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from importlib import metadata
    from typing import Callable, Optional

#: the most the accessor reads of a manifest or its projection: the bound ``check`` holds a
#: manifest to (parsing.frontmatter.MAX_BYTES)
MAX_BYTES = 1024 * 1024
#: the most it reads of another ``.dist-info`` file (RECORD, METADATA, direct_url.json)
MAX_METADATA_BYTES = 16 * 1024 * 1024


class Refused(OSError):
    """A file the accessor does not read: not a regular file (a FIFO would block it,
    ``/dev/zero`` never end), over its bound, or outside the distribution; ``str`` says which."""


def read_bounded(path: str, limit: int = MAX_BYTES) -> bytes:
    """A regular file of at most ``limit`` bytes, or :class:`Refused` (:class:`OSError` when
    it cannot be read). Opened without blocking (a FIFO opens at once), then ``fstat``
    before a byte is read: a few microseconds, no import."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(descriptor)
        if info.st_mode & 0o170000 != 0o100000:  # stat.S_ISREG, without importing stat by name
            raise Refused(f"{path} is not a regular file")
        if info.st_size > limit:
            raise Refused(f"{path} is {info.st_size} bytes, over the limit of {limit} bytes")
        chunks = [os.read(descriptor, limit + 1)]
        size = len(chunks[0])
        while chunks[-1] and size <= limit:
            chunks.append(os.read(descriptor, limit + 1 - size))
            size += len(chunks[-1])
    finally:
        os.close(descriptor)
    if size > limit:
        raise Refused(f"{path} is over the limit of {limit} bytes")
    return chunks[0] if len(chunks) <= 2 else b"".join(chunks)


def within(path: str, base: str) -> bool:
    """Whether ``path`` is ``base`` or below it once symlinks are followed. Only the parts
    below ``base`` are looked at (an ``lstat`` each); the real paths are compared only when
    one of them is a symlink, or ``path`` is not spelt below ``base``."""
    base = base.rstrip(os.sep) + os.sep
    if path.startswith(base) and ".." not in path[len(base) :].split(os.sep):
        current = base
        for part in path[len(base) :].split(os.sep):
            current = os.path.join(current, part)
            try:
                if os.lstat(current).st_mode & 0o170000 == 0o120000:  # stat.S_ISLNK
                    break
            except OSError:
                return True  # nothing there: nothing to follow out
        else:
            return True
    real, real_base = os.path.realpath(path), os.path.realpath(base)
    return real == real_base or real.startswith(real_base.rstrip(os.sep) + os.sep)


#: a sys.path folder's names by its modification time: listed again only when it changed
_LISTINGS: dict[str, tuple[int, list[str]]] = {}


class Installed:
    """One installed distribution: its name, its metadata files, its installed files."""

    __slots__ = ("_locate", "_read", "name")

    def __init__(self, name: str, read: Callable[[str], Optional[str]], locate: Callable[[str], str]) -> None:
        self.name = name
        self._read = read
        self._locate = locate

    def read_text(self, filename: str) -> Optional[str]:
        """A file of the ``.dist-info`` folder (METADATA, RECORD, ...), or None."""
        return self._read(filename)

    def locate(self, relative: str) -> str:
        """Where a file RECORD lists (relative to the folder the distribution is installed in) is."""
        return self._locate(relative)

    def headers(self) -> dict[str, list[str]]:
        """The METADATA headers, each with all its values (Project-URL repeats), by their
        lowercased names (header names are case-insensitive)."""
        return parse_headers(self.read_text("METADATA") or "")


def parse_headers(text: str) -> dict[str, list[str]]:
    """RFC 822 headers (up to the first blank line), continuation lines joined, by their
    lowercased names."""
    headers: dict[str, list[str]] = {}
    last: Optional[list[str]] = None
    for raw in text.splitlines():
        if not raw.strip():
            break
        if raw[:1] in (" ", "\t") and last:
            last[-1] += " " + raw.strip()
            continue
        name, colon, value = raw.partition(":")
        if colon:
            last = headers.setdefault(name.strip().lower(), [])
            last.append(value.strip())
    return headers


def _listing(folder: str) -> Optional[list[str]]:
    """A folder's names (None: not a folder), listed once for each state of the folder."""
    try:
        changed = os.stat(folder).st_mtime_ns
        known = _LISTINGS.get(folder)
        if known is None or known[0] != changed:
            known = _LISTINGS[folder] = (changed, os.listdir(folder))
    except OSError:
        return None
    return known[1]


def _normal(name: str) -> str:
    """PEP 503's normal form with ``_`` (runs of ``-_.`` as one), without :mod:`re` (it
    costs a ``--help`` more than the whole read of a projection)."""
    normal = name.replace("-", "_").replace(".", "_")
    while "__" in normal:
        normal = normal.replace("__", "_")
    return normal.lower()


def _listed(name: str) -> Optional[Installed]:
    """The fast path: the distribution's ``.dist-info`` folder, by listing ``sys.path``; None
    when the listing cannot say for sure (then :mod:`importlib.metadata` decides)."""
    wanted = _normal(name)
    for entry in sys.path:
        folder = entry or os.getcwd()
        names = _listing(folder)
        if names is None:
            if os.path.isfile(folder):
                return None  # a zip or an egg: importlib.metadata reads those
            continue
        found = []
        for candidate in names:
            if candidate.endswith((".dist-info", ".egg-info", ".egg")):
                stem = candidate.rsplit(".", 1)[0] if not candidate.endswith(".egg") else candidate[:-4]
                if _normal(stem.split("-", 1)[0]) == wanted:
                    found.append(candidate)
        if not found:
            continue
        if len(found) != 1 or not found[0].endswith(".dist-info"):
            return None  # two copies, or an egg: the general path knows the rules
        dist_info = os.path.join(folder, found[0])

        def read(filename: str, base: str = dist_info) -> Optional[str]:
            return _read_text(os.path.join(base, filename))

        def locate(relative: str, base: str = folder) -> str:
            return os.path.join(base, relative)

        return Installed(name, read, locate)
    return None


def _read_text(path: str) -> Optional[str]:
    """A ``.dist-info`` file's text, read within :data:`MAX_METADATA_BYTES` (regular files
    only), or None."""
    try:
        return read_bounded(path, MAX_METADATA_BYTES).decode("utf-8")
    except (OSError, UnicodeDecodeError, ValueError):  # ValueError: a NUL in the path
        return None


def from_metadata(dist: metadata.Distribution) -> Installed:
    """An :class:`Installed` view of an :mod:`importlib.metadata` distribution (its files
    read within the same bounds where they are files in a folder)."""

    def locate(relative: str) -> str:
        return str(dist.locate_file(relative))

    folder = getattr(dist, "_path", None)  # a PathDistribution's .dist-info folder
    if folder is not None and os.path.isdir(str(folder)):

        def read(filename: str, base: str = str(folder)) -> Optional[str]:
            return _read_text(os.path.join(base, filename))

        return Installed(str(dist.metadata["Name"] or ""), read, locate)
    return Installed(str(dist.metadata["Name"] or ""), dist.read_text, locate)


def find(name: str, by_tool_name: Callable[[str], Optional[metadata.Distribution]]) -> Optional[Installed]:
    """The installed distribution ``name``: listed, else by :mod:`importlib.metadata`, else
    the one ``by_tool_name`` finds (a tool published under another name); None if none."""
    listed = _listed(name)
    if listed is not None:
        return listed
    from importlib import metadata

    try:
        return from_metadata(metadata.distribution(name))
    except metadata.PackageNotFoundError:
        pass
    found = by_tool_name(name)
    return None if found is None else from_metadata(found)
