"""What a pyproject.toml with a ``[project]`` table never needs: package.json, poetry's
``[tool.poetry]``, and the words of a package definition that does not parse."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Optional

from ..diagnostics.diagnostic import Diagnostic, make
from ..parsing.lines import toml_key_line
from ..parsing.strict_json import key_lines
from .files import read_text as read_project_text
from .files_words import loads_json
from .names import PACKAGE_JSON
from .package_version import PackageDefinition, PackageVersion, unknown
from .paths import Unparsable

#: what to do about a package definition that does not parse
TOML_HINT = "fix the TOML at that line: a UTF-8 file of at most 1 MiB, inside the root"
JSON_HINT = "write package.json as one JSON object: a UTF-8 file of at most 1 MiB, inside the root"


def toml_problem(display: str, exc: Unparsable) -> Diagnostic:
    return make("package-definition-parses", display, exc.line, exc.message, TOML_HINT)


def unparsed(problem: Diagnostic, shown: str) -> tuple[PackageDefinition, list[Diagnostic]]:
    """A pyproject.toml that does not parse: its problem at the path as the user names it."""
    problem = make(problem.code, shown, problem.line, problem.message, problem.hint)
    return unknown(shown, "pyproject.toml could not be parsed"), [problem]


def pattern_problem(package: PackageDefinition, text: Optional[str], shown: str) -> Diagnostic:
    """A dynamic version whose pattern is broken: an error, not a gap."""
    line = package.version.line or toml_key_line(text, ("tool", "hatch", "version", "pattern"))
    return make(
        "package-definition-parses",
        shown,
        line,
        str(package.version.unresolved),
        "give a pattern with a named group version that matches the version line",
    )


def not_read(
    package: Optional[PackageDefinition], problem: Optional[Diagnostic], text: Optional[str], shown: str
) -> tuple[PackageDefinition, list[Diagnostic]]:
    """A pyproject.toml that does not parse (its ``problem``), or whose ``package`` has a broken
    version pattern."""
    if package is None:
        assert problem is not None
        return unparsed(problem, shown)
    return package, [pattern_problem(package, text, shown)]


def without_pyproject(root: Path, prefix: str) -> tuple[PackageDefinition, list[Diagnostic]]:
    """The package definition of a root without pyproject.toml: package.json's, or none."""
    if os.path.lexists(root / PACKAGE_JSON):
        return from_package_json(root, prefix + PACKAGE_JSON)
    return unknown(None, "no pyproject.toml or package.json at the root"), []


def from_package_json(root: Path, shown: str) -> tuple[PackageDefinition, list[Diagnostic]]:
    """The package definition package.json gives: its name and (semver) version."""
    try:
        package_json_text = read_project_text(root, PACKAGE_JSON)
        data = loads_json(package_json_text)
    except Unparsable as exc:
        problem = make("package-definition-parses", shown, exc.line, exc.message, JSON_HINT)
        return unknown(shown, "package.json could not be parsed"), [problem]
    if not isinstance(data, dict):
        problem = make("package-definition-parses", shown, 1, "must be a JSON object", JSON_HINT)
        return unknown(shown, "package.json is not an object"), [problem]
    raw = data.get("version")
    version = PackageVersion(
        raw if isinstance(raw, str) else None,
        f"{shown} version",
        shown,
        key_lines(package_json_text).get("version"),
        None if isinstance(raw, str) else "package.json has no string `version`",
        written=raw if isinstance(raw, str) else None,
        scheme="semver",
    )
    name = data.get("name") if isinstance(data.get("name"), str) else None
    return PackageDefinition(shown, name, version, data=data), []


def without_project(data: dict[str, Any], tool: dict[str, Any], text: str, shown: str) -> PackageDefinition:
    """A pyproject.toml without ``[project]``: poetry's ``[tool.poetry]`` version, or none."""
    poetry = tool.get("poetry") if isinstance(tool.get("poetry"), dict) else {}
    assert isinstance(poetry, dict)
    if isinstance(poetry.get("version"), str):
        line = toml_key_line(text, ("tool", "poetry", "version"))
        version = PackageVersion(
            poetry["version"], f"{shown} [tool.poetry].version", shown, line, written=poetry["version"]
        )
        return PackageDefinition(shown, poetry.get("name"), version, None, tool, text, data)
    version = PackageVersion(None, "", unresolved=f"{shown} has no [project] table (setup.py or setup.cfg?)")
    return PackageDefinition(shown, None, version, None, tool, text, data)
