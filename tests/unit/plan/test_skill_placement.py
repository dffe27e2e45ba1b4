"""Where the build plan puts a library's skills: every file of every skill folder, in the
wheel at ``<package>/.agents/skills/<name>/``, in the sdist at its source path, nothing in an
editable wheel; what the verifier is handed. The real builds on every backend are in
tests/e2e/test_skills_builds.py."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from smart_tool_build.plan.build_plan import BuildPlan, plan_build
from smart_tool_build.plan.layout import PlannedFile

REPO = Path(__file__).resolve().parents[3]
LIBRARY = REPO / "fixtures" / "skills" / "library"
ROOT_SKILLS = REPO / "fixtures" / "skills" / "root-skills"
SKILL = "src/skilled_lib/.agents/skills/skilled-lib"
DEBUG = "src/skilled_lib/.agents/skills/skilled-lib-debug"
FILES = ("SKILL.md", "references/x.md", "scripts/run.sh")


def copy(source: Path, tmp_path: Path) -> Path:
    root = tmp_path / source.name
    shutil.copytree(source, root, symlinks=True)
    return root


def plan_of(root: Path) -> BuildPlan:
    return plan_build(root, version="1.2.0", version_origin="the test")


def test_every_skill_file_goes_to_both_archives(tmp_path: Path) -> None:
    root = copy(LIBRARY, tmp_path)
    pycache = root / SKILL / "scripts" / "__pycache__"
    pycache.mkdir()
    (pycache / "helper.cpython-311.pyc").write_bytes(b"\0")
    plan = plan_of(root)
    wheel = [f for f in plan.files("wheel") if ".agents" in f.source]
    assert wheel == [
        *(PlannedFile(f"{SKILL}/{f}", f"skilled_lib/.agents/skills/skilled-lib/{f}") for f in FILES),
        PlannedFile(f"{DEBUG}/SKILL.md", "skilled_lib/.agents/skills/skilled-lib-debug/SKILL.md"),
    ]
    sdist = [f for f in plan.files("sdist") if ".agents" in f.source]
    assert sdist == [PlannedFile(f.source, f.source) for f in wheel]
    assert plan.files("editable") == ()
    assert plan.skill_files("wheel") == tuple(wheel)


def test_the_verifier_is_handed_each_skill_and_its_source_bytes(tmp_path: Path) -> None:
    root = copy(LIBRARY, tmp_path)
    plan = plan_of(root)
    wheel, sdist = plan.facts("wheel").skills, plan.facts("sdist").skills
    assert wheel is not None and sdist is not None
    assert [(s.name, s.place, s.files) for s in wheel] == [
        ("skilled-lib", "skilled_lib/.agents/skills/skilled-lib", FILES),
        ("skilled-lib-debug", "skilled_lib/.agents/skills/skilled-lib-debug", ("SKILL.md",)),
    ]
    assert [s.place for s in sdist] == [SKILL, DEBUG]
    assert wheel[0].skill_md == (root / SKILL / "SKILL.md").read_bytes()
    # the skills' files are judged as skills, not as plain members of the sdist
    assert not [m for m in plan.facts("sdist").sdist_members if ".agents" in m]


def test_skills_named_by_the_option_go_into_the_package(tmp_path: Path) -> None:
    root = copy(ROOT_SKILLS, tmp_path)
    plan = plan_of(root)
    assert list(plan.files("wheel")) == [
        PlannedFile("skills/rooted-lib/SKILL.md", "rooted_lib/.agents/skills/rooted-lib/SKILL.md"),
        PlannedFile(
            "skills/rooted-lib/references/api.md", "rooted_lib/.agents/skills/rooted-lib/references/api.md"
        ),
    ]
    # the sdist keeps the source layout, so a wheel built from it finds them the same way
    assert [f.target for f in plan.files("sdist")] == [
        "skills/rooted-lib/SKILL.md",
        "skills/rooted-lib/references/api.md",
    ]


def test_a_project_without_skills_plans_none(tmp_path: Path) -> None:
    root = copy(LIBRARY, tmp_path)
    shutil.rmtree(root / "src" / "skilled_lib" / ".agents")
    plan = plan_of(root)
    assert plan.skills == () and plan.skill_files("wheel") == ()
    assert plan.facts("wheel").skills is None


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="symlinks")
def test_a_link_out_of_the_project_is_refused_and_not_planned(tmp_path: Path) -> None:
    root = copy(LIBRARY, tmp_path)
    secret = tmp_path / "secret.txt"
    secret.write_text("outside\n")
    os.symlink(secret, root / SKILL / "references" / "leak.txt")
    plan = plan_of(root)
    found = [(d.code, d.path) for d in plan.diagnostics if d.code.startswith("skill")]
    assert found == [("skill-inside-root", f"{SKILL}/references/leak.txt")]
    assert not [f for f in plan.files("wheel") if f.source.endswith("leak.txt")]


def test_a_skill_folder_without_skill_md_is_one_line(tmp_path: Path) -> None:
    root = copy(LIBRARY, tmp_path)
    (root / DEBUG / "SKILL.md").unlink()
    (root / DEBUG / "notes.md").write_text("# notes\n")
    plan = plan_of(root)
    found = [(d.code, d.path, d.line) for d in plan.diagnostics if d.code.startswith("skill")]
    assert found == [("skill-md-present", f"{DEBUG}/SKILL.md", None)]
    assert plan.failed()
    assert not [f for f in plan.files("wheel") if "debug" in f.source]


def test_the_build_note_names_the_skills_and_counts_the_files(tmp_path: Path) -> None:
    root = copy(LIBRARY, tmp_path)
    assert "2 library skill(s) planned (4 files): skilled-lib, skilled-lib-debug" in plan_of(root).notes
    for index in range(10):
        folder = root / "src" / "skilled_lib" / ".agents" / "skills" / f"more-{index}"
        folder.mkdir()
        (folder / "SKILL.md").write_text(
            f"---\nname: more-{index}\ndescription: Part {index}.\n---\n\n# more\n"
        )
    notes = [n for n in plan_of(root).notes if "planned" in n]
    assert notes == [
        "12 library skill(s) planned (14 files): more-0, more-1, more-2, more-3, more-4, more-5, "
        "more-6, more-7, more-8, more-9 and 2 more"
    ]
