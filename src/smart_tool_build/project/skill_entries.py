"""What a skill folder's listing holds: each entry's kind, and whether a path stays inside the
root. The finding of skills and their words both read these."""

from __future__ import annotations

import os

from .packages import path_kind


def within(real_root: str, path: str) -> bool:
    """Whether ``path``, symlinks resolved, is ``real_root`` or inside it."""
    real = os.path.realpath(path)
    return real == real_root or real.startswith(real_root.rstrip(os.sep) + os.sep)


def entry_kind(entry: os.DirEntry[str]) -> str:
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
