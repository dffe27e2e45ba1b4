"""Install documents: the files a manifest's ``requires[].install`` names by a relative path.

The installed tool reads them (an agent is sent to them from ``--help``), so they travel with
the manifest: into the sdist at their source paths, and into the wheel at the same path
relative to the installed manifest as the manifest's text gives. Where that place is, is
decided here once (:func:`wheel_place`), for the rule that says whether a document can ship
and for the plan that ships it.
"""

from __future__ import annotations

import os
import posixpath
import stat
from pathlib import Path
from typing import Any, NamedTuple, Optional

from ..diagnostics.diagnostic import Diagnostic, make
from ..project.names import DESCRIPTOR_NAME, MANIFEST_NAME
from ..project.paths import escapes
from . import requirements

TYPE_CHECKING = False

__all__ = ["InstallDoc", "candidates", "check_install_docs", "reference", "wheel_place"]

#: files a wheel's ``.dist-info`` folder has of its own (PEP 376, 427, 610, 639 and ours):
#: an install document never takes one of their places
_DIST_INFO_OWN = frozenset(
    {
        "METADATA",
        "RECORD",
        "WHEEL",
        "INSTALLER",
        "REQUESTED",
        "direct_url.json",
        "entry_points.txt",
        "top_level.txt",
        "licenses",
        DESCRIPTOR_NAME,
        MANIFEST_NAME,
        "smart-tool-manifest.json",
    }
)


class InstallDoc(NamedTuple):
    """One install document the manifest names, found inside the root."""

    #: its path relative to the distribution root (POSIX): where it is in the source and sdist
    source: str
    #: the path as the manifest gives it, normalised, relative to the manifest's folder
    reference: str


def candidates(manifest_relative: str, install: str) -> Optional[list[str]]:
    """Where a relative ``install`` may live (beside the manifest, then at the root), as
    root-relative POSIX paths that stay inside the root; None when it is not a path."""
    kind, _ = requirements.classify_install(install)
    if kind != "path":
        return None
    target = reference(install)
    found = []
    for base in (posixpath.dirname(manifest_relative), ""):
        relative = posixpath.normpath(posixpath.join(base, target))
        if relative != ".." and not relative.startswith("../") and relative not in found:
            found.append(relative)
    return found


def reference(install: str) -> str:
    """The path part of a relative ``install`` (a ``#fragment`` dropped), normalised."""
    return posixpath.normpath(install.strip().split("#", 1)[0])


def wheel_place(manifest_place: Optional[str], reference: str) -> Optional[str]:
    """Where a document the manifest names as ``reference`` goes in a wheel, so that the
    reference resolves from the installed manifest; None when no such place exists.

    ``manifest_place`` is the manifest's import path (``acme/SMART_TOOL.md``), or None for a
    manifest outside every package, which the wheel keeps in its ``.dist-info`` folder: the
    place returned is then relative to that folder. A document stays inside the manifest's
    top-level package (or inside the ``.dist-info`` folder, off the files it has of its own):
    a path that climbs out of it would land loose in site-packages or outside it.
    """
    base = posixpath.dirname(manifest_place) if manifest_place is not None else ""
    place = posixpath.normpath(posixpath.join(base, reference))
    if place in (".", "..") or place.startswith("../"):
        return None
    if manifest_place is None:
        return None if place.split("/", 1)[0] in _DIST_INFO_OWN else place
    top = manifest_place.split("/", 1)[0]
    return place if place.startswith(top + "/") else None


def _kind(path: Path) -> Optional[str]:
    """None for a regular file (a symlink to one counts), else what is there instead."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return "nothing"
    if stat.S_ISREG(mode):
        return None
    return "a folder" if stat.S_ISDIR(mode) else "not a regular file"


def check_install_docs(
    root: Path, manifest_relative: str, manifest_place: Optional[str], fm: Any, path: str
) -> tuple[list[InstallDoc], list[Diagnostic]]:
    """The install documents found inside ``root``, and a diagnostic for each that cannot
    ship: missing, outside the root (or a symlink out of it), not a regular file, or with
    no place in the wheel from which the manifest's path reaches it."""
    docs: list[InstallDoc] = []
    out: list[Diagnostic] = []
    for index, install, line in requirements.install_references(fm):
        found = candidates(manifest_relative, install)
        if found is None:
            continue
        existing = [c for c in found if _kind(root / c) != "nothing"]
        inside = [c for c in existing if not escapes(root, c)]
        if not inside:
            where = "outside the distribution root" if existing else "nowhere"
            out.append(
                make(
                    "manifest-install-doc-missing",
                    path,
                    line,
                    f"requires[{index}] install {install!r} exists {where}: looked "
                    "beside the manifest and at the distribution root",
                    "add the document, or point install at a URL",
                )
            )
            continue
        source = inside[0]
        kind = _kind(root / source)
        if kind is not None:
            out.append(
                make(
                    "manifest-install-doc-missing",
                    path,
                    line,
                    f"requires[{index}] install {install!r} is {kind}, {source}, not a document",
                    "point install at one document, a Markdown file say, or at a URL",
                )
            )
            continue
        named = reference(install)
        if wheel_place(manifest_place, named) is None:
            where = "its package" if manifest_place is not None else "the wheel's .dist-info folder"
            out.append(
                make(
                    "manifest-install-doc-ships",
                    path,
                    line,
                    f"requires[{index}] install {install!r} climbs out of {where} once installed, "
                    "so the installed manifest cannot reach it; the sdist carries it, the wheel cannot",
                    "keep the document beside the manifest or below its folder and name it from "
                    "there, or point install at a URL",
                )
            )
        doc = InstallDoc(source, named)
        if doc not in docs:
            docs.append(doc)
    return docs, out
