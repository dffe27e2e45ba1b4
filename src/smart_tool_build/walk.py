"""Walking a distribution root: manifests, nested roots, and roots below a folder.

The walk never follows a symlinked folder (so it cannot loop or leave the root), skips
VCS, build, cache and environment folders, and honours ``exclude`` globs.
"""

from __future__ import annotations

import os
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


def _skipped(name: str) -> bool:
    return name in SKIPPED_FOLDERS or name.endswith(".egg-info")


def _excluded(relative: str, exclude: tuple[str, ...]) -> bool:
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
    """Find every SMART_TOOL.md under ``root``, stopping at nested roots.

    A folder is listed once; whether it is a nested root (it holds smart-tool.json) or an
    environment (it holds pyvenv.cfg) is read from that one listing, not from extra stats.
    """
    scan = Scan()
    pending = [("", str(root))]
    while pending:
        relative, top = pending.pop()
        entries = _entries(top, scan, relative)
        if relative:
            names = _names(entries)
            if "pyvenv.cfg" in names:
                continue
            if DESCRIPTOR_NAME in names:
                scan.nested_roots.append(relative)
                continue
        for entry in entries:
            child = f"{relative}/{entry.name}" if relative else entry.name
            if _excluded(child, exclude):
                continue
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                continue
            if is_dir:
                if not _skipped(entry.name):
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
    pending = [("", str(top))]
    while pending:
        relative, folder = pending.pop()
        entries = _entries(folder, scan, relative)
        names = _names(entries)
        if relative and "pyvenv.cfg" in names:
            continue
        if DESCRIPTOR_NAME in names:
            roots.append(top / relative if relative else top)
        for entry in entries:
            child = f"{relative}/{entry.name}" if relative else entry.name
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                continue
            if is_dir and not _skipped(entry.name) and not _excluded(child, exclude):
                pending.append((child, entry.path))
    roots.sort()
    return roots, scan.unreadable
