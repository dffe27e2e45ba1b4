"""What a valid build's process executes of what it imports: the floor under the import budget.

For each case of the import budget (tests/unit/test_import_budget.py: the hatchling and the
setuptools example, the wrapper over flit_core, a library with skills) it runs the sdist and
the wheel hook in a fresh process each, from a copy of the project, traces which lines of
smart_tool_build run (``sys.settrace``), and prints per process: the lines of our modules it
imports (what the budget counts), their statements, how many of those statements ran, and the
lines split three ways: those of functions the build never enters, those of statements it
never reaches inside functions it enters (an error branch, a rare input), and the rest, the
lines that run with their docstrings and blank lines. Cold lines are what a split can still
move out (each move pays a module header or a call line); the lines that run are the floor a
split cannot go under.

    python bench/valid_path.py
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "unit"))

from test_import_budget import CASES  # noqa: E402

PROBE = r"""
import importlib, json, sys, threading
ran = set()
def local(frame, event, arg):
    if event == "line":
        ran.add((frame.f_code.co_filename, frame.f_lineno))
    return local
def tracer(frame, event, arg):
    if "smart_tool_build" not in frame.f_code.co_filename:
        return None
    ran.add((frame.f_code.co_filename, frame.f_lineno))
    return local
sys.settrace(tracer)
threading.settrace(tracer)
backend = importlib.import_module(BACKEND)
getattr(backend, "build_" + KIND)(OUT)
sys.settrace(None)
files = sorted(
    m.__file__ for n, m in list(sys.modules.items())
    if n.split(".")[0] == "smart_tool_build" and getattr(m, "__file__", None)
)
print(json.dumps({"ran": sorted(ran), "files": files}))
"""


class Process(NamedTuple):
    """What one fresh hook process imported of ours and ran of it."""

    lines: int
    statements: int
    executed: int
    #: lines of the functions the build never enters
    never_entered: int
    #: lines of the statements never reached inside functions the build enters
    unreached: int


def measure(source: Path, backend: str, kind: str) -> Process:
    """What one fresh hook process building ``kind`` from a copy of ``source`` imports and runs."""
    with tempfile.TemporaryDirectory() as scratch:
        project, out = Path(scratch) / "project", Path(scratch) / "out"
        shutil.copytree(source, project)
        out.mkdir()
        code = (
            PROBE.replace("BACKEND", repr(backend)).replace("KIND", repr(kind)).replace("OUT", repr(str(out)))
        )
        done = subprocess.run(
            [sys.executable, "-c", code], cwd=project, capture_output=True, text=True, check=True
        )
    data = json.loads(done.stdout.splitlines()[-1])
    ran = {(name, line) for name, line in data["ran"]}
    totals = [0, 0, 0, 0, 0]
    for name in data["files"]:
        text = Path(name).read_text(encoding="utf-8")
        tree = ast.parse(text)
        starts = {node.lineno for node in ast.walk(tree) if isinstance(node, ast.stmt)}
        cold = _cold_lines(tree, {line for file, line in ran if file == name})
        for index, count in enumerate(
            (
                len(text.splitlines()),
                len(starts),
                len({line for line in starts if (name, line) in ran}),
                len(cold[0]),
                len(cold[1]),
            )
        ):
            totals[index] += count
    return Process(*totals)


def _cold_lines(tree: ast.Module, ran: set[int]) -> tuple[set[int], set[int]]:
    """The lines of functions never entered, and of unreached statements in those entered.
    A docstring, ``pass``, ``global`` and ``nonlocal`` never report a line, so they count as
    reached; a simple statement is reached when any of its lines is."""
    never: set[int] = set()
    unreached: set[int] = set()
    silent = (ast.Pass, ast.Global, ast.Nonlocal)

    def extent(node: ast.stmt) -> range:
        return range(node.lineno, (node.end_lineno or node.lineno) + 1)

    def reached(node: ast.stmt) -> bool:
        if isinstance(node, silent) or node.lineno in ran:
            return True
        compound = any(isinstance(c, ast.stmt) for c in ast.iter_child_nodes(node))
        return not compound and any(line in ran for line in extent(node))

    def visit(node: ast.AST, entered: bool) -> None:
        body = getattr(node, "body", None)
        docstring = body[0] if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and body else None
        for child in ast.iter_child_nodes(node):
            if child is docstring and isinstance(child, ast.Expr) and isinstance(child.value, ast.Constant):
                continue
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = {s.lineno for b in child.body for s in ast.walk(b) if isinstance(s, ast.stmt)}
                if lines & ran:
                    visit(child, True)
                else:
                    first = min([d.lineno for d in child.decorator_list] + [child.lineno])
                    never.update(range(first, (child.end_lineno or child.lineno) + 1))
            elif isinstance(child, ast.stmt) and entered and not reached(child):
                unreached.update(extent(child))
            else:
                visit(child, entered)

    visit(tree, False)
    return never, unreached - never


def main() -> None:
    print(
        "| case | process | lines imported | statements | statements run | lines per statement "
        "| lines of functions never entered | lines never reached in entered functions "
        "| lines that run (and their docstrings, blanks) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for case, source, backend, _ in CASES:
        for kind in ("sdist", "wheel"):
            p = measure(source, backend, kind)
            hot = p.lines - p.never_entered - p.unreached
            print(
                f"| {case} | {kind} | {p.lines} | {p.statements} | {p.executed} "
                f"| {p.lines / p.statements:.2f} | {p.never_entered} | {p.unreached} | {hot} |"
            )


if __name__ == "__main__":
    main()
