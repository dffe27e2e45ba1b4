"""Python source read without running it: module-level string assignments such as
``__version__`` (collections, smart tools, setuptools' ``attr:``), found with :mod:`ast`."""

from __future__ import annotations

import ast
import sys
from pathlib import Path
from typing import NamedTuple, Optional

from .paths import RefusedFile, read_inside

TYPE_CHECKING = False

#: before Python 3.11 a file this small cannot spell a tree deep enough to overflow the C
#: stack; a larger one is parsed by :mod:`.deep_parse`
_SHALLOW_BYTES = 64 * 1024


class StringAssignment(NamedTuple):
    """``NAME = "..."`` at a module's top level, and where its string literal stands."""

    value: str
    #: the statement's first line (1-based)
    line: int
    #: the literal's start and end as (line, column): 1-based lines, 0-based UTF-8 byte
    #: columns (ast's), so an edit can replace exactly the literal's bytes
    start: tuple[int, int]
    end: tuple[int, int]


def parse_module(root: Path, relative: str) -> ast.Module:
    """The syntax tree of the module ``root/relative``, read by
    :func:`~smart_tool_build.project.paths.read_inside` (inside the root, a regular file, at
    most 1 MiB); :class:`~smart_tool_build.project.files.Unparsable` otherwise, ``refused``
    for a file refused or beyond the parser's limits (10^5 unary operators exhaust its stack:
    MemoryError; 2x10^5 additions its recursion: RecursionError)."""
    try:
        data = read_inside(root, relative)
    except RefusedFile as exc:
        from .files_words import unreadable

        raise unreadable(relative, exc) from None
    try:
        if sys.version_info >= (3, 11) or len(data) < _SHALLOW_BYTES:
            return ast.parse(data)
        from .deep_parse import parse_deep

        return parse_deep(data)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        from .files_words import unparsed_python

        raise unparsed_python(relative, exc) from None


def string_assignment(tree: ast.Module, name: str) -> Optional[StringAssignment]:
    """The first top-level ``name = "..."`` (or ``name: str = "..."``) of ``tree``."""
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        else:
            continue
        value = node.value
        if not (isinstance(value, ast.Constant) and isinstance(value.value, str)):
            continue
        for target in targets:
            if isinstance(target, ast.Name) and target.id == name:
                end = (value.end_lineno or value.lineno, value.end_col_offset or value.col_offset)
                return StringAssignment(value.value, node.lineno, (value.lineno, value.col_offset), end)
    return None
