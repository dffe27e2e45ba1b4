"""The library-skill fixtures of test_codes.py: every diagnostic ``check_root`` gives for
each root under fixtures/roots/ named after a skill code, and the cases git cannot store
(FIFOs, symlinks, names that are not UTF-8, a huge or binary SKILL.md), built at run time."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Optional

import pytest

from smart_tool_build.diagnostics.diagnostic import Severity
from support import ROOTS

Expected = tuple[str, Severity, Optional[str], Optional[int]]
ERR, WARN, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO
P = "pyproject.toml"
S = "src/acme/.agents/skills"  # the skills folder of the fixtures' package
U = f"{S}/acme-usage"  # the skill most fixtures break
SKILL_MD = f"{U}/SKILL.md"


def e(code: str, path: Optional[str], line: Optional[int]) -> Expected:
    return (code, ERR, path, line)


SKILL_FIXTURE_CASES: dict[str, list[Expected]] = {
    # ---- valid: a library with skills and no smart-tool.json is valid, in both layouts
    "valid-skills": [],
    "valid-skills-option": [],  # skills = ["skills"]: skills/acme-usage goes to acme/.agents/skills/
    "valid-skills-skillmeta": [],  # a skill.json skillmeta validates, and skills-version = "match"
    # ---- a project that opts in with nothing to check: one line
    "descriptor-present--opted-in-nothing": [e("descriptor-present", "smart-tool.json", None)],
    # ---- discovery
    "skill-folder": [("skill-folder", WARN, f"{S}/README.md", None)],  # a file among the skills
    "skill-md-present": [e("skill-md-present", SKILL_MD, None)],
    "skills-source-present": [e("skills-source-present", P, 12)],
    "skills-package-known": [e("skills-package-known", P, 12)],  # src/acme and src/other
    # ---- the frontmatter
    "skill-frontmatter-parses": [e("skill-frontmatter-parses", SKILL_MD, 1)],  # never closed
    "skill-frontmatter-parses--not-a-mapping": [e("skill-frontmatter-parses", SKILL_MD, 2)],
    "skill-frontmatter-parses--duplicate-key": [e("skill-frontmatter-parses", SKILL_MD, 4)],
    "skill-name-format": [e("skill-name-format", SKILL_MD, 2)],  # Acme_Usage
    "skill-name-format--missing": [e("skill-name-format", SKILL_MD, 2)],
    "skill-name-format--double-hyphen": [e("skill-name-format", f"{S}/acme--usage/SKILL.md", 2)],
    "skill-name-matches-directory": [e("skill-name-matches-directory", SKILL_MD, 2)],
    "skill-description-present": [e("skill-description-present", SKILL_MD, 2)],
    "skill-description-present--too-long": [e("skill-description-present", SKILL_MD, 3)],
    "skill-description-present--empty": [e("skill-description-present", SKILL_MD, 3)],
    "skill-description-present--placeholder": [e("skill-description-present", SKILL_MD, 3)],
    # metadata revision: 3: skills-ref and library-skills take it, so a warning
    "skill-field-shapes": [("skill-field-shapes", WARN, SKILL_MD, 6)],
    "skill-field-shapes--compatibility": [
        e("skill-field-shapes", SKILL_MD, 4),  # 501 characters
        e("skill-field-shapes", SKILL_MD, 5),  # allowed-tools a list
    ],
    "skill-fields-known": [("skill-fields-known", INFO, SKILL_MD, 4)],  # user-invocable, context
    # ---- the body's links: a missing file, one out of the folder to a file that does not
    # ship (a warning: the skill works, the link is broken), a reference definition; URLs,
    # anchors, code spans, fenced blocks and links to a sibling skill that ships are fine
    "skill-link-resolves": [
        e("skill-link-resolves", SKILL_MD, 7),
        ("skill-link-resolves", WARN, SKILL_MD, 8),
        e("skill-link-resolves", SKILL_MD, 15),
    ],
    # ---- the skills of one distribution
    "skill-unique": [e("skill-unique", "skills/acme-usage", None)],
    # ---- skills the project's backend alone leaves out of the wheel (check only): plain
    # setuptools (a hidden folder is never package data), and folders `skills` names (no
    # backend places them) on flit_core, which ships a package's own .agents/ as it is
    "build-system-names-plugin--skills-setuptools": [("build-system-names-plugin", WARN, P, 2)],
    "build-system-names-plugin--skills-option": [("build-system-names-plugin", WARN, P, 2)],
    "skill-version-matches-package": [e("skill-version-matches-package", SKILL_MD, 5)],
    "skill-version-matches-package--none": [e("skill-version-matches-package", SKILL_MD, 2)],
    # ---- skillmeta's profile
    "skillmeta-manifest-present": [e("skillmeta-manifest-present", SKILL_MD, 5)],
    "skillmeta-manifest-present--outside": [e("skillmeta-manifest-present", SKILL_MD, 5)],
    "skillmeta-manifest-valid": [
        e("skillmeta-manifest-valid", SKILL_MD, 7),  # metadata.version is not skill.json's
        e("skillmeta-manifest-valid", f"{U}/skill.json", 3),  # name
        e("skillmeta-manifest-valid", f"{U}/skill.json", 5),  # license
    ],
    "skillmeta-manifest-valid--not-json": [e("skillmeta-manifest-valid", f"{U}/skill.json", 2)],
    "skillmeta-manifest-valid--schema": [e("skillmeta-manifest-valid", f"{U}/skill.json", 1)],  # no creators
}


def _valid(tmp: Path) -> Path:
    root = tmp / "root"
    shutil.copytree(ROOTS / "valid-skills", root)
    return root


def skill_fifo(tmp: Path) -> Path:
    root = _valid(tmp)
    os.mkfifo(root / S / "pipe")
    return root


def skill_fifo_inside(tmp: Path) -> Path:
    root = _valid(tmp)
    os.mkfifo(root / U / "scripts/pipe")
    return root


def skill_md_fifo(tmp: Path) -> Path:
    root = _valid(tmp)
    (root / SKILL_MD).unlink()
    os.mkfifo(root / SKILL_MD)
    return root


def skill_symlink_out_of_root(tmp: Path) -> Path:
    root = _valid(tmp)
    shutil.copytree(root / U, tmp / "elsewhere")
    (root / S / "elsewhere").symlink_to(tmp / "elsewhere", target_is_directory=True)
    return root


def skill_name_not_utf8(tmp: Path) -> Path:
    if sys.platform == "darwin":
        pytest.skip("macOS refuses names that are not UTF-8")
    root = _valid(tmp)
    os.mkdir(os.fsencode(root / S) + b"/acme-\xff")
    return root


def skill_name_newline(tmp: Path) -> Path:
    root = _valid(tmp)
    (root / S / "acme\nusage").mkdir()
    return root


def skill_md_symlink_out(tmp: Path) -> Path:
    root = _valid(tmp)
    (tmp / "SKILL.md").write_text("not read\n", encoding="utf-8")
    (root / SKILL_MD).unlink()
    (root / SKILL_MD).symlink_to(tmp / "SKILL.md")
    return root


def skill_md_huge(tmp: Path) -> Path:
    root = _valid(tmp)
    with open(root / SKILL_MD, "ab") as handle:
        handle.write(b"x" * (1024 * 1024))
    return root


def skill_md_binary(tmp: Path) -> Path:
    root = _valid(tmp)
    (root / SKILL_MD).write_bytes(b"---\nname: acme-usage\n---\n\x00\x01\x02")
    return root


def skill_link_symlink_out(tmp: Path) -> Path:
    root = _valid(tmp)
    (tmp / "secret.md").write_text("outside\n", encoding="utf-8")
    (root / U / "references/api.md").unlink()
    (root / U / "references/api.md").symlink_to(tmp / "secret.md")
    return root


def skills_gitignored(tmp: Path) -> Path:
    """Plain hatchling with ``.agents/`` in .gitignore (where library-skills links skills into
    the project itself): both archives lose the package's skills. Made here: a .gitignore in
    the fixture would hide the fixture's own skills from git."""
    root = _valid(tmp)
    pyproject = root / P
    text = pyproject.read_text(encoding="utf-8")
    text = text.replace('requires = ["hatchling", "smart-tool-build"]', 'requires = ["hatchling"]')
    pyproject.write_text(text.replace("[tool.hatch.build.hooks.smart-tool]\n", ""), encoding="utf-8")
    (root / ".gitignore").write_text("# linked by library-skills\n.venv/\n.agents/\n", encoding="utf-8")
    return root


