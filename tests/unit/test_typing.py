"""The public API is typed for users: mypy sees real types through the lazy names."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from support import CLI_SRC, SRC

SNIPPET = """\
import smart_tool_build

manifest = smart_tool_build.load_manifest("acme-widget")
reveal_type(manifest)
reveal_type(manifest.requires[0].install)
reveal_type(smart_tool_build.render_help("acme-widget"))
reveal_type(smart_tool_build.check_root)
"""


def test_all_names_every_lazy_name() -> None:
    import smart_tool_build

    assert smart_tool_build.__all__ == ["__version__", *smart_tool_build._LAZY]


def test_the_type_checker_sees_every_lazy_name_and_no_other() -> None:
    """The public names are listed once for run time (``_LAZY``) and once for the type
    checker (the ``if TYPE_CHECKING:`` block's re-exports and assignments): the same names."""
    import smart_tool_build

    tree = ast.parse((SRC / "smart_tool_build" / "__init__.py").read_text(encoding="utf-8"))
    block = next(
        n for n in tree.body if isinstance(n, ast.If) and getattr(n.test, "id", "") == "TYPE_CHECKING"
    )
    seen = set()
    for node in block.body:
        if isinstance(node, ast.ImportFrom) and node.level:
            seen |= {alias.asname for alias in node.names if alias.asname == alias.name}
        elif isinstance(node, ast.Assign):
            seen |= {target.id for target in node.targets if isinstance(target, ast.Name)}
    assert seen == set(smart_tool_build._LAZY)


def test_py_typed_is_shipped() -> None:
    assert (SRC / "smart_tool_build" / "py.typed").is_file()


def test_mypy_sees_the_lazy_names_with_their_types(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    (tmp_path / "use.py").write_text(SNIPPET, encoding="utf-8")
    env = dict(os.environ)
    if env.get("SMART_TOOL_TEST_INSTALLED") != "1":
        env["MYPYPATH"] = str(SRC)
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", os.devnull, "use.py"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    revealed = [
        line.split("Revealed type is ", 1)[1].replace("builtins.", "")
        for line in done.stdout.splitlines()
        if "Revealed type" in line
    ]
    manifest = '"smart_tool_build.project.manifest_model.Manifest"'
    assert revealed[:3] == [manifest, '"str"', '"str"'], done.stdout
    assert revealed[3].endswith('-> smart_tool_build.rules.root_report.RootReport"'), done.stdout
    assert done.returncode == 0 and "error:" not in done.stdout, done.stdout


#: the modules a build backend, an installer or a smart tool imports first (CONTRIBUTING.md,
#: "Import rules"): importing ``typing`` would be most of what they cost
ENTRY_MODULES = (
    "smart_tool_build/__init__.py",
    "smart_tool_build/hatch_hook.py",
    "smart_tool_build/setuptools_plugin.py",
    "smart_tool_build/backend.py",
    "smart_tool/cli/__init__.py",
    "smart_tool_build/runtime/accessor.py",
)


def _imports_typing(node: ast.AST) -> bool:
    if isinstance(node, ast.Import):
        return any(alias.name.split(".")[0] == "typing" for alias in node.names)
    return (
        isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").split(".")[0] == "typing"
    )


def _typing_imports_at_run_time(tree: ast.AST) -> list[int]:
    """The lines that import ``typing`` anywhere but in the body of an ``if TYPE_CHECKING:``
    (its ``else:`` runs, and so does an import inside a function)."""
    found: list[int] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for child in node.orelse:
                visit(child)
            return
        if _imports_typing(node):
            found.append(node.lineno)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


@pytest.mark.parametrize("module", ENTRY_MODULES)
def test_entry_modules_import_typing_only_for_the_type_checker(module: str) -> None:
    path = (CLI_SRC if module.startswith("smart_tool/") else SRC) / module
    lines = _typing_imports_at_run_time(ast.parse(path.read_text(encoding="utf-8")))
    assert not lines, (
        f"{module} imports typing at run time (lines {lines}): import it under "
        "`TYPE_CHECKING = False` / `if TYPE_CHECKING:` (CONTRIBUTING.md, Import rules)"
    )


def test_the_typing_check_sees_run_time_imports() -> None:
    """The check itself: what runs is found, what only the type checker reads is not."""
    source = (
        "import typing\n"
        "TYPE_CHECKING = False\n"
        "if TYPE_CHECKING:\n"
        "    from typing import Any\n"
        "else:\n"
        "    from typing import NamedTuple\n"
        "def f():\n"
        "    from typing import cast\n"
    )
    assert _typing_imports_at_run_time(ast.parse(source)) == [1, 6, 8]


def _declared_records(
    tree: ast.Module, maker: str = "record"
) -> dict[str, tuple[list[str], int, list[str], int]]:
    """Each ``if TYPE_CHECKING: class X(NamedTuple) ... else: X = record("X", (...), defaults=...)``
    of a module (``maker``: ``record``, or ``namedtuple`` for its twins): the declared fields
    and how many default, beside the made class's fields and defaults."""
    found = {}
    for node in tree.body:
        if not (
            isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
        ):
            continue
        made = {}
        for statement in node.orelse:
            call = statement.value if isinstance(statement, ast.Assign) else None
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == maker:
                fields = [e.value for e in call.args[1].elts]  # type: ignore[attr-defined]
                defaults = next((k.value for k in call.keywords if k.arg == "defaults"), None)
                made[statement.targets[0].id] = (fields, len(defaults.elts) if defaults else 0)  # type: ignore[attr-defined,union-attr]
        for declared in node.body:
            if isinstance(declared, ast.ClassDef) and declared.name in made:
                annotated = [s for s in declared.body if isinstance(s, ast.AnnAssign)]
                names = [s.target.id for s in annotated]  # type: ignore[union-attr]
                with_default = sum(s.value is not None for s in annotated)
                found[declared.name] = (names, with_default, *made[declared.name])
    return found


def test_every_record_makes_the_fields_the_type_checker_reads() -> None:
    """A named tuple built by ``project.records.record`` at run time and declared as a
    ``NamedTuple`` for the type checker has the same fields, in order, and the same defaults."""
    seen = 0
    modules = set()
    for path in sorted((SRC / "smart_tool_build").rglob("*.py")):
        for name, (declared, declared_defaults, made, made_defaults) in _declared_records(
            ast.parse(path.read_text(encoding="utf-8"))
        ).items():
            seen += 1
            modules.add(path.relative_to(SRC / "smart_tool_build").as_posix())
            where = f"{path.relative_to(SRC)}: {name}"
            assert made == declared, where
            assert made_defaults == declared_defaults, where
    assert seen >= 6  # the manifest model's, the descriptor's, the accessor's and the skill's
    # the one exception to the standard library's NamedTuple: modules a tool's --help imports
    assert modules == HELP_PATH_RECORDS, "records are for the --help path only (CONTRIBUTING.md)"


def test_every_namedtuple_twin_makes_the_fields_the_type_checker_reads() -> None:
    """The other twins: a ``collections.namedtuple`` made at run time and declared as a
    ``NamedTuple`` for the type checker has the same fields, in order, and the same defaults."""
    found = {}
    for path in sorted((SRC / "smart_tool_build").rglob("*.py")):
        twins = _declared_records(ast.parse(path.read_text(encoding="utf-8")), "namedtuple")
        for name, (declared, declared_defaults, made, made_defaults) in twins.items():
            where = f"{path.relative_to(SRC)}: {name}"
            assert (made, made_defaults) == (declared, declared_defaults), where
            found[path.relative_to(SRC / "smart_tool_build").as_posix()] = name
    # every run-time namedtuple of the package is such a twin, and each is compared above
    made_anywhere = {
        path.relative_to(SRC / "smart_tool_build").as_posix()
        for path in sorted((SRC / "smart_tool_build").rglob("*.py"))
        if any(
            isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "namedtuple"
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        )
    }
    assert set(found) == made_anywhere == NAMEDTUPLE_TWINS, found


#: the modules whose run-time named tuple is ``collections.namedtuple`` (the frontmatter's
#: document, a manifest's parse, a diagnostic's fields), each a twin of a declaration
NAMEDTUPLE_TWINS = {"parsing/frontmatter.py", "rules/manifest.py", "diagnostics/diagnostic.py"}


#: the modules of a tool's ``--help`` (an installed wheel's, an editable install's) whose
#: named tuples are made by ``project.records`` instead of ``typing.NamedTuple``: the
#: exception, with its figure in BENCHMARKS.md (section 2)
HELP_PATH_RECORDS = {
    "project/manifest_model.py",
    "rules/descriptor.py",
    "runtime/accessor.py",
    "runtime/skill.py",
}


def test_one_type_checking_idiom() -> None:
    """``TYPE_CHECKING = False`` everywhere: no module imports it from typing."""
    importing = [
        path.relative_to(root).as_posix()
        for root in (SRC, CLI_SRC)
        for path in sorted(root.rglob("*.py"))
        if any(
            isinstance(node, ast.ImportFrom)
            and node.module == "typing"
            and any(alias.name == "TYPE_CHECKING" for alias in node.names)
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        )
    ]
    assert importing == []
