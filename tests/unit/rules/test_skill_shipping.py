"""``check`` on a library whose backend alone leaves its skills out of the wheel: the
``build-system-names-plugin`` warning a tool gets, naming the skills (the fixture roots are
in tests/unit/diagnostics/skill_cases.py); silence where the backend ships them; and the
``.gitignore`` reading behind hatchling's case."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from smart_tool_build.rules.root import check_root
from smart_tool_build.rules.skill_shipping import gitignored
from support import ROOTS

SKILLS = "src/acme/.agents/skills"


def library(tmp_path: Path, build_system: str, gitignore: str = "") -> Path:
    root = tmp_path / "acme"
    shutil.copytree(ROOTS / "valid-skills", root)
    text = (root / "pyproject.toml").read_text(encoding="utf-8")
    rest = text[text.index("[project]") :].replace("[tool.hatch.build.hooks.smart-tool]\n", "")
    (root / "pyproject.toml").write_text(build_system + "\n" + rest, encoding="utf-8")
    if gitignore:
        (root / ".gitignore").write_text(gitignore, encoding="utf-8")
    return root


SETUPTOOLS = '[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n'
HATCHLING = '[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n'
FLIT = '[build-system]\nrequires = ["flit_core>=3.4"]\nbuild-backend = "flit_core.buildapi"\n'


def warnings(root: Path) -> list[str]:
    return [str(d) for d in check_root(root).diagnostics]


def test_plain_setuptools_is_told_which_skills_it_leaves_out(tmp_path: Path) -> None:
    (line,) = warnings(library(tmp_path, SETUPTOOLS))
    assert line.startswith(
        "pyproject.toml:2: build-system-names-plugin (warning): [build-system] names neither"
    ), line
    assert "setuptools' package data never matches a hidden folder such as .agents/" in line
    assert f"{SKILLS}/acme-debugging, {SKILLS}/acme-usage are left out of the wheel" in line
    assert "list smart-tool-build in [build-system].requires" in line


def test_hatchling_with_agents_in_gitignore_is_told_the_line(tmp_path: Path) -> None:
    (line,) = warnings(library(tmp_path, HATCHLING, "# ours\n.venv/\n.agents/\n"))
    assert "hatchling follows .gitignore, whose line 3 (.agents/) leaves the skills out" in line
    assert f"{SKILLS}/acme-debugging, {SKILLS}/acme-usage are left out of the wheel" in line
    assert "add the empty table [tool.hatch.build.hooks.smart-tool]" in line


@pytest.mark.parametrize(
    ("build_system", "gitignore"),
    [
        (HATCHLING, ""),  # hatchling ships hidden folders
        (HATCHLING, ".venv/\n*.pyc\n"),
        (FLIT, ".agents/\n"),  # flit_core ignores .gitignore: it ships .agents/ as it is
        ('[build-system]\nrequires = ["setuptools>=61", "smart-tool-build"]\n', ""),  # the plugin ships them
    ],
)
def test_nothing_to_say_where_the_skills_ship(tmp_path: Path, build_system: str, gitignore: str) -> None:
    assert warnings(library(tmp_path, build_system, gitignore)) == []


def test_a_build_is_not_told(tmp_path: Path) -> None:
    """A build that runs the check names smart-tool-build: it ships the skills itself."""
    assert check_root(library(tmp_path, SETUPTOOLS), building=True).diagnostics == []


@pytest.mark.parametrize(
    ("lines", "line"),
    [
        (".agents/", (1, ".agents/")),
        ("/src/acme/.agents", (1, "/src/acme/.agents")),
        ("**/.agents/skills/", (1, "**/.agents/skills/")),
        ("src/*/.agents/", (1, "src/*/.agents/")),
        ("*.md", (1, "*.md")),
        ("# .agents/\n.venv", None),
        (".agents/\n!.agents/", None),
        (".agent", None),
        ("/.agents/", None),  # only the root's own .agents
        ("SKILL.md/", None),  # a folder pattern never matches the file itself
    ],
)
def test_gitignored_reads_gitignore_as_git_does(tmp_path: Path, lines: str, line: object) -> None:
    (tmp_path / ".gitignore").write_text(lines + "\n", encoding="utf-8")
    assert gitignored(tmp_path, f"{SKILLS}/acme-usage/SKILL.md") == line
