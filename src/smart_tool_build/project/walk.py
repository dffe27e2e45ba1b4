"""Walking a distribution root: manifests, nested roots, and roots below a folder.

The walk never follows a symlinked folder (so it cannot loop or leave the root), skips
VCS, build, cache and environment folders, and honours ``exclude`` globs: a SMART_TOOL.md
one hides is noted apart (a copy of the tool's own manifest stays a second manifest).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Optional

from .names import DESCRIPTOR_NAME, MANIFEST_NAME, PACKAGE_JSON, PYPROJECT

#: the files that make a folder a distribution (the spec's "package definition")
PACKAGE_DEFINITIONS = frozenset({PYPROJECT, PACKAGE_JSON})

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


def _excluded(relative: str, exclude: tuple[str, ...]) -> bool:
    return any(fnmatchcase(relative, pattern) for pattern in exclude)


def excluded(relative: str, exclude: tuple[str, ...]) -> bool:
    """Whether the walk skips ``relative`` (a POSIX path below the root): it, or a folder
    above it, matches an ``exclude`` glob. The archive verifier asks this of each member, so
    ``exclude`` means the same in a source tree and in an sdist."""
    if not exclude:
        return False
    parts = relative.split("/")
    return any(_excluded("/".join(parts[:end]), exclude) for end in range(1, len(parts) + 1))


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
            below = hidden or _excluded(child, exclude)
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


@dataclass
class Survey:
    """One walk of a folder: every root below it, each with its own :class:`Scan`."""

    #: (root, what :func:`scan_root` would find there without exclude globs), by path
    roots: list[tuple[Path, Scan]] = field(default_factory=list)
    #: folders outside every root that could not be read, relative to the top
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    #: SMART_TOOL.md files outside every root, relative to the top, each with its
    #: distribution: the nearest folder above it holding a package definition (pyproject.toml,
    #: package.json), else its own folder
    orphans: list[tuple[str, str]] = field(default_factory=list)
    #: the distributions (found as an orphan's is) of library skills outside every root
    #: (``<package>/.agents/skills/<name>/SKILL.md``), and of MCP servers (a ``server.json``
    #: beside the package definition): neither needs a smart-tool.json
    skill_homes: list[str] = field(default_factory=list)


def survey(top: Path) -> Survey:
    """Every folder at or below ``top`` that holds a smart-tool.json, each with its scan.

    One walk serves both the search for roots and each root's duplicate scan, so a recursive
    check lists every folder once. A root whose options have ``exclude`` globs is scanned
    again by :func:`scan_root` with them.
    """
    result = Survey()
    outside = Scan()
    # (path relative to top, folder, the scan of the root it belongs to, that root's path,
    # outside every root: the nearest folder above holding a package definition)
    pending: list[tuple[str, str, Optional[Scan], str, Optional[str]]] = [("", str(top), None, "", None)]
    while pending:
        relative, folder, owner, base, distribution = pending.pop()
        inner = relative[len(base) :].lstrip("/") if owner is not None else relative
        entries = _entries(folder, owner or outside, inner)
        names = _names(entries)
        if relative and "pyvenv.cfg" in names:
            continue
        if DESCRIPTOR_NAME in names:
            if owner is not None:
                owner.nested_roots.append(inner)
            owner, base, inner = Scan(), relative, ""
            result.roots.append((top / relative if relative else top, owner))
        elif owner is None and not names.isdisjoint(PACKAGE_DEFINITIONS):
            distribution = relative
        for entry in entries:
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                continue
            if is_dir:
                if not skipped(entry.name):
                    child = f"{relative}/{entry.name}" if relative else entry.name
                    pending.append((child, entry.path, owner, base, distribution))
            elif entry.name == MANIFEST_NAME:
                try:
                    if not entry.is_file():
                        continue
                except OSError:  # pragma: no cover - a vanished entry
                    continue
                if owner is not None:
                    owner.manifests.append(f"{inner}/{entry.name}" if inner else entry.name)
                else:
                    home = relative if distribution is None else distribution
                    result.orphans.append((home, f"{relative}/{entry.name}" if relative else entry.name))
            elif entry.name == "SKILL.md" and owner is None and distribution is not None:
                parts = relative.rsplit("/", 3)
                # in a package's .agents/skills/, not the project's own (where library-skills links)
                if parts[-3:-1] == [".agents", "skills"] and len(parts) == 4 and parts[0] != distribution:
                    result.skill_homes.append(distribution)
            elif entry.name == "server.json" and owner is None and distribution == relative:
                result.skill_homes.append(distribution)
    for _, scan in result.roots:
        scan.manifests.sort()
        scan.nested_roots.sort()
    result.roots.sort(key=lambda pair: pair[0])
    result.orphans.sort()
    result.skill_homes = sorted(set(result.skill_homes))
    result.unreadable = outside.unreadable
    return result
