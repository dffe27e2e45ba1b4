"""Reading an installed tool's own manifest and rendering its skill: one call each instead
of a hand-written reader.

The manifest is read through :mod:`importlib.metadata` from the copy built into the
installed distribution (see :mod:`smart_tool_build.layout` for where the build puts it).
An editable install has no copy, by design: its ``direct_url.json`` (PEP 610) names the
source tree, and the manifest is read there, so it is never stale.

This is on the path of every smart tool's ``--help``: nothing heavy is imported at module
level, and the one metadata lookup is :func:`_distribution`, so a faster one can replace it.
Nothing here imports hatchling, setuptools, or the checks of the source tree.
"""

from __future__ import annotations

import functools
import json
import posixpath
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Optional

from . import skill
from .descriptor import parse_bytes as parse_descriptor
from .manifest import Manifest, ManifestError, load
from .names import DESCRIPTOR_NAME, MANIFEST_NAME

if TYPE_CHECKING:
    from importlib import metadata


class ManifestNotFound(LookupError):
    """The distribution is not installed, or carries no smart-tool manifest."""

    def __init__(self, distribution: str, looked_for: str) -> None:
        self.distribution = distribution
        super().__init__(f"no smart-tool manifest for distribution {distribution!r}: {looked_for}")


__all__ = [
    "Capability",
    "ManifestError",
    "ManifestNotFound",
    "load_manifest",
    "manifest_bytes",
    "render_help",
    "render_skill",
    "repository_url",
    "skill_directory",
]

Capability = skill.Capability


def _distribution(name: str) -> metadata.Distribution:
    """The installed distribution ``name``, or the smart tool whose manifest is named so:
    the one place metadata is looked up."""
    from importlib import metadata

    try:
        return metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return _by_tool_name(name)


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
    from urllib.parse import urlsplit
    from urllib.request import url2pathname

    parts = urlsplit(str(data.get("url", "")))
    if parts.scheme != "file":
        return None
    # url2pathname decodes the percent-escapes itself: decoding twice turns a folder named
    # `tool%41` into `toolA`
    return Path(url2pathname(parts.path))


def _in_source(name: str, root: Path) -> Path:
    descriptor_path = root / DESCRIPTOR_NAME
    try:
        result = parse_descriptor(descriptor_path.read_bytes(), str(descriptor_path))
    except OSError:
        raise ManifestNotFound(name, f"editable install, but {descriptor_path} cannot be read") from None
    if result.descriptor is None:
        raise ManifestNotFound(name, f"{descriptor_path} is not a valid descriptor")
    return root / result.descriptor.manifest


def _installed_files(dist: metadata.Distribution) -> list[metadata.PackagePath]:
    """The files RECORD lists, whether or not they are still there (Python 3.12's
    ``Distribution.files`` drops missing ones, so a deleted manifest would look never
    installed)."""
    from importlib.metadata import PackagePath

    record = dist.read_text("RECORD")
    if not record:
        return list(dist.files or [])
    import csv

    return [PackagePath(row[0]) for row in csv.reader(record.splitlines()) if row and row[0]]


def _installed(name: str, dist: metadata.Distribution) -> Path:
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
    return Path(str(dist.locate_file(candidates[0])))


def _manifest_path(distribution: str, dist: metadata.Distribution) -> tuple[Path, bool]:
    """Where the manifest of ``dist`` is, and whether that is a source tree (editable)."""
    root = _editable_root(dist)
    if root is not None:
        return _in_source(distribution, root), True
    return _installed(distribution, dist), False


def _read(name: str, dist: metadata.Distribution) -> tuple[bytes, str]:
    """The manifest's bytes of ``dist`` and where they were read."""
    path, editable = _manifest_path(name, dist)
    try:
        return path.read_bytes(), str(path)
    except OSError:
        why = (
            "editable install, but {} cannot be read"
            if editable
            else "{} is listed in RECORD but cannot be read"
        )
        raise ManifestNotFound(name, why.format(path)) from None


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


