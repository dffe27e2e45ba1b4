"""Where a smart tool's files go in each artifact: the one answer every adapter translates.

- sdist: ``smart-tool.json``, the manifest and its install documents at their source paths.
- wheel: the descriptor in the ``.dist-info`` folder. A manifest inside a Python package (its
  folder, and each folder up to the top-level package, has an ``__init__.py``) stays at its
  import path, e.g. ``src/acme/SMART_TOOL.md`` -> ``acme/SMART_TOOL.md``. A manifest outside
  every package (at the root, say) goes into the ``.dist-info`` folder, where
  :mod:`smart_tool_build.runtime.accessor` finds it.
- editable wheel: nothing; it serves the source tree, where the accessor reads the manifest.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Literal, NamedTuple, Optional

from ..project.names import DESCRIPTOR_NAME, MANIFEST_NAME

#: the artifacts a build plan knows; an editable wheel carries none of the planned files
ArtifactKind = Literal["sdist", "wheel", "editable"]


class PlannedFile(NamedTuple):
    """One file an artifact must carry, whatever the user's include settings say."""

    #: its source path, relative to the distribution root (POSIX)
    source: str
    #: its path in the artifact: in an sdist, below the top folder; in a wheel, from the
    #: wheel's root, or from the ``.dist-info`` folder when ``in_dist_info``
    target: str
    #: whether it belongs in the wheel's ``.dist-info`` folder (whose name the backend picks)
    in_dist_info: bool = False

    def member(self, dist_info: str) -> str:
        """The wheel member path, given the ``.dist-info`` folder's name."""
        return f"{dist_info}/{self.target}" if self.in_dist_info else self.target


class Layout(NamedTuple):
    """The files of one tool and their places."""

    #: the manifest's source path, relative to the root
    manifest_source: str
    #: its place in the wheel, or None when it goes into the .dist-info folder
    manifest_in_package: Optional[str]
    #: every file the sdist must carry, relative to the root
    sdist_files: tuple[str, ...]

    @property
    def wheel_manifest(self) -> PlannedFile:
        if self.manifest_in_package is not None:
            return PlannedFile(self.manifest_source, self.manifest_in_package)
        return PlannedFile(self.manifest_source, MANIFEST_NAME, in_dist_info=True)

    def wheel_files(self) -> tuple[PlannedFile, ...]:
        return (self.wheel_manifest, PlannedFile(DESCRIPTOR_NAME, DESCRIPTOR_NAME, in_dist_info=True))


def package_path(root: Path, relative: str) -> Optional[str]:
    """The import path of ``relative`` (a file) if its folder is inside a regular package."""
    folder = posixpath.dirname(relative)
    if not folder or not (root / folder / "__init__.py").is_file():
        return None
    top = folder
    while True:
        parent = posixpath.dirname(top)
        if not parent or not (root / parent / "__init__.py").is_file():
            break
        top = parent
    base = posixpath.dirname(top)
    return relative[len(base) + 1 :] if base else relative


def plan_layout(root: Path, manifest_source: str, install_docs: list[str]) -> Layout:
    sdist = [DESCRIPTOR_NAME, manifest_source, *install_docs]
    return Layout(manifest_source, package_path(root, manifest_source), tuple(dict.fromkeys(sdist)))


def dist_info_name(name: str, version: str) -> str:
    """The .dist-info folder name a wheel of ``name`` ``version`` uses (PEP 427/491), for a
    backend that does not say which name it gives."""
    escaped = re.sub(r"[-_.]+", "_", name).lower()
    return f"{escaped}-{version.replace('-', '_')}.dist-info"
