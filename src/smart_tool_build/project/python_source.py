"""Python source read without running it: module-level string assignments such as
``__version__`` (collections, smart tools, setuptools' ``attr:``), found with :mod:`ast`."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path
from typing import NamedTuple, Optional

from .files import Unparsable
from .paths import RefusedFile, read_inside

TYPE_CHECKING = False

_BOM = b"\xef\xbb\xbf"
#: the line breaks Python's tokenizer counts (a lone CR too)
_BREAK = re.compile(rb"\r\n|\r|\n")
#: a one-piece string literal whose text is its value: an optional u/r prefix, quotes, and
#: no backslash or quote inside
_SIMPLE_LITERAL = re.compile(rb"([uUrR]?)('\'\'|\"\"\"|'|\")([^'\"\\\r\n]*)\2\Z")
#: before Python 3.11, ast.parse builds the tree's objects with no recursion check: a chain
#: of about 10^5 operators or attributes (two bytes a level) overflows the C stack, a crash
#: and not an error. A file this small cannot spell a tree that deep ...
_SHALLOW_BYTES = 64 * 1024
#: ... a larger one is parsed on a thread whose stack holds any tree a 1 MiB file spells,
#: and refused beyond this depth, as Python 3.11 refuses it with a RecursionError
_DEEP_STACK = 512 * 1024 * 1024
_DEPTH_LIMIT = 10_000


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
        missing = exc.message in ("does not exist", "is a folder, not a file")
        raise Unparsable(f"{relative} {exc.message}", refused=not missing) from None
    try:
        return (
            ast.parse(data)
            if sys.version_info >= (3, 11) or len(data) < _SHALLOW_BYTES
            else _parse_deep(data)
        )
    except SyntaxError as exc:
        raise Unparsable(f"{relative} does not parse: {exc.msg}", exc.lineno) from None
    except ValueError:  # NUL bytes
        raise Unparsable(f"{relative} does not parse: it holds NUL bytes") from None
    except (RecursionError, MemoryError):
        message = f"{relative} nests too deeply to parse (over Python's parser limits); not read"
        raise Unparsable(message, refused=True) from None


def _parse_deep(data: bytes) -> ast.Module:
    """``ast.parse(data)`` before Python 3.11, on a thread with a stack deep enough for the
    parser; RecursionError for a tree deeper than :data:`_DEPTH_LIMIT` (freed on that thread)."""
    import threading

    outcome: list[object] = []

    def parse() -> None:
        try:
            tree = ast.parse(data)
            outcome.append(RecursionError() if _deeper_than(tree, _DEPTH_LIMIT) else tree)
        except BaseException as exc:  # handed to the caller's thread, raised there
            outcome.append(exc)

    previous = threading.stack_size(_DEEP_STACK)
    try:
        worker = threading.Thread(target=parse, name="smart-tool-parse", daemon=True)
        worker.start()
    finally:
        threading.stack_size(previous)
    worker.join()
    [result] = outcome
    if isinstance(result, BaseException):
        raise result
    assert isinstance(result, ast.Module)
    return result


def _deeper_than(tree: ast.AST, limit: int) -> bool:
    """Whether ``tree`` nests more than ``limit`` levels (walked without recursion)."""
    pending = [(tree, 1)]
    while pending:
        node, depth = pending.pop()
        if depth > limit:
            return True
        pending += [(child, depth + 1) for child in ast.iter_child_nodes(node)]
    return False


def try_parse_module(root: Path, relative: str) -> Optional[ast.Module]:
    """:func:`parse_module`, or None when it cannot be read or parsed."""
    try:
        return parse_module(root, relative)
    except Unparsable:
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


def read_version_attr(path: Path, root: Optional[Path] = None) -> Optional[tuple[str, int]]:
    """(value, line) of a module's ``__version__ = "..."``, or None when it has none (or the
    file cannot be read, or is outside ``root``: its own folder by default);
    :func:`string_assignment` also gives the literal's place."""
    root = path.parent if root is None else root
    tree = try_parse_module(root, path.relative_to(root).as_posix())
    found = None if tree is None else string_assignment(tree, "__version__")
    return None if found is None else (found.value, found.line)


def literal_span(data: bytes, found: StringAssignment) -> Optional[tuple[int, int]]:
    """The byte span of the assignment's string literal in the module's bytes ``data``, or
    None when the span does not hold exactly that literal (so an edit can trust it)."""
    starts = [0] + [match.end() for match in _BREAK.finditer(data)]

    def offset(line: int, column: int) -> int:
        return starts[line - 1] + column + (len(_BOM) if line == 1 and data.startswith(_BOM) else 0)

    if max(found.start[0], found.end[0]) > len(starts):
        return None
    start, end = offset(*found.start), offset(*found.end)
    try:
        value = ast.literal_eval(data[start:end].decode("utf-8"))
    except (ValueError, SyntaxError, UnicodeDecodeError):
        return None
    return (start, end) if value == found.value else None


def replace_literal(literal: bytes, value: str) -> Optional[bytes]:
    """``literal`` (a simple one-piece string literal) holding ``value`` instead, its prefix
    and quotes kept; None for a literal this cannot rewrite faithfully (escapes, implicit
    concatenation) or a value that would need escaping."""
    match = _SIMPLE_LITERAL.match(literal)
    new = value.encode("utf-8")
    if match is None or any(c in new for c in b"'\"\\\r\n"):
        return None
    return match.group(1) + match.group(2) + new + match.group(2)
