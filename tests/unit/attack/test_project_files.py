"""Attacks on the project files the tool reads besides the manifest and descriptor: symlinks
out of the root, FIFOs, sparse giants, nesting beyond Python's limits, integers too long to
convert, a version pattern that backtracks without end.

Each case runs the command line in a child process under a time bound (``run_cli``'s
timeout: a hang fails, it does not block the suite) and asserts the coded line (code, path,
line), the exit status and that no traceback was printed.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Optional

import pytest

from support import copy_root, run_cli

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX files (FIFOs, symlinks)")

INIT = "src/demo_tool/__init__.py"
HEAD = '[project]\nname = "demo-tool"\nversion = "1.0.0"\n'


def root(tmp_path: Path) -> Path:
    return copy_root("valid", tmp_path / "root")


def coded(tmp_path: Path, *args: str, line: str, status: int = 1) -> str:
    """Run ``smart-tool ARGS`` in the root; assert ``line`` starts an output line, the exit
    status, and no traceback; return the output."""
    done = run_cli(*args, cwd=tmp_path / "root")
    out = done.stdout + done.stderr
    assert "Traceback" not in out, out
    assert any(
        text.startswith(line) or text.startswith("smart-tool: error: " + line) for text in out.splitlines()
    ), out
    assert done.returncode == status, out
    return out


def deep_toml(tmp_path: Path) -> None:
    (tmp_path / "root/pyproject.toml").write_text(HEAD + "x = " + "[" * 100_000 + "]" * 100_000 + "\n")


def long_integer(tmp_path: Path) -> None:
    (tmp_path / "root/pyproject.toml").write_text(HEAD + "x = " + "9" * 10_000 + "\n")


BAD_PYPROJECT = [
    pytest.param(deep_toml, "nests too deeply", id="deep"),
    pytest.param(long_integer, "integer", id="long-integer"),
]


@pytest.mark.parametrize(("make", "words"), BAD_PYPROJECT)
@pytest.mark.parametrize("command", [["check", "."], ["fix", "."], ["fix", "--diff", "."]])
def test_pyproject_beyond_python_limits(tmp_path: Path, make: object, words: str, command: list[str]) -> None:
    root(tmp_path)
    make(tmp_path)  # type: ignore[operator]
    out = coded(tmp_path, *command, line="pyproject.toml:4: package-definition-parses:")
    assert words in out


@pytest.mark.parametrize(("make", "words"), BAD_PYPROJECT)
def test_snapshot_of_a_pyproject_beyond_python_limits(tmp_path: Path, make: object, words: str) -> None:
    root(tmp_path)
    make(tmp_path)  # type: ignore[operator]
    out = coded(
        tmp_path,
        "snapshot",
        "--output-dir",
        str(tmp_path / "entry"),
        ".",
        line="pyproject.toml:4: package-definition-parses:",
    )
    assert words in out and not (tmp_path / "entry").exists()


@pytest.mark.parametrize(("make", "words"), BAD_PYPROJECT)
def test_init_on_a_pyproject_beyond_python_limits(tmp_path: Path, make: object, words: str) -> None:
    (tmp_path / "root/src/demo_tool").mkdir(parents=True)
    (tmp_path / "root" / INIT).write_text("")
    make(tmp_path)  # type: ignore[operator]
    out = coded(tmp_path, "init", ".", line="pyproject.toml:4: package-definition-parses:", status=2)
    assert words in out


def wheel(tmp_path: Path) -> Path:
    from archive_kit import wheel_members, write_wheel

    return write_wheel(tmp_path / "demo_tool-1.0.0-py3-none-any.whl", wheel_members())


@pytest.mark.parametrize(("make", "words"), BAD_PYPROJECT)
def test_inspect_of_a_wheel_beside_a_pyproject_beyond_python_limits(
    tmp_path: Path, make: object, words: str
) -> None:
    """inspect takes a lone wheel's options from the pyproject.toml where it runs: beyond
    Python's limits, they are not read (as for any TOML error there); the wheel is judged."""
    root(tmp_path)
    make(tmp_path)  # type: ignore[operator]
    done = run_cli("inspect", str(wheel(tmp_path)), cwd=tmp_path / "root")
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    assert done.returncode == 0 and "0 errors" in done.stdout, done.stdout + done.stderr


