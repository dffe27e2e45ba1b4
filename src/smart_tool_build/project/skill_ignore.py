"""What ``.gitignore`` names for itself inside a skill's folder, which never ships (as VCS
folders and ``__pycache__`` never do: :func:`smart_tool_build.project.skills.skill_files`).

Library skills ship whole whatever ``.gitignore`` says of the skills folder (a ``.agents/``
line, natural where library-skills links skills into the project, drops them all). Inside a
skill, what plain hatchling and setuptools leave out stays out: a skill that is its own git
repository must not ship its ``.git/`` (its config may hold a token in a remote URL), and a
``.env`` or ``.venv`` the project ignores is no part of the skill. The ``.gitignore`` lines
taken are the name patterns (no ``/`` but a trailing one, no ``!``) of the root's file and of
each folder down to the skill's. Imported only where such a file lies on the way.
"""

from __future__ import annotations

import os
from fnmatch import fnmatchcase

_MAX_BYTES = 256 * 1024


class SkillIgnore:
    """The names that stay out of one skill's folder (``skill``: relative to ``root``, POSIX)."""

    def __init__(self, root: str, skill: str) -> None:
        self.patterns: list[tuple[str, bool]] = []  # (pattern, folders only)
        folder = root
        for part in ["", *skill.split("/")]:
            folder = os.path.join(folder, part) if part else folder
            self.patterns += _name_patterns(os.path.join(folder, ".gitignore"))

    def __call__(self, name: str, is_folder: bool) -> bool:
        return any(
            (is_folder or not folders_only) and fnmatchcase(name, pattern)
            for pattern, folders_only in self.patterns
        )


def _name_patterns(path: str) -> list[tuple[str, bool]]:
    try:
        with open(path, "rb") as handle:
            text = handle.read(_MAX_BYTES).decode("utf-8", "replace")
    except (OSError, ValueError):
        return []
    out = []
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line or line.startswith(("#", "!")):
            continue
        folders_only = line.endswith("/")
        pattern = line.rstrip("/")
        if pattern and "/" not in pattern and "\\" not in pattern:
            out.append((pattern, folders_only))
    return out
