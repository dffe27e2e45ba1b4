"""Where an install document goes in a wheel: the plan places it (a library's build, which has
none, loads nothing of the install documents' rule)."""

from __future__ import annotations

import posixpath
from typing import NamedTuple, Optional

from ..project.names import DESCRIPTOR_NAME, MANIFEST_NAME

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


def wheel_place(manifest_place: Optional[str], reference: str) -> Optional[str]:
    """Where a document the manifest names as ``reference`` goes in a wheel, for the installed
    manifest to reach it: inside the manifest's top-level package (``manifest_place`` is its
    import path), or, for None, its ``.dist-info`` folder (off the files it has of its own);
    None when the path climbs out, where it would land loose in site-packages or outside it."""
    base = posixpath.dirname(manifest_place) if manifest_place is not None else ""
    place = posixpath.normpath(posixpath.join(base, reference))
    if place in (".", "..") or place.startswith("../"):
        return None
    if manifest_place is None:
        return None if place.split("/", 1)[0] in _DIST_INFO_OWN else place
    top = manifest_place.split("/", 1)[0]
    return place if place.startswith(top + "/") else None
