"""The collection's metadata: ``[project]`` and ``[tool.amplifier.collection]`` of pyproject.toml."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Optional

from ...diagnostics.diagnostic import Diagnostic
from ...project.names import PYPROJECT
from .project import Project, short

#: the documented keys of ``[tool.amplifier.collection]``
TABLE_KEYS = ("author", "capabilities", "requires")
NAME_PATTERN = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*\Z")
SEMVER_PATTERN = re.compile(r"(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\Z")
_CARET_TILDE = re.compile(r"\s*[\^~]\s*[0-9]+(?:\.[0-9]+){0,2}\s*\Z")
_MISSING: Any = object()


#: the hints of findings said in more than one place
PROJECT_HINT = 'add [project] with name = "my-collection", version = "1.0.0" and a description'
TABLE_HINT = 'write [tool.amplifier.collection] with author = "..." and capabilities = ["..."]'
REQUIRES_HINT = 'write [tool.amplifier.collection.requires] with lines such as other-collection = "^1.0.0"'


def name_and_version(data: Optional[Mapping[str, Any]]) -> tuple[Optional[str], Optional[str]]:
    """``[project]`` name and version as written, when they are (non-empty) strings."""
    project = data.get("project") if data is not None else None
    if not isinstance(project, dict):
        return None, None
    name, version = project.get("name"), project.get("version")
    return (name if isinstance(name, str) and name else None), (version if isinstance(version, str) else None)


def metadata_rules(project: Project) -> list[Diagnostic]:
    """``[project]``: a collection identifier, a static X.Y.Z version, a description, urls."""
    if project.data is None:
        return []
    table = project.data.get("project")
    p = PYPROJECT
    if not isinstance(table, dict):
        return [
            project.finding(
                "collection-metadata",
                p,
                project.line("project") if table is not None else None,
                "no [project] table: a collection's name, version and description live there",
                PROJECT_HINT,
            )
        ]
    out: list[Diagnostic] = []
    header = project.line("project")
    name = table.get("name")
    if not isinstance(name, str) or not name:
        out.append(
            project.finding(
                "collection-metadata",
                p,
                header,
                "[project] has no name: it is the collection's identifier",
                'e.g. name = "my-collection"',
            )
        )
    elif not NAME_PATTERN.match(name):
        suggestion = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "my-collection"
        out.append(
            project.finding(
                "collection-metadata",
                p,
                project.line("project", "name"),
                f"[project] name {name!r} is not a collection identifier: lowercase letters and "
                "digits in hyphen-separated words, starting with a letter",
                f'e.g. name = "{suggestion}"',
            )
        )
    out += _version(project, table, header)
    description = table.get("description")
    if not isinstance(description, str) or not description.strip():
        where = project.line("project", "description") if "description" in table else header
        out.append(
            project.finding(
                "collection-metadata",
                p,
                where,
                "[project] description must be a non-empty string: the one line that says what "
                "the collection is for",
                'e.g. description = "Agents and tools for one job"',
            )
        )
    urls = table.get("urls", _MISSING)
    if urls is not _MISSING and not (
        isinstance(urls, dict) and all(isinstance(v, str) and v for v in urls.values())
    ):
        out.append(
            project.finding(
                "collection-metadata",
                p,
                project.line("project", "urls"),
                "[project.urls] must be a table of non-empty URL strings",
                'e.g. [project.urls] then Homepage = "https://..."',
            )
        )
    return out


def _version(project: Project, table: Mapping[str, Any], header: Optional[int]) -> list[Diagnostic]:
    version = table.get("version")
    p = PYPROJECT
    if version is None:
        if "version" in (table.get("dynamic") or []):
            message = (
                "[project] version is dynamic: a collection's version must be written in "
                "[project], because the application reads it from the embedded pyproject.toml"
            )
        else:
            message = "[project] has no version"
        return [project.finding("collection-metadata", p, header, message, 'add version = "X.Y.Z"')]
    if not isinstance(version, str):
        return [
            project.finding(
                "collection-metadata",
                p,
                project.line("project", "version"),
                "[project] version must be a string",
                'e.g. version = "1.0.0"',
            )
        ]
    if not SEMVER_PATTERN.match(version):
        return [
            project.finding(
                "collection-metadata",
                p,
                project.line("project", "version"),
                f"[project] version {version!r} is not a semantic version X.Y.Z",
                'e.g. version = "1.0.0"',
            )
        ]
    return []


def table_rules(project: Project) -> list[Diagnostic]:
    """``[tool.amplifier.collection]``: the documented fields, their types, ``requires``."""
    if project.data is None:
        return []
    tool = project.data.get("tool")
    amplifier = tool.get("amplifier") if isinstance(tool, dict) else None
    if not isinstance(amplifier, dict) or "collection" not in amplifier:
        return []  # opted in by [tool.smart-tool] collection = true: every field is optional
    table = amplifier["collection"]
    where = ("tool", "amplifier", "collection")
    p = PYPROJECT
    if not isinstance(table, dict):
        return [
            project.finding(
                "collection-table",
                p,
                project.line(*where),
                "[tool.amplifier.collection] must be a table",
                TABLE_HINT,
            )
        ]
    out: list[Diagnostic] = []
    for key, value in table.items():
        line = project.line(*where, key)
        if key == "author":
            if not isinstance(value, str) or not value.strip():
                out.append(
                    project.finding(
                        "collection-table",
                        p,
                        line,
                        f"author must be a non-empty string, not {short(value)}",
                        'e.g. author = "Jane Doe"',
                    )
                )
        elif key == "capabilities":
            if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
                out.append(
                    project.finding(
                        "collection-table",
                        p,
                        line,
                        f"capabilities must be a list of non-empty strings, not {short(value)}",
                        'e.g. capabilities = ["summarise"]',
                    )
                )
        elif key == "requires":
            out += _requires(project, value)
        else:
            out.append(
                project.finding(
                    "collection-table-keys",
                    p,
                    line,
                    f"[tool.amplifier.collection] has {key!r}, which the spec does not document "
                    f"(documented: {', '.join(TABLE_KEYS)}); the application ignores it",
                    "remove it, or move what it says into the README",
                )
            )
    return out


def _requires(project: Project, value: Any) -> list[Diagnostic]:
    p = PYPROJECT
    where = ("tool", "amplifier", "collection", "requires")
    if not isinstance(value, dict):
        return [
            project.finding(
                "collection-table",
                p,
                project.line(*where),
                f"requires must be a table of collection name = version constraint, not {short(value)}",
                REQUIRES_HINT,
            )
        ]
    out: list[Diagnostic] = []
    for name, constraint in value.items():
        line = project.line(*where, name)
        if not isinstance(constraint, str):
            out.append(
                project.finding(
                    "collection-table",
                    p,
                    line,
                    f"requires.{name} must be a constraint string, not {short(constraint)}",
                    REQUIRES_HINT,
                )
            )
            continue
        if not NAME_PATTERN.match(name):
            out.append(
                project.finding(
                    "collection-requires",
                    p,
                    line,
                    f"requires names {name!r}, which is not a collection identifier: lowercase, hyphens",
                    "name the collection as its own [project] name says it",
                )
            )
        problem = constraint_problem(constraint)
        if problem is not None:
            out.append(
                project.finding(
                    "collection-requires",
                    p,
                    line,
                    f"requires.{name} = {constraint!r}: {problem}",
                    'use ^1.2.3, ~1.2.3, ">=1.0,<2.0" or ==1.5.0',
                )
            )
    return out


def constraint_problem(text: str) -> Optional[str]:
    """Why a ``requires`` constraint does not parse, or None when it does.

    Accepted: caret ``^1.2.3`` and tilde ``~1.2.3`` (1 to 3 numeric parts), and PEP 440
    specifier sets such as ``>=1.0,<2.0`` or ``==1.5.0``.
    """
    from packaging.specifiers import InvalidSpecifier, SpecifierSet

    stripped = text.strip()
    if not stripped:
        return "an empty constraint"
    if stripped[0] in "^~" and not stripped.startswith("~="):
        if _CARET_TILDE.match(stripped):
            return None
        return f"{stripped[0]} takes a version of numbers, e.g. {stripped[0]}1.2.3"
    try:
        SpecifierSet(stripped)
    except InvalidSpecifier:
        if re.match(r"[0-9]", stripped):
            return f"a bare version; write =={stripped} for exactly it, or ^{stripped}"
        return "not a constraint"
    return None
