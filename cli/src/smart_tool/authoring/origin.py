"""Where the running smart-tool-build was installed from, as a requirement ``init`` can print.

Until smart-tool-build is on the package index, a user who installed it from its git
repository (``uv tool install git+https://...@v0.1.0``) needs that same reference in
``[build-system].requires``: the bare name does not resolve there. The installer recorded
the reference in the distribution's ``direct_url.json`` (PEP 610); a public one, a git
repository or an archive over https with no credentials, becomes the requirement ``init``
prints. A local folder, a file, an editable checkout or an index install gives nothing (the
bare name is printed): a path on one machine means nothing in someone else's build.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Optional
from urllib.parse import urlsplit

from .scaffold import OURS


def _public(url: object) -> Optional[str]:
    """``url`` when it is https with a host and no user or password in it, else None."""
    if not isinstance(url, str) or any(c.isspace() for c in url):
        return None
    parts = urlsplit(url)
    if parts.scheme != "https" or not parts.hostname or "@" in parts.netloc:
        return None
    return url


def requirement_from_direct_url(record: Mapping[str, Any]) -> Optional[str]:
    """The PEP 508 requirement that installs what a ``direct_url.json`` record describes, when
    anyone can use it: ``smart-tool-build @ git+https://host/repo@REV`` (REV the revision the
    user asked for, else the commit installed) or ``smart-tool-build @ https://.../archive``."""
    url = _public(record.get("url"))
    if url is None:
        return None
    vcs = record.get("vcs_info")
    if isinstance(vcs, Mapping):
        if vcs.get("vcs") != "git":
            return None
        revision = vcs.get("requested_revision") or vcs.get("commit_id")
        if not isinstance(revision, str) or not revision or any(c.isspace() or c in "@#" for c in revision):
            return None
        return f"{OURS} @ git+{url}@{revision}"
    if isinstance(record.get("archive_info"), Mapping):
        return f"{OURS} @ {url}"
    return None


def installed_requirement() -> Optional[str]:
    """The requirement this installation of smart-tool-build came from, when it is a public
    direct reference (see the module's doc); None otherwise, or when nothing says."""
    from importlib import metadata

    try:
        text = metadata.distribution(OURS).read_text("direct_url.json")
    except (metadata.PackageNotFoundError, OSError):
        return None
    if not text:
        return None
    try:
        record = json.loads(text)
    except ValueError:
        return None
    return requirement_from_direct_url(record) if isinstance(record, dict) else None
