"""Where setuptools' ``package-dir`` and uv's ``module-root`` put a project's packages: only a
project with a ``[tool.setuptools]`` or ``[tool.uv]`` table loads this."""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from typing import Any

from .paths import relative_path_problem


def declared_folders(package_dir: Mapping[str, Any], module_root: object) -> list[str] | str | None:
    """The package folders ``package-dir`` lists, or the folder it or ``module-root`` takes them from."""
    if package_dir and "" not in package_dir:
        return sorted(package_dir_folders(package_dir))
    for base in (package_dir.get(""), module_root):
        if isinstance(base, str) and relative_path_problem(base) is None:
            normal = posixpath.normpath(base)
            return "" if normal == "." else normal
    return None


def package_dir_folders(package_dir: Mapping[str, Any]) -> dict[str, str]:
    """setuptools' ``package-dir`` entries of top-level packages: folder -> package name."""
    out: dict[str, str] = {}
    for name, folder in package_dir.items():
        if name and isinstance(folder, str) and name.isidentifier() and relative_path_problem(folder) is None:
            out[posixpath.normpath(folder)] = name
    return out
