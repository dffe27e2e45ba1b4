"""What a skill folder's listing holds: each entry's kind (and any path's), and whether a path
stays inside the root. The finding of skills and their words both read these."""

from __future__ import annotations

import os
import stat


def within(real_root: str, path: str) -> bool:
    """Whether ``path``, symlinks resolved, is ``real_root`` or inside it."""
    real = os.path.realpath(path)
    return real == real_root or real.startswith(real_root.rstrip(os.sep) + os.sep)


def entry_kind(entry: os.DirEntry[str]) -> str:
    """What a listing's entry is: a regular file or folder from the listing's own file type (no
    system call where the file system gives one); a symlink, followed, and the rest by
    :func:`path_kind`."""
    try:
        if entry.is_dir(follow_symlinks=False):
            return "folder"
        if entry.is_file(follow_symlinks=False):
            return "file"
    except OSError:
        pass
    return path_kind(entry.path)


def path_kind(path: str) -> str:
    """What ``path`` is, symlinks followed: "folder", "file", "missing", or a phrase for the rest."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return "missing"
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device"
