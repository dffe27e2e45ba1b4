"""Edits to a project's files: byte spans replaced or new files created, written atomically
(a temporary file beside the original, renamed over it, its mode kept) and shown as diffs.

An edit names the exact bytes it replaces; every other byte of the file stays as it was. A
file that changed since the edit was computed, or that cannot be written, stops every write:
nothing is half-done.
"""

from __future__ import annotations

import contextlib
import difflib
import os
import re
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple, Optional

_LINES = re.compile(r"[^\n]*\n|[^\n]+\Z")


class Edit(NamedTuple):
    """Replace ``old`` at ``start:end`` of a file with ``new`` (or create the file)."""

    path: Path
    #: the file as the user names it (the root's display prefix, then the relative path)
    shown: str
    start: int
    end: int
    old: bytes
    new: bytes
    #: the code of the finding the edit resolves
    code: str
    #: the 1-based line the span starts on
    line: Optional[int]
    #: what changes, for people (``version '1.0.0' -> '1.1.0'``)
    message: str
    #: a new file: ``new`` is its whole content, and an existing file is never overwritten
    create: bool = False


class EditError(Exception):
    """An edit could not be made; nothing was written. The message is one line."""


class _Change(NamedTuple):
    """One file's edits, applied in memory."""

    path: Path
    shown: str
    before: Optional[bytes]  # None: the file is created
    after: bytes


def creation(path: Path, shown: str, content: bytes, code: str, message: str) -> Edit:
    return Edit(path, shown, 0, 0, b"", content, code, None, message, create=True)


def _changes(edits: Iterable[Edit]) -> list[_Change]:
    by_file: dict[str, list[Edit]] = {}
    for edit in edits:  # by the file itself: a link and its target are one file
        key = str(edit.path) if edit.create else os.path.realpath(edit.path)
        by_file.setdefault(key, []).append(edit)
    changes = []
    for key, group in by_file.items():
        shown, path = group[0].shown, Path(key)  # a symlink stays a symlink: its target is edited
        if any(edit.create for edit in group):
            if len(group) > 1:
                raise EditError(f"{shown}: a new file cannot also be edited")
            if os.path.lexists(path):
                raise EditError(f"{shown} already exists; it is never overwritten")
            changes.append(_Change(path, shown, None, group[0].new))
            continue
        before = _read(path, shown)
        after, position = bytearray(), 0
        for edit in sorted(group, key=lambda e: e.start):
            if edit.start < position or before[edit.start : edit.end] != edit.old:
                raise EditError(f"{shown} changed since it was read (or two edits overlap); run again")
            after += before[position : edit.start] + edit.new
            position = edit.end
        after += before[position:]
        changes.append(_Change(path, shown, before, bytes(after)))
    return changes


def _read(path: Path, shown: str) -> bytes:
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise EditError(f"{shown} is not a regular file")
        return path.read_bytes()
    except OSError as exc:
        raise EditError(f"{shown}: cannot read: {exc.strerror or exc}") from None


def apply(edits: Iterable[Edit]) -> list[str]:
    """Write every edit, atomically per file; return the shown paths written.

    Every file is checked and its new content written to a temporary file first; only when
    all of them are ready is each renamed over its original. A read-only file (no write
    permission bit, or one this user may not write) stops everything with :class:`EditError`.
    """
    changes = [change for change in _changes(edits) if change.after != change.before]
    ready: list[tuple[_Change, str]] = []
    try:
        for change in changes:
            ready.append((change, _prepare(change)))
    except EditError:
        _discard(temp for _, temp in ready)
        raise
    written: list[str] = []
    for index, (change, temp) in enumerate(ready):
        try:
            _commit(change, temp)
        except (OSError, EditError) as exc:
            _discard(temp for _, temp in ready[index:])
            done = f"; already written: {', '.join(written)}" if written else "; nothing was changed"
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise EditError(f"{change.shown}: cannot write: {reason}{done}") from None
        written.append(change.shown)
    return written


def _prepare(change: _Change) -> str:
    """The new content in a temporary file beside the target, with the target's mode."""
    folder = change.path.parent
    if change.before is None:
        mask = os.umask(0)
        os.umask(mask)
        mode, owner = 0o666 & ~mask, None
    else:
        info = os.stat(change.path)
        mode, owner = stat.S_IMODE(info.st_mode), (info.st_uid, info.st_gid)
        problem = _not_writable(change.path, info.st_mode)
        if problem:
            raise EditError(f"{change.shown} {problem}; nothing was changed")
    try:
        handle, temp = tempfile.mkstemp(dir=folder, prefix=f".{change.path.name}.", suffix=".tmp")
    except OSError as exc:
        raise EditError(
            f"{change.shown}: cannot write in {folder.name or folder}: {exc.strerror or exc}; "
            "nothing was changed"
        ) from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(change.after)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, mode)
        if owner is not None and hasattr(os, "chown") and os.geteuid() == 0:
            os.chown(temp, *owner)
    except OSError as exc:
        _discard([temp])
        raise EditError(f"{change.shown}: cannot write: {exc.strerror or exc}; nothing was changed") from None
    return temp


def _not_writable(path: Path, mode: int) -> Optional[str]:
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        return "is read-only (no write permission)"
    try:
        os.close(os.open(path, os.O_WRONLY))
    except OSError as exc:
        return f"cannot be written: {exc.strerror or exc}"
    return None


def _commit(change: _Change, temp: str) -> None:
    if change.before is not None:
        os.replace(temp, change.path)
        return
    try:  # a link never replaces an existing file: creation cannot clobber
        os.link(temp, change.path)
    except FileExistsError:
        raise EditError("it appeared while writing; it is never overwritten") from None
    except OSError:  # a file system without hard links
        if os.path.lexists(change.path):
            raise EditError("it appeared while writing; it is never overwritten") from None
        os.replace(temp, change.path)
        return
    os.unlink(temp)


def _discard(temps: Iterable[str]) -> None:
    for temp in temps:
        with contextlib.suppress(OSError):
            os.unlink(temp)


def unified_diff(edits: Iterable[Edit]) -> str:
    """A unified diff (``a/`` and ``b/`` paths, three lines of context) of every edit."""
    out: list[str] = []
    for change in _changes(edits):
        before = _lines(change.before or b"")
        after = _lines(change.after)
        source = "/dev/null" if change.before is None else f"a/{change.shown}"
        for line in difflib.unified_diff(before, after, source, f"b/{change.shown}", lineterm="\n"):
            out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


def _lines(data: bytes) -> list[str]:
    return _LINES.findall(data.decode("utf-8", errors="replace"))
