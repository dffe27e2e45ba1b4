"""Path containment: does a path under a root stay inside it once `..` and symlinks are followed?"""

from __future__ import annotations

import os
import posixpath
import re
import stat

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Optional


def escapes(root: Path, relative: str) -> bool:
    """True when ``root/relative`` leads outside ``root`` through a symlink.

    ``relative`` is a normalised POSIX path without ``..``. Only the components below the
    root are looked at (a few ``lstat`` calls); the full ``realpath`` is computed only when
    one of them is a symlink.
    """
    current = os.fspath(root)
    for part in relative.split("/"):
        if part in ("", "."):
            continue
        current = os.path.join(current, part)
        try:
            mode = os.lstat(current).st_mode
        except (OSError, ValueError):  # ValueError: a NUL in the path
            return False  # nothing there, so nothing to follow
        if stat.S_ISLNK(mode):
            real_root = os.path.realpath(root)
            real = os.path.realpath(os.path.join(root, relative))
            return not (real == real_root or real.startswith(real_root.rstrip(os.sep) + os.sep))
    return False


def inside(root: Path, relative: str) -> bool:
    """True when ``root/relative`` is a path strictly below ``root``, once ``..`` and
    symlinks are resolved (``relative`` as a user wrote it, e.g. a readme path)."""
    normal = os.path.normpath(relative)
    if os.path.isabs(normal) or normal in (os.curdir, os.pardir) or normal.startswith(os.pardir + os.sep):
        return False
    return not escapes(root, normal.replace(os.sep, "/"))


def relative_path_problem(path: str) -> Optional[str]:
    """Why ``path`` is not a safe relative POSIX path inside its root, if it is not (control
    characters, lone surrogates, backslashes, absolute, or ``..`` out of the root)."""
    if any(ord(c) < 32 for c in path):
        return "contains control characters"
    if any("\ud800" <= c <= "\udfff" for c in path):  # a JSON escape such as "\ud800"
        return "contains a lone surrogate (an escape such as \\ud800), which is not text"
    if "\\" in path:
        return "uses backslashes; write the path with /"
    if path.startswith("/") or re.match(r"[A-Za-z]:", path):
        return "is absolute; it must be relative to the descriptor"
    normal = posixpath.normpath(path)
    if normal == ".." or normal.startswith("../"):
        return "escapes the distribution root"
    return None
