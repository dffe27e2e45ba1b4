"""Library skills in a source tree: every Agent Skill folder a project ships, and where it goes.

Two layouts are found (no rule is applied here; :mod:`smart_tool_build.rules.skills` judges
what is found):

- ``<package>/.agents/skills/<name>/`` inside each top-level import package (src layout or
  flat): the wheel keeps it at its import path, library-skills' convention;
- each subfolder of the folders ``[tool.smart-tool] skills`` names (``skills = ["skills"]``):
  the wheel carries it at ``<package>/.agents/skills/<name>/``, ``<package>`` the one
  top-level import package or ``skills-package``; the sdist keeps its source path.

What cannot be a skill (a file or a FIFO where a folder belongs, a name that is not UTF-8 or
holds a newline, a symlink out of the root, a folder without SKILL.md) is one coded line
each. Each skills folder is listed once (a thousand skills are a thousand ``lstat`` calls).
"""

from __future__ import annotations

import os
import posixpath
import stat
from typing import NamedTuple

from ..diagnostics.diagnostic import Diagnostic, make
from ..parsing.lines import key_line
from .names import PYPROJECT
from .packages import SKILLS_FOLDER, listing, package_folders, path_kind
from .paths import relative_path_problem

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from pathlib import Path
    from typing import Any, NamedTuple, Optional

    from .config import Options

SKILL_FILE = "SKILL.md"
#: a skill's files at most (a walk of a huge tree stops there, with a line saying so)
MAX_FILES = 10_000
_TABLE = "tool.smart-tool"
#: what to do about a name no wheel can carry, and about a skills folder the option cannot use
RENAME_HINT = "rename it with printable UTF-8 characters, such as lowercase letters, digits and hyphens"
SOURCE_HINT = 'name a folder inside the root whose subfolders are skills, e.g. skills = ["skills"]'


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
    folder that cannot be a skill.

    ``packages`` are the top-level import packages' folders relative to ``root`` (default:
    :func:`package_folders`); ``prefix`` goes before every path in the diagnostics (the root
    as the user named it); ``text`` is pyproject.toml's, for the lines of the options, and
    ``tool`` its ``[tool]`` table, where a backend may say where the packages are. A folder
    without SKILL.md is reported, not returned.
    """
    folders = list(package_folders(root, tool) if packages is None else packages)
    skills: list[SkillSource] = []
    out: list[Diagnostic] = []
    for folder in folders:
        package = posixpath.basename(folder)
        found, problems = _skills_in(root, f"{folder}/{SKILLS_FOLDER}", f"{package}/{SKILLS_FOLDER}", prefix)
        skills += found
        out += problems
    if options.skills:
        where = (prefix + PYPROJECT, key_line(text, _TABLE, "skills"))
        target, problems = _target_package(folders, options.skills_package, where)
        out += problems
        for named in options.skills:
            source = _source_folder(root, named, where)
            if isinstance(source, Diagnostic):
                out.append(source)
                continue
            if source in {f"{folder}/{SKILLS_FOLDER}" for folder in folders}:
                continue  # a package's own skills folder, named again: found above
            found, problems = _skills_in(root, source, target and f"{target}/{SKILLS_FOLDER}", prefix)
            skills += found
            out += problems
    return skills, out


def skill_files(root: Path, skill: SkillSource, *, prefix: str = "") -> tuple[list[str], list[Diagnostic]]:
    """Every regular file of ``skill``'s folder, relative to the folder (POSIX, sorted), and a
    line for each entry that cannot ship: a symlink out of the root, a FIFO or a device, a
    name that is not UTF-8. Symlinks inside the root are followed (no loop: a folder seen
    once is not entered again)."""
    top = os.path.join(root, skill.source)
    real_root: Optional[str] = None  # resolved at the first symlink, if there is one
    files: list[str] = []
    out: list[Diagnostic] = []
    seen: set[tuple[int, int]] = set()  # (device, inode) of each folder entered
    pending = [""]
    while pending and len(files) <= MAX_FILES:
        relative = pending.pop()
        try:
            info = os.stat(os.path.join(top, relative))
        except (OSError, ValueError):
            continue
        if (info.st_dev, info.st_ino) in seen:
            continue
        seen.add((info.st_dev, info.st_ino))
        for entry in listing(os.path.join(top, relative)):
            inner = f"{relative}/{entry.name}" if relative else entry.name
            shown = f"{prefix}{skill.source}/{_printable(inner)}"
            unusable = _name_problem(entry.name)
            if unusable:
                message = f"a file name {unusable}; no wheel can carry it"
                out.append(make("skill-folder", shown, None, message, RENAME_HINT))
                continue
            if entry.is_symlink():
                real_root = real_root or os.path.realpath(root)
                if not _within(real_root, entry.path):
                    out.append(_outside(shown, "a symlink in the skill"))
                    continue
            kind = _entry_kind(entry)
            if kind == "folder":
                pending.append(inner)
            elif kind == "file":
                files.append(inner)
            elif kind != "missing":
                out.append(
                    make(
                        "skill-folder",
                        shown,
                        None,
                        f"{kind} in the skill folder; an archive carries only files",
                        f"remove {kind[2:]} from the skill folder, or replace it with a regular file",
                    )
                )
    if len(files) > MAX_FILES:
        out.append(
            make(
                "skill-folder",
                prefix + skill.source,
                None,
                f"the skill holds more than {MAX_FILES} files; not a skill",
                f"keep the skill to at most {MAX_FILES} files, and move the rest out of its folder",
            )
        )
    return sorted(files), out


def _skills_in(
    root: Path, folder: str, wheel_folder: Optional[str], prefix: str
) -> tuple[list[SkillSource], list[Diagnostic]]:
    """The skills of one skills folder (``folder`` relative to ``root``): each subfolder."""
    path = os.path.join(root, folder)
    try:
        info = os.lstat(path)
    except (OSError, ValueError):
        return [], []  # no such folder: no skills here (a named one is checked before)
    shown_folder = prefix + folder
    if stat.S_ISLNK(info.st_mode) and not _within(os.path.realpath(root), path):
        return [], [_outside(shown_folder, "the skills folder")]
    if path_kind(path) != "folder":
        message = "is not a folder; skills go in its subfolders"
        hint = "make it a folder that holds one subfolder per skill"
        return [], [make("skill-folder", shown_folder, None, message, hint)]
    real_root = os.path.realpath(root)
    skills: list[SkillSource] = []
    out: list[Diagnostic] = []
    for entry in sorted(listing(path), key=lambda e: e.name):
        name = entry.name
        unusable = _name_problem(name)
        if unusable:
            message = f"a skill folder's name {unusable}: {_printable(name)}"
            out.append(make("skill-folder", shown_folder, None, message, RENAME_HINT))
            continue
        source = f"{folder}/{name}"
        shown = prefix + source
        if entry.is_symlink() and not _within(real_root, entry.path):
            out.append(_outside(shown, "the skill folder"))
            continue
        kind = _entry_kind(entry)
        if kind == "missing" or (kind == "file" and name.startswith(".")):
            continue  # a dangling link, a .gitkeep: nothing a reader would take for a skill
        if kind != "folder":
            severity = None
            if kind == "file":
                from ..diagnostics.severity import Severity

                severity = Severity.WARNING
            what = "a plain file" if kind == "file" else kind
            hint = "keep only skill folders here; move the file elsewhere, since library-skills ignores it"
            out.append(make("skill-folder", shown, None, f"is {what}, not a skill folder", hint, severity))
            continue
        if not os.path.lexists(os.path.join(entry.path, SKILL_FILE)):
            out.append(
                make(
                    "skill-md-present",
                    f"{shown}/{SKILL_FILE}",
                    None,
                    f"the skill folder {shown}/ has no {SKILL_FILE}",
                    f"add {SKILL_FILE} with the frontmatter name: {name} and a description, "
                    "or remove the folder",
                    anchor=_anchor(entry.path, shown, prefix),
                )
            )
            continue
        wheel = wheel_folder and f"{wheel_folder}/{name}"
        skills.append(SkillSource(name, source, wheel, source))
    return skills, out


def _anchor(folder: str, shown: str, prefix: str) -> str:
    """A file that exists for a finding about a missing one (an annotation needs one): the
    folder's first file, else the package definition."""
    names = sorted(e.name for e in listing(folder) if _entry_kind(e) == "file" and not _name_problem(e.name))
    return f"{shown}/{names[0]}" if names else prefix + PYPROJECT


