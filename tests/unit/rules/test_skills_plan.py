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
