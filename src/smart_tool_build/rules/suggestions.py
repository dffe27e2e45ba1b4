"""Fixes suggested from the project itself: the descriptor a root lacks, the script to start.

A hint built from what is there (the manifest the walk found, the scripts the package
declares) can be pasted as it is; a placeholder such as ``<pkg>`` has to be worked out first.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Optional

from ..project.distribution import PackageDefinition
from ..project.names import MANIFEST_NAME


def declared_commands(package: PackageDefinition) -> list[str]:
    """The commands the package installs, in the order it declares them: ``[project.scripts]``,
    or package.json's ``bin`` (a string is installed under the package's own name)."""
    project = package.data.get("project")
    if isinstance(project, dict) and isinstance(project.get("scripts"), dict):
        return [str(name) for name in project["scripts"]]
    binaries: Any = package.data.get("bin")
    if isinstance(binaries, dict):
        return [str(name) for name in binaries]
    if isinstance(binaries, str) and package.name:
        return [package.name.rsplit("/", 1)[-1]]  # a scoped @org/tool installs `tool`
    return []


def _guess_manifest(root: Path, package: PackageDefinition) -> str:
    """Where a manifest would go: in the package named after the project, else a placeholder."""
    if package.name:
        module = package.name.replace("-", "_").replace(".", "_").lower()
        for folder in (f"src/{module}", module):
            if os.path.isfile(root / folder / "__init__.py"):
                return f"{folder}/{MANIFEST_NAME}"
    return f"src/<package>/{MANIFEST_NAME}"


def descriptor_text(root: Path, package: PackageDefinition, manifests: Sequence[str]) -> str:
    """A smart-tool.json for the root, as one line of JSON: the manifest the walk found (or
    where one would go) and the first command the package declares."""
    manifest = manifests[0] if manifests else _guess_manifest(root, package)
    commands = declared_commands(package)
    argv = [commands[0]] if commands else [package.name or "<command>"]
    return json.dumps({"manifest": manifest, "cli_argv": argv})


def command_hint(package: PackageDefinition, first: str) -> Optional[str]:
    """What to do about ``cli_argv[0]`` = ``first`` not being a declared command."""
    commands = declared_commands(package)
    if commands:
        return (
            f'start cli_argv with a declared script, e.g. ["{commands[0]}"], or declare '
            f"{first!r} in [project.scripts]"
        )
    return f'declare it in [project.scripts], e.g. {first} = "<package>.cli:main"'
