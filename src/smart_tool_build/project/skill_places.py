"""Where the backend's own configuration puts a project's skills in the wheel.

:mod:`.skills` finds skills by folder convention; these read the backend's tables for the
places a convention cannot know: hatchling's ``force-include`` (which places a folder itself:
the plugin adds nothing there) and ``sources``, setuptools' ``package-dir``; and the folders
``[tool.smart-tool] skills`` names, with the one package they go into. Imported only for a
project whose tables say something of the kind, whose packages hold skills, or that names
skills folders.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Callable, Optional

from ..diagnostics.diagnostic import Diagnostic, make
from ..parsing.lines import key_line
from .package_dirs import package_dir_folders
from .packages import SKILLS_FOLDER, table_at
from .paths import relative_path_problem
from .skill_entries import path_kind, within

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .config import Options

#: what to do about a skills folder the option cannot use
SOURCE_HINT = 'name a folder inside the root whose subfolders are skills, e.g. skills = ["skills"]'


def wheel_package(folder: str, tool: Mapping[str, Any]) -> str:
    """Where the package at ``folder`` goes in the wheel: by hatchling's ``sources`` (the
    longest prefix it rewrites) or setuptools' ``package-dir``, else by its folder's name."""
    named = package_dir_folders(table_at(tool, "setuptools", "package-dir")).get(folder)
    if named is not None:
        return named
    for table in (table_at(tool, "hatch", "build", "targets", "wheel"), table_at(tool, "hatch", "build")):
        sources = table.get("sources")
        if isinstance(sources, list):
            sources = {prefix: "" for prefix in sources if isinstance(prefix, str)}
        if not isinstance(sources, dict):
            continue
        best: Optional[tuple[str, str]] = None
        for prefix, replacement in sources.items():
            if not isinstance(prefix, str) or not isinstance(replacement, str):
                continue
            prefix = posixpath.normpath(prefix) if prefix.strip("/") else ""
            if (not prefix or folder == prefix or folder.startswith(prefix + "/")) and (
                best is None or len(prefix) > len(best[0])
            ):
                best = (prefix, replacement)
        if best is not None:
            prefix, replacement = best
            rest = folder[len(prefix) :].strip("/")
            placed = posixpath.join(replacement.strip("/"), rest).strip("/")
            if placed and relative_path_problem(placed) is None:
                return posixpath.normpath(placed)
        break  # the target's sources replace the global ones
    return posixpath.basename(folder)


def forced(root: Path, tool: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(skills folder, its folder in the wheel) for each skills folder hatchling's own
    ``force-include`` (the wheel target's, then the global one) places in the wheel: an entry
    whose source or target is a skills folder (``"skills" = "acme/.agents/skills"``) or an
    ``.agents`` folder, or whose source holds ``.agents/skills`` (a package copied elsewhere,
    skills and all)."""
    out: list[tuple[str, str]] = []
    for table in (table_at(tool, "hatch", "build", "targets", "wheel"), table_at(tool, "hatch", "build")):
        entries = table.get("force-include")
        if not isinstance(entries, dict):
            continue
        for source, target in entries.items():
            if not isinstance(source, str) or not isinstance(target, str):
                continue
            target = target.replace("\\", "/").strip("/")
            if relative_path_problem(source) is not None or (target and relative_path_problem(target)):
                continue
            source = posixpath.normpath(source)
            if source == ".":
                source = ""
            parts = tuple(source.split("/")) if source else ()
            places = tuple(target.split("/"))
            if source and (parts[-2:] == (".agents", "skills") or places[-2:] == (".agents", "skills")):
                pair = (source, target)
            elif source and (parts[-1:] == (".agents",) or places[-1:] == (".agents",)):
                pair = (f"{source}/skills", posixpath.join(target, "skills"))
            else:
                pair = (posixpath.join(source, SKILLS_FOLDER), posixpath.join(target, SKILLS_FOLDER))
            if pair not in out and path_kind(os.path.join(root, pair[0])) == "folder":
                out.append(pair)
    return out


