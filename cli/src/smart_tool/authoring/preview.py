"""What ``smart-tool fix --diff`` says the tree would hold after the fix, without writing it.

The edits are applied to a mirror of the root in a temporary folder, and the root's check
runs there, under the root's own name: a created descriptor lets the check read further
(the manifest's install documents, its command line), so the findings that follow are the
ones ``check`` gives after ``fix``, not the check of the tree as it stands minus what the
edits resolve.

The mirror holds the root's folders and files as the check's walk sees them (VCS, build,
cache and environment folders left out): files hard-linked where the file system allows it,
else copied (a file over :data:`COPY_LIMIT` becomes an empty file of the same size), a
symlink inside the root kept as it is, one leaving the root pointed at its target outside,
so the check refuses it as it does in the root itself. The edits write through a temporary
file renamed over the target, so a hard-linked original is never changed.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path
from typing import Optional

from smart_tool_build.diagnostics.diagnostic import Diagnostic
from smart_tool_build.project import walk
from smart_tool_build.rules.root import check_root

from .edits import Edit, apply

#: the largest file copied whole when it cannot be hard-linked
COPY_LIMIT = 16 * 1024 * 1024


def check_after(root: Path, display: str, edits: list[Edit]) -> list[Diagnostic]:
    """The findings of ``check`` on ``root`` once ``edits`` (this root's) are written.

    Raises :class:`~smart_tool.authoring.edits.EditError` when an edit cannot be made.
    """
    with tempfile.TemporaryDirectory(prefix="smart-tool-fix-") as temp:
        mirror = Path(temp) / "root"
        _mirror(Path(os.path.abspath(root)), mirror)
        moved = [_moved(edit, root, mirror) for edit in edits]
        # an edit that would write through a link out of the mirror is not made: the
        # preview writes nothing outside its temporary folder
        apply([edit for edit in moved if _inside(edit, os.path.realpath(mirror))])
        return check_root(mirror, display=display).diagnostics


def _moved(edit: Edit, root: Path, mirror: Path) -> Edit:
    relative = os.path.relpath(os.path.abspath(edit.path), os.path.abspath(root))
    return edit._replace(path=mirror / relative)


def _inside(edit: Edit, mirror: str) -> bool:
    target = os.path.realpath(edit.path.parent if edit.create else edit.path)
    return target == mirror or target.startswith(mirror + os.sep)


def _mirror(source: Path, target: Path) -> None:
    target.mkdir()
    pending = [(source, target)]
    while pending:
        folder, copy = pending.pop()
        try:
            with os.scandir(folder) as iterator:
                entries = list(iterator)
        except OSError:
            os.chmod(copy, 0)  # unreadable there, unreadable here: the check says so
            continue
        if folder != source and any(entry.name == "pyvenv.cfg" for entry in entries):
            continue  # an environment: nothing the check reads
        for entry in entries:
            made = _entry(entry, copy / entry.name, source)
            if made is not None:
                pending.append((Path(entry.path), made))


def _entry(entry: os.DirEntry[str], copy: Path, source: Path) -> Optional[Path]:
    """Mirror one entry; the copy of a folder to walk into, else None."""
    try:
        info = entry.stat(follow_symlinks=False)
    except OSError:
        return None
    mode = info.st_mode
    if stat.S_ISLNK(mode):
        _link(entry.path, copy, source)
    elif stat.S_ISDIR(mode):
        if walk.skipped(entry.name):
            return None
        copy.mkdir()
        return copy
    elif stat.S_ISREG(mode):
        _file(entry.path, copy, info.st_size)
    elif stat.S_ISFIFO(mode):
        os.mkfifo(copy)
    return None


def _link(path: str, copy: Path, source: Path) -> None:
    try:
        target = os.readlink(path)
    except OSError:
        return
    resolved = os.path.normpath(os.path.join(os.path.dirname(path), target))
    inside = not os.path.isabs(target) and (resolved + os.sep).startswith(str(source) + os.sep)
    os.symlink(target if inside else resolved, copy)


def _file(path: str, copy: Path, size: int) -> None:
    try:
        os.link(path, copy)
        return
    except OSError:
        pass
    try:
        if size <= COPY_LIMIT:
            shutil.copyfile(path, copy, follow_symlinks=False)
            return
    except PermissionError:
        copy.touch(mode=0)  # unreadable there, unreadable here
        return
    except OSError:
        pass
    with open(copy, "wb") as handle:
        handle.truncate(size)
