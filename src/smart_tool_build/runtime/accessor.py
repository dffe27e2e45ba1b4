"""Reading an installed tool's own manifest and rendering its skill: one call each instead
of a hand-written reader.

The manifest is read from the copy built into the installed distribution (see
:mod:`smart_tool_build.plan.layout` for where the build puts it), which
:mod:`smart_tool_build.runtime.installed` finds by listing ``sys.path`` (``importlib.metadata`` where
that cannot decide). An editable install has no copy, by design: its ``direct_url.json``
(PEP 610) names the source tree, and the manifest is read there, so it is never stale.

This is on the path of every smart tool's ``--help``: nothing heavy is imported at module
level (``importlib.metadata``, ``json``, ``csv``, ``urllib`` and ``pathlib`` only when a path
needs them), and each distribution is looked up once per process. Nothing here imports
hatchling, setuptools, or the checks of the source tree.
"""

from __future__ import annotations

import functools
import os
import posixpath
import sys
from collections import namedtuple
from collections.abc import Iterable

from ..project.names import DESCRIPTOR_NAME, MANIFEST_NAME
from ..rules.manifest import Manifest, ManifestError, load
from . import skill
from .installed import Installed, find

TYPE_CHECKING = False  # typing stays unimported on a smart tool's --help (it costs a tenth of it)
if TYPE_CHECKING:
    from importlib import metadata
    from pathlib import Path
    from typing import NamedTuple, Optional


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


if TYPE_CHECKING:

    class _Located(NamedTuple):
        """An installed distribution and where its manifest is."""

        dist: Installed
        #: the manifest's path: in the installed files, or in the source tree (editable)
        manifest: str
        editable: bool

else:
    _Located = namedtuple("_Located", ("dist", "manifest", "editable"))


# ----------------------------------------------------------------------------- finding it


def _by_tool_name(name: str) -> Optional[metadata.Distribution]:
    """The installed smart tool whose manifest's ``name`` is ``name`` (a tool may be
    published as another distribution: amplifier-smart-tool-showrun is `showrun`)."""
    from importlib import metadata

    from .installed import from_metadata

    tried: dict[str, Optional[str]] = {}
    found: dict[str, metadata.Distribution] = {}
    for dist in metadata.distributions():
        dist_name = dist.metadata["Name"]
        installed = from_metadata(dist)
        if not dist_name or dist_name in tried or not _is_smart_tool(installed):
            continue
        try:
            data = _read(_locate(dist_name, installed), dist_name)
        except ManifestNotFound:
            tried[dist_name] = None
            continue
        tried[dist_name] = _manifest_name(data)
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


def _editable_root(dist: Installed) -> Optional[str]:
    """The source tree of an editable install (PEP 610's ``direct_url.json``), else None."""
    text = dist.read_text("direct_url.json")
    if not text or '"editable"' not in text:  # pip writes one for most installs: skip json then
        return None
    import json

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
    return url2pathname(parts.path)


def _in_source(name: str, root: str) -> str:
    from ..rules.descriptor import parse_bytes as parse_descriptor

    descriptor_path = os.path.join(root, DESCRIPTOR_NAME)
    try:
        with open(descriptor_path, "rb") as handle:
            result = parse_descriptor(handle.read(), descriptor_path)
    except OSError:
        raise ManifestNotFound(name, f"editable install, but {descriptor_path} cannot be read") from None
    if result.descriptor is None:
        raise ManifestNotFound(name, f"{descriptor_path} is not a valid descriptor")
    return os.path.join(root, result.descriptor.manifest)


def _installed_files(dist: Installed) -> list[str]:
    """The files RECORD lists (POSIX, relative), whether or not they are still there
    (Python 3.12's ``Distribution.files`` drops missing ones, so a deleted manifest would
    look never installed). Only a line with a quoted field needs the csv module."""
    files = []
    for line in (dist.read_text("RECORD") or "").splitlines():
        if '"' in line:
            import csv

            files += [row[0] for row in csv.reader([line]) if row and row[0]]
        elif line.strip():
            files.append(line.rsplit(",", 2)[0])
    return files


def _installed(name: str, dist: Installed) -> str:
    files = _installed_files(dist)
    manifests = [f for f in files if posixpath.basename(f) == MANIFEST_NAME]
    in_dist_info = [f for f in manifests if posixpath.dirname(f).endswith(".dist-info")]
    candidates = in_dist_info or manifests
    if len(candidates) > 1:
        from ..rules.descriptor import parse_bytes as parse_descriptor

        descriptor_text = dist.read_text(DESCRIPTOR_NAME)
        source = parse_descriptor(descriptor_text.encode()).descriptor if descriptor_text else None
        if source is not None:
            wanted = posixpath.normpath(source.manifest)
            candidates = [f for f in candidates if f"/{wanted}".endswith(f"/{f}")] or candidates
        candidates.sort(key=lambda f: f.count("/"))
    if not candidates:
        raise ManifestNotFound(name, f"the installed files of {dist.name} hold no {MANIFEST_NAME}")
    return dist.locate(candidates[0])


