"""Whether a project asked for smart-tool-build, told as cheaply as it can be: one rule for
every adapter. Standard library only: the entry points of every build import it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import Any

from .names import DESCRIPTOR_NAME, PYPROJECT

#: the attribute of setuptools' Distribution that holds the plugin's state (opted in)
SETUPTOOLS_STATE_ATTRIBUTE = "_smart_tool_build"


def collection_table(tool: Mapping[str, Any]) -> bool:
    """Whether a ``[tool]`` table holds ``[tool.amplifier.collection]``."""
    amplifier = tool.get("amplifier")
    return isinstance(amplifier, dict) and "collection" in amplifier


def opted_in(root: str) -> bool:
    """Whether the project at ``root`` asks for the plugin: a ``smart-tool.json`` at its root,
    a ``[tool.smart-tool]`` table, or a ``[tool.amplifier.collection]`` table."""
    if os.path.isfile(os.path.join(root, DESCRIPTOR_NAME)):
        return True
    try:
        with open(os.path.join(root, PYPROJECT), "rb") as handle:
            data = handle.read()
    except OSError:
        return False
    if b"smart-tool" not in data and b"amplifier" not in data:
        return False
    tool = _tool_table(data)
    return "smart-tool" in tool or collection_table(tool)


def _tool_table(data: bytes) -> Mapping[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised on 3.9/3.10
        import tomli as tomllib
    try:
        document = tomllib.loads(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return {}  # the backend reports a broken pyproject.toml itself
    tool = document.get("tool")
    return tool if isinstance(tool, dict) else {}
