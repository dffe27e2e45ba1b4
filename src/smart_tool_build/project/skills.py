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
from .packages import SKILLS_FOLDER, force_includes, listing, package_folders, path_kind, table_at, within

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from pathlib import Path
    from typing import Any, NamedTuple, Optional

    from .config import Options

SKILL_FILE = "SKILL.md"
#: a skill's files at most (a walk of a huge tree stops there, with a line saying so)
MAX_FILES = 10_000
_TABLE = "tool.smart-tool"
#: what to do about a name no wheel can carry
RENAME_HINT = "rename it with printable UTF-8 characters, such as lowercase letters, digits and hyphens"


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
    if options.skills:
        where = (prefix + PYPROJECT, key_line(text, _TABLE, "skills"))
        from .skill_places import source_folder, target_package

        target, problems = target_package(folders, options.skills_package, where)
        out += problems
        for named in options.skills:
            source = source_folder(root, named, where)
            if isinstance(source, Diagnostic):
                out.append(source)
                continue
            if source in scanned:
                continue  # a package's own skills folder, one the backend places, one named twice
            scanned.add(source)
            found, problems = _skills_in(root, source, target and f"{target}/{SKILLS_FOLDER}", prefix)
            skills += found
            out += problems
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
    real_root: Optional[str] = None  # resolved at the first symlink, if there is one
    files: list[str] = []
    out: list[Diagnostic] = []
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
                out.append(_unreadable(f"{prefix}{skill.source}/{_printable(relative)}", exc))
            continue
        if (info.st_dev, info.st_ino) in seen:
            continue
        seen.add((info.st_dev, info.st_ino))
        for entry in listed:
            inner = f"{relative}/{entry.name}" if relative else entry.name
            unusable = _name_problem(entry.name)
            if unusable:  # said at the folder holding it, a path that exists and prints
                holder = f"{prefix}{skill.source}/{relative}" if relative else f"{prefix}{skill.source}"
                message = f"a file name {unusable}; no wheel can carry it: {_printable(entry.name)}"
                out.append(make("skill-folder", holder, None, message, RENAME_HINT))
                continue
            shown = f"{prefix}{skill.source}/{inner}"
            folder = _entry_kind(entry) == "folder"
            if ignored(entry.name, folder):
                if left_out is not None:
                    left_out.append(inner + "/" if folder else inner)
                continue
            if entry.is_symlink():
                real_root = real_root or os.path.realpath(root)
                if not within(real_root, entry.path):
                    out.append(_outside(shown, "a symlink in the skill"))
                    continue
            kind = _entry_kind(entry)
            if kind == "folder":
                pending.append(inner)
            elif kind == "file":
                if len(entry.path) > 1024:  # only a long path can be past the limit: stat it
                    try:
                        os.stat(entry.path)
                    except OSError as exc:
                        out.append(_unreadable(shown, exc))
                        continue
                files.append(inner)
            elif kind == "missing":
                if entry.is_symlink():
                    out.append(_nowhere(shown))
            else:
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
    shown_folder = prefix + folder
    # the folder, or any folder on the way to it (a symlinked ``<package>/.agents``)
    if not within(os.path.realpath(root), path):
        what = (
            "the skills folder" if stat.S_ISLNK(info.st_mode) else "a folder on the way to the skills folder"
        )
        return [], [_outside(shown_folder, what)]
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
        if entry.is_symlink() and not within(real_root, entry.path):
            out.append(_outside(shown, "the skill folder"))
            continue
        kind = _entry_kind(entry)
        if kind == "missing" and entry.is_symlink():
            out.append(_nowhere(shown))
            continue
        if kind == "missing" or (kind == "file" and name.startswith(".")):
            continue  # gone since it was listed, a .gitkeep: nothing a reader would take for a skill
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


def _unreadable(shown: str, exc: BaseException) -> Diagnostic:
    """A file or folder of a skill that cannot be read: no archive would carry it."""
    reason = getattr(exc, "strerror", None) or str(exc)
    message = f"cannot be read ({reason}); no archive can carry it"
    return make(
        "skill-folder", shown, None, message, "keep the skill's folders shallow and their names short"
    )


def _nowhere(shown: str) -> Diagnostic:
    """A symlink that leads nowhere: the backends fail on it when they read it."""
    return make(
        "skill-folder",
        shown,
        None,
        "is a symlink that leads nowhere, dangling or in a loop; no archive can carry it",
        "remove the symlink, or point it at a file inside the project",
    )


def _outside(shown: str, what: str) -> Diagnostic:
    return make(
        "skill-inside-root",
        shown,
        None,
        f"{what} is a symlink that leads outside the distribution root; refused",
        "replace the symlink with the files themselves, kept inside the root",
    )
