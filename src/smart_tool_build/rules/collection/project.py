"""The collection as the rules see it: its pyproject.toml and package folder, read once."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from ...diagnostics.diagnostic import CodeId, Diagnostic, Severity, make
from ...parsing.toml_lines import toml_line
from ...project import distribution
from ...project.names import PYPROJECT
from ...project.walk import skipped

#: the folders the spec's discovery (and its installed layout) knows, in the spec's order
RESOURCE_FOLDERS = ("profiles", "agents", "context", "scenario-tools", "modules", "templates", "docs")


@dataclass(frozen=True)
class Project:
    """What every collection rule reads: the root, how paths are shown, pyproject.toml."""

    root: Path
    #: put before every path shown (the root as the user named it, with a slash)
    prefix: str
    #: the root pyproject.toml, parsed; None when it is missing or does not parse
    data: Optional[Mapping[str, Any]]
    text: Optional[str]
    #: ``[project]`` name and version as written (None when missing or not a string)
    name: Optional[str]
    version: Optional[str]
    #: the version a build backend resolved (used when pyproject.toml has none)
    resolved_version: Optional[str]
    #: the package folder used, relative to the root (``pkg``, ``src/pkg``); None if none
    package_dir: Optional[str]

    @property
    def package(self) -> Optional[str]:
        """The package folder the spec asks for: the name with hyphens as underscores."""
        return None if self.name is None else self.name.replace("-", "_")

    @property
    def effective_version(self) -> Optional[str]:
        return self.version if self.version is not None else self.resolved_version

    def line(self, *keys: str) -> Optional[int]:
        """The line of a key path in the root pyproject.toml."""
        return toml_line(self.text, keys)

    def finding(
        self,
        code: CodeId,
        relative: str,
        line: Optional[int],
        message: str,
        hint: Optional[str] = None,
        severity: Optional[Severity] = None,
    ) -> Diagnostic:
        return make(code, self.prefix + relative, line, message, hint, severity)


def read_pyproject(
    root: Path, prefix: str
) -> tuple[Optional[dict[str, Any]], Optional[str], list[Diagnostic]]:
    """The root pyproject.toml's data and text, or the finding that says why there is none."""
    path = root / PYPROJECT
    if not os.path.lexists(path):  # a FIFO or a symlink out is there, and refused by load_toml
        missing = make(
            "collection-metadata",
            prefix + PYPROJECT,
            None,
            "a collection needs pyproject.toml at its root: it holds the collection's metadata",
            'add one with [project] name, version = "X.Y.Z" and description',
        )
        return None, None, [missing]
    data, text, problem = distribution.load_toml(path)
    if problem is not None:
        return None, None, [make(problem.code, prefix + PYPROJECT, problem.line, problem.message)]
    return data, text, []


def real_dir(path: Path) -> bool:
    return path.is_dir() and not path.is_symlink()


def skipped_folder(entry: os.DirEntry[str]) -> bool:
    """Junk, build output or a virtualenv: no resource lives there."""
    if skipped(entry.name):
        return True
    return os.path.isfile(os.path.join(entry.path, "pyvenv.cfg"))


def short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
