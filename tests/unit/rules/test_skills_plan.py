"""A build's plan keeps the library skills' findings, a collection's too (of the smart-tool
checks a collection keeps only the configuration's, and now the skills')."""

from __future__ import annotations

import shutil
from pathlib import Path

from smart_tool_build.plan.build_plan import plan_build
from support import REPO

COLLECTION = REPO / "fixtures" / "collections" / "valid-flat"


def test_a_collections_build_fails_on_its_skills(tmp_path: Path) -> None:
    root = tmp_path / "collection"
    shutil.copytree(COLLECTION, root)
    assert plan_build(root, version="1.2.0", version_origin="test").diagnostics == []
    folder = root / "flat_kit/.agents/skills/flat-kit"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text("---\nname: Flat_Kit\ndescription: Kit.\n---\n", encoding="utf-8")
    plan = plan_build(root, version="1.2.0", version_origin="test")
    assert [(d.code, d.path, d.line) for d in plan.diagnostics] == [
        ("skill-name-format", "flat_kit/.agents/skills/flat-kit/SKILL.md", 2)
    ]
    assert plan.failed()


ROOTS = REPO / "fixtures" / "roots"


def test_an_editable_build_says_which_skills_library_skills_will_not_find(tmp_path: Path) -> None:
    """An editable wheel carries no skill file; library-skills then reads the source tree's
    .agents/skills/ folders only, so a root skills/ folder is lost: the build says so, once."""
    option = ROOTS / "valid-skills-option"
    notes = plan_build(option, version="1.0.0", version_origin="test", editable=True).notes
    (line,) = [n for n in notes if n.startswith("editable install:")]
    assert line == (
        "editable install: library-skills will not find skills/acme-usage/: in an editable install it "
        "looks only in .agents/skills/ folders of the source tree; keep the skills in .agents/skills/ at "
        'the root (skills = [".agents/skills"]), or install the wheel (without -e) where you need them'
    )
    regular = plan_build(option, version="1.0.0", version_origin="test").notes
    assert not [n for n in regular if n.startswith("editable install:")]
    # a package's own skills, and a root .agents/skills folder, are where library-skills looks
    in_package = plan_build(ROOTS / "valid-skills", version="1.0.0", version_origin="test", editable=True)
    assert not [n for n in in_package.notes if n.startswith("editable install:")]
    root = tmp_path / "acme"
    shutil.copytree(option, root)
    (root / ".agents").mkdir()
    (root / "skills").rename(root / ".agents" / "skills")
    pyproject = root / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace('["skills"]', '[".agents/skills"]'))
    moved = plan_build(root, version="1.0.0", version_origin="test", editable=True)
    assert moved.diagnostics == [] and [s.source for s in moved.skills] == [".agents/skills/acme-usage"]
    assert not [n for n in moved.notes if n.startswith("editable install:")]
