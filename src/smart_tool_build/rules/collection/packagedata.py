"""Where a collection's files go: the package-data plan both build hooks add and then verify.

- every file under each resource folder, recursively (``context/**``, each scenario tool's
  whole folder with its smart-tool.json and SMART_TOOL.md, each module's folder), skipping
  ``__pycache__``, VCS, ``build``/``_build``/``dist``/``*.egg-info``, tool caches, virtualenvs
  (folders holding ``pyvenv.cfg``) and ``*.pyc``, and never following a symlinked folder;
  flat resources land at the wheel's top level, nested ones inside the package;
- ``<package>/pyproject.toml``, always: the package folder's own copy where the source has
  one (the drift rules keep it in step), else the root's pyproject.toml, so it cannot drift;
- ``<package>/__init__.py`` is *required* of the wheel but not added: the backend builds the
  package itself (it is listed in :attr:`CollectionPlan.wheel_required`).

A root README, LICENSE and the like go into the sdist only. The sdist plan is everything a
wheel build from the sdist needs: the root pyproject.toml (and setup.py, setup.cfg,
MANIFEST.in where present), the readme and license files, every file of the package folder
and every resource file.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from ...project.names import PYPROJECT
from ...project.paths import inside
from .project import Project, skipped_folder
from .resources import Folders, list_folder

_SKIPPED_SUFFIXES = (".pyc", ".pyo")
_SDIST_EXTRAS = ("setup.py", "setup.cfg", "MANIFEST.in")
_SDIST_PREFIXES = ("README", "LICENSE", "LICENCE", "COPYING", "NOTICE", "AUTHORS")


@dataclass(frozen=True)
class CollectionPlan:
    """Where a collection's files go: the list both build hooks add and then verify."""

    #: the import name of the package folder (``<package>/...`` members), if known
    package: Optional[str] = None
    #: (source path relative to the root, wheel member path), sorted by member
    wheel_files: tuple[tuple[str, str], ...] = ()
    #: members the backend builds itself and the finished wheel must still carry
    wheel_required: tuple[str, ...] = ()
    #: every file the sdist must carry, relative to the root, sorted
    sdist_files: tuple[str, ...] = ()

    @property
    def wheel_members(self) -> tuple[str, ...]:
        """Every member the finished wheel must carry."""
        return tuple(sorted({member for _, member in self.wheel_files} | set(self.wheel_required)))


def plan_package_data(
    project: Project, folders: Folders, *, embedded: bool, unreadable: dict[str, str]
) -> CollectionPlan:
    """The plan for ``project``; folders that cannot be listed are noted in ``unreadable``."""
    pairs: dict[str, str] = {}  # member -> source
    for name in folders.flat:
        for source in _files(project, name, unreadable):
            pairs.setdefault(source, source)
    package_files: list[str] = []
    package = project.package
    package_dir = project.package_dir
    if package_dir is not None:
        package = package_dir.rsplit("/", 1)[-1]
        package_files = _files(project, package_dir, unreadable)
        for name in folders.nested:
            for source in _files(project, f"{package_dir}/{name}", unreadable):
                pairs.setdefault(package + source[len(package_dir) :], source)
    required: tuple[str, ...] = ()
    if package is not None:
        pairs[f"{package}/{PYPROJECT}"] = f"{package_dir}/{PYPROJECT}" if embedded else PYPROJECT
        required = (f"{package}/__init__.py",)
    sdist = {PYPROJECT, *package_files, *pairs.values(), *_sdist_extras(project)}
    return CollectionPlan(
        package=package,
        wheel_files=tuple(sorted(((s, m) for m, s in pairs.items()), key=lambda pair: pair[1])),
        wheel_required=required,
        sdist_files=tuple(sorted(sdist)),
    )


def _sdist_extras(project: Project) -> set[str]:
    root = project.root
    extras = {n for n in _SDIST_EXTRAS if (root / n).is_file()}
    try:
        with os.scandir(root) as iterator:
            for entry in iterator:
                if entry.name.upper().startswith(_SDIST_PREFIXES) and entry.is_file():
                    extras.add(entry.name)
    except OSError:
        pass
    table = (project.data or {}).get("project")
    if not isinstance(table, dict):
        return extras
    readme, license_ = table.get("readme"), table.get("license")
    named = [
        readme.get("file") if isinstance(readme, dict) else readme,
        # a license string is an SPDX expression, not a file
        license_.get("file") if isinstance(license_, dict) else None,
    ]
    for name in named:
        if isinstance(name, str) and inside(root, name) and (root / name).is_file():
            extras.add(Path(os.path.normpath(name)).as_posix())
    return extras


def _files(project: Project, relative: str, unreadable: dict[str, str]) -> list[str]:
    """Every file under ``relative`` (POSIX, root-relative), junk and symlinked folders skipped."""
    found: list[str] = []
    pending = [relative]
    while pending:
        current = pending.pop()
        for entry in list_folder(project, current, unreadable):
            child = f"{current}/{entry.name}"
            try:
                if entry.is_dir(follow_symlinks=False):
                    if not skipped_folder(entry):
                        pending.append(child)
                elif entry.is_file() and not entry.name.endswith(_SKIPPED_SUFFIXES):
                    found.append(child)
            except OSError:  # pragma: no cover - a vanished entry
                continue
    return sorted(found)
