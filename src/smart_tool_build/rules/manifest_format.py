"""The manifest format's own facts, which its rules and their words share."""

from __future__ import annotations

import re

#: the smart_tool_format this version reads
SUPPORTED_FORMAT = 1
#: a tool's name: lowercase letters and digits in words joined by single hyphens
NAME_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
#: the Agent Skills ceiling on a skill's body (the manifest body is the skill `--help` renders)
MAX_BODY_LINES = 500
#: the platforms a manifest may list
PLATFORMS = ("linux", "macos", "windows")
#: the keys of a ``requires`` entry
REQUIREMENT_KEYS = ("name", "purpose", "install", "optional")
#: an http(s) URL with a plain host name: a URL whatever else it holds
PLAIN_URL = r"(?i)https?://[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::[0-9]+)?(?:[/?#]|\Z)"
#: what makes an ``install`` a shell command
SHELL_OPERATORS = ("|", "&&", ";", ">", "<", "`", "$(", "||")
