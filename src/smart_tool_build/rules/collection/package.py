"""The collection's package folder (named after the project) and its ``__version__``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

from ...diagnostics.diagnostic import Diagnostic
from ...project.module_version import read_version_attr
from ...project.names import PYPROJECT
from ...project.walk import skipped
from ..versions import same_version
from .project import RESOURCE_FOLDERS, Project


def _named_folder(root: Path, package: str) -> Optional[str]:
    """``package/`` or ``src/package/``, a real folder, whichever comes first."""
    for relative in (package, f"src/{package}"):
        folder = root / relative
        if folder.is_dir() and not folder.is_symlink():
            return relative
    return None


def candidates(root: Path) -> list[str]:
    """Folders at the root or under src/ holding __init__.py: what the author meant."""
    found: list[str] = []
    for base in ("", "src/"):
        try:
            with os.scandir(root / base) as iterator:
                entries = sorted(iterator, key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            name = entry.name
            if (
                name in RESOURCE_FOLDERS
                or skipped(name)
                or name.startswith((".", "_"))
                or name in ("tests", "test", "src")
                or not entry.is_dir(follow_symlinks=False)
                or not os.path.isfile(os.path.join(entry.path, "__init__.py"))
            ):
                continue
            found.append(base + name)
    return found


def find_package_dir(root: Path, package: Optional[str]) -> Optional[str]:
    """The package folder the rules use: the one named after the project, else the only
    folder that looks like a package (so its resources are still checked and planned)."""
    if package is None:
        return None
    named = _named_folder(root, package)
    if named is not None:
        return named
    found = candidates(root)
    return found[0] if len(found) == 1 else None


def package_rules(project: Project) -> list[Diagnostic]:
    """The spec's package folder exists, under the project's name, with an __init__.py."""
    name, package = project.name, project.package
    if name is None or package is None:
        return []
    named = _named_folder(project.root, package)
    if named is not None:
        if (project.root / named / "__init__.py").is_file():
            return []
        return [
            project.finding(
                "collection-package",
                named,
                None,
                f"the package folder {named}/ has no __init__.py, so it is not a package "
                "and the build leaves it out",
                f"add {named}/__init__.py; a docstring is enough",
            )
        ]
    found = candidates(project.root)
    message = (
        f"no package folder {package}/, the project name {name!r} with hyphens as "
        "underscores, at the root or under src/: the spec requires it, with __init__.py "
        "and the embedded pyproject.toml"
    )
    if len(found) == 1:
        only = found[0]
        base = only.rsplit("/", 1)[-1]
        hint = (
            f"rename the folder {only}/ to {only[: -len(base)]}{package}/, or rename the "
            f'project to name = "{base.replace("_", "-")}"'
        )
        message += f"; {only}/ looks like it, and is checked as the package below"
    else:
        hint = f"create {package}/__init__.py, or rename the project after the package folder"
        if found:
            message += f"; folders that look like packages: {', '.join(c + '/' for c in found)}"
    if (project.root / "__init__.py").is_file():
        message += (
            "; an __init__.py at the root does not make one: with hatchling's "
            'packages = ["."] the wheel members start with ./'
        )
    return [project.finding("collection-package", PYPROJECT, project.line("project", "name"), message, hint)]


def version_attr_rules(project: Project) -> list[Diagnostic]:
    """A static ``__version__`` in the package says the collection's version."""
    version = project.effective_version
    if project.package_dir is None or version is None:
        return []
    init = f"{project.package_dir}/__init__.py"
    found = read_version_attr(project.root / init, project.root)
    if found is None:
        return []
    value, line = found
    if same_version(value, version):
        return []
    return [
        project.finding(
            "collection-version-attr",
            init,
            line,
            f"__version__ = {value!r} but the collection's version is {version!r}",
            f'set __version__ = "{version}" in the same commit as the version in pyproject.toml',
        )
    ]