def test_inspect_beside_a_fifo_pyproject(tmp_path: Path) -> None:
    (root(tmp_path) / "pyproject.toml").unlink()
    os.mkfifo(tmp_path / "root/pyproject.toml")
    out = coded(tmp_path, "inspect", str(wheel(tmp_path)), line="pyproject.toml: package-definition-parses:")
    assert "not a regular file" in out


def test_fifo_pyproject_is_a_coded_line_not_exit_0(tmp_path: Path) -> None:
    (root(tmp_path) / "pyproject.toml").unlink()
    os.mkfifo(tmp_path / "root/pyproject.toml")
    out = coded(tmp_path, "check", ".", line="pyproject.toml: package-definition-parses:")
    assert "not a regular file" in out


def test_deep_package_json(tmp_path: Path) -> None:
    (root(tmp_path) / "pyproject.toml").unlink()
    nested = "[" * 100_000 + "]" * 100_000
    (tmp_path / "root/package.json").write_text(
        '{"name": "demo-tool", "version": "1.0.0", "x": ' + nested + "}\n"
    )
    out = coded(tmp_path, "check", ".", line="package.json:1: package-definition-parses:")
    assert "nests too deeply" in out


def test_symlinked_pyproject_out_of_the_root(tmp_path: Path) -> None:
    outside = tmp_path / "outside.toml"
    outside.write_text(HEAD)
    (root(tmp_path) / "pyproject.toml").unlink()
    (tmp_path / "root/pyproject.toml").symlink_to(outside)
    out = coded(tmp_path, "check", ".", line="pyproject.toml: package-definition-parses:")
    assert "outside the distribution root" in out


def test_symlinked_init_out_of_the_root_is_refused_and_never_written(tmp_path: Path) -> None:
    outside = tmp_path / "outside.py"
    outside.write_text('SECRET = "do not print"\n__version__ = "0.1"\n')
    (root(tmp_path) / INIT).unlink()
    (tmp_path / "root" / INIT).symlink_to(outside)
    out = coded(tmp_path, "check", ".", line=f"{INIT}: project-file-readable:")
    assert "outside the distribution root" in out and "do not print" not in out
    coded(tmp_path, "fix", ".", line=f"{INIT}: project-file-readable:")
    assert outside.read_text() == 'SECRET = "do not print"\n__version__ = "0.1"\n'


def test_sparse_4_gib_init_is_refused_unread(tmp_path: Path) -> None:
    with open(root(tmp_path) / INIT, "wb") as handle:
        handle.truncate(4 * 1024**3)
    out = coded(tmp_path, "check", ".", line=f"{INIT}: project-file-readable:")
    assert "over the limit of 1048576 bytes" in out


@pytest.mark.parametrize(
    "source",
    [
        pytest.param("x = " + "-" * 100_000 + "1\n", id="unary-memoryerror"),
        pytest.param("x = " + "1+" * 200_000 + "1\n", id="additions-recursionerror"),
    ],
)
def test_init_beyond_the_parser(tmp_path: Path, source: str) -> None:
    (root(tmp_path) / INIT).write_text(source + '__version__ = "2.0"\n')
    out = coded(tmp_path, "check", ".", line=f"{INIT}: project-file-readable:")
    assert "nests too deeply" in out


def attr_project(tmp_path: Path, module: str) -> None:
    root(tmp_path)
    (tmp_path / "root/pyproject.toml").write_text(
        '[project]\nname = "demo-tool"\ndynamic = ["version"]\n\n'
        '[tool.setuptools.dynamic]\nversion = {attr = "demo_tool.__version__"}\n'
    )
    (tmp_path / "root" / INIT).write_text(module + '__version__ = "1.0.0"\n')


@pytest.mark.parametrize(
    "source",
    [
        pytest.param("x = " + "-" * 100_000 + "1\n", id="unary-memoryerror"),
        pytest.param("x = " + "1+" * 200_000 + "1\n", id="additions-recursionerror"),
    ],
)
def test_setuptools_attr_source_beyond_the_parser(tmp_path: Path, source: str) -> None:
    attr_project(tmp_path, source)
    out = coded(tmp_path, "check", ".", line="pyproject.toml:6: package-definition-parses:")
    assert "nests too deeply" in out


def test_setuptools_attr_source_symlinked_out(tmp_path: Path) -> None:
    attr_project(tmp_path, "")
    outside = tmp_path / "outside.py"
    outside.write_text('__version__ = "1.0.0"\n')
    (tmp_path / "root" / INIT).unlink()
    (tmp_path / "root" / INIT).symlink_to(outside)
    out = coded(tmp_path, "check", ".", line="pyproject.toml:6: package-definition-parses:")
    assert "outside the distribution root" in out


