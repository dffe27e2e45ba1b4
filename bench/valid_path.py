"""What a valid build's process executes of what it imports: the floor under the import budget.

For each case of the import budget (tests/unit/test_import_budget.py: the hatchling and the
setuptools example, the wrapper over flit_core, a library with skills) it runs the sdist and
the wheel hook in a fresh process each, from a copy of the project, traces which lines of
smart_tool_build run (``sys.settrace``), and prints per process: the lines of our modules it
imports (what the budget counts), their statements, and how many of those statements ran.
Statements that never run on a valid build are what a split can still move out; the ones
that run are the floor a split cannot go under.

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


def measure(source: Path, backend: str, kind: str) -> tuple[int, int, int]:
    """(lines imported, statements, statements run) of one fresh hook process."""
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
    lines = statements = executed = 0
    for name in data["files"]:
        text = Path(name).read_text(encoding="utf-8")
        lines += len(text.splitlines())
        starts = {node.lineno for node in ast.walk(ast.parse(text)) if isinstance(node, ast.stmt)}
        statements += len(starts)
        executed += len({line for line in starts if (name, line) in ran})
    return lines, statements, executed


def main() -> None:
    print("| case | process | lines imported | statements | statements run | lines per statement |")
    print("|---|---|---|---|---|---|")
    for case, source, backend, _ in CASES:
        for kind in ("sdist", "wheel"):
            lines, statements, executed = measure(source, backend, kind)
            print(f"| {case} | {kind} | {lines} | {statements} | {executed} | {lines / statements:.2f} |")


if __name__ == "__main__":
    main()
