"""Whether a project asked for smart-tool-build (``[build-system].requires``, a smart-tool.json,
``[tool.smart-tool]`` or ``[tool.amplifier.collection]``), told cheaply: every entry point imports it."""

from __future__ import annotations

import os

from .names import DESCRIPTOR_NAME, PYPROJECT, collection_table

#: the attribute of setuptools' Distribution that holds the plugin's state (opted in)
SETUPTOOLS_STATE_ATTRIBUTE = "_smart_tool_build"


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
    from .requires import names_us, read_toml  # a pyproject.toml that may name us

    document = read_toml(data)
    tool = document.get("tool")
    tool = tool if isinstance(tool, dict) else {}
    return names_us(document) or "smart-tool" in tool or collection_table(tool)
