"""Path containment: does a path under a root stay inside it once `..` and symlinks are
followed? And the one bounded read of a project file (:func:`read_inside`), and what a file
that cannot be read or parsed raises (:class:`Unparsable`)."""

from __future__ import annotations

import os
import posixpath
import re
import stat

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Optional

#: the most any project file is read: the manifest's bound (a page, not a data set)
MAX_FILE_BYTES = 1024 * 1024


class Unparsable(ValueError):
    """A file that cannot be read or parsed: ``message`` says why, ``line`` where (or None);
    ``refused`` when it is not read for what it is (outside the root, not a regular file,
    over the bound) or is beyond the parser's limits, not merely missing or malformed."""

    def __init__(self, message: str, line: Optional[int] = None, *, refused: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.refused = refused


class RefusedFile(OSError):
    """A project file that is not read: outside the root (``..`` or a symlink out), not a
    regular file (a FIFO, a device, a folder), larger than the bound, or unreadable. Its
    message says which, as the end of a sentence that starts with the file's path."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


def read_inside(root: Path, relative: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of ``root/relative``: a regular file inside the root of at most ``limit``
    bytes, or :class:`RefusedFile`. Nothing is opened before ``lstat``/``stat`` says it is a
    regular file of a size within the bound (a FIFO would block, ``/dev/zero`` never end, a
    4 GiB sparse file fill memory), and the open itself does not block."""
    info: Optional[os.stat_result] = None
    data: Optional[bytes] = None
    problem: Optional[Exception] = None
    if inside(root, relative):
        path = os.path.join(root, relative)
        try:
            info = os.stat(path)
            if stat.S_ISREG(info.st_mode) and info.st_size <= limit:
                descriptor = os.open(
                    path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
                )
                with open(descriptor, "rb") as handle:
                    if stat.S_ISREG(os.fstat(handle.fileno()).st_mode):  # not swapped since the stat
                        data = handle.read(limit + 1)
        except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
            problem = exc
        if data is not None and len(data) <= limit:
            return data
    from .paths_words import refusal

    raise RefusedFile(refusal(info, data, problem, limit))


def escapes(root: Path, relative: str) -> bool:
    """True when ``root/relative`` (normalised POSIX, no ``..``) leads outside ``root`` through a
    symlink: ``realpath`` only when a component below the root is one."""
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
