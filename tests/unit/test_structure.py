"""The shape of the package: small rooms, each saying what it owns, no import circles."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from support import CLI_SRC, SRC

#: the two distributions: the lean build distribution and the command line above it
PACKAGES = {"smart_tool_build": SRC, "smart_tool": CLI_SRC}
PACKAGE = SRC / "smart_tool_build"
MODULES = sorted(
    [*(SRC / "smart_tool_build").rglob("*.py"), *(CLI_SRC / "smart_tool").rglob("*.py")], key=str
)
MAX_LINES = 450


def _source(path: Path) -> Path:
    """The source folder ``path`` is under: ``src`` or ``cli/src``."""
    return CLI_SRC if CLI_SRC in path.parents else SRC


def _is_module(dotted: str) -> bool:
    top = dotted.split(".")[0]
    if top not in PACKAGES:
        return False
    base = PACKAGES[top] / dotted.replace(".", "/")
    return base.with_suffix(".py").exists() or (base / "__init__.py").exists()


def _ours(name: str) -> bool:
    return name.split(".")[0] in PACKAGES


def test_no_module_is_over_450_lines() -> None:
    sizes = {_module_name(p): len(p.read_text(encoding="utf-8").splitlines()) for p in MODULES}
    assert {name: size for name, size in sizes.items() if size > MAX_LINES} == {}


def test_every_module_says_what_it_owns() -> None:
    missing = [_module_name(p) for p in MODULES if not ast.get_docstring(ast.parse(p.read_bytes()))]
    assert missing == []


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(_source(path)).with_suffix("").parts)
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
                found.add(candidate if _is_module(candidate) else target)
        elif isinstance(node, ast.ImportFrom) and _ours(node.module or ""):
            found.add(str(node.module))
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if _ours(alias.name)}
    return {module for module in found if module != name}


@pytest.mark.parametrize("lazy", [False, True], ids=["at import time", "lazy imports too"])
def test_no_import_circle(lazy: bool) -> None:
    """None at import time, and none through an import inside a function either: a module
    that loads its words or a rare path lazily still sits below what loads it."""
    graph = {_module_name(p): (_all_imports(p) if lazy else _imports(p)) for p in MODULES}
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


#: the rooms from the top layer down, the command line's distribution above the build's: a
#: module may import its own layer and those below, so nothing of smart_tool_build imports
#: smart_tool. Rooms that share a row are siblings: neither imports the other. The entry
#: modules at the build package's top (hatch_hook, setuptools_plugin, backend) sit with the
#: adapters.
LAYERS: list[tuple[str, ...]] = [
    ("smart_tool.cli",),
    ("smart_tool.smoke", "smart_tool.registry", "smart_tool.authoring"),
    ("smart_tool.sweep",),
    (
        "smart_tool_build.hatch_hook",
        "smart_tool_build.setuptools_plugin",
        "smart_tool_build.backend",
        "smart_tool_build.adapters",
    ),
    ("smart_tool_build.plan",),
    ("smart_tool_build.archives",),
    ("smart_tool_build.runtime",),
    ("smart_tool_build.rules",),
    ("smart_tool_build.project",),
    ("smart_tool_build.parsing", "smart_tool_build.diagnostics"),
]
#: the row whose rooms may import one another: the entry modules are shims over adapters/
ENTRY_ROW = 3
#: what every layer may import: each package's own ``__init__`` (its version and lazy names)
#: is above all and imported by none but the cli's version line and ``__main__``
TOP_LEVEL = {"smart_tool_build", "smart_tool", "smart_tool.__main__"}


def _all_imports(path: Path) -> set[str]:
    """Every module of the package ``path`` imports, wherever the import stands (inside
    functions and under ``if TYPE_CHECKING`` too): a lazy import is still an edge."""
    tree = ast.parse(path.read_bytes())
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.split(".")
            base = base[: len(base) - node.level + 1]
            target = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                candidate = f"{target}.{alias.name}"
                found.add(candidate if _is_module(candidate) else target)
        elif isinstance(node, ast.ImportFrom) and _ours(node.module or ""):
            found.add(str(node.module))
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if _ours(alias.name)}
    return {module for module in found if module != name}


def _room(module: str) -> str:
    return ".".join(module.split(".")[:2])


def _layer(module: str) -> int:
    for depth, row in enumerate(LAYERS):
        if _room(module) in row:
            return depth
    raise AssertionError(f"{module} is in no layer: add its subpackage to LAYERS")


def test_every_import_runs_down_a_layer() -> None:
    upward = []
    for path in MODULES:
        module = _module_name(path)
        if module in TOP_LEVEL:
            continue
        for target in sorted(_all_imports(path)):
            if target in ("smart_tool_build", "smart_tool") and module.startswith("smart_tool.cli"):
                continue  # the versions the command line prints and holds together
            if target in TOP_LEVEL:
                upward.append(f"{module} -> {target}")
                continue
            here, there = _layer(module), _layer(target)
            sibling = there == here and _room(target) != _room(module) and len(LAYERS[here]) > 1
            if there < here or (sibling and here != ENTRY_ROW):
                upward.append(f"{module} -> {target}")
    assert upward == []


def test_new_rooms_have_empty_inits() -> None:
    """A subpackage's ``__init__`` says what the room owns and imports nothing, so that reaching
    one module of it (an entry point, the accessor) costs no other."""
    entries = {f"smart_tool_build.{name}" for name in ("hatch_hook", "setuptools_plugin", "backend")}
    for room in sorted({r for row in LAYERS for r in row} - entries):
        top, _, sub = room.partition(".")
        init = PACKAGES[top] / top / sub / "__init__.py"
        tree = ast.parse(init.read_bytes())
        assert ast.get_docstring(tree), room
        imports = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
        if room == "smart_tool.cli":  # the console script: main and the version check, imported late
            assert [n.module for n in imports if isinstance(n, ast.ImportFrom)] == ["__future__"]
            continue
        assert len(tree.body) == 1, room


def test_the_build_distribution_imports_nothing_of_the_command_line() -> None:
    """The lean build distribution stands alone: no module of it names smart_tool, even
    lazily, so a build environment without the command line never needs it."""
    named = [
        f"{_module_name(path)} -> {target}"
        for path in MODULES
        if _module_name(path).startswith("smart_tool_build")
        for target in _all_imports(path)
        if target.split(".")[0] == "smart_tool"
    ]
    assert named == []


#: where a build or an installed tool enters the build distribution: the package (its
#: runtime accessor and lazy names), the three entry modules backends load, and the command
#: setuptools loads for ``python setup.py check_smart_tool``
BUILD_ENTRIES = (
    "smart_tool_build",
    "smart_tool_build.hatch_hook",
    "smart_tool_build.setuptools_plugin",
    "smart_tool_build.backend",
    "smart_tool_build.adapters.setuptools_check",
)


def test_the_build_distribution_holds_what_a_build_or_a_tool_imports() -> None:
    """Every module of smart_tool_build is reachable, lazily or not, from where a build or an
    installed tool enters it: what only the command line runs (the recursive check's walk and
    process pool, inspect's artifacts) lives in smart_tool."""
    graph = {_module_name(p): _all_imports(p) for p in MODULES}
    reached: set[str] = set()
    pending = list(BUILD_ENTRIES)
    while pending:
        module = pending.pop()
        if module in reached or module not in graph:
            continue
        reached.add(module)
        pending += graph[module]
        # a package's __init__ is imported with each of its modules
        pending += [module.rsplit(".", 1)[0]] if "." in module else []
    ours = {name for name in graph if name.split(".")[0] == "smart_tool_build"}
    assert sorted(ours - reached) == []
