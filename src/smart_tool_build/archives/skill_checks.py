"""The rules of the library skills a finished wheel or sdist carries.

A skill is found in an installed environment by library-skills, which reads each
distribution's RECORD and takes every installed path with a ``.agents`` part followed by
``skills``, a skill folder and ``SKILL.md`` (:func:`is_skill_file`, the same rule). So a
skill reaches its users only when every file of its folder is in the wheel, listed in
RECORD, under such a path. A build hands in what its source holds (:class:`SkillFacts`):
each file must be there, ``SKILL.md`` the source's bytes; ``inspect`` checks any wheel on
its own: every skill it carries, each file listed in RECORD.

Imported only for an archive that carries skills, or a build that planned some.
"""

from __future__ import annotations

import csv
import io
import posixpath
import zipfile
from pathlib import PurePosixPath
from typing import NamedTuple, Optional

from ..diagnostics.diagnostic import Diagnostic, make
from .archive import Archive, read_errors

SKILL_FILE = "SKILL.md"
#: a RECORD larger than this is not read (the one :mod:`.record` reads at most)
MAX_RECORD_BYTES = 16 * 1024 * 1024
_REBUILD = "build with smart-tool-build: it adds every file of every skill whatever the include settings say"


class SkillFacts(NamedTuple):
    """One skill as the source holds it, and where an artifact must carry it."""

    name: str
    #: the skill's folder in the artifact: from the wheel's root, or below the sdist's top folder
    place: str
    #: every file of the folder, relative to it (POSIX)
    files: tuple[str, ...]
    #: the source's SKILL.md (None: the source has none, the source check's finding)
    skill_md: Optional[bytes]


def is_skill_file(member: str) -> bool:
    """library-skills' rule for a RECORD path that is a skill (its scanner's
    ``_is_skill_file_record``): the path's parts (``PurePosixPath``'s, so ``a//b`` and ``a/./b``
    are ``a/b``) hold a ``.agents`` part followed by ``skills``, at least one folder, and
    ``SKILL.md`` last."""
    parts = PurePosixPath(member).parts
    if not parts or parts[-1] != SKILL_FILE:
        return False
    return any(
        part == ".agents" and len(parts) > index + 3 and parts[index + 1] == "skills"
        for index, part in enumerate(parts)
    )


def carries_skills(archive: Archive) -> bool:
    """Whether the archive has a ``SKILL.md`` at a place library-skills finds."""
    return any(is_skill_file(name) for name in archive.files)


def check_wheel_skills(
    archive: Archive, shown: str, dist_info: str, expected: Optional[tuple[SkillFacts, ...]]
) -> list[Diagnostic]:
    """The wheel's skills: with a build's ``expected``, those; else every one it carries."""
    recorded = _recorded(archive, dist_info)
    folders = sorted({posixpath.dirname(n) for n in archive.files if is_skill_file(n)})
    out: list[Diagnostic] = colliding_skills(folders, shown)
    if expected is None:
        for folder in folders:
            files = tuple(n[len(folder) + 1 :] for n in archive.files if n.startswith(folder + "/"))
            out += _listed(folder, files, recorded, shown, dist_info)
            out += judge_skill_md(archive, f"{folder}/{SKILL_FILE}", shown)
        return out + plain_files(archive, shown)
    # a skill the backend's own settings put there besides the build's (a force-include of a
    # package that holds skills): its users get it too, so it is judged as inspect would
    places = {skill.place for skill in expected}
    for folder in folders:
        if folder not in places:
            out += judge_skill_md(archive, f"{folder}/{SKILL_FILE}", shown)
    for skill in expected:
        out += _present(archive, skill, skill.place, shown)
        if not is_skill_file(f"{skill.place}/{SKILL_FILE}"):
            out.append(
                make(
                    "artifact-skill-present",
                    f"{shown}/{skill.place}/{SKILL_FILE}",
                    None,
                    f"skill {skill.name!r} is in the wheel at {skill.place}/, where library-skills "
                    "does not look: it finds `.agents/skills/<name>/SKILL.md` paths only",
                    "keep library skills in <package>/.agents/skills/<name>/",
                )
            )
        shipped = tuple(f for f in skill.files if f"{skill.place}/{f}" in archive.files)
        out += _listed(skill.place, shipped, recorded, shown, dist_info)
    return out


def plain_files(archive: Archive, shown: str) -> list[Diagnostic]:
    """``skill-folder`` warnings for a plain file right in a skills folder
    (``.agents/skills/README.md``), as ``check`` gives them: no reader takes it for a skill."""
    from ..diagnostics.severity import Severity

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


def colliding_skills(folders: list[str], shown: str) -> list[Diagnostic]:
    """``skill-unique`` for each skill name the wheel carries in two folders: library-skills
    finds both (its RECORD rule matches every one) and its installer skips the name as
    colliding, so the user gets neither. A skill's name is its folder's (the skill is skipped
    otherwise). ``folders`` are sorted; each line names the first folder and the other."""
    first: dict[str, str] = {}
    out: list[Diagnostic] = []
    for folder in folders:
        name = posixpath.basename(folder)
        if name not in first:
            first[name] = folder
            continue
        out.append(
            make(
                "skill-unique",
                f"{shown}/{folder}/{SKILL_FILE}",
                None,
                f"the wheel carries skill {name!r} twice, at {first[name]}/ and {folder}/: "
                "library-skills finds both and its installer skips the name as colliding",
                "ship each skill once: a force-include or package data that copies a package "
                "holding .agents/skills/ copies its skills too; exclude them from the copy",
            )
        )
    return out


