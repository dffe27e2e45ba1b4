"""The library skills a finished wheel or sdist carries, against what the build's source holds:
each file present, SKILL.md the source's bytes; a wheel's, as library-skills finds them, are
:mod:`.wheel_skills`' too. The rules note what they find as (kind, values); their words
(:mod:`.skill_checks_words`) load only then. Imported only for a build that planned skills,
or an archive that carries some.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Optional

from ..project.names import SKILL_FILE
from .archive import Archive

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..diagnostics.diagnostic import Diagnostic


class SkillFacts(NamedTuple):
    """One skill as the source holds it, and where an artifact must carry it."""

    name: str
    #: the skill's folder in the artifact: from the wheel's root, or below the sdist's top folder
    place: str
    #: every file of the folder, relative to it (POSIX)
    files: tuple[str, ...]
    #: the source's SKILL.md (None: the source has none, the source check's finding)
    skill_md: Optional[bytes]


def said(found: list[tuple[Any, ...]], archive: Archive, shown: str, dist_info: str) -> list[Diagnostic]:
    """The diagnostics of what the rules found (none: nothing of their words is loaded)."""
    if not found:
        return []
    from .skill_checks_words import findings

    return findings(found, archive.kind, shown, dist_info)


def check_sdist_skills(
    archive: Archive, shown: str, top: str, expected: tuple[SkillFacts, ...]
) -> list[Diagnostic]:
    """Every file of every skill at its source path in the sdist (``top`` ends with ``/``):
    a wheel built from the sdist needs them."""
    found: list[tuple[Any, ...]] = []
    for skill in expected:
        found += present(archive, skill, top + skill.place)
    return said(found, archive, shown, "")


def present(archive: Archive, skill: SkillFacts, place: str) -> list[tuple[Any, ...]]:
    """What is wrong with the skill's files at ``place``: one missing, or SKILL.md rewritten."""
    found: list[tuple[Any, ...]] = [
        ("missing", skill.name, f"{place}/{f}", f) for f in skill.files if f"{place}/{f}" not in archive.files
    ]
    member = f"{place}/{SKILL_FILE}"
    data = archive.read(member)
    if skill.skill_md is not None and member in archive.files and data != skill.skill_md:
        found.append(("rewritten", skill.name, member, data is None))
    return found


def skill_members(skills: tuple[SkillFacts, ...], top: str) -> dict[str, Optional[bytes]]:
    """Every file of ``skills`` at its place below ``top`` (its SKILL.md with the source's
    bytes): what a build's archive must hold of them (:mod:`.confirm`)."""
    members: dict[str, Optional[bytes]] = {}
    for skill in skills:
        members.update((f"{top}{skill.place}/{name}", None) for name in skill.files)
        if skill.skill_md is not None:
            members[f"{top}{skill.place}/SKILL.md"] = skill.skill_md
    return members
