"""Where a smart tool's files go in each artifact: one answer for both build hooks.

- sdist: ``smart-tool.json``, the manifest and its install documents at their source paths.
- wheel: the descriptor at ``<name>-<version>.dist-info/smart-tool.json``. A manifest inside
  a Python package (its folder, and each folder up to the top-level package, has an
  ``__init__.py``) stays at its import path, e.g. ``src/acme/SMART_TOOL.md`` ->
  ``acme/SMART_TOOL.md``. A manifest outside every package (at the root, say) goes to
  ``<name>-<version>.dist-info/SMART_TOOL.md``, where :mod:`smart_tool_build.runtime` finds it.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import NamedTuple, Optional

from .names import DESCRIPTOR_NAME, MANIFEST_NAME


class Layout(NamedTuple):
    """The files of one tool and their places."""

    #: the manifest's source path, relative to the root
    manifest_source: str
    #: its place in the wheel, or None when it goes into the .dist-info folder
    manifest_in_package: Optional[str]
    #: every file the sdist must carry, relative to the root
    sdist_files: tuple[str, ...]

    def wheel_manifest_member(self, dist_info: str) -> str:
        return self.manifest_in_package or f"{dist_info}/{MANIFEST_NAME}"


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
    """The .dist-info folder name a wheel of ``name`` ``version`` uses (PEP 427/491)."""
    escaped = re.sub(r"[-_.]+", "_", name).lower()
    return f"{escaped}-{version.replace('-', '_')}.dist-info"
