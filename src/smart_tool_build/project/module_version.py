"""A module's ``__version__ = "..."`` read without running it: what a collection's package
declares. No build of a smart tool or a library loads this."""

from __future__ import annotations

from .files import Unparsable
from .python_source import parse_module, string_assignment

TYPE_CHECKING = False
if TYPE_CHECKING:
    import ast
    from pathlib import Path
    from typing import Optional


def try_parse_module(root: Path, relative: str) -> Optional[ast.Module]:
    """:func:`.python_source.parse_module`, or None when it cannot be read or parsed."""
    try:
        return parse_module(root, relative)
    except Unparsable:
        return None


def read_version_attr(path: Path, root: Optional[Path] = None) -> Optional[tuple[str, int]]:
    """(value, line) of a module's ``__version__ = "..."``, or None when it has none (or the
    file cannot be read, or is outside ``root``: its own folder by default);
    :func:`.python_source.string_assignment` also gives the literal's place."""
    root = path.parent if root is None else root
    tree = try_parse_module(root, path.relative_to(root).as_posix())
    found = None if tree is None else string_assignment(tree, "__version__")
    return None if found is None else (found.value, found.line)