def hatch_project(tmp_path: Path, pattern: Optional[str], path: str = "v.txt") -> None:
    root(tmp_path)
    line = "" if pattern is None else f"pattern = {pattern!r}\n"
    (tmp_path / "root/pyproject.toml").write_text(
        '[project]\nname = "demo-tool"\ndynamic = ["version"]\n\n'
        f'[tool.hatch.version]\npath = "{path}"\n' + line
    )


def test_hatch_path_symlinked_out(tmp_path: Path) -> None:
    hatch_project(tmp_path, None)
    outside = tmp_path / "outside.py"
    outside.write_text('__version__ = "1.0.0"\n')
    (tmp_path / "root/v.txt").symlink_to(outside)
    out = coded(tmp_path, "check", ".", line="pyproject.toml:6: package-definition-parses:")
    assert "outside the distribution root" in out


def test_hatch_pattern_that_backtracks_without_end(tmp_path: Path) -> None:
    """``(a+)+b`` against 40 ``a``s ran past 60 s; it is stopped after 2 s, a coded line."""
    hatch_project(tmp_path, "(?P<version>(a+)+)b")
    (tmp_path / "root/v.txt").write_text("a" * 40)
    out = coded(tmp_path, "check", ".", line="pyproject.toml:7: package-definition-parses:")
    assert "backtracks without end" in out


def test_hatch_pattern_with_a_safe_nested_repeat_still_reads(tmp_path: Path) -> None:
    """A repeat inside a repeat that does not blow up reads the version (in the child)."""
    hatch_project(tmp_path, r"(?P<version>(\d+\.)+\d+)")
    (tmp_path / "root/v.txt").write_text("1.0.0\n")
    done = run_cli("check", ".", cwd=tmp_path / "root")
    assert "package-definition-parses" not in done.stdout + done.stderr, done.stdout
    assert "Traceback" not in done.stderr


def test_can_backtrack_reads_the_shapes() -> None:
    from smart_tool_build.project.patterns import can_backtrack

    assert can_backtrack("(a+)+b") and can_backtrack("(a|aa)*c") and can_backtrack(r"((\d+\.)*)+")
    hatch_default = r"(?i)^(__version__|VERSION) *= *([\'\"])v?(?P<version>.+?)\2"
    assert not can_backtrack(hatch_default) and not can_backtrack(r"version = '(\d+\.\d+)'")
    if sys.version_info >= (3, 11):
        assert not can_backtrack("(?:a++)+b") and not can_backtrack("(?>a+)+b")


def test_fix_writes_nothing_outside_the_root(tmp_path: Path) -> None:
    """The last guard of ``fix``: an edit whose file, or whose folder for a new file,
    resolves outside the root is dropped (a symlinked folder or file)."""
    from smart_tool.authoring.fixes import within

    inner = root(tmp_path)
    outside = tmp_path / "outside"
    (outside / "pkg").mkdir(parents=True)
    (outside / "pkg/__init__.py").write_text("")
    (inner / "linked").symlink_to(outside / "pkg")
    (inner / "linked_file.py").symlink_to(outside / "pkg/__init__.py")
    assert within(inner / INIT, inner) and within(inner / "new.json", inner)
    assert not within(inner / "linked/__init__.py", inner)
    assert not within(inner / "linked/new.json", inner)
    assert not within(inner / "linked_file.py", inner)


def test_build_opt_in_reads_a_deep_pyproject_as_none() -> None:
    from smart_tool_build.project.requires import read_toml

    assert read_toml(b"x = " + b"[" * 100_000 + b"]" * 100_000) == {}


def test_collection_profile_symlinked_out_is_not_read(tmp_path: Path) -> None:
    import shutil

    from smart_tool_build.rules.collection import check_collection
    from support import FIXTURES

    collection = tmp_path / "kit"
    shutil.copytree(FIXTURES / "collections/collection-profile", collection, symlinks=True)
    secret = tmp_path / "secret.md"
    secret.write_text("---\nname: [unclosed\n---\n")
    (collection / "profiles/broken.md").unlink()
    (collection / "profiles/broken.md").symlink_to(secret)
    found = [(d.code, d.path, d.line, d.message) for d in check_collection(collection).diagnostics]
    assert found == [
        (
            "collection-profile",
            "profiles/broken.md",
            None,
            "a profile that leads outside the root through a symlink; not read",
        )
    ]
