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

import os
import posixpath
import sys

from ..project.manifest_model import PROJECTION_NAME, Manifest, ManifestError
from ..project.names import DESCRIPTOR_NAME, MANIFEST_NAME
from ..project.records import record
from . import skill
from .installed import MAX_BYTES, Installed, Refused, find, read_bounded, within
from .projection import loads_json, read_projection

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
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
        #: the manifest's hash as RECORD lists it (None: an editable install, or none listed)
        manifest_hash: Optional[str] = None

else:
    _Located = record(
        "_Located", ("dist", "manifest", "editable", "manifest_hash"), defaults=(None,), module=__name__
    )


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
            tried[dist_name] = _manifest_name(_locate(dist_name, installed), dist_name)
        except ManifestNotFound:
            tried[dist_name] = None
            continue
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
    try:
        data = loads_json(text)
    except (ValueError, RecursionError):
        return None
    dir_info = data.get("dir_info") if isinstance(data, dict) else None
    if not (isinstance(dir_info, dict) and dir_info.get("editable") is True):
        return None
    return _file_url_path(str(data.get("url", "")))


def _file_url_path(url: str) -> Optional[str]:
    """The local path of a ``file:`` URL (None for another scheme), as ``urlsplit`` and
    ``url2pathname`` give it, without importing :mod:`urllib.request` (it imports ``http``,
    ``email`` and ``ssl``: most of what an editable install's ``--help`` would cost)."""
    scheme, colon, rest = url.partition(":")
    if not colon or scheme.lower() != "file":
        return None
    for mark in "#?":  # urlsplit's fragment and query
        rest = rest.split(mark, 1)[0]
    if rest.startswith("//"):  # the authority (empty, or localhost) is not part of the path
        _, slash, tail = rest[2:].partition("/")
        rest = slash + tail
    if os.name == "nt":  # pragma: no cover - drive letters and backslashes
        from nturl2path import url2pathname

        return url2pathname(rest)
    if "%" not in rest:
        return rest
    from urllib.parse import unquote  # decoded once: twice would turn `tool%2541` into `toolA`

    return unquote(rest)


def _in_source(name: str, root: str) -> str:
    from ..rules.descriptor import MAX_BYTES as DESCRIPTOR_BYTES
    from ..rules.descriptor import parse_bytes as parse_descriptor

    descriptor_path = os.path.join(root, DESCRIPTOR_NAME)
    try:
        if not within(descriptor_path, root):
            raise Refused(f"{descriptor_path} leads outside the source tree")
        result = parse_descriptor(read_bounded(descriptor_path, DESCRIPTOR_BYTES), descriptor_path)
    except Refused as exc:
        raise ManifestNotFound(name, f"editable install, but {exc}: not read") from None
    except (OSError, ValueError):
        raise ManifestNotFound(name, f"editable install, but {descriptor_path} cannot be read") from None
    if result.descriptor is None:
        raise ManifestNotFound(name, f"{descriptor_path} is not a valid descriptor")
    manifest = os.path.join(root, result.descriptor.manifest)
    if not within(manifest, root):
        raise ManifestNotFound(
            name, f"editable install, but {manifest} leads outside the source tree: not read"
        )
    return manifest


def _record(dist: Installed) -> dict[str, str]:
    """The files RECORD lists (POSIX, relative) with their hashes ('' when none), whether or
    not they are still there (Python 3.12's ``Distribution.files`` drops missing ones, so a
    deleted manifest would look never installed). Only a line with a quoted field needs the
    csv module."""
    files: dict[str, str] = {}
    for line in (dist.read_text("RECORD") or "").splitlines():
        if '"' in line:
            import csv

            for row in csv.reader([line]):
                if row and row[0]:
                    files[row[0]] = row[1] if len(row) > 1 else ""
        elif line.strip():
            parts = line.rsplit(",", 2)
            files[parts[0]] = parts[1] if len(parts) == 3 else ""
    return files


