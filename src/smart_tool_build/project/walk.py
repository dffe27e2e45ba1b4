"""Walking a distribution root for manifests and nested roots: no symlinked folder followed (no
loop, no way out), VCS, build and environment folders skipped, ``exclude`` globs honoured."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path

from .names import DESCRIPTOR_NAME, MANIFEST_NAME

#: folders no walk enters: VCS data, build output, caches and environments hold nothing of
#: the tool's own (a copy of its manifest there is not a second manifest, nor package data)
SKIPPED_FOLDERS = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        ".tox",
        ".nox",
        "node_modules",
        "build",
        "_build",
        "dist",
        "__pycache__",
        ".pytest_cache",
        ".mypy_cache",
        ".ruff_cache",
    }
)


#: what to do about a folder no walk could read (``tree-readable``)
UNREADABLE_HINT = "make it readable (chmod u+rx), or list it in [tool.smart-tool] exclude"


@dataclass
class Scan:
    """What one walk of a root found (paths are POSIX, relative to the root)."""

    manifests: list[str] = field(default_factory=list)
    nested_roots: list[str] = field(default_factory=list)
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    #: SMART_TOOL.md files an ``exclude`` glob hides: a copy of the tool's own manifest
    #: among them is still a second manifest (``exclude`` is for what is not the tool's)
    excluded: list[str] = field(default_factory=list)


def skipped(name: str) -> bool:
    """Whether a folder of this name is one no walk enters (see :data:`SKIPPED_FOLDERS`)."""
    return name in SKIPPED_FOLDERS or name.endswith(".egg-info")


def glob_excluded(relative: str, exclude: tuple[str, ...]) -> bool:
    """Whether an ``exclude`` glob matches ``relative``: the archive verifier's test too, one meaning."""
    return any(fnmatchcase(relative, pattern) for pattern in exclude)


def _entries(top: str, scan: Scan, relative: str) -> list[os.DirEntry[str]]:
    # unsorted: the results are sorted once at the end
    try:
        with os.scandir(top) as iterator:
            return list(iterator)
    except OSError as exc:
        scan.unreadable.append((relative or ".", exc.strerror or str(exc)))
        return []


def _names(entries: list[os.DirEntry[str]]) -> set[str]:
    return {entry.name for entry in entries}


def scan_root(root: Path, exclude: tuple[str, ...] = ()) -> Scan:
    """Find every SMART_TOOL.md under ``root``, stopping at nested roots (each folder listed once)."""
    scan = Scan()
    # (relative path, folder, below an exclude glob): an excluded folder is walked for
    # manifests only; what cannot be read there, or a nested root, is not reported
    pending = [("", str(root), False)]
    while pending:
        relative, top, hidden = pending.pop()
        entries = _entries(top, Scan() if hidden else scan, relative)
        if relative:
            names = _names(entries)
            if "pyvenv.cfg" in names:
                continue
            if DESCRIPTOR_NAME in names:
                if not hidden:
                    scan.nested_roots.append(relative)
                continue
        for entry in entries:
            child = f"{relative}/{entry.name}" if relative else entry.name
            below = hidden or glob_excluded(child, exclude)
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                continue
            if is_dir:
                if not skipped(entry.name):
                    pending.append((child, entry.path, below))
            elif entry.name == MANIFEST_NAME:
                try:
                    if entry.is_file():
                        (scan.excluded if below else scan.manifests).append(child)
                except OSError:  # pragma: no cover - a vanished entry
                    continue
    scan.manifests.sort()
    scan.nested_roots.sort()
    scan.excluded.sort()
    return scan
