"""Whether an sdist's symlink stays inside its tree, for :mod:`.tar_reader`: loaded only for an
sdist that holds a link."""

from __future__ import annotations

import posixpath


def in_tree_link(name: str, target: str) -> bool:
    """Whether a symlink ``name`` of an sdist to ``target`` stays inside the sdist's top folder:
    a relative link an installer's extraction keeps in the tree (tarfile's ``data`` filter
    takes it), which a project may well have (``CLAUDE.md`` -> ``AGENTS.md``)."""
    if not target or target.startswith("/") or "\\" in target or "\0" in target:
        return False
    top = name.split("/", 1)[0]
    reached = posixpath.normpath(posixpath.join(posixpath.dirname(name), target))
    return reached.startswith(top + "/") and reached != top