def _target_package(
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


def _source_folder(root: Path, named: str, where: tuple[str, Optional[int]]) -> str | Diagnostic:
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
    if not _within(os.path.realpath(root), path):
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


def _entry_kind(entry: os.DirEntry[str]) -> str:
    """What a listing's entry is: a regular file or folder from the listing's own file type (no
    system call where the file system gives one); a symlink, followed, and the rest by
    :func:`~smart_tool_build.project.packages.path_kind`."""
    try:
        if entry.is_dir(follow_symlinks=False):
            return "folder"
        if entry.is_file(follow_symlinks=False):
            return "file"
    except OSError:
        pass
    return path_kind(entry.path)


def _within(real_root: str, path: str) -> bool:
    real = os.path.realpath(path)
    return real == real_root or real.startswith(real_root.rstrip(os.sep) + os.sep)


def _name_problem(name: str) -> Optional[str]:
    """Why ``name`` (as the file system gave it) cannot be carried, if it cannot."""
    if name.isascii() and name.isprintable():
        return None  # nearly every name: one pass in C, none character by character
    if any("\udc80" <= c <= "\udcff" for c in name):
        return "is not UTF-8"
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        return "holds control characters, such as a newline or a tab"
    return None


def _printable(name: str) -> str:
    """``name`` safe for one line: when it is unusable, its bytes escaped as Python shows them."""
    if _name_problem(name) is None:
        return name
    return repr(name.encode("utf-8", "surrogateescape"))[2:-1]


def _outside(shown: str, what: str) -> Diagnostic:
    return make(
        "skill-inside-root",
        shown,
        None,
        f"{what} is a symlink that leads outside the distribution root; refused",
        "replace the symlink with the files themselves, kept inside the root",
    )
