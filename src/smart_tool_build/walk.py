"""Walking a distribution root: manifests, nested roots, and roots below a folder.

The walk never follows a symlinked folder (so it cannot loop or leave the root), skips
VCS, build, cache and environment folders, and honours ``exclude`` globs.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path

from .descriptor import DESCRIPTOR_NAME
from .manifest import MANIFEST_NAME

SKIPPED_FOLDERS = frozenset(
    {".git", ".hg", ".svn", ".tox", ".nox", "node_modules", "build", "dist", "__pycache__"}
)


@dataclass
class Scan:
    """What one walk of a root found (paths are POSIX, relative to the root)."""

    manifests: list[str] = field(default_factory=list)
    nested_roots: list[str] = field(default_factory=list)
    unreadable: list[tuple[str, str]] = field(default_factory=list)


def _skipped(name: str, path: str) -> bool:
    if name in SKIPPED_FOLDERS or name.endswith(".egg-info"):
        return True
    return os.path.isfile(os.path.join(path, "pyvenv.cfg"))


def _excluded(relative: str, exclude: tuple[str, ...]) -> bool:
    return any(fnmatchcase(relative, pattern) for pattern in exclude)


def _entries(top: str, scan: Scan, relative: str) -> Iterator[os.DirEntry[str]]:
    try:
        with os.scandir(top) as iterator:
            entries = sorted(iterator, key=lambda e: e.name)
    except OSError as exc:
        scan.unreadable.append((relative or ".", exc.strerror or str(exc)))
        return iter(())
    return iter(entries)


def scan_root(root: Path, exclude: tuple[str, ...] = ()) -> Scan:
    """Find every SMART_TOOL.md under ``root``, stopping at nested roots."""
    scan = Scan()
    pending = [("", str(root))]
    while pending:
        relative, top = pending.pop()
        for entry in _entries(top, scan, relative):
            child = f"{relative}/{entry.name}" if relative else entry.name
            if _excluded(child, exclude):
                continue
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                continue
            if is_dir:
                if _skipped(entry.name, entry.path):
                    continue
                if os.path.isfile(os.path.join(entry.path, DESCRIPTOR_NAME)):
                    scan.nested_roots.append(child)
                    continue
                pending.append((child, entry.path))
            elif entry.name == MANIFEST_NAME:
                try:
                    if entry.is_file():
                        scan.manifests.append(child)
                except OSError:  # pragma: no cover - a vanished entry
                    continue
    scan.manifests.sort()
    scan.nested_roots.sort()
    return scan


def find_roots(top: Path, exclude: tuple[str, ...] = ()) -> tuple[list[Path], list[tuple[str, str]]]:
    """Every folder at or below ``top`` that holds a smart-tool.json."""
    roots: list[Path] = []
    scan = Scan()
    if (top / DESCRIPTOR_NAME).is_file():
        roots.append(top)
    pending = [("", str(top))]
    while pending:
        relative, folder = pending.pop()
        for entry in _entries(folder, scan, relative):
            child = f"{relative}/{entry.name}" if relative else entry.name
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                continue
            if not is_dir or _skipped(entry.name, entry.path) or _excluded(child, exclude):
                continue
            if os.path.isfile(os.path.join(entry.path, DESCRIPTOR_NAME)):
                roots.append(Path(entry.path))
            pending.append((child, entry.path))
    roots.sort()
    return roots, scan.unreadable
