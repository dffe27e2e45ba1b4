"""Where a library's skills go in each artifact: every regular file of every skill folder, at
its source path in the sdist (a wheel built from it finds them) and at
``<package>/.agents/skills/<name>/`` in the wheel (library-skills' RECORD rule finds them there),
whatever include, exclude and ``.gitignore`` say; nothing where the backend's own configuration
places a skill, nor in an editable wheel. What never ships inside a skill stays out
(:mod:`smart_tool_build.project.skill_ignore`). Imported only for a project that has skills."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple, Optional

from .layout import PlannedFile

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..archives.skill_checks import SkillFacts
    from ..project.skills import SkillSource
    from .layout import ArtifactKind


class PlannedSkill(NamedTuple):
    """One skill and the files of its folder."""

    name: str
    #: the skill folder, relative to the root (POSIX): its place in the sdist too
    source: str
    #: its place in the wheel: ``<package>/.agents/skills/<name>``
    wheel_path: str
    #: its place in the sdist (the source path)
    sdist_path: str
    #: every file of the folder, relative to it (POSIX), sorted
    files: tuple[str, ...]
    #: the backend's own configuration puts it in the wheel: nothing is added there
    placed: bool = False
    #: what of the folder never ships (a ``.git/``, ``__pycache__/``, a ``.env`` the project
    #: ignores), relative to it, folders with a trailing ``/``
    left_out: tuple[str, ...] = ()


def plan_skills(root: Path, skills: Sequence[SkillSource]) -> tuple[PlannedSkill, ...]:
    """Each skill the root check found with the files its folder holds now
    (:func:`smart_tool_build.project.skills.skill_files`: what cannot ship, a link out of the
    project among them, is left out; the check's lines say why). A skill with no place in
    the wheel (no package to put it in: a line says why) is left out."""
    from ..project.skills import skill_files as files_of

    planned = []
    for skill in skills:
        if skill.wheel_path is None:
            continue
        left_out: list[str] = []
        files = tuple(files_of(root, skill, left_out=left_out)[0])
        planned.append(
            PlannedSkill(
                skill.name,
                skill.source,
                skill.wheel_path,
                skill.sdist_path,
                files,
                skill.placed,
                tuple(sorted(left_out)),
            )
        )
    return tuple(planned)


def skill_files(skills: tuple[PlannedSkill, ...], kind: ArtifactKind) -> tuple[PlannedFile, ...]:
    """Every file of every skill with its place in the ``kind`` artifact."""
    if kind == "editable":
        return ()
    out = []
    for skill in _once(skills, kind):
        if skill.placed and kind == "wheel":
            continue  # the backend places it; a second copy would be a second member
        place = skill.sdist_path if kind == "sdist" else skill.wheel_path
        out += [PlannedFile(f"{skill.source}/{f}", f"{place}/{f}") for f in skill.files]
    return tuple(out)


def skill_facts(
    root: Path, skills: tuple[PlannedSkill, ...], kind: ArtifactKind
) -> Optional[tuple[SkillFacts, ...]]:
    """What the verifier checks the finished ``kind`` artifact's skills against."""
    if not skills or kind == "editable":
        return None
    from ..archives.skill_checks import SkillFacts
    from ..project.names import SKILL_FILE

    facts = []
    for skill in _once(skills, kind):
        skill_md = None
        if SKILL_FILE in skill.files:
            try:
                skill_md = (root / skill.source / SKILL_FILE).read_bytes()
            except OSError:
                skill_md = None
        place = skill.sdist_path if kind == "sdist" else skill.wheel_path
        facts.append(SkillFacts(skill.name, place, skill.files, skill_md))
    return tuple(facts)


def _once(skills: tuple[PlannedSkill, ...], kind: ArtifactKind) -> list[PlannedSkill]:
    """``skills`` with each place in the ``kind`` artifact once (a skill the backend also
    copies elsewhere in the wheel is one folder of the sdist)."""
    seen: set[str] = set()
    out = []
    for skill in skills:
        place = skill.sdist_path if kind == "sdist" else skill.wheel_path
        if place not in seen:
            seen.add(place)
            out.append(skill)
    return out


#: the skills a build's note names, at most (a library may ship hundreds)
_NAMED = 10


def plan_library_skills(
    root: Path, found: Sequence[SkillSource], editable: bool = False
) -> tuple[tuple[PlannedSkill, ...], list[str]]:
    """The files of the library skills the root check found (and judged), and the build's notes."""
    skills = plan_skills(root, found)
    names = ", ".join(s.name for s in skills[:_NAMED])
    if len(skills) > _NAMED:
        names += f" and {len(skills) - _NAMED} more"
    count = sum(len(s.files) for s in skills)
    notes = [f"{len(skills)} library skill(s) planned ({count} files): {names}"]
    if editable:  # an editable wheel carries no skill: library-skills reads the source tree
        from .skill_editable import editable_note

        note = editable_note([s.source for s in skills])
        if note is not None:
            notes.append(note)
    left_out = [f"{s.source}/{name}" for s in skills for name in s.left_out]
    if left_out:
        notes.append(
            f"left out of the skills: {', '.join(left_out[:_NAMED])}"
            + (f" and {len(left_out) - _NAMED} more" if len(left_out) > _NAMED else "")
            + " (VCS folders, __pycache__ and what .gitignore names inside a skill never ship)"
        )
    return skills, notes
