"""The manifest format's own facts, which its rules and their words share."""

from __future__ import annotations

import re

#: the smart_tool_format this version reads
SUPPORTED_FORMAT = 1
#: a tool's name: lowercase letters and digits in words joined by single hyphens
NAME_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