def _locate(name: str, dist: Installed) -> _Located:
    root = _editable_root(dist)
    if root is not None:
        return _Located(dist, _in_source(name, root), True)
    return _Located(dist, _installed(name, dist), False)


#: what :func:`_located` found, by name and the ``sys.path`` it searched
_LOCATED: dict[tuple[str, tuple[str, ...]], _Located] = {}


def _located(distribution: str) -> _Located:
    """The distribution ``distribution`` (or the smart tool whose manifest is named so) and
    its manifest's place (:mod:`smart_tool_build.runtime.installed`): looked up once for each
    ``sys.path``, so ``render_skill``'s three questions cost one lookup."""
    key = (distribution, tuple(sys.path))
    if key not in _LOCATED:
        found = find(distribution, _by_tool_name)
        if found is None:  # pragma: no cover - _by_tool_name raises first
            raise ManifestNotFound(distribution, "it is not installed in this environment")
        _LOCATED[key] = _locate(distribution, found)
    return _LOCATED[key]


def _read(located: _Located, name: str) -> bytes:
    try:
        with open(located.manifest, "rb") as handle:
            return handle.read()
    except OSError:
        why = (
            "editable install, but {} cannot be read"
            if located.editable
            else "{} is listed in RECORD but cannot be read"
        )
        raise ManifestNotFound(name, why.format(located.manifest)) from None


def _is_smart_tool(dist: Installed) -> bool:
    """Whether an installed distribution is a smart tool: its .dist-info carries the
    descriptor, or it is an editable install of a tree that has one."""
    if dist.read_text(DESCRIPTOR_NAME) is not None:
        return True
    root = _editable_root(dist)
    return root is not None and os.path.isfile(os.path.join(root, DESCRIPTOR_NAME))


def _manifest_name(data: bytes) -> Optional[str]:
    try:
        return load(data).name
    except ManifestError:
        return None  # a broken manifest is found by its distribution's name, and reported then


# ----------------------------------------------------------------------------- the public calls


def manifest_bytes(distribution: str) -> tuple[bytes, str]:
    """The manifest's bytes for an installed distribution (by its name, or by the name its
    manifest gives the tool), and where they were read."""
    located = _located(distribution)
    return _read(located, distribution), located.manifest


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


def _package_root(folder: str) -> str:
    """The top of the import package holding ``folder`` (``folder`` itself outside one)."""
    isfile = os.path.isfile
    while isfile(os.path.join(folder, "__init__.py")) and isfile(
        os.path.join(os.path.dirname(folder), "__init__.py")
    ):
        folder = os.path.dirname(folder)
    return folder


def _skill_directory(distribution: str) -> str:
    located = _located(distribution)
    folder = os.path.dirname(located.manifest)
    if folder.endswith(".dist-info"):
        return folder
    return _package_root(folder)


def skill_directory(distribution: str) -> Path:
    """Where the skill's relative paths resolve: the import package holding the manifest.

    A manifest kept in the ``.dist-info`` folder (the root layout) sits in no package; its
    install documents are placed beside it there, so that folder is the skill directory and
    ``docs/setup.md`` resolves from the installed manifest as it did from the source one.
    For an editable install, the folder in the source tree.
    """
    from pathlib import Path

    return Path(_skill_directory(distribution))


#: Project-URL labels (normalised: lowercase, no punctuation or spaces) naming the source
_REPOSITORY_LABELS = ("repository", "source", "sourcecode", "code", "github", "gitlab", "git")
_FORGES = ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org")


def repository_url(distribution: str) -> Optional[str]:
    """The tool's canonical source from its package metadata, or None when none is declared:
    a ``Project-URL`` labelled Repository (or Source, Code, ...), else a ``Home-page`` on a
    known forge."""
    headers = _located(distribution).dist.headers()
    for entry in headers.get("project-url", []):
        label, _, url = entry.partition(",")
        normal = "".join(c for c in label.lower() if c.isalnum())
        if normal in _REPOSITORY_LABELS and url.strip().startswith(("https://", "http://")):
            return url.strip()
    home = (headers.get("home-page") or [""])[0].strip()
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
        skill_directory=_skill_directory(distribution),
        repository=repository_url(distribution),
        capabilities=capabilities,
        resources=resources,
        command=command,
    )
