"""Semver, package.json's version scheme: loaded only for a package.json's version, or a text
that is no PEP 440 version."""

from __future__ import annotations

import re
from typing import Optional

# semver 2.0.0's own pattern (semver.org), which npm's parser follows
_SEMVER = (
    r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
    r"(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?"
    r"(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?\Z"
)


def semver_clean(text: str) -> Optional[str]:
    """A semver version as npm publishes it (``semver.clean``: surrounding space and a leading
    ``=`` or ``v`` dropped), or None when it is not semver."""
    cleaned = text.strip().lstrip("=v").strip()
    return cleaned if re.match(_SEMVER, cleaned) else None
