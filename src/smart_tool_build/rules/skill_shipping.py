"""``build-system-names-plugin`` for a library's skills: what its backend alone leaves out.

A library whose ``[build-system]`` names neither smart-tool-build nor its wrapper builds with
its backend alone, and some backends lose skills silently (measured on plain builds,
docs/skills.md): setuptools' package data never matches a hidden folder, so
``<package>/.agents/skills/`` is in no wheel; hatchling follows ``.gitignore``, and a
``.agents/`` line there drops the skills from both archives; and no backend places a folder
``[tool.smart-tool] skills`` names at ``<package>/.agents/skills/``. ``check`` says so, with
the skill's path, as it does for a tool whose files nothing guarantees. flit_core, uv_build,
pdm-backend and poetry-core ship a package's ``.agents/`` as they find it: nothing to say.
Only ``check`` runs this rule (a build that runs it names smart-tool-build, and so ships
them); imported only for a project with skills.
"""

from __future__ import annotations

import fnmatch
import os
from pathlib import Path
from typing import Optional

from ..diagnostics.diagnostic import Diagnostic, make
from ..parsing.toml_lines import toml_line
from ..project.backends import WRAPPER, by_module
from ..project.distribution import PackageDefinition
from ..project.names import DESCRIPTOR_NAME, PYPROJECT
from ..project.requires import names_us
from ..project.skills import SKILL_FILE, SkillSource

#: skills named in one line at most; the rest are counted
_SHOWN = 3


def skills_left_out(root: Path, package: PackageDefinition, skills: list[SkillSource]) -> list[Diagnostic]:
    """One ``build-system-names-plugin`` warning naming the skills the project's backend alone
    leaves out of the wheel, when its ``[build-system]`` asks for no smart-tool-build; [] when
    it does, when it has no ``[build-system]`` table, or when the root is a tool's (its own
    warning says it)."""
    document, path = package.data, package.path
    build_system = document.get("build-system")
    if path is None or not path.endswith(PYPROJECT) or not isinstance(build_system, dict):
        return []
    if names_us(document) or build_system.get("build-backend") == WRAPPER:
        return []
    if os.path.lexists(root / DESCRIPTOR_NAME):
        return []
    row = by_module(build_system.get("build-backend", "setuptools.build_meta"))
    backend = row.name if row is not None else str(build_system.get("build-backend"))
    lost: list[str] = []
    why = ""
    for skill in skills:
        reason = _left_out(root, skill, backend)
        if reason is not None:
            lost.append(skill.source)
            why = why or reason
    if not lost:
        return []
    from .build_lines import plugin_hint  # `check`'s rule, as build_system.plugin_named_rule

    shown = ", ".join(lost[:_SHOWN]) + (f" and {len(lost) - _SHOWN} more" if len(lost) > _SHOWN else "")
    return [
        make(
            "build-system-names-plugin",
            path,
            toml_line(package.text, ("build-system", "requires")),
            "[build-system] names neither smart-tool-build nor its wrapper backend, and "
            f"{why}: {shown} {'is' if len(lost) == 1 else 'are'} left out of the wheel, where "
            "library-skills looks",
            plugin_hint(document),
        )
    ]


def _left_out(root: Path, skill: SkillSource, backend: str) -> Optional[str]:
    """Why ``backend`` alone leaves ``skill`` out of the wheel's ``<package>/.agents/skills/``,
    or None when it ships it there."""
    if skill.wheel_path is None:
        return None  # no package to go into: skills-package-known says so
    if not skill.source.endswith(skill.wheel_path):
        where = "<package>/.agents/skills/"
        return f"{backend} alone does not place the folders [tool.smart-tool] skills names at {where}"
    if backend == "setuptools":
        return "setuptools' package data never matches a hidden folder such as .agents/"
    if backend == "hatchling":
        ignored = gitignored(root, f"{skill.source}/{SKILL_FILE}")
        if ignored is not None:
            number, line = ignored
            return f"hatchling follows .gitignore, whose line {number} ({line}) leaves the skills out"
    return None


def gitignored(root: Path, relative: str) -> Optional[tuple[int, str]]:
    """The line of the root's ``.gitignore`` that leaves ``relative`` (POSIX) out, as git
    matches it (a pattern without a slash matches any one name on the path, one with a slash
    the path from the root; the last matching line wins, ``!`` taking back), or None."""
    try:
        text = (root / ".gitignore").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    parts = relative.split("/")
    verdict: Optional[tuple[int, str]] = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        negated = line.startswith("!")
        pattern = line[1:] if negated else line
        folder_only = pattern.endswith("/")
        pattern = pattern.rstrip("/")
        anchored = "/" in pattern
        pattern = pattern.lstrip("/")
        if not pattern:
            continue
        for depth in range(1, len(parts) + 1):
            if folder_only and depth == len(parts):
                break  # the last part is the file itself
            if _matches(pattern, parts[:depth], anchored):
                verdict = None if negated else (number, line)
                break
    return verdict


def _matches(pattern: str, parts: list[str], anchored: bool) -> bool:
    if not anchored:
        return fnmatch.fnmatchcase(parts[-1], pattern)
    path = "/".join(parts)
    if pattern.startswith("**/"):
        return fnmatch.fnmatchcase(path, pattern[3:]) or fnmatch.fnmatchcase(path, pattern)
    return fnmatch.fnmatchcase(path, pattern)