def judge_skill_md(archive: Archive, member: str, shown: str) -> list[Diagnostic]:
    """The Agent Skills rules on a SKILL.md the archive carries (``inspect`` of an archive
    built without us: an invalid skill is one library-skills skips with a warning on the
    user's machine). A build's own skills were judged in the source tree."""
    from ..parsing import frontmatter, safe_yaml
    from ..rules.skills import PLAIN_YAML, frontmatter_rules

    where = f"{shown}/{member}"
    data = archive.read(member)
    if data is None:
        hint = f"keep {SKILL_FILE} to at most 1 MiB, then build the archive again"
        return [make("skill-md-present", where, None, f"{SKILL_FILE} is over the size limit", hint)]
    try:
        document = frontmatter.parse_text(frontmatter.decode(data))
    except frontmatter.FrontmatterError as exc:
        message = f"{SKILL_FILE} {exc.message}"
        return [make("skill-frontmatter-parses", where, exc.line, message, exc.hint or PLAIN_YAML)]
    if not isinstance(document.frontmatter, safe_yaml.LineDict):
        message = "the frontmatter is not a mapping of fields"
        hint = "write `name: ...` and `description: ...` between the `---` lines"
        return [make("skill-frontmatter-parses", where, 2, message, hint)]
    return frontmatter_rules(document.frontmatter, posixpath.basename(posixpath.dirname(member)), where)


def check_sdist_skills(
    archive: Archive, shown: str, top: str, expected: tuple[SkillFacts, ...]
) -> list[Diagnostic]:
    """Every file of every skill at its source path in the sdist (``top`` ends with ``/``):
    a wheel built from the sdist needs them."""
    out: list[Diagnostic] = []
    for skill in expected:
        out += _present(archive, skill, top + skill.place, shown)
    return out


def _present(archive: Archive, skill: SkillFacts, place: str, shown: str) -> list[Diagnostic]:
    out = []
    missing = [f for f in skill.files if f"{place}/{f}" not in archive.files]
    for name in missing:
        out.append(
            make(
                "artifact-skill-present",
                f"{shown}/{place}/{name}",
                None,
                f"skill {skill.name!r}: {name} is missing from the {archive.kind}",
                _REBUILD,
            )
        )
    member = f"{place}/{SKILL_FILE}"
    data = archive.read(member)
    if skill.skill_md is not None and member in archive.files and data != skill.skill_md:
        what = "is over the size read" if data is None else "differs from the source's bytes"
        out.append(
            make(
                "artifact-skill-matches-source",
                f"{shown}/{member}",
                None,
                f"skill {skill.name!r}: the {archive.kind}'s {SKILL_FILE} {what}",
                "something rewrote it during the build; rebuild from a clean tree",
            )
        )
    return out


def _listed(
    folder: str, files: tuple[str, ...], recorded: Optional[frozenset[str]], shown: str, dist_info: str
) -> list[Diagnostic]:
    """Each of ``files`` (in ``folder``) listed in RECORD, where library-skills looks."""
    record = f"{shown}/{dist_info}/RECORD"
    if recorded is None:
        if not files:
            return []
        return [
            make(
                "artifact-skill-recorded",
                record,
                None,
                f"the wheel's RECORD cannot be read: library-skills finds no skill in it, "
                f"{folder}/ among them",
                "rebuild the wheel; RECORD lists every file the wheel installs",
            )
        ]
    return [
        make(
            "artifact-skill-recorded",
            f"{shown}/{folder}/{name}",
            None,
            f"{folder}/{name} is not listed in {dist_info}/RECORD: "
            + (
                "library-skills, which reads RECORD, will not find the skill"
                if name == SKILL_FILE
                else "installers do not record it, and uninstalling leaves it behind"
            ),
            "rebuild the wheel, and change nothing in it afterwards; a tool that adds a file "
            "must rewrite RECORD",
        )
        for name in sorted(files)
        if f"{folder}/{name}" not in recorded
    ]


def _recorded(archive: Archive, dist_info: str) -> Optional[frozenset[str]]:
    """The paths the wheel's RECORD lists, or None when it has none that reads."""
    member = f"{dist_info}/RECORD"
    size = archive.files.get(member)
    if size is None or size > MAX_RECORD_BYTES:
        return None
    try:
        with zipfile.ZipFile(archive.path) as handle, handle.open(member) as data:
            text = data.read(MAX_RECORD_BYTES).decode("utf-8")
        return frozenset(row[0] for row in csv.reader(io.StringIO(text)) if row)
    except (csv.Error, KeyError):
        return None
    except read_errors():  # UnicodeDecodeError is a ValueError
        return None
