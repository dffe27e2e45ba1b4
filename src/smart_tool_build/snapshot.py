"""Registry snapshots: an exact copy of a manifest with the facts the spec asks for.

"Catalogs and registries ... may cache an exact generated snapshot, with the source
repository, resolved revision, original manifest path, and refresh time recorded."
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Optional

from .manifest import Manifest

SCHEMA = 1


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
