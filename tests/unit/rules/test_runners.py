"""Looking through runner prefixes: what a descriptor's cli_argv finally starts."""

from __future__ import annotations

from typing import Optional

import pytest
from hypothesis import given
from hypothesis import strategies as st

from smart_tool_build.rules.runners import is_python, look_through

Row = tuple[list[str], str, Optional[str], tuple[str, ...], tuple[str, ...]]

CASES: list[Row] = [
    # argv, kind, target, args, runners looked through
    (["acme"], "command", "acme", (), ()),
    (["acme", "serve", "--port", "1"], "command", "acme", ("serve", "--port", "1"), ()),
    (["uvx", "acme"], "command", "acme", (), ("uvx",)),
    (["uvx", "--from", "git+https://x/acme", "acme", "run"], "command", "acme", ("run",), ("uvx",)),
    (["uvx", "--python=3.12", "-q", "acme@1.2"], "command", "acme@1.2", (), ("uvx",)),
    (["uv", "tool", "run", "--with", "rich", "acme"], "command", "acme", (), ("uvx",)),
    (["uv", "run", "acme", "x"], "command", "acme", ("x",), ("uv run",)),
    (["uv", "run", "--no-project", "src/acme/cli.py"], "file", "src/acme/cli.py", (), ("uv run",)),
    (["uv", "run", "-m", "acme.cli", "x"], "module", "acme.cli", ("x",), ("uv run",)),
    (["uv", "run", "--module=acme"], "module", "acme", (), ("uv run",)),
    (["uv", "run", "--script", "tool.py"], "file", "tool.py", (), ("uv run",)),
    (["uv", "--directory", "tools", "run", "acme"], "command", "acme", (), ("uv run",)),
    (["uv", "run", "--with", "x", "python", "-m", "acme"], "module", "acme", (), ("uv run", "python")),
    (["uv", "run", "--", "acme"], "command", "acme", (), ("uv run",)),
    (["pipx", "run", "--spec", "acme==1.0", "acme", "x"], "command", "acme", ("x",), ("pipx run",)),
    (["npx", "-y", "@acme/widget@2", "x"], "command", "@acme/widget@2", ("x",), ("npx",)),
    (["npx", "--package", "acme", "acme-cli"], "command", "acme-cli", (), ("npx",)),
    (["pnpm", "dlx", "acme"], "command", "acme", (), ("pnpm dlx",)),
    (["bunx", "acme"], "command", "acme", (), ("bunx",)),
    (["python", "-m", "acme"], "module", "acme", (), ("python",)),
    (["python3", "-Im", "acme", "x"], "module", "acme", ("x",), ("python",)),
    (["python3.12", "-X", "dev", "-W", "ignore", "-m", "acme"], "module", "acme", (), ("python",)),
    (["/usr/bin/python3", "-u", "acme/cli.py", "x"], "file", "acme/cli.py", ("x",), ("python",)),
    (["py", "-3.12", "-m", "acme"], "module", "acme", (), ("python",)),
    (["env", "ACME_MODE=ci", "-u", "HOME", "acme"], "command", "acme", (), ("env",)),
    (
        ["docker", "run", "--rm", "-it", "-e", "A=1", "-v", "x:/y", "acme/widget:1", "serve"],
        "image",
        "acme/widget:1",
        ("serve",),
        ("docker run",),
    ),
    (["docker", "container", "run", "acme/widget"], "image", "acme/widget", (), ("docker run",)),
    (["podman", "run", "--name", "w", "acme/widget"], "image", "acme/widget", (), ("podman run",)),
    (["poetry", "run", "acme"], "command", "acme", (), ("poetry run",)),
    (["hatch", "run", "python", "-m", "acme"], "module", "acme", (), ("hatch run", "python")),
    (["tool.py", "x"], "file", "tool.py", ("x",), ()),
]


@pytest.mark.parametrize(
    ("argv", "kind", "target", "args", "runners"), CASES, ids=[" ".join(c[0]) for c in CASES]
)
def test_look_through(
    argv: list[str], kind: str, target: Optional[str], args: tuple[str, ...], runners: tuple[str, ...]
) -> None:
    launch = look_through(argv)
    assert (launch.kind, launch.target, launch.args, launch.runners) == (kind, target, args, runners)


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        ([], "ends before naming anything"),
        (["uvx"], "given nothing to run"),
        (["uvx", "--from", "acme"], "given nothing to run"),
        (["python"], "no script or module"),
        (["python", "-"], "no script or module"),
        (["python", "-c", "print(1)"], "inline code"),
        (["npx", "-c", "acme x"], "inline code"),
    ],
)
def test_nothing_to_name(argv: list[str], reason: str) -> None:
    launch = look_through(argv)
    assert launch.kind == "unknown" and launch.target is None
    assert launch.reason is not None and reason in launch.reason
    assert reason in launch.describe()


@pytest.mark.parametrize(
    ("argv", "name"),
    [
        (["uvx", "acme@1.2"], "acme"),
        (["pipx", "run", "acme==1.0"], "acme"),
        (["npx", "@acme/widget@2"], "widget"),
        (["./bin/acme.exe"], "acme"),
        (["uvx", "acme[rich]"], "acme"),
        (["python", "-m", "acme"], None),
    ],
)
def test_command_name(argv: list[str], name: Optional[str]) -> None:
    assert look_through(argv).command_name == name


def test_what_is_installed_and_how_it_reads() -> None:
    launch = look_through(["uvx", "--from", "git+https://x/acme", "acme"])
    assert launch.package == "git+https://x/acme"
    assert launch.describe() == "the command 'acme' (through uvx)"
    assert look_through(["pipx", "run", "--spec", "acme==1", "acme"]).package == "acme==1"
    assert look_through(["python", "-m", "acme"]).describe() == "the module 'acme' (through python)"


@pytest.mark.parametrize(
    ("word", "python"),
    [("python", True), ("python3.13", True), ("/opt/bin/python3", True), ("pythonw.exe", True),
     ("pypy3", True), ("py", True), ("pyright", False), ("python-tool", False), ("uv", False)],
)  # fmt: skip
def test_is_python(word: str, python: bool) -> None:
    assert is_python(word) is python


@given(st.lists(st.text(max_size=12), max_size=8))
def test_never_raises(argv: list[str]) -> None:
    launch = look_through(argv)
    assert launch.kind in ("command", "module", "file", "image", "unknown")
    assert launch.describe()
