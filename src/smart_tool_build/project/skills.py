"""Library skills in a source tree: every Agent Skill folder a project ships (in a package's
``.agents/skills/``, or a folder ``[tool.smart-tool] skills`` names), and where it goes.

What cannot be a skill is noted as (kind, path, values); its words (:mod:`.skills_words`) load
only for such a finding. Each skills folder is listed once.
"""

from __future__ import annotations

import os
import posixpath
from typing import NamedTuple

from .names import PYPROJECT
from .names import SKILL_FILE as SKILL_FILE
from .packages import SKILLS_FOLDER, force_includes, listing, package_folders, table_at
from .skill_entries import entry_kind, path_kind, within

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from pathlib import Path
    from typing import Any, NamedTuple, Optional

    from ..diagnostics.diagnostic import Diagnostic
    from .config import Options

#: a skill's files at most (a walk of a huge tree stops there, with a line saying so)
MAX_FILES = 10_000


class SkillSource(NamedTuple):
    """One skill folder of the source tree, and its places in the artifacts."""

    #: the folder's name (what the skill's ``name`` must equal)
    name: str
    #: the skill folder, POSIX, relative to the distribution root
    source: str
    #: the folder inside the wheel, ``<package>/.agents/skills/<name>``; None when no
    #: package could be chosen (a ``skills-package-known`` line says why)
    wheel_path: Optional[str]
    #: the folder inside the sdist (below its top folder): the source path
    sdist_path: str
    #: the backend's own configuration (hatchling's ``force-include``) puts the folder at
    #: ``wheel_path``: the plugin adds nothing there, and checks the wheel has it
    placed: bool = False


def _wheel_package(folder: str, tool: Mapping[str, Any]) -> str:
    """:func:`.skill_places.wheel_package`, read only where a backend's table maps packages."""
    hatch = table_at(tool, "hatch", "build")
    if not (hatch.get("sources") or table_at(hatch, "targets", "wheel").get("sources")) and not table_at(
        tool, "setuptools", "package-dir"
    ):
        return posixpath.basename(folder)  # hatchling's packages, and every layout found by folder
    from .skill_places import wheel_package

    return wheel_package(folder, tool)


def find_skills(
    root: Path,
    options: Options,
    packages: Optional[Sequence[str]] = None,
    *,
    prefix: str = "",
    text: Optional[str] = None,
    tool: Optional[Mapping[str, Any]] = None,
) -> tuple[list[SkillSource], list[Diagnostic]]:
    """Every skill folder of the project at ``root``, and a line for each thing in a skills
    folder that cannot be a skill (a folder without SKILL.md is reported, not returned).
    ``packages``: the top-level packages' folders (default: :func:`package_folders`); ``prefix``
    goes before every path shown; ``text`` and ``tool`` are pyproject.toml's text and ``[tool]``."""
    folders = list(package_folders(root, tool) if packages is None else packages)
    skills: list[SkillSource] = []
    out: list[Diagnostic] = []
    scanned: set[str] = set()
    for folder in folders:
        if not os.path.lexists(os.path.join(root, folder, SKILLS_FOLDER)):
            continue  # nearly every package: no skills, nothing more to read
        package = _wheel_package(folder, tool or {})
        found, problems = _skills_in(root, f"{folder}/{SKILLS_FOLDER}", f"{package}/{SKILLS_FOLDER}", prefix)
        skills += found
        out += problems
        scanned.add(f"{folder}/{SKILLS_FOLDER}")
    if force_includes(tool or {}):  # skills the backend's own configuration places
        from .skill_places import add_placed

        out += add_placed(root, tool or {}, skills, scanned, lambda f, w: _skills_in(root, f, w, prefix))
    if options.skills:  # folders the options name
        from .skill_places import add_named

        where = (prefix + PYPROJECT, text)
        out += add_named(
            root, options, folders, where, skills, scanned, lambda f, w: _skills_in(root, f, w, prefix)
        )
    return skills, out


