"""Install documents, the files a manifest's ``requires[].install`` names: they travel with the
manifest, so each must be a file inside the root with a place in the wheel (:mod:`.doc_places`)."""

from __future__ import annotations

import os
import posixpath
import stat
from pathlib import Path
from typing import Any, Optional

from ..project.paths import escapes
from . import requirements
from .doc_places import InstallDoc, wheel_place

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..diagnostics.diagnostic import Diagnostic


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
    ship (its words, :mod:`.install_docs_words`, load only then)."""
    docs: list[InstallDoc] = []
    found: list[tuple[Any, ...]] = []
    for index, install, line in requirements.install_references(fm):
        places = candidates(manifest_relative, install)
        if places is None:
            continue
        existing = [c for c in places if _kind(root / c) != "nothing"]
        inside = [c for c in existing if not escapes(root, c)]
        if not inside:
            found.append((line, "missing", index, install, bool(existing)))
            continue
        source = inside[0]
        kind = _kind(root / source)
        if kind is not None:
            found.append((line, "kind", index, install, kind, source))
            continue
        named = reference(install)
        if wheel_place(manifest_place, named) is None:
            found.append((line, "climbs", index, install, manifest_place is not None))
        doc = InstallDoc(source, named)
        if doc not in docs:
            docs.append(doc)
    if not found:
        return docs, []
    from .install_docs_words import findings

    return docs, findings(found, path)
