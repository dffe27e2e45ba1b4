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


#: the subpackages from the top layer down; a module may import its own layer and those below.
#: Layers that share a row are siblings: neither imports the other. The entry modules at the
#: package's top (hatch_hook, setuptools_plugin, backend) sit with the adapters.
LAYERS: list[tuple[str, ...]] = [
    ("cli",),
    ("hatch_hook", "setuptools_plugin", "backend", "adapters"),
    ("smoke", "registry", "authoring"),
    ("plan",),
    ("archives",),
    ("runtime",),
    ("rules",),
    ("project",),
    ("parsing", "diagnostics"),
]
#: what every layer may import: the package's own ``__init__`` (its version and lazy names)
#: is above all and imported by none but the cli's version line and ``__main__``
TOP_LEVEL = {"smart_tool_build", "smart_tool_build.__main__"}


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
                is_module = (SRC / candidate.replace(".", "/")).with_suffix(".py").exists() or (
                    SRC / candidate.replace(".", "/") / "__init__.py"
                ).exists()
                found.add(candidate if is_module else target)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("smart_tool_build"):
            found.add(str(node.module))
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("smart_tool_build")}
    return {module for module in found if module != name}


def _layer(module: str) -> int:
    room = module.split(".")[1] if "." in module else ""
    for depth, row in enumerate(LAYERS):
        if room in row:
            return depth
    raise AssertionError(f"{module} is in no layer: add its subpackage to LAYERS")


def _room(module: str) -> str:
    return module.split(".")[1]


def test_every_import_runs_down_a_layer() -> None:
    upward = []
    for path in MODULES:
        module = _module_name(path)
        if module in TOP_LEVEL:
            continue
        for target in sorted(_all_imports(path)):
            if target == "smart_tool_build" and module.startswith("smart_tool_build.cli."):
                continue  # the version the command line prints
            if target in TOP_LEVEL:
                upward.append(f"{module} -> {target}")
                continue
            here, there = _layer(module), _layer(target)
            if there < here or (
                there == here and _room(target) != _room(module) and len(LAYERS[here]) > 1 and here != 1
            ):
                upward.append(f"{module} -> {target}")
    assert upward == []


def test_new_rooms_have_empty_inits() -> None:
    """A subpackage's ``__init__`` says what the room owns and imports nothing, so that reaching
    one module of it (an entry point, the accessor) costs no other."""
    for room in sorted({r for row in LAYERS for r in row} - {"hatch_hook", "setuptools_plugin", "backend"}):
        init = PACKAGE / room / "__init__.py"
        tree = ast.parse(init.read_bytes())
        assert ast.get_docstring(tree), room
        imports = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
        if room == "cli":  # ``smart_tool_build.cli:main`` is the console script: main, imported late
            assert [n.module for n in imports if isinstance(n, ast.ImportFrom)] == ["__future__"]
            continue
        assert len(tree.body) == 1, room
