"""The distribution root's package definition, name and version, read without running anything
(what a pyproject.toml with ``[project]`` never needs is :mod:`.other_definitions`)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Optional

from ..parsing.lines import toml_key_line
from .files import Unparsable, loads_toml
from .files import read_text as read_project_text
from .names import PACKAGE_JSON, PYPROJECT
from .optin import collection_table
from .package_version import PackageDefinition as PackageDefinition
from .package_version import PackageVersion as PackageVersion
from .package_version import core_metadata as core_metadata
from .package_version import unknown

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..diagnostics.diagnostic import Diagnostic


def is_collection(package: PackageDefinition, options: Any) -> bool:
    """Build as a collection? ``collection = true/false`` decides; else the table's presence."""
    if options.collection is not None:
        return bool(options.collection)
    return collection_table(package.tool)


def normalize_name(name: str) -> str:
    """PEP 503 normalisation: lowercase, runs of -_. become one hyphen."""
    return re.sub(r"[-_.]+", "-", name).lower()


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
    if os.path.lexists(root / PYPROJECT):
        data, text, problem = load_toml(root / PYPROJECT, root)
        shown = prefix + PYPROJECT
        if problem is not None:
            from .other_definitions import unparsed

            return unparsed(problem, shown)
        assert data is not None
        package = _prefixed(_from_pyproject(root, data, text or "", shown), prefix)
        if package.version.invalid:
            from .other_definitions import pattern_problem

            return package, [pattern_problem(package, text, shown)]
        return package, []
    if os.path.lexists(root / PACKAGE_JSON):
        from .other_definitions import from_package_json

        return from_package_json(root, prefix + PACKAGE_JSON)
    return unknown(None, "no pyproject.toml or package.json at the root"), []


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
    dynamic = project.get("dynamic") or []
    if "version" not in dynamic:
        return PackageVersion(None, "", unresolved=f"{shown} [project] declares no version")
    from .dynamic_version import dynamic_version  # only a project whose version is dynamic

    return dynamic_version(root, tool, text)
