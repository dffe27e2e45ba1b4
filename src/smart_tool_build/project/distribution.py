"""The distribution root: its package definition, its name, and its version.

The version is read without running anything: a static ``[project].version``, an sdist's
PKG-INFO, ``package.json``, or a dynamic version whose source can be read statically
(hatchling's ``[tool.hatch.version] path``, setuptools' ``attr:``/``file:``). A version only a
build can know (setuptools-scm, hatch-vcs) is reported as unresolved; the build hooks hand in
the backend's own resolved version instead.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple, Optional

from ..diagnostics.diagnostic import Diagnostic, make
from ..parsing.lines import json_key_lines, toml_key_line
from .files import Unparsable, loads_json, loads_toml
from .files import read_text as read_project_text
from .names import PACKAGE_JSON, PYPROJECT
from .optin import collection_table
from .package_version import PackageVersion as PackageVersion
from .package_version import core_metadata as core_metadata

TYPE_CHECKING = False


_EMPTY: Mapping[str, Any] = MappingProxyType({})


class PackageDefinition(NamedTuple):
    """What the checks need from pyproject.toml or package.json."""

    path: Optional[str]
    name: Optional[str]
    version: PackageVersion
    scripts: Optional[frozenset[str]] = None
    tool: Mapping[str, Any] = _EMPTY
    text: Optional[str] = None
    data: Mapping[str, Any] = _EMPTY


def console_scripts(package: PackageDefinition) -> dict[str, str]:
    """The commands the package installs, each with what it runs: ``[project.scripts]``
    (name -> ``module:function``), or package.json's ``bin`` (name -> file)."""
    project = package.data.get("project")
    if isinstance(project, dict):
        table = project.get("scripts")
        return {k: v for k, v in table.items() if isinstance(v, str)} if isinstance(table, dict) else {}
    binaries = package.data.get("bin") if package.path and package.path.endswith(PACKAGE_JSON) else None
    if isinstance(binaries, str) and isinstance(package.name, str):
        return {package.name.rpartition("/")[2]: binaries}  # "@scope/tool" installs "tool"
    if isinstance(binaries, dict):
        return {k: v for k, v in binaries.items() if isinstance(v, str)}
    return {}


def is_collection(package: PackageDefinition, options: Any) -> bool:
    """Build as a collection? ``collection = true/false`` decides; else the table's presence."""
    if options.collection is not None:
        return bool(options.collection)
    return collection_table(package.tool)


def normalize_name(name: str) -> str:
    """PEP 503 normalisation: lowercase, runs of -_. become one hyphen."""
    return re.sub(r"[-_.]+", "-", name).lower()


#: what to do about a package definition that does not parse
TOML_HINT = "fix the TOML at that line: a UTF-8 file of at most 1 MiB, inside the root"
JSON_HINT = "write package.json as one JSON object: a UTF-8 file of at most 1 MiB, inside the root"


def load_toml(
    path: Path, root: Optional[Path] = None
) -> tuple[Optional[dict[str, Any]], Optional[str], Optional[Diagnostic]]:
    """(data, text, problem) for a TOML file inside ``root`` (its own folder by default),
    read within :func:`~smart_tool_build.project.paths.read_inside`'s bounds."""
    display = path.name
    root = path.parent if root is None else root
    text = None
    try:
        text = read_project_text(root, path.relative_to(root).as_posix())
        return loads_toml(text), text, None
    except Unparsable as exc:
        return None, text, make("package-definition-parses", display, exc.line, exc.message, TOML_HINT)


def parse_pyproject(data: bytes) -> tuple[Optional[str], Optional[dict[str, Any]]]:
    """(text, document) of a pyproject.toml's bytes (an archive member); None where it cannot
    be read: an archive's broken pyproject.toml is the backend's to report."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None, None
    try:
        return text, loads_toml(text)
    except Unparsable:
        return text, None


def read(root: Path, *, prefix: str = "") -> tuple[PackageDefinition, list[Diagnostic]]:
    """Read the root's package definition: pyproject.toml first, then package.json. Either
    is there when its name is (a FIFO or a symlink out of the root is there, and refused)."""
    if os.path.lexists(root / PYPROJECT):
        data, text, problem = load_toml(root / PYPROJECT, root)
        shown = prefix + PYPROJECT
        if problem is not None:
            problem = make(problem.code, shown, problem.line, problem.message, problem.hint)
            return _unknown(shown, "pyproject.toml could not be parsed"), [problem]
        assert data is not None
        package = _prefixed(_from_pyproject(root, data, text or "", shown), prefix)
        problems = []
        if package.version.invalid:
            line = package.version.line or toml_key_line(text, ("tool", "hatch", "version", "pattern"))
            problems.append(
                make(
                    "package-definition-parses",
                    shown,
                    line,
                    str(package.version.unresolved),
                    "give a pattern with a named group version that matches the version line",
                )
            )
        return package, problems
    if os.path.lexists(root / PACKAGE_JSON):
        shown = prefix + PACKAGE_JSON
        try:
            package_json_text = read_project_text(root, PACKAGE_JSON)
            data = loads_json(package_json_text)
        except Unparsable as exc:
            problem = make("package-definition-parses", shown, exc.line, exc.message, JSON_HINT)
            return _unknown(shown, "package.json could not be parsed"), [problem]
        if not isinstance(data, dict):
            problem = make("package-definition-parses", shown, 1, "must be a JSON object", JSON_HINT)
            return _unknown(shown, "package.json is not an object"), [problem]
        raw = data.get("version")
        version = PackageVersion(
            raw if isinstance(raw, str) else None,
            f"{shown} version",
            shown,
            json_key_lines(package_json_text).get("version"),
            None if isinstance(raw, str) else "package.json has no string `version`",
            written=raw if isinstance(raw, str) else None,
            scheme="semver",
        )
        name = data.get("name") if isinstance(data.get("name"), str) else None
        return PackageDefinition(shown, name, version, data=data), []
    return _unknown(None, "no pyproject.toml or package.json at the root"), []


def _prefixed(package: PackageDefinition, prefix: str) -> PackageDefinition:
    """Version paths read from other files (PKG-INFO, a version module) as the user names them."""
    version = package.version
    if not prefix or version.path is None or version.path.startswith(prefix):
        return package
    return package._replace(version=version._replace(path=prefix + version.path))


def _unknown(path: Optional[str], reason: str) -> PackageDefinition:
    return PackageDefinition(path, None, PackageVersion(None, "", unresolved=reason))


def _from_pyproject(root: Path, data: dict[str, Any], text: str, shown: str) -> PackageDefinition:
    project = data.get("project") if isinstance(data.get("project"), dict) else None
    tool = data.get("tool") if isinstance(data.get("tool"), dict) else {}
    assert isinstance(tool, dict)
    if project is None:
        poetry = tool.get("poetry") if isinstance(tool.get("poetry"), dict) else {}
        assert isinstance(poetry, dict)
        if isinstance(poetry.get("version"), str):
            line = toml_key_line(text, ("tool", "poetry", "version"))
            version = PackageVersion(
                poetry["version"], f"{shown} [tool.poetry].version", shown, line, written=poetry["version"]
            )
            return PackageDefinition(shown, poetry.get("name"), version, None, tool, text, data)
        version = PackageVersion(
            None, "", unresolved=f"{shown} has no [project] table (setup.py or setup.cfg?)"
        )
        return PackageDefinition(shown, None, version, None, tool, text, data)
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
