"""``smart-tool init --skill NAME``: a library's skill started where library-skills finds it,
``<package>/.agents/skills/NAME/SKILL.md``, its description marked TODO and failing
``skill-description-present`` until written; never an overwrite, never outside the root.

The library to copy, examples/setuptools-library, is checked here and built in
tests/e2e/test_skills_builds.py (and by scripts/build-example); docs/skills.md shows its skill.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

import pytest

from smart_tool.authoring.scaffold import InitError
from smart_tool.authoring.skill_scaffold import plan_skill, write_skill
from smart_tool_build.rules.root import check_root
from support import REPO, run_cli

HATCHLING = (
    '[build-system]\nrequires = ["hatchling", "smart-tool-build"]\nbuild-backend = "hatchling.build"\n\n'
    '[project]\nname = "acme-lib"\nversion = "1.0.0"\n\n[tool.hatch.build.hooks.smart-tool]\n'
)
SKILL = "src/acme_lib/.agents/skills/acme-usage/SKILL.md"


def library(tmp_path: Path, package: Optional[str] = "src/acme_lib") -> Path:
    root = tmp_path / "acme"
    root.mkdir(parents=True)
    (root / "pyproject.toml").write_text(HATCHLING)
    if package:
        (root / package).mkdir(parents=True)
        (root / package / "__init__.py").write_text('"""acme-lib."""\n')
    return root


def findings(root: Path) -> list[tuple[str, Optional[str], Optional[int]]]:
    return [(d.code, d.path, d.line) for d in check_root(root).diagnostics]


def test_init_skill_starts_a_skill_beside_the_library(tmp_path: Path) -> None:
    root = library(tmp_path)
    done = run_cli("init", "--skill", "acme-usage", str(root), cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    shown = f"{root}/{SKILL}"
    assert done.stdout.splitlines()[0] == f"smart-tool: wrote {shown}"
    assert f"{shown}:3: skill-description-present: description holds a TODO/TBD marker" in done.stdout
    assert (
        f"smart-tool: complete the lines marked TODO in {shown} (lines 3, 8 and 12): until its "
        "description holds content, `smart-tool check` and every build fail with skill-description-present"
    ) in done.stdout
    text = (root / SKILL).read_text()
    assert text.startswith('---\nname: acme-usage\ndescription: "TODO: what this skill does with acme-lib')
    # what fails until the author writes it: the description, on its line, and nothing else
    assert findings(root) == [("skill-description-present", SKILL, 3)]
    (root / SKILL).write_text(text.replace("TODO: what this skill does", "Builds widgets"))
    assert findings(root) == []
    checked = run_cli("check", "-v", str(root), cwd=tmp_path)
    assert checked.returncode == 0 and f"{root}: ok, 1 skill checked" in checked.stdout, checked.stdout


def test_init_skill_in_a_flat_layout_and_with_package(tmp_path: Path) -> None:
    flat = library(tmp_path / "flat", package="acme_lib")
    write_skill(plan_skill(flat, "acme-usage"))
    assert (flat / "acme_lib/.agents/skills/acme-usage/SKILL.md").is_file()
    two = library(tmp_path / "two")
    (two / "src/other").mkdir()
    (two / "src/other/__init__.py").write_text("")
    with pytest.raises(
        InitError, match=r"2 import packages \(src/acme_lib, src/other\): choose .* --package"
    ):
        plan_skill(two, "acme-usage")
    write_skill(plan_skill(two, "acme-usage", package_dir="src/other"))
    assert (two / "src/other/.agents/skills/acme-usage/SKILL.md").is_file()


@pytest.mark.parametrize("name", ["Acme_Usage", "acme--usage", "-acme", "a" * 65, ""])
def test_init_skill_refuses_a_name_no_reader_takes(tmp_path: Path, name: str) -> None:
    root = library(tmp_path)
    done = run_cli("init", f"--skill={name}", str(root), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith(f"smart-tool: error: --skill {name!r} is not a skill name"), done.stderr
    assert not (root / "src/acme_lib/.agents").exists()


def test_init_skill_never_overwrites(tmp_path: Path) -> None:
    root = library(tmp_path)
    (root / SKILL).parent.mkdir(parents=True)
    (root / SKILL).write_text("mine\n")
    done = run_cli("init", "--skill", "acme-usage", str(root), cwd=tmp_path)
    assert done.returncode == 2
    assert "acme-usage already exists; init never overwrites a skill" in done.stderr
    assert (root / SKILL).read_text() == "mine\n"


def test_init_skill_needs_a_package(tmp_path: Path) -> None:
    root = library(tmp_path, package=None)
    with pytest.raises(InitError, match=r"no import package found .*: name its folder with --package"):
        plan_skill(root, "acme-usage")
    with pytest.raises(InitError, match=r"--package '\.\./elsewhere' is not a folder inside the root"):
        plan_skill(root, "acme-usage", package_dir="../elsewhere")


@pytest.mark.parametrize("linked", ["src/acme_lib", "src/acme_lib/.agents"])
def test_init_skill_never_writes_outside_the_root(tmp_path: Path, linked: str) -> None:
    """A package folder (or its .agents) that is a symlink leading out: refused, nothing
    written there or here."""
    root = library(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    target = root / linked
    if target.exists():
        os.rename(target, outside / "moved")
        target.symlink_to(outside / "moved", target_is_directory=True)
    else:
        target.symlink_to(outside, target_is_directory=True)
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    # named with --package (a linked package folder is no package the check finds by itself)
    done = run_cli("init", "--skill", "acme-usage", "--package", "src/acme_lib", str(root), cwd=tmp_path)
    assert done.returncode == 2, done.stdout
    assert done.stderr.startswith(
        f"smart-tool: error: {root}/src/acme_lib/.agents/skills/acme-usage leads outside the project "
        f"(a symlink on the way points to {os.path.realpath(outside)}/"
    ), done.stderr
    assert done.stderr.endswith("/acme-usage); init writes nothing there\n"), done.stderr
    found = run_cli("init", "--skill", "acme-usage", str(root), cwd=tmp_path)
    assert found.returncode == 2 and found.stderr.startswith("smart-tool: error: "), found.stdout
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before


EXAMPLE = REPO / "examples" / "setuptools-library"


def test_the_example_library_checks_and_docs_show_its_skill() -> None:
    """The library to copy passes ``check``, and docs/skills.md's sample SKILL.md is its skill,
    word for word."""
    assert findings(EXAMPLE) == []
    skill = (EXAMPLE / "src/acme_gears/.agents/skills/acme-gears/SKILL.md").read_text(encoding="utf-8")
    docs = (REPO / "docs" / "skills.md").read_text(encoding="utf-8")
    assert f"```markdown\n{skill}```\n" in docs
