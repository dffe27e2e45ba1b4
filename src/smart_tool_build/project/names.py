"""The names every part agrees on, and the cheap tests of them; standard library only, so
entry points may import it."""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

#: the descriptor at a distribution root; a folder holding one is a distribution root
DESCRIPTOR_NAME = "smart-tool.json"
#: the manifest the descriptor names
MANIFEST_NAME = "SMART_TOOL.md"
PYPROJECT = "pyproject.toml"
PACKAGE_JSON = "package.json"
#: an Agent Skill's file, in each skill folder
SKILL_FILE = "SKILL.md"
#: the checked manifest's JSON projection, which a build puts beside the descriptor in a
#: wheel's .dist-info folder for the runtime accessor
PROJECTION_NAME = "smart-tool-manifest.json"

#: set by the wrapping backend while the backend it wraps runs, so that the plugins of that
#: backend (hatchling's hook, setuptools' plugin) step aside: the checks run once
WRAPPER_ENVIRONMENT = "SMART_TOOL_BUILD_WRAPPER"


def wrapper_active() -> bool:
    """Whether the wrapping backend is running this build (the plugins then step aside)."""
    return os.environ.get(WRAPPER_ENVIRONMENT) == "1"


def collection_table(tool: Mapping[str, Any]) -> bool:
    """Whether a ``[tool]`` table holds ``[tool.amplifier.collection]``."""
    amplifier = tool.get("amplifier")
    return isinstance(amplifier, dict) and "collection" in amplifier


def normalize_name(name: str) -> str:
    """PEP 503 normalisation: lowercase, runs of -_. become one hyphen."""
    import re  # not at the top: an installed tool's --help imports this module, and no re

    return re.sub(r"[-_.]+", "-", name).lower()
