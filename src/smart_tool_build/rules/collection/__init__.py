"""Collections: Python packages whose value is their data (profiles, agents, context, ...).

A collection (``reference/collection-format-spec.md``) is installed with pip or uv, and the
application then discovers its resources by folder name, in the installed tree, and reads
its metadata from the *embedded* ``<package>/pyproject.toml``. So a collection wheel is only
right if it carries every resource at the place the source tree has it, and a metadata copy
that says what the root says. This package holds every rule about that, one module a concern,
each rule a function of the :class:`~.project.Project` read once; it imports no build backend,
checks without writing, and collects every problem instead of raising.

Layouts. A resource folder (``profiles``, ``agents``, ``context``, ``scenario-tools``,
``modules``, ``templates``, ``docs``) at the project root is the *flat* layout and lands at the
wheel's top level (``agents/x.md``); one inside the package folder is the *nested* layout and
lands inside the package (``<package>/agents/x.md``). A project may use both. This is the
spec's "wheels contain the same layout as the source tree".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from ...diagnostics.diagnostic import Diagnostic, make
from ...diagnostics.verdict import has_errors
from ...project.distribution import is_collection as is_collection  # part of this package's API
from ...project.module_version import read_version_attr as read_version_attr  # part of this package's API
from ...project.walk import UNREADABLE_HINT
from .embedded import embedded_rules, has_embedded
from .metadata import constraint_problem as constraint_problem  # part of this package's API
from .metadata import metadata_rules, name_and_version, table_rules
from .package import find_package_dir, package_rules, version_attr_rules
from .packagedata import CollectionPlan, plan_package_data
from .project import RESOURCE_FOLDERS, Project, read_pyproject
from .resources import resource_folders, resource_rules

__all__ = [
    "RESOURCE_FOLDERS",
    "CollectionPlan",
    "CollectionReport",
    "check_collection",
    "constraint_problem",
    "is_collection",
    "read_version_attr",
]


@dataclass
class CollectionReport:
    """Everything known about one collection after checking it."""

    root: Path
    diagnostics: list[Diagnostic]
    plan: CollectionPlan
    #: ``[project]`` name and version as written (None when missing or not a string)
    name: Optional[str] = None
    version: Optional[str] = None
    #: the package folder the spec asks for: ``name`` with hyphens as underscores
    package: Optional[str] = None
    #: the package folder used, relative to the root (``pkg``, ``src/pkg``); None if none
    package_dir: Optional[str] = None
    #: ``("flat",)``, ``("nested",)``, both, or () when there are no resource folders
    layouts: tuple[str, ...] = ()
    #: whether the source carries its own ``<package>/pyproject.toml``
    embedded: bool = False
    #: scenario tools that are smart tools (checked with :func:`checks.check_root`)
    nested_tools: list[str] = field(default_factory=list)

    def failed(self, *, warnings_as_errors: bool = False) -> bool:
        return has_errors(self.diagnostics, warnings_as_errors=warnings_as_errors)


def check_collection(root: Path, *, display: str = "", version: Optional[str] = None) -> CollectionReport:
    """Check the collection at ``root``; return every diagnostic and the package data plan.

    ``display`` prefixes every path (the root as the user named it). ``version`` is the
    version a build backend resolved; a collection's version must be static anyway (the
    application reads it from the embedded copy), so it is only used when the root has none.
    Never raises for a problem in the user's files and never writes.
    """
    prefix = display.rstrip("/") + "/" if display and display != "." else ""
    data, text, out = read_pyproject(root, prefix)
    name, written_version = name_and_version(data)
    package = None if name is None else name.replace("-", "_")
    project = Project(
        root, prefix, data, text, name, written_version, version, find_package_dir(root, package)
    )
    out += metadata_rules(project)
    out += table_rules(project)
    out += package_rules(project)
    out += version_attr_rules(project)
    out += embedded_rules(project)
    folders = resource_folders(project)
    resources = resource_rules(project, folders)
    out += resources.diagnostics
    unreadable = dict(resources.unreadable)
    embedded = has_embedded(project)
    plan = plan_package_data(project, folders, embedded=embedded, unreadable=unreadable)
    for folder, reason in sorted(unreadable.items()):
        out.append(
            make(
                "tree-readable",
                prefix + folder,
                None,
                f"cannot read this folder ({reason}); its files are not in the collection's package data",
                UNREADABLE_HINT,
            )
        )
    out.sort(key=lambda d: (d.path or "", d.line or 0))
    return CollectionReport(
        root,
        out,
        plan,
        name=name,
        version=written_version,
        package=project.package,
        package_dir=project.package_dir,
        layouts=folders.layouts,
        embedded=embedded,
        nested_tools=resources.nested_tools,
    )
