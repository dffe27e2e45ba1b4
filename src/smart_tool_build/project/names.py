"""The file names every part agrees on; standard library only, so entry points may import it."""

from __future__ import annotations

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