def _by_tool_name(name: str) -> metadata.Distribution:
    """The installed smart tool whose manifest's ``name`` is ``name`` (a tool may be
    published as another distribution: amplifier-smart-tool-showrun is `showrun`)."""
    from importlib import metadata

    tried: dict[str, Optional[str]] = {}
    found: dict[str, metadata.Distribution] = {}
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
            found[dist_name] = dist
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
    return _read(distribution, _distribution(distribution))


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
    """The manifest's body, the baseline of the skill (:func:`render_skill` is the whole one)."""
    return load_manifest(distribution).body.strip("\r\n")


def _package_root(folder: Path) -> Path:
    """The top of the import package holding ``folder`` (``folder`` itself outside one)."""
    while (folder / "__init__.py").is_file() and (folder.parent / "__init__.py").is_file():
        folder = folder.parent
    return folder


def _top_package(dist: metadata.Distribution) -> Path:
    """The folder of a distribution's import package, from its installed files."""
    folders = sorted(
        {
            f.parts[0]
            for f in _installed_files(dist)
            if len(f.parts) > 1
            and f.parts[0] not in ("..", "__pycache__")
            and not f.parts[0].endswith((".dist-info", ".data", ".egg-info"))
        }
    )
    wanted = str(dist.metadata["Name"] or "").lower().replace("-", "_").replace(".", "_")
    chosen = wanted if wanted in folders else (folders[0] if folders else "")
    return Path(str(dist.locate_file(chosen)))


def skill_directory(distribution: str) -> Path:
    """The installed package root: the import package holding the manifest.

    A manifest kept in the ``.dist-info`` folder sits in no package: the distribution's
    import package is taken (the one named after it, else the first). For an editable
    install, the package in the source tree.
    """
    dist = _distribution(distribution)
    path, _ = _manifest_path(distribution, dist)
    if path.parent.name.endswith(".dist-info"):
        return _top_package(dist)
    return _package_root(path.parent)


#: Project-URL labels (normalised: lowercase, no punctuation or spaces) naming the source
_REPOSITORY_LABELS = ("repository", "source", "sourcecode", "code", "github", "gitlab", "git")
_FORGES = ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org")


def repository_url(distribution: str) -> Optional[str]:
    """The tool's canonical source from its package metadata, or None when none is declared:
    a ``Project-URL`` labelled Repository (or Source, Code, ...), else a ``Home-page`` on a
    known forge."""
    headers = _distribution(distribution).metadata
    for entry in headers.get_all("Project-URL") or []:
        label, _, url = str(entry).partition(",")
        normal = "".join(c for c in label.lower() if c.isalnum())
        if normal in _REPOSITORY_LABELS and url.strip().startswith(("https://", "http://")):
            return url.strip()
    home = str(headers["Home-page"] or "").strip()
    if home.startswith(("https://", "http://")) and home.split("/")[2].lower() in _FORGES:
        return home
    return None


def render_skill(
    distribution: str,
    capabilities: Iterable[skill.CapabilityLike] = (),
    resources: Iterable[str] = (),
    *,
    command: Optional[str] = None,
) -> str:
    """The whole skill a smart tool's ``--help`` prints, from the installed copy.

    ``capabilities`` are :class:`Capability` values or ``(name, kind, summary)`` triples,
    ``kind`` being ``"deterministic"`` or ``"model-backed"``; ``resources`` are files the
    body refers to, relative to the skill directory (they must ship inside the package).
    ``command`` is what starts the tool, for the per-capability ``--help`` pointers
    (default: the tool's name). Raises as :func:`load_manifest` does.
    """
    found = load_manifest(distribution)
    return skill.render(
        name=found.name,
        body=found.body,
        skill_directory=str(skill_directory(distribution)),
        repository=repository_url(distribution),
        capabilities=capabilities,
        resources=resources,
        command=command,
    )
