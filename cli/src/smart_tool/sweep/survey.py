"""One walk of a folder for ``smart-tool check --recursive``: every distribution root below
it, each with its own scan, so that a recursive check lists every folder once. No build
loads it."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from smart_tool_build.project.names import DESCRIPTOR_NAME, MANIFEST_NAME, PACKAGE_JSON, PYPROJECT
from smart_tool_build.project.walk import Scan, _entries, _names, skipped

#: the files that make a folder a distribution (the spec's "package definition")
PACKAGE_DEFINITIONS = frozenset({PYPROJECT, PACKAGE_JSON})


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