def add_placed(
    root: Path,
    tool: Mapping[str, Any],
    skills: list[Any],
    scanned: set[str],
    skills_in: Callable[[str, str], tuple[list[Any], list[Diagnostic]]],
) -> list[Diagnostic]:
    """Add to ``skills`` (:class:`.skills.SkillSource`, which this module does not import: it is
    imported from there) those hatchling's ``force-include`` places (:func:`forced`), marked
    placed: the wheel has them there, the plugin adds nothing. A folder scanned before is the
    same skills at a second place (its lines are not repeated); the same folder at the same
    place (``"src/acme" = "acme"``) is one skill. ``skills_in`` lists one skills folder."""
    out: list[Diagnostic] = []
    index = {(s.source, s.wheel_path): i for i, s in enumerate(skills)}
    for folder, place in forced(root, tool):
        found, problems = skills_in(folder, place)
        for skill in found:
            key = (skill.source, skill.wheel_path)
            if key in index:
                skills[index[key]] = skill._replace(placed=True)
            else:
                index[key] = len(skills)
                skills.append(skill._replace(placed=True))
        out += [] if folder in scanned else problems
        scanned.add(folder)
    return out


def add_named(
    root: Path,
    options: Options,
    folders: list[str],
    where: tuple[str, Optional[str]],
    skills: list[Any],
    scanned: set[str],
    skills_in: Callable[[str, Optional[str]], tuple[list[Any], list[Diagnostic]]],
) -> list[Diagnostic]:
    """Add to ``skills`` those of the folders ``[tool.smart-tool] skills`` names, into the one
    package they go into; ``where`` is pyproject.toml's path as shown and its text."""
    place = (where[0], key_line(where[1], "tool.smart-tool", "skills"))
    target, out = target_package(folders, options.skills_package, place)
    for named in options.skills:
        source = source_folder(root, named, place)
        if isinstance(source, Diagnostic):
            out.append(source)
            continue
        if source in scanned:
            continue  # a package's own skills folder, one the backend places, one named twice
        scanned.add(source)
        found, problems = skills_in(source, target and f"{target}/{SKILLS_FOLDER}")
        skills += found
        out += problems
    return out


def target_package(
    folders: list[str], chosen: Optional[str], where: tuple[str, Optional[int]]
) -> tuple[Optional[str], list[Diagnostic]]:
    """The import package the option's skills go into, or None with the line saying why."""
    where_path, line = where
    names = [posixpath.basename(folder) for folder in folders]
    if chosen is not None:
        if chosen in names:
            return chosen, []
        known = ", ".join(names) or "none"
        message = (
            f"[tool.smart-tool] skills-package names {chosen!r}, not a top-level import "
            f"package of the project; the project's are: {known}"
        )
        hint = (
            f'name one of them: skills-package = "{names[0]}"'
            if names
            else "add the import package at the root or under src/, or name another"
        )
        return None, [make("skills-package-known", where_path, line, message, hint)]
    if len(names) == 1:
        return names[0], []
    if not names:
        message = (
            "[tool.smart-tool] skills needs a package to put the skills in, and the project "
            "has no import package at the root or under src/"
        )
        hint = "add an import package, a folder with __init__.py, at the root or under src/"
        return None, [make("skills-package-known", where_path, line, message, hint)]
    message = (
        f"[tool.smart-tool] skills: the project has several top-level packages: "
        f"{', '.join(names)}; which one carries the skills?"
    )
    return None, [
        make("skills-package-known", where_path, line, message, f'add skills-package = "{names[0]}"')
    ]


def source_folder(root: Path, named: str, where: tuple[str, Optional[int]]) -> str | Diagnostic:
    """The option's folder, normalised, or the line saying why it cannot be one."""
    where_path, line = where
    problem = relative_path_problem(named)
    if problem is None and posixpath.normpath(named) == ".":
        problem = "is the root itself; name the folder that holds the skills"
    if problem is not None:
        message = f"[tool.smart-tool] skills: {named!r} {problem}"
        return make("skills-source-present", where_path, line, message, SOURCE_HINT)
    normal = posixpath.normpath(named)
    path = os.path.join(root, normal)
    if not within(os.path.realpath(root), path):
        return make(
            "skills-source-present",
            where_path,
            line,
            f"[tool.smart-tool] skills: {named!r} leads outside the root",
            SOURCE_HINT,
        )
    kind = path_kind(path)
    if kind != "folder":
        what = (
            "does not exist"
            if kind == "missing"
            else f"is {'a file' if kind == 'file' else kind}, not a folder"
        )
        message = f"[tool.smart-tool] skills: {named!r} {what}"
        hint = (
            f"create the folder {normal}/ with one subfolder per skill, or name another"
            if kind == "missing"
            else SOURCE_HINT
        )
        return make("skills-source-present", where_path, line, message, hint)
    return normal
