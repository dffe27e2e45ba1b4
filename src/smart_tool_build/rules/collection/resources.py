"""The resource folders: profiles, agents, scenario tools and modules, checked in place."""

from __future__ import annotations

import os
from typing import NamedTuple

from ...diagnostics.diagnostic import Diagnostic
from ...project.names import DESCRIPTOR_NAME, PYPROJECT
from .. import root as checks
from .documents import document_rules
from .project import RESOURCE_FOLDERS, Project, real_dir, skipped_folder


class Folders(NamedTuple):
    """The resource folders found: at the root (flat layout) and in the package (nested)."""

    flat: tuple[str, ...]
    nested: tuple[str, ...]

    @property
    def layouts(self) -> tuple[str, ...]:
        """``("flat",)``, ``("nested",)``, both, or () when there are no resource folders."""
        return tuple(kind for kind, found in (("flat", self.flat), ("nested", self.nested)) if found)


class ResourceReport(NamedTuple):
    diagnostics: list[Diagnostic]
    #: folders that could not be listed (relative path -> reason)
    unreadable: dict[str, str]
    #: scenario tools that are smart tools (checked in full with :func:`checks.check_root`)
    nested_tools: list[str]


def resource_folders(project: Project) -> Folders:
    flat = tuple(n for n in RESOURCE_FOLDERS if real_dir(project.root / n))
    nested: tuple[str, ...] = ()
    if project.package_dir is not None:
        nested = tuple(n for n in RESOURCE_FOLDERS if real_dir(project.root / project.package_dir / n))
    return Folders(flat, nested)


def list_folder(project: Project, relative: str, unreadable: dict[str, str]) -> list[os.DirEntry[str]]:
    """A folder's entries by name; a folder that cannot be listed is noted in ``unreadable``."""
    try:
        with os.scandir(project.root / relative) as iterator:
            return sorted(iterator, key=lambda e: e.name)
    except OSError as exc:
        unreadable[relative] = exc.strerror or str(exc)
        return []


def resource_rules(project: Project, folders: Folders) -> ResourceReport:
    """Every resource folder's own rules, flat ones first, each in the spec's order."""
    report = ResourceReport([], {}, [])
    for base, names in ((None, folders.flat), (project.package_dir, folders.nested)):
        for name in names:
            _folder(project, name, f"{base}/{name}" if base else name, report)
    return report


def _folder(project: Project, kind: str, relative: str, report: ResourceReport) -> None:
    entries = list_folder(project, relative, report.unreadable)
    if kind in ("profiles", "agents"):
        for entry in entries:
            if entry.name.endswith(".md") and entry.is_file():
                report.diagnostics.extend(document_rules(project, kind, f"{relative}/{entry.name}"))
        return
    if kind not in ("scenario-tools", "modules"):
        return
    for entry in entries:
        if entry.name.startswith(".") or not entry.is_dir(follow_symlinks=False) or skipped_folder(entry):
            continue
        child = f"{relative}/{entry.name}"
        found = _module(project, child) if kind == "modules" else _scenario_tool(project, child, report)
        report.diagnostics.extend(found)


def _module(project: Project, child: str) -> list[Diagnostic]:
    folder = project.root / child
    if (folder / "__init__.py").is_file() or (folder / PYPROJECT).is_file():
        return []
    return [
        project.finding(
            "collection-module",
            child,
            None,
            "a module folder needs __init__.py or pyproject.toml: discovery skips it without one",
            "make it a Python package, or move it out of modules/",
        )
    ]


def _scenario_tool(project: Project, child: str, report: ResourceReport) -> list[Diagnostic]:
    """Its own pyproject.toml; a scenario tool with a descriptor is checked as a smart tool."""
    folder = project.root / child
    out: list[Diagnostic] = []
    if not (folder / PYPROJECT).is_file():
        out.append(
            project.finding(
                "collection-scenario-tool",
                child,
                None,
                "a scenario tool needs its own pyproject.toml: it is installed with `uv tool install`",
                "add a pyproject.toml with [project] name, version and the CLI's [project.scripts] entry",
            )
        )
    if (folder / DESCRIPTOR_NAME).is_file():
        report.nested_tools.append(child)
        out += checks.check_root(folder, display=project.prefix + child).diagnostics
    return out
