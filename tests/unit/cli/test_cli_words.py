"""The small words of the command line: `-V`, what a timeout is, a description on every
command's `--help`, and the synopsis of docs/cli.md naming each command's arguments as
`--help` does."""

from __future__ import annotations

import re

import pytest

from smart_tool.cli import parser as cli
from smart_tool_build import __version__
from support import REPO, run_cli


@pytest.mark.parametrize("flag", ["-V", "--version"])
def test_version(flag: str) -> None:
    """`smoke` asks `-V` of every tool it tests; smart-tool answers it too."""
    done = run_cli(flag)
    said = f"smart-tool {__version__} (smart-tool-build {__version__})\n"
    assert (done.returncode, done.stdout, done.stderr) == (0, said, "")


@pytest.mark.parametrize("given", ["abc", "0", "-1", "nan", "inf", ""])
def test_a_timeout_that_is_not_one_says_what_a_timeout_is(given: str) -> None:
    done = run_cli("smoke", "--timeout", given, "README.md")
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == (
        f"smart-tool smoke: error: argument --timeout: {given!r} is not a timeout: a timeout is the "
        "positive number of seconds each probe may run, such as 20 or 2.5"
    )
    assert "_seconds" not in done.stderr


def _description(*command: str) -> str:
    """The paragraph `--help` prints between the usage and the arguments."""
    done = run_cli(*command, "--help")
    assert done.returncode == 0, done.stderr
    paragraphs = done.stdout.split("\n\n")
    return " ".join(paragraphs[1].split()) if not paragraphs[1].lstrip().startswith("positional") else ""


@pytest.mark.parametrize("command", [(name,) for name in cli.COMMANDS] + [("catalog", "check")])
def test_every_command_s_help_has_a_description(command: tuple[str, ...]) -> None:
    assert _description(*command), command


def test_catalog_check_says_what_it_checks() -> None:
    assert _description("catalog", "check") == (
        "check every tools/<id>/ entry of a catalog checkout: its files, provenance and manifest"
    )


def _synopsis() -> list[str]:
    page = (REPO / "docs" / "cli.md").read_text(encoding="utf-8")
    block = page.split("## Synopsis", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    lines: list[str] = []
    for line in block.splitlines():
        if line.startswith("smart-tool "):
            lines.append(line)
        elif lines:  # a continuation line
            lines[-1] += " " + line.strip()
    return lines


@pytest.mark.parametrize("line", _synopsis(), ids=lambda line: " ".join(line.split()[1:3]))
def test_the_synopsis_names_arguments_as_help_does(line: str) -> None:
    words = line.split()[1:]
    command = [words[0]] + ([words[1]] if words[0] == "catalog" else [])
    rest = " ".join(words[len(command) :])
    # the arguments, not the options' values: what stands outside every [--option ...]
    positional = re.findall(r"(?<![-\w])([A-Z][A-Z_]*)(?![\w|])", re.sub(r"\[--[^\]]*\]", "", rest))
    usage = run_cli(*command, "--help").stdout.split("\n\n", 1)[0]
    for name in positional:
        assert re.search(rf"\b{name}\b", usage), (name, usage)
