"""``inspect`` of a wheel no build handed facts to: every library skill it carries, judged."""

from __future__ import annotations

from pathlib import PurePosixPath

from ..diagnostics.diagnostic import Diagnostic, make
from ..diagnostics.severity import Severity
from ..project.names import SKILL_FILE
from .archive import Archive
from .skill_checks import said
from .skill_checks_words import judge_skill_md
from .wheel_skills import colliding_skills, is_skill_file, recorded_paths, skill_folders, unlisted


def carries_skills(archive: Archive) -> bool:
    """Whether the archive has a ``SKILL.md`` at a place library-skills finds."""
    return any(is_skill_file(name) for name in archive.files)


def inspect_wheel_skills(archive: Archive, shown: str, dist_info: str) -> list[Diagnostic]:
    """Every skill the wheel carries: whole in RECORD, valid, no name twice."""
    recorded = recorded_paths(archive, dist_info)
    folders = skill_folders(archive)
    out = said(colliding_skills(folders), archive, shown, dist_info)
    for folder in folders:
        files = tuple(n[len(folder) + 1 :] for n in archive.files if n.startswith(folder + "/"))
        out += said(unlisted(folder, files, recorded), archive, shown, dist_info)
        out += judge_skill_md(archive, f"{folder}/{SKILL_FILE}", shown)
    return out + plain_files(archive, shown)


def plain_files(archive: Archive, shown: str) -> list[Diagnostic]:
    """``skill-folder`` warnings for a plain file right in a skills folder
    (``.agents/skills/README.md``), as ``check`` gives them: no reader takes it for a skill."""
    out = []
    for member in sorted(archive.files):
        parts = PurePosixPath(member).parts
        if len(parts) >= 3 and parts[-3:-1] == (".agents", "skills") and not parts[-1].startswith("."):
            out.append(
                make(
                    "skill-folder",
                    f"{shown}/{member}",
                    None,
                    "is a plain file, not a skill folder",
                    "keep only skill folders here; move the file elsewhere, since library-skills ignores it",
                    Severity.WARNING,
                )
            )
    return out
