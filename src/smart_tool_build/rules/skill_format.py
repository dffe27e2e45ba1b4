"""The Agent Skills format's own facts, which the skill rules, their words and skillmeta's
rules share."""

from __future__ import annotations

import re

#: the frontmatter keys of the Agent Skills specification
SPEC_FIELDS = ("name", "description", "license", "compatibility", "metadata", "allowed-tools")
NAME_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
MAX_NAME, MAX_DESCRIPTION, MAX_COMPATIBILITY = 64, 1024, 500
#: the ``metadata`` key that names a skill's skillmeta manifest (``skill.json``)
MANIFEST_KEY = "skillmeta.manifest"
