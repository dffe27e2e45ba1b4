"""Parsing a large module before Python 3.11, whose ``ast.parse`` has no recursion check: a chain
of ~10^5 operators overflows the C stack (a crash, not an error), so it runs on a deep thread."""

from __future__ import annotations

import ast

#: a stack that holds any tree a 1 MiB file spells
_DEEP_STACK = 512 * 1024 * 1024
#: deeper is refused, as Python 3.11 refuses it with a RecursionError
_DEPTH_LIMIT = 10_000


def parse_deep(data: bytes) -> ast.Module:
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
