"""Registry snapshots: an exact copy of a manifest with the facts the spec asks for.

"Catalogs and registries ... may cache an exact generated snapshot, with the source
repository, resolved revision, original manifest path, and refresh time recorded."
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Optional

from .manifest import Manifest

SCHEMA = 1


_VCS_MARKERS = (".git", ".hg", ".svn")


def path_in_repository(root: Path, manifest_relative: str) -> str:
    """The manifest's path from the repository's top (the nearest folder at or above
    ``root`` holding .git, .hg or .svn), or from ``root`` when there is none: a tool in a
    monorepo is named by its place in the repository."""
    start = root.resolve()
    for folder in (start, *start.parents):
        if any((folder / marker).exists() for marker in _VCS_MARKERS):
            return (start / manifest_relative).relative_to(folder).as_posix()
    return manifest_relative


def build_snapshot(
    manifest: Manifest,
    manifest_path: str,
    repository: str,
    revision: str,
    refreshed_at: Optional[datetime] = None,
) -> dict[str, Any]:
    when = (refreshed_at or datetime.now(timezone.utc)).astimezone(timezone.utc)
    return {
        "schema": SCHEMA,
        "source": {
            "repository": repository,
            "revision": revision,
            "manifest_path": manifest_path,
            "refreshed_at": when.replace(microsecond=0).isoformat().replace("+00:00", "Z"),
        },
        "frontmatter": manifest.to_dict(),
        "body": manifest.body,
    }
