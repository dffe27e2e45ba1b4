"""The distribution root's package definition, name and version, read without running anything
(what a pyproject.toml with ``[project]`` never needs is :mod:`.other_definitions`)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Optional

from ..parsing.lines import toml_key_line
from .files import Unparsable, loads_toml
from .files import read_text as read_project_text
from .names import PYPROJECT, collection_table
from .package_version import PackageDefinition as PackageDefinition
from .package_version import PackageVersion as PackageVersion
from .package_version import core_metadata as core_metadata

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..diagnostics.diagnostic import Diagnostic


def is_collection(package: PackageDefinition, options: Any) -> bool:
    """Build as a collection? ``collection = true/false`` decides; else the table's presence."""
    if options.collection is not None:
        return bool(options.collection)
    return collection_table(package.tool)


def load_toml(
    path: Path, root: Optional[Path] = None
) -> tuple[Optional[dict[str, Any]], Optional[str], Optional[Diagnostic]]:
    """(data, text, problem) for a TOML file inside ``root`` (its own folder by default),
    read within :func:`~smart_tool_build.project.paths.read_inside`'s bounds."""
    root = path.parent if root is None else root
    text = None
    try:
        text = read_project_text(root, path.relative_to(root).as_posix())
        return loads_toml(text), text, None
    except Unparsable as exc:
        from .other_definitions import toml_problem

        return None, text, toml_problem(path.name, exc)


def read(root: Path, *, prefix: str = "") -> tuple[PackageDefinition, list[Diagnostic]]:
    """Read the root's package definition: pyproject.toml first, then package.json. Either
    is there when its name is (a FIFO or a symlink out of the root is there, and refused)."""
    if not os.path.lexists(root / PYPROJECT):
        from .other_definitions import without_pyproject

        return without_pyproject(root, prefix)
    data, text, problem = load_toml(root / PYPROJECT, root)
    shown = prefix + PYPROJECT
    package = None if data is None else _prefixed(_from_pyproject(root, data, text or "", shown), prefix)
    if package is None or package.version.invalid:
        from .other_definitions import not_read

        return not_read(package, problem, text, shown)
    return package, []


def _prefixed(package: PackageDefinition, prefix: str) -> PackageDefinition:
    """Version paths read from other files (PKG-INFO, a version module) as the user names them."""
    version = package.version
    if not prefix or version.path is None or version.path.startswith(prefix):
        return package
    return package._replace(version=version._replace(path=prefix + version.path))


def _from_pyproject(root: Path, data: dict[str, Any], text: str, shown: str) -> PackageDefinition:
    project = data.get("project") if isinstance(data.get("project"), dict) else None
    tool = data.get("tool") if isinstance(data.get("tool"), dict) else {}
    assert isinstance(tool, dict)
    if project is None:
        from .other_definitions import without_project

        return without_project(data, tool, text, shown)
    name = project.get("name") if isinstance(project.get("name"), str) else None
    scripts_table = project.get("scripts")
    scripts = frozenset(scripts_table) if isinstance(scripts_table, dict) else frozenset()
    version = _pyproject_version(root, project, tool, text, shown)
    return PackageDefinition(shown, name, version, scripts, tool, text, data)


def _pyproject_version(
    root: Path, project: dict[str, Any], tool: dict[str, Any], text: str, shown: str
) -> PackageVersion:
    if isinstance(project.get("version"), str):
        return PackageVersion(
            project["version"],
            f"{shown} [project].version",
            shown,
            toml_key_line(text, ("project", "version")),
            written=project["version"],
        )
    from .dynamic_version import dynamic_version  # only a project whose version is dynamic, or none

    return dynamic_version(root, project, tool, text, shown)
