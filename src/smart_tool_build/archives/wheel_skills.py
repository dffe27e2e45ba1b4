"""The library skills a finished wheel carries, as library-skills finds them: through the
wheel's RECORD (:func:`is_skill_file`), so every file of a skill folder must be in the wheel
and listed there, and no skill name twice. Imported only for a wheel with skills."""

from __future__ import annotations

import csv
import io
import posixpath
import zipfile
from pathlib import PurePosixPath
from typing import Any, Optional

from ..project.names import SKILL_FILE
from .archive import Archive, read_errors
from .skill_checks import SkillFacts, present, said

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..diagnostics.diagnostic import Diagnostic

#: a RECORD larger than this is not read (the one :mod:`.record` reads at most)
MAX_RECORD_BYTES = 16 * 1024 * 1024


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


def skill_folders(archive: Archive) -> list[str]:
    """The folders of the archive's ``SKILL.md`` files that library-skills finds, sorted."""
    return sorted({posixpath.dirname(n) for n in archive.files if is_skill_file(n)})


def check_wheel_skills(
    archive: Archive, shown: str, dist_info: str, expected: tuple[SkillFacts, ...]
) -> list[Diagnostic]:
    """The wheel's skills against a build's ``expected``; a skill the backend's own settings put
    there besides (a force-include of a package that holds skills) is judged as inspect would."""
    recorded = recorded_paths(archive, dist_info)
    folders = skill_folders(archive)
    out = said(colliding_skills(folders), archive, shown, dist_info)
    places = {skill.place for skill in expected}
    for folder in folders:
        if folder not in places:
            from .skill_checks_words import judge_skill_md

            out += judge_skill_md(archive, f"{folder}/{SKILL_FILE}", shown)
    found: list[tuple[Any, ...]] = []
    for skill in expected:
        found += present(archive, skill, skill.place)
        if not is_skill_file(f"{skill.place}/{SKILL_FILE}"):
            found.append(("unfound", skill.name, skill.place))
        shipped = tuple(f for f in skill.files if f"{skill.place}/{f}" in archive.files)
        found += unlisted(skill.place, shipped, recorded)
    return out + said(found, archive, shown, dist_info)


def colliding_skills(folders: list[str]) -> list[tuple[Any, ...]]:
    """Each skill name the wheel carries in two of the sorted ``folders`` (its folder's name):
    library-skills finds both, and its installer skips the name as colliding."""
    first: dict[str, str] = {}
    found: list[tuple[Any, ...]] = []
    for folder in folders:
        name = posixpath.basename(folder)
        if name in first:
            found.append(("twice", name, first[name], folder))
        first.setdefault(name, folder)
    return found


def unlisted(
    folder: str, files: tuple[str, ...], recorded: Optional[frozenset[str]]
) -> list[tuple[Any, ...]]:
    """Each of ``files`` (in ``folder``) RECORD does not list, where library-skills looks."""
    if recorded is None:
        return [("no-record", folder)] if files else []
    return [("unrecorded", folder, name) for name in sorted(files) if f"{folder}/{name}" not in recorded]


def recorded_paths(archive: Archive, dist_info: str) -> Optional[frozenset[str]]:
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