def skills_gitignored_taken_back(tmp: Path) -> Path:
    """The same, with the package's skills taken back by a later ``!`` line: nothing to say."""
    root = skills_gitignored(tmp)
    with open(root / ".gitignore", "a", encoding="utf-8") as handle:
        handle.write("!src/acme/.agents/\n")
    return root


SKILL_RUNTIME_CASES: dict[str, tuple[Callable[[Path], Path], list[Expected]]] = {
    "build-system-names-plugin--skills-gitignored": (
        skills_gitignored,
        [("build-system-names-plugin", WARN, P, 2)],
    ),
    "valid-skills--gitignore-taken-back": (skills_gitignored_taken_back, []),
    "skill-folder--fifo": (skill_fifo, [e("skill-folder", f"{S}/pipe", None)]),
    "skill-folder--not-utf8": (skill_name_not_utf8, [e("skill-folder", S, None)]),
    "skill-folder--newline": (skill_name_newline, [e("skill-folder", S, None)]),
    "skill-inside-root": (skill_symlink_out_of_root, [e("skill-inside-root", f"{S}/elsewhere", None)]),
    "skill-inside-root--skill-md": (skill_md_symlink_out, [e("skill-inside-root", SKILL_MD, None)]),
    "skill-md-present--fifo": (skill_md_fifo, [e("skill-md-present", SKILL_MD, None)]),
    "skill-frontmatter-parses--too-large": (skill_md_huge, [e("skill-frontmatter-parses", SKILL_MD, None)]),
    "skill-frontmatter-parses--binary": (skill_md_binary, [e("skill-frontmatter-parses", SKILL_MD, None)]),
    "skill-link-resolves--symlink-out": (
        skill_link_symlink_out,
        [e("skill-inside-root", f"{U}/references/api.md", None), e("skill-link-resolves", SKILL_MD, 7)],
    ),
    "skill-folder--in-skill-fifo": (skill_fifo_inside, [e("skill-folder", f"{U}/scripts/pipe", None)]),
}