def skill_files(
    root: Path, skill: SkillSource, *, prefix: str = "", left_out: Optional[list[str]] = None
) -> tuple[list[str], list[Diagnostic]]:
    """Every regular file of ``skill``'s folder, relative to the folder (POSIX, sorted), and a
    line for each entry that cannot ship: a symlink out of the root, a FIFO or a device, a
    name that is not UTF-8. Symlinks inside the root are followed (no loop: a folder seen
    once is not entered again). What never ships from a skill (:mod:`.skill_ignore`: a
    ``.git/``, ``__pycache__``, a ``.env`` the project ignores) is passed over, and named in
    ``left_out`` (folders with a trailing ``/``)."""
    ignored = _ignore(os.fspath(root), skill.source)
    top = os.path.join(root, skill.source)
    files: list[str] = []
    found: list[tuple[Any, ...]] = []  # (kind, path shown, values) of what cannot ship
    seen: set[tuple[int, int]] = set()  # (device, inode) of each folder entered
    pending = [""]
    while pending and len(files) <= MAX_FILES:
        relative = pending.pop()
        try:
            info = os.stat(os.path.join(top, relative))
            with os.scandir(os.path.join(top, relative)) as iterator:
                listed = list(iterator)
        except (OSError, ValueError) as exc:  # a path past the system's limit, say
            if relative:
                found.append(("unreadable folder", f"{prefix}{skill.source}/", relative, exc))
            continue
        if (info.st_dev, info.st_ino) in seen:
            continue
        seen.add((info.st_dev, info.st_ino))
        for entry in listed:
            name = entry.name
            plain = (
                name.isascii() and name.isprintable() and len(entry.path) <= 1024 and not entry.is_symlink()
            )
            kind = entry_kind(entry) if plain else ""
            if kind in ("file", "folder") and not ignored(name, kind == "folder"):
                (files if kind == "file" else pending).append(f"{relative}/{name}" if relative else name)
            else:  # a symlink, a name no wheel carries, a FIFO, a path past the limit, an ignored one
                from .skill_oddities import file_entry

                file_entry(
                    entry, relative, prefix + skill.source, root, ignored, left_out, (files, pending, found)
                )
    if len(files) > MAX_FILES:
        found.append(("too many files", prefix + skill.source, MAX_FILES))
    return sorted(files), _said(found)


#: what never ships from a skill: VCS folders and ``__pycache__``
_NEVER = frozenset({".git", ".hg", ".svn", ".bzr", "_darcs", ".jj", "CVS", "__pycache__"})


def _ignore(root: str, skill: str) -> Callable[[str, bool], bool]:
    """What stays out of a skill: :data:`_NEVER`, and where a ``.gitignore`` lies on the way
    to the skill, :class:`.skill_ignore.SkillIgnore` (the names it gives)."""
    parts = ["", *skill.split("/")]
    if not any(os.path.lexists(os.path.join(root, *parts[: i + 1], ".gitignore")) for i in range(len(parts))):
        return lambda name, folder: name in _NEVER
    from .skill_ignore import SkillIgnore

    named = SkillIgnore(root, skill)
    return lambda name, folder: name in _NEVER or named(name, folder)


def _skills_in(
    root: Path, folder: str, wheel_folder: Optional[str], prefix: str
) -> tuple[list[SkillSource], list[Diagnostic]]:
    """The skills of one skills folder (``folder`` relative to ``root``): each subfolder."""
    path = os.path.join(root, folder)
    try:
        info = os.lstat(path)
    except (OSError, ValueError):
        return [], []  # no such folder: no skills here (a named one is checked before)
    real_root = os.path.realpath(root)
    # the folder, or any folder on the way to it (a symlinked ``<package>/.agents``)
    if not within(real_root, path) or path_kind(path) != "folder":
        from .skill_oddities import no_skills_folder

        return [], _said([no_skills_folder(real_root, path, prefix + folder, info)])
    skills: list[SkillSource] = []
    found: list[tuple[Any, ...]] = []
    for entry in sorted(listing(path), key=lambda e: e.name):
        name = entry.name
        plain = (
            name.isascii() and name.isprintable() and not entry.is_symlink() and entry_kind(entry) == "folder"
        )
        if not (plain and os.path.lexists(os.path.join(entry.path, SKILL_FILE))):
            from .skill_oddities import skill_entry  # a symlink, an odd name, no SKILL.md

            if not skill_entry(entry, folder, prefix, real_root, found):
                continue
        source = f"{folder}/{name}"
        skills.append(SkillSource(name, source, wheel_folder and f"{wheel_folder}/{name}", source))
    return skills, _said(found)


def _said(found: list[tuple[Any, ...]]) -> list[Diagnostic]:
    """The diagnostics of what was found, in order; their words load only when there is one."""
    if not found:
        return []
    from .skills_words import findings

    return findings(found)
