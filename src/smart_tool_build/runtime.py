"""Reading an installed tool's own manifest: one call instead of a hand-written reader.

The manifest is read through :mod:`importlib.metadata` from the copy built into the
installed distribution (see :mod:`smart_tool_build.layout` for where the build puts it).
An editable install has no copy, by design: its ``direct_url.json`` (PEP 610) names the
source tree, and the manifest is read there, so it is never stale.

Nothing here imports hatchling, setuptools, or the checks of the source tree.
"""

from __future__ import annotations

import functools
import json
import posixpath
from importlib import metadata
from pathlib import Path
from typing import Optional
from urllib.parse import urlsplit
from urllib.request import url2pathname

from .descriptor import parse_bytes as parse_descriptor
from .manifest import Manifest, ManifestError, load
from .names import DESCRIPTOR_NAME, MANIFEST_NAME


class ManifestNotFound(LookupError):
    """The distribution is not installed, or carries no smart-tool manifest."""

    def __init__(self, distribution: str, looked_for: str) -> None:
        self.distribution = distribution
        super().__init__(f"no smart-tool manifest for distribution {distribution!r}: {looked_for}")


__all__ = ["ManifestError", "ManifestNotFound", "load_manifest", "manifest_bytes", "render_help"]


def _editable_root(dist: metadata.Distribution) -> Optional[Path]:
    text = dist.read_text("direct_url.json")
    if not text:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    dir_info = data.get("dir_info") if isinstance(data, dict) else None
    if not (isinstance(dir_info, dict) and dir_info.get("editable") is True):
        return None
    parts = urlsplit(str(data.get("url", "")))
    if parts.scheme != "file":
        return None
    # url2pathname decodes the percent-escapes itself: decoding twice turns a folder named
    # `tool%41` into `toolA`
    return Path(url2pathname(parts.path))


def _from_source(name: str, root: Path) -> tuple[bytes, str]:
    descriptor_path = root / DESCRIPTOR_NAME
    try:
        result = parse_descriptor(descriptor_path.read_bytes(), str(descriptor_path))
    except OSError:
        raise ManifestNotFound(name, f"editable install, but {descriptor_path} cannot be read") from None
    if result.descriptor is None:
        raise ManifestNotFound(name, f"{descriptor_path} is not a valid descriptor")
    path = root / result.descriptor.manifest
    try:
        return path.read_bytes(), str(path)
    except OSError:
        raise ManifestNotFound(name, f"editable install, but {path} cannot be read") from None


def _installed_files(dist: metadata.Distribution) -> list[metadata.PackagePath]:
    """The files RECORD lists, whether or not they are still there (Python 3.12's
    ``Distribution.files`` drops missing ones, so a deleted manifest would look never
    installed)."""
    record = dist.read_text("RECORD")
    if not record:
        return list(dist.files or [])
    import csv

    return [metadata.PackagePath(row[0]) for row in csv.reader(record.splitlines()) if row and row[0]]


def _from_installed(name: str, dist: metadata.Distribution) -> tuple[bytes, str]:
    files = _installed_files(dist)
    in_dist_info = [f for f in files if f.name == MANIFEST_NAME and f.parent.name.endswith(".dist-info")]
    candidates = in_dist_info or [f for f in files if f.name == MANIFEST_NAME]
    if len(candidates) > 1:
        descriptor_text = dist.read_text(DESCRIPTOR_NAME)
        source = parse_descriptor(descriptor_text.encode()).descriptor if descriptor_text else None
        if source is not None:
            wanted = posixpath.normpath(source.manifest)
            candidates = [f for f in candidates if f"/{wanted}".endswith(f"/{f.as_posix()}")] or candidates
        candidates.sort(key=lambda f: len(f.parts))
    if not candidates:
        raise ManifestNotFound(
            name, f"the installed files of {dist.metadata['Name']} hold no {MANIFEST_NAME}"
        )
    chosen = candidates[0]
    located = Path(str(dist.locate_file(chosen)))
    try:
        return located.read_bytes(), str(located)
    except OSError:
        raise ManifestNotFound(name, f"{located} is listed in RECORD but cannot be read") from None


def _read(name: str, dist: metadata.Distribution) -> tuple[bytes, str]:
    root = _editable_root(dist)
    if root is not None:
        return _from_source(name, root)
    return _from_installed(name, dist)


def _is_smart_tool(dist: metadata.Distribution) -> bool:
    """Whether an installed distribution is a smart tool: its .dist-info carries the
    descriptor, or it is an editable install of a tree that has one."""
    if dist.read_text(DESCRIPTOR_NAME) is not None:
        return True
    root = _editable_root(dist)
    return root is not None and (root / DESCRIPTOR_NAME).is_file()


def _manifest_name(data: bytes) -> Optional[str]:
    try:
        return load(data).name
    except ManifestError:
        return None  # a broken manifest is found by its distribution's name, and reported then


def _by_tool_name(name: str) -> tuple[bytes, str]:
    """The manifest of the installed smart tool whose manifest's ``name`` is ``name`` (a tool
    may be published as another distribution: amplifier-smart-tool-showrun is `showrun`)."""
    tried: dict[str, Optional[str]] = {}
    found: dict[str, tuple[bytes, str]] = {}
    for dist in metadata.distributions():
        dist_name = dist.metadata["Name"]
        if not dist_name or dist_name in tried or not _is_smart_tool(dist):
            continue
        try:
            data = _read(dist_name, dist)
        except ManifestNotFound:
            tried[dist_name] = None
            continue
        tried[dist_name] = _manifest_name(data[0])
        if tried[dist_name] == name:
            found[dist_name] = data
    if len(found) == 1:
        return next(iter(found.values()))
    if found:
        raise ManifestNotFound(
            name,
            f"several installed distributions carry a manifest named {name!r} "
            f"({', '.join(sorted(found))}): name the distribution",
        )
    names = ", ".join(f"{dist} (manifest {tool!r})" for dist, tool in sorted(tried.items()) if tool)
    raise ManifestNotFound(
        name,
        "it is not installed in this environment as a distribution, and no installed smart "
        f"tool's manifest is named so (tried: {names or 'no smart tool is installed'})",
    )


def manifest_bytes(distribution: str) -> tuple[bytes, str]:
    """The manifest's bytes for an installed distribution (by its name, or by the name its
    manifest gives the tool), and where they were read."""
    try:
        dist = metadata.distribution(distribution)
    except metadata.PackageNotFoundError:
        return _by_tool_name(distribution)
    return _read(distribution, dist)


@functools.cache
def load_manifest(distribution: str) -> Manifest:
    """The installed tool's manifest, parsed once per process.

    ``distribution`` is the distribution's name (``amplifier-smart-tool-showrun``) or, when
    no distribution is called that, the tool's name in its manifest (``showrun``).

    Raises :class:`ManifestNotFound` when neither is installed or the distribution carries no
    manifest (the message says which names were tried), and :class:`ManifestError` when the
    manifest it carries is not valid.
    """
    data, where = manifest_bytes(distribution)
    return load(data, where)


def render_help(distribution: str) -> str:
    """The text a smart tool's ``--help`` prints: its manifest's body, nothing added."""
    return load_manifest(distribution).body.strip("\r\n")
