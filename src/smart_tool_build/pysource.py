"""Python source read without running it: module-level string assignments such as
``__version__`` (collections, smart tools, setuptools' ``attr:``), found with :mod:`ast`."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import NamedTuple, Optional


class StringAssignment(NamedTuple):
    """``NAME = "..."`` at a module's top level, and where its string literal stands."""

    value: str
    #: the statement's first line (1-based)
    line: int
    #: the literal's start and end as (line, column): 1-based lines, 0-based UTF-8 byte
    #: columns (ast's), so an edit can replace exactly the literal's bytes
    start: tuple[int, int]
    end: tuple[int, int]


def parse_module(path: Path) -> Optional[ast.Module]:
    """The module's syntax tree, or None when it cannot be read or parsed."""
    try:
        return ast.parse(path.read_bytes())
    except (OSError, SyntaxError, ValueError):  # ValueError: NUL bytes
        return None


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


def read_version_attr(path: Path) -> Optional[tuple[str, int]]:
    """(value, line) of a module's ``__version__ = "..."``, or None when it has none (or the
    file cannot be read); :func:`string_assignment` also gives the literal's place."""
    tree = parse_module(path)
    found = None if tree is None else string_assignment(tree, "__version__")
    return None if found is None else (found.value, found.line)
