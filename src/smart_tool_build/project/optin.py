"""Whether a project asked for smart-tool-build (``[build-system].requires``, a smart-tool.json,
``[tool.smart-tool]`` or ``[tool.amplifier.collection]``), told cheaply: every entry point imports it."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping

from .names import DESCRIPTOR_NAME, PYPROJECT

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing stays out of the wrapper's cheap hooks
    from typing import Any

#: the attribute of setuptools' Distribution that holds the plugin's state (opted in)
SETUPTOOLS_STATE_ATTRIBUTE = "_smart_tool_build"
#: set by the wrapping backend while the backend it wraps runs, so that the plugins of that
#: backend (hatchling's hook, setuptools' plugin) step aside: the checks run once
WRAPPER_ENVIRONMENT = "SMART_TOOL_BUILD_WRAPPER"
#: this project's distribution name, PEP 503-normalised
DISTRIBUTION = "smart-tool-build"
_REQUIREMENT_NAME = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def wrapper_active() -> bool:
    """Whether the wrapping backend is running this build (the plugins then step aside)."""
    return os.environ.get(WRAPPER_ENVIRONMENT) == "1"


def requirement_name(requirement: object) -> str:
    """The PEP 503-normalised name a PEP 508 requirement string starts with ('' if none)."""
    if not isinstance(requirement, str):
        return ""
    match = _REQUIREMENT_NAME.match(requirement)
    return re.sub(r"[-_.]+", "-", match.group(1)).lower() if match else ""


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


def collection_table(tool: Mapping[str, Any]) -> bool:
    """Whether a ``[tool]`` table holds ``[tool.amplifier.collection]``."""
    amplifier = tool.get("amplifier")
    return isinstance(amplifier, dict) and "collection" in amplifier


def opted_in(root: str) -> bool:
    """Whether the project at ``root`` asks for the plugin (see the module's doc)."""
    if os.path.isfile(os.path.join(root, DESCRIPTOR_NAME)):
        return True
    try:
        with open(os.path.join(root, PYPROJECT), "rb") as handle:
            data = handle.read()
    except OSError:
        return False
    if b"smart-tool" not in data and b"smart_tool" not in data and b"amplifier" not in data:
        return False
    document = read_toml(data)
    tool = document.get("tool")
    tool = tool if isinstance(tool, dict) else {}
    return names_us(document) or "smart-tool" in tool or collection_table(tool)


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
