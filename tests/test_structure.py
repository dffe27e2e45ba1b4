"""The shape of the package: small rooms, each saying what it owns, no import circles."""

from __future__ import annotations

import ast
from pathlib import Path

from support import SRC

PACKAGE = SRC / "smart_tool_build"
MODULES = sorted(PACKAGE.rglob("*.py"))
MAX_LINES = 450


def test_no_module_is_over_450_lines() -> None:
    sizes = {p.relative_to(SRC).as_posix(): len(p.read_text(encoding="utf-8").splitlines()) for p in MODULES}
    assert {name: size for name, size in sizes.items() if size > MAX_LINES} == {}


def test_every_module_says_what_it_owns() -> None:
    missing = [
        p.relative_to(SRC).as_posix() for p in MODULES if not ast.get_docstring(ast.parse(p.read_bytes()))
    ]
    assert missing == []


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """The package's modules ``path`` imports at its top level (not inside functions, not
    under ``if TYPE_CHECKING``): the edges of the import graph that run at import time."""
    tree = ast.parse(path.read_bytes())
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.split(".")
            base = base[: len(base) - node.level + 1]
            target = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                candidate = f"{target}.{alias.name}"
                found.add(
                    candidate if (SRC / candidate.replace(".", "/")).with_suffix(".py").exists() else target
                )
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("smart_tool_build")}
    return {module for module in found if module != name}


def test_no_import_circle_at_import_time() -> None:
    graph = {_module_name(p): _imports(p) for p in MODULES}
    state: dict[str, int] = {}
    circles: list[list[str]] = []

    def visit(module: str, trail: list[str]) -> None:
        if state.get(module) == 2:
            return
        if state.get(module) == 1:
            circles.append([*trail[trail.index(module) :], module])
            return
        state[module] = 1
        for target in sorted(graph.get(module, ())):
            if target in graph:
                visit(target, [*trail, module])
        state[module] = 2

    for module in sorted(graph):
        visit(module, [])
    # a package imports its own submodules; only cycles among modules count
    real = [
        c
        for c in circles
        if not any(a.startswith(b + ".") or b.startswith(a + ".") for a, b in zip(c, c[1:]))
    ]
    assert real == []
