"""A pyproject.toml read from its bytes, and the names its ``[build-system].requires`` lists:
apart from the opt-in test, which reads them only for a pyproject.toml that mentions us."""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping

from .names import normalize_name

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing stays out of the wrapper's cheap hooks
    from typing import Any

#: this project's distribution name, PEP 503-normalised
DISTRIBUTION = "smart-tool-build"
_REQUIREMENT_NAME = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def requirement_name(requirement: object) -> str:
    """The PEP 503-normalised name a PEP 508 requirement string starts with ('' if none)."""
    if not isinstance(requirement, str):
        return ""
    match = _REQUIREMENT_NAME.match(requirement)
    return normalize_name(match.group(1)) if match else ""


def build_requires(document: Mapping[str, Any]) -> list[str]:
    """``[build-system].requires`` as names, normalised; [] when absent or malformed."""
    build_system = document.get("build-system")
    requires = build_system.get("requires") if isinstance(build_system, dict) else None
    if not isinstance(requires, list):
        return []
    return [name for name in map(requirement_name, requires) if name]


def names_us(document: Mapping[str, Any]) -> bool:
    """Whether ``[build-system].requires`` names smart-tool-build."""
    return DISTRIBUTION in build_requires(document)


def read_toml(data: bytes) -> Mapping[str, Any]:
    """A TOML document, or {} when it does not parse (the backend reports that itself)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised on 3.9/3.10
        import tomli as tomllib
    try:
        document: dict[str, Any] = tomllib.loads(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError, MemoryError):  # nesting 10^5 deep
        return {}
    return document
