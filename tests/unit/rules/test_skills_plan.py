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
