"""Where a project's import packages are, and whether it can have library skills: a stat per
package, so that a project without skills loads nothing of :mod:`smart_tool_build.project.skills`."""

from __future__ import annotations

import os
import posixpath

from .paths import relative_path_problem

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from pathlib import Path
    from typing import Any, Optional

    from .config import Options

#: where a package keeps its skills, below the package folder (library-skills' convention)
SKILLS_FOLDER = ".agents/skills"
#: folders at the root that hold ``__init__.py`` but are never the distribution's package
_NOT_PACKAGES = frozenset(
    {"tests", "test", "docs", "doc", "examples", "scripts", "benchmarks", "bench", "src"}
)


def package_folders(root: Path, tool: Optional[Mapping[str, Any]] = None) -> list[str]:
    """The folders of the top-level import packages, relative to ``root`` (POSIX, sorted): those
    the backend's table names, else those under ``src/``, else the root's folders with ``__init__.py``."""
    declared = _declared(tool or {})
    if isinstance(declared, list):
        from .skill_entries import path_kind

        return sorted(folder for folder in declared if path_kind(os.path.join(root, folder)) == "folder")
    bases = ("src", "") if declared is None else (declared,)
    for base in bases:
        found: list[str] = []
        for entry in listing(os.path.join(root, base) if base else os.fspath(root)):
            name = entry.name
            if name.startswith((".", "_")) or not name.isidentifier() or not is_folder(entry):
                continue
            is_package = os.path.isfile(os.path.join(entry.path, "__init__.py"))
            if not base and (name in _NOT_PACKAGES or not is_package):
                continue
            found.append(f"{base}/{name}" if base else name)
        if found:
            return sorted(found)
    return []


def _declared(tool: Mapping[str, Any]) -> list[str] | str | None:
    """The package folders the backend's table lists, or the folder it takes them from."""
    hatch = table_at(tool, "hatch", "build", "targets", "wheel").get("packages")
    if isinstance(hatch, list) and hatch and all(isinstance(p, str) for p in hatch):
        return [posixpath.normpath(p) for p in hatch if relative_path_problem(p) is None]
    if "setuptools" in tool or "uv" in tool:  # their tables may say where the packages are
        from .package_dirs import declared_folders

        module_root = table_at(tool, "uv", "build-backend").get("module-root")
        return declared_folders(table_at(tool, "setuptools", "package-dir"), module_root)
    return None


def table_at(tool: Mapping[str, Any], *keys: str) -> Mapping[str, Any]:
    for key in keys:
        value = tool.get(key)
        tool = value if isinstance(value, dict) else {}
    return tool


def skills_possible(
    root: Path, options: Options, folders: Sequence[str], tool: Optional[Mapping[str, Any]] = None
) -> bool:
    """Whether the project names skills folders, force-includes anything with hatchling (a
    skills folder may be placed so), or one of its package ``folders`` holds ``.agents/skills``
    (anything there, valid or not, is for :func:`smart_tool_build.project.skills.find_skills`)."""
    if options.skills or force_includes(tool or {}):
        return True
    return any(os.path.lexists(os.path.join(root, folder, SKILLS_FOLDER)) for folder in folders)


def force_includes(tool: Mapping[str, Any]) -> bool:
    """Whether hatchling's tables force-include anything into the wheel."""
    hatch = table_at(tool, "hatch", "build")
    return bool(hatch.get("force-include") or table_at(hatch, "targets", "wheel").get("force-include"))


def import_path(root: Path, relative: str) -> Optional[str]:
    """The import path of ``relative`` (a file below ``root``) in a wheel: ``src/acme/SMART_TOOL.md``
    -> ``acme/SMART_TOOL.md``. None outside every package."""
    # never raises: an unreadable folder is no package
    return import_path_where(
        relative, lambda folder: os.path.isfile(os.path.join(root, folder, "__init__.py"))
    )


def import_path_where(relative: str, is_package: Callable[[str], bool]) -> Optional[str]:
    """The import path of ``relative`` when its folder, and each folder up to the top-level
    package, is a regular package (``is_package``: it has an ``__init__.py``), in a source tree
    or an sdist's member list alike. None outside every package."""
    folder = posixpath.dirname(relative)
    if not folder or not is_package(folder):
        return None
    top = folder
    while posixpath.dirname(top) and is_package(posixpath.dirname(top)):
        top = posixpath.dirname(top)
    base = posixpath.dirname(top)
    return relative[len(base) + 1 :] if base else relative


def listing(path: str) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(path) as iterator:
            return list(iterator)
    except (OSError, ValueError):
        return []


def is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False