def _installed(name: str, dist: Installed) -> tuple[str, Optional[str]]:
    """The installed manifest's path, and its hash as RECORD lists it."""
    record = _record(dist)
    files = list(record)
    manifests = [f for f in files if posixpath.basename(f) == MANIFEST_NAME]
    outside = [f for f in manifests if _leaves(f)]
    if outside:  # a RECORD line such as ../../x/SMART_TOOL.md or /etc/x/SMART_TOOL.md
        raise ManifestNotFound(
            name, f"RECORD of {dist.name} lists {outside[0]!r}, outside the distribution: not read"
        )
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
    manifest = dist.locate(candidates[0])
    if not within(manifest, dist.locate("")):  # a symlink out of the install folder
        raise ManifestNotFound(name, f"{manifest} leads outside the distribution: not read")
    return manifest, record[candidates[0]] or None


def _leaves(relative: str) -> bool:
    """Whether a RECORD path is absolute or climbs out with ``..``."""
    return (
        relative.startswith(("/", "\\"))
        or ":" in relative[:2]
        or ".." in relative.replace("\\", "/").split("/")
    )


def _locate(name: str, dist: Installed) -> _Located:
    root = _editable_root(dist)
    if root is not None:
        return _Located(dist, _in_source(name, root), True)
    manifest, manifest_hash = _installed(name, dist)
    return _Located(dist, manifest, False, manifest_hash)


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
        return read_bounded(located.manifest, MAX_BYTES)
    except Refused as exc:
        raise ManifestNotFound(name, f"{exc}: not read") from None
    except (OSError, ValueError):
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


def _manifest_name(located: _Located, name: str) -> Optional[str]:
    try:
        return _load(located, name).name
    except ManifestError:
        return None  # a broken manifest is found by its distribution's name, and reported then


def _projected(located: _Located) -> Optional[Manifest]:
    """The manifest as the build's projection gives it, or None when there is none to trust:
    an editable install, a wheel built without it, or a projection that is unreadable, not
    JSON, of another format or shape, or made from another manifest than RECORD lists."""
    if located.editable or located.manifest_hash is None:
        return None
    text = located.dist.read_text(PROJECTION_NAME)  # a regular file (installed.read_bounded)
    if text is None or len(text) > MAX_BYTES:
        return None
    return read_projection(text, located.manifest_hash)


def _load(located: _Located, name: str) -> Manifest:
    """The projection when it can be trusted, else the manifest parsed and checked."""
    found = _projected(located)
    if found is not None:
        return found
    from ..rules.manifest import load

    return load(_read(located, name), located.manifest)


# ----------------------------------------------------------------------------- the public calls


def manifest_bytes(distribution: str) -> tuple[bytes, str]:
    """The manifest's bytes for an installed distribution (by its name, or by the name its
    manifest gives the tool), and where they were read."""
    located = _located(distribution)
    return _read(located, distribution), located.manifest


class _Cached:
    """A one-argument function's results, kept for the process, as ``functools.cache``
    keeps them (``cache_clear`` too), without importing :mod:`functools` on ``--help``."""

    def __init__(self, function: Callable[[str], Manifest]) -> None:
        self._function = function
        self._results: dict[str, Manifest] = {}
        self.__doc__ = function.__doc__
        self.__name__ = self.__qualname__ = function.__name__
        self.__wrapped__ = function

    def __call__(self, distribution: str) -> Manifest:
        found = self._results.get(distribution)
        if found is None:
            found = self._results[distribution] = self._function(distribution)
        return found

    def cache_clear(self) -> None:
        self._results.clear()


@_Cached
def load_manifest(distribution: str) -> Manifest:
    """The installed tool's manifest, parsed once per process.

    ``distribution`` is the distribution's name (``amplifier-smart-tool-showrun``) or, when
    no distribution is called that, the tool's name in its manifest (``showrun``).

    Raises :class:`ManifestNotFound` when neither is installed or the distribution carries no
    manifest (the message says which names were tried), and :class:`ManifestError` when the
    manifest it carries is not valid.
    """
    return _load(_located(distribution), distribution)


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
