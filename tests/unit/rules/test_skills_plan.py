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


def test_what_never_ships_from_a_skill_stays_out_with_a_note(tmp_path: Path) -> None:
    """A skill folder that is its own git repository (its .git/config may hold a token in a
    remote URL), a __pycache__, and what .gitignore names for itself (a .env, a .venv/) stay
    out of every artifact; the plan's note names each. What .gitignore says of the skills
    folder itself (``.agents/``) does not drop the skill."""
    package = tmp_path / "src/acme"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "acme"\nversion = "1.0.0"\n\n[tool.smart-tool]\n', encoding="utf-8"
    )
    (tmp_path / ".gitignore").write_text(".agents/\n.env\n.venv/\n/build\n", encoding="utf-8")
    skill = package / ".agents/skills/acme-usage"
    for name, text in {
        "SKILL.md": "---\nname: acme-usage\ndescription: Use acme.\n---\n# acme\n",
        ".git/config": '[remote "origin"]\n\turl = https://user:token@example.org/x.git\n',
        ".git/HEAD": "ref: refs/heads/main\n",
        "__pycache__/run.cpython-311.pyc": "",
        "scripts/__pycache__/x.pyc": "",
        ".env": "TOKEN=1\n",
        ".venv/bin/python": "",
        "scripts/run.py": "print('hi')\n",
        "build": "a file: /build is no name pattern",
    }.items():
        (skill / name).parent.mkdir(parents=True, exist_ok=True)
        (skill / name).write_text(text, encoding="utf-8")
    plan = plan_build(tmp_path, version="1.0.0", version_origin="test")
    assert plan.diagnostics == []
    [planned] = plan.skills
    assert planned.files == ("SKILL.md", "build", "scripts/run.py")
    assert planned.left_out == (".env", ".git/", ".venv/", "__pycache__/", "scripts/__pycache__/")
    shown = "src/acme/.agents/skills/acme-usage"
    assert (
        f"left out of the skills: {shown}/.env, {shown}/.git/, {shown}/.venv/, {shown}/__pycache__/, "
        f"{shown}/scripts/__pycache__/ (VCS folders, __pycache__ and what .gitignore names inside a "
        "skill never ship)"
    ) in plan.notes
    members = {f.target for f in plan.files("wheel")}
    assert not [m for m in members if "/.git/" in m or m.endswith(".env")]
