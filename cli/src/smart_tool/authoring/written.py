"""What ``init`` and ``fix`` write, worked out from the project: a descriptor's text, and the
release version the tool's other parts are set to."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Optional

from smart_tool_build.project.distribution import PackageVersion
from smart_tool_build.rules.versions import pep440_normal


def render_descriptor(manifest: str, cli_argv: Sequence[str], smoke: Optional[Sequence[str]] = None) -> str:
    """A descriptor's text, as ``init`` writes one (with a ``deterministic_smoke``) and ``fix``."""
    lines = [
        f'  "manifest": {json.dumps(manifest, ensure_ascii=False)}',
        f'  "cli_argv": {json.dumps(list(cli_argv), ensure_ascii=False)}',
    ]
    if smoke is not None:
        lines.append(f'  "deterministic_smoke": {json.dumps(list(smoke), ensure_ascii=False)}')
    return "{\n" + ",\n".join(lines) + "\n}\n"


def accepted_spellings(package_version: str) -> frozenset[str]:
    """The package version as written, and its PEP 440 normal form (``1.0.0`` for ``v1.0.0``):
    the spellings another part of the tool may carry (a spelling only equal under PEP 440 is
    another answer)."""
    normal = pep440_normal(package_version)
    return frozenset({package_version} if normal is None else {package_version, normal})


def release_version(package_version: PackageVersion) -> Optional[str]:
    """The package version as written, when it is known, valid PEP 440, and a release: a
    development or local version (``1.1.dev3+g1a2b``, from VCS between tags) has no one right
    answer for the other parts."""
    from packaging.version import Version

    value = package_version.value
    if value is None:
        return None
    try:
        parsed = Version(value)
    except ValueError:  # InvalidVersion, or a number past int's digit limit (5,000 digits)
        return None
    if parsed.is_devrelease or parsed.local is not None:
        return None
    return package_version.written or value
