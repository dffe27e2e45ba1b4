"""What a skills folder's or a skill's listing holds besides plain folders and files: a
symlink, a name no wheel carries, a FIFO, a path past the limit, what never ships; and a
skills folder that is no folder. Only such a listing loads this."""

from __future__ import annotations

import os
import stat

from .names import SKILL_FILE
from .skill_entries import entry_kind, within

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import Any, Optional


def no_skills_folder(real_root: str, path: str, shown: str, info: os.stat_result) -> tuple[Any, ...]:
    """What is found of a skills folder outside the root, or that is no folder."""
    if not within(real_root, path):
        return ("outside skills folder", shown, stat.S_ISLNK(info.st_mode))
    return ("not a folder", shown)


def skill_entry(
    entry: os.DirEntry[str], folder: str, prefix: str, real_root: str, found: list[tuple[Any, ...]]
) -> bool:
    """Whether an entry of a skills folder that is not a plain skill folder is a skill; what is
    found of it goes to ``found``."""
    name = entry.name
    unusable = name_problem(name)
    if unusable:
        found.append(("skill name", prefix + folder, unusable, name))
        return False
    shown = f"{prefix}{folder}/{name}"
    if entry.is_symlink() and not within(real_root, entry.path):
        found.append(("outside", shown, "the skill folder"))
        return False
    kind = entry_kind(entry)
    if kind == "missing" and entry.is_symlink():
        found.append(("nowhere", shown))
        return False
    if kind == "missing" or (kind == "file" and name.startswith(".")):
        return False  # gone since it was listed, a .gitkeep: nothing a reader would take for a skill
    if kind != "folder":
        found.append(("not a skill", shown, kind))
        return False
    if not os.path.lexists(os.path.join(entry.path, SKILL_FILE)):
        found.append(("no SKILL.md", shown, name, entry.path, prefix))
        return False
    return True


def file_entry(
    entry: os.DirEntry[str],
    relative: str,
    top: str,
    root: Path,
    ignored: Callable[[str, bool], bool],
    left_out: Optional[list[str]],
    lists: tuple[list[str], list[str], list[tuple[Any, ...]]],
) -> None:
    """One entry of a skill's folder ``relative`` that is not a plain folder or file, added to
    ``lists`` (files, folders to enter, what is found) or ``left_out``; ``top`` is the skill as
    shown, ``root`` the distribution root."""
    files, pending, found = lists
    inner = f"{relative}/{entry.name}" if relative else entry.name
    unusable = name_problem(entry.name)
    if unusable:  # said at the folder holding it, a path that exists and prints
        found.append(("file name", f"{top}/{relative}" if relative else top, unusable, entry.name))
        return
    shown = f"{top}/{inner}"
    folder = entry_kind(entry) == "folder"
    if ignored(entry.name, folder):
        if left_out is not None:
            left_out.append(inner + "/" if folder else inner)
        return
    if entry.is_symlink() and not within(os.path.realpath(root), entry.path):
        found.append(("outside", shown, "a symlink in the skill"))
        return
    kind = entry_kind(entry)
    if kind == "folder":
        pending.append(inner)
    elif kind == "file":
        if len(entry.path) > 1024:  # only a long path can be past the limit: stat it
            try:
                os.stat(entry.path)
            except OSError as exc:
                found.append(("unreadable", shown, exc))
                return
        files.append(inner)
    elif kind == "missing":
        if entry.is_symlink():
            found.append(("nowhere", shown))
    else:
        found.append(("not a file", shown, kind))


def name_problem(name: str) -> Optional[str]:
    """Why ``name`` (as the file system gave it) cannot be carried, if it cannot."""
    if name.isascii() and name.isprintable():
        return None  # nearly every name: one pass in C, none character by character
    if any("\udc80" <= c <= "\udcff" for c in name):
        return "is not UTF-8"
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        return "holds control characters, such as a newline or a tab"
    return None
