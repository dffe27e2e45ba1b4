"""The checks of many roots (``smart-tool check --recursive``): every root below a folder,
found in one walk, each checked by :func:`smart_tool_build.rules.root.check_root`, on every
core from a threshold up. No build loads it."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Optional

from ..diagnostics.diagnostic import Diagnostic, make
from ..project import walk
from ..project.survey import survey
from .root import check_root

#: one root to check: its path, how to show it, and its scan when a survey already made it
RootJob = tuple[Path, str, Optional[walk.Scan]]


def discover_roots(top: Path, display: str) -> tuple[list[RootJob], list[Diagnostic]]:
    """Every root at or below ``top`` (with its scan, from one walk), and a warning per
    unreadable folder outside them.

    ``display`` is ``top`` as the user named it; each root is shown under it.
    """
    found = survey(top)
    base = "" if display in (".", "./", "") else display.rstrip("/") + "/"
    roots: list[RootJob] = []
    for root, scan in found.roots:
        relative = root.relative_to(top).as_posix()
        roots.append((root, display if relative == "." else base + relative, scan))
    # a SMART_TOOL.md outside every root is a tool without a descriptor: its distribution is
    # checked as a root, which says so (descriptor-present), as checking it directly does
    for home in sorted({home for home, _ in found.orphans} | set(found.skill_homes)):
        roots.append((top / home if home else top, base + home if home else display, None))
    roots.sort(key=lambda job: job[0])
    unreadable = found.unreadable
    problems = [
        make(
            "tree-readable",
            base + folder if folder != "." else display,
            None,
            f"cannot read this folder: {reason}; a smart tool inside it is not checked",
            "make it readable with chmod u+rx, or check the tools inside it one by one",
        )
        for folder, reason in unreadable
    ]
    return roots, problems


#: (kept, ignored) findings
Findings = tuple[list[Diagnostic], list[Diagnostic]]


def _findings_of(job: RootJob, flags: Optional[Mapping[str, Any]] = None) -> list[Findings]:
    report = check_root(job[0], display=job[1], scan=job[2], flags=flags)
    return [(report.diagnostics, report.ignored)]


def check_many(
    roots: list[RootJob], *, jobs: Optional[int] = None, flags: Optional[Mapping[str, Any]] = None
) -> Findings:
    """Check many roots, on every core from :data:`~smart_tool_build.project.parallel.THRESHOLD`
    roots up unless ``jobs`` says how many processes: every finding, and those set aside by
    ``ignore`` apart. ``flags`` are the command line's options."""
    from ..project import parallel

    one = functools.partial(_findings_of, flags=dict(flags) if flags else None)
    results = parallel.map_all(one, roots, jobs)
    return [d for kept, _ in results for d in kept], [d for _, aside in results for d in aside]
