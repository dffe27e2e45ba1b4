"""The words of the archives' skill rules (:mod:`.skill_checks`), and the Agent Skills rules on
a SKILL.md no build checked: loaded only for a finding, or an archive ``inspect`` is given."""

from __future__ import annotations

import posixpath
from typing import Any, Callable

from ..diagnostics.diagnostic import Diagnostic, make
from ..project.names import SKILL_FILE
from .archive import Archive

_REBUILD = "build with smart-tool-build: it adds every file of every skill whatever the include settings say"


def findings(found: list[tuple[Any, ...]], kind: str, shown: str, dist_info: str) -> list[Diagnostic]:
    """One diagnostic for each (kind, values) found in the ``kind`` archive, in order."""
    return [_SAY[said](kind, shown, dist_info, *values) for said, *values in found]


def _missing(kind: str, shown: str, dist_info: str, name: str, member: str, file: str) -> Diagnostic:
    message = f"skill {name!r}: {file} is missing from the {kind}"
    return make("artifact-skill-present", f"{shown}/{member}", None, message, _REBUILD)


def _rewritten(kind: str, shown: str, dist_info: str, name: str, member: str, oversized: bool) -> Diagnostic:
    what = "is over the size read" if oversized else "differs from the source's bytes"
    return make(
        "artifact-skill-matches-source",
        f"{shown}/{member}",
        None,
        f"skill {name!r}: the {kind}'s {SKILL_FILE} {what}",
        "something rewrote it during the build; rebuild from a clean tree",
    )


def _unfound(kind: str, shown: str, dist_info: str, name: str, place: str) -> Diagnostic:
    return make(
        "artifact-skill-present",
        f"{shown}/{place}/{SKILL_FILE}",
        None,
        f"skill {name!r} is in the wheel at {place}/, where library-skills "
        "does not look: it finds `.agents/skills/<name>/SKILL.md` paths only",
        "keep library skills in <package>/.agents/skills/<name>/",
    )


def _no_record(kind: str, shown: str, dist_info: str, folder: str) -> Diagnostic:
    return make(
        "artifact-skill-recorded",
        f"{shown}/{dist_info}/RECORD",
        None,
        f"the wheel's RECORD cannot be read: library-skills finds no skill in it, {folder}/ among them",
        "rebuild the wheel; RECORD lists every file the wheel installs",
    )


def _unrecorded(kind: str, shown: str, dist_info: str, folder: str, name: str) -> Diagnostic:
    return make(
        "artifact-skill-recorded",
        f"{shown}/{folder}/{name}",
        None,
        f"{folder}/{name} is not listed in {dist_info}/RECORD: "
        + (
            "library-skills, which reads RECORD, will not find the skill"
            if name == SKILL_FILE
            else "installers do not record it, and uninstalling leaves it behind"
        ),
        "rebuild the wheel, and change nothing in it afterwards; a tool that adds a file must rewrite RECORD",
    )


def _twice(kind: str, shown: str, dist_info: str, name: str, first: str, folder: str) -> Diagnostic:
    return make(
        "skill-unique",
        f"{shown}/{folder}/{SKILL_FILE}",
        None,
        f"the wheel carries skill {name!r} twice, at {first}/ and {folder}/: "
        "library-skills finds both and its installer skips the name as colliding",
        "ship each skill once: a force-include or package data that copies a package "
        "holding .agents/skills/ copies its skills too; exclude them from the copy",
    )


#: each kind of finding's words
_SAY: dict[str, Callable[..., Diagnostic]] = {
    "missing": _missing,
    "rewritten": _rewritten,
    "unfound": _unfound,
    "no-record": _no_record,
    "unrecorded": _unrecorded,
    "twice": _twice,
}


def judge_skill_md(archive: Archive, member: str, shown: str) -> list[Diagnostic]:
    """The Agent Skills rules on a SKILL.md the archive carries and no build judged in its
    source: an invalid skill is one library-skills skips on the user's machine."""
    from ..parsing import frontmatter, safe_yaml
    from ..rules.skills import frontmatter_rules
    from ..rules.skills_words import MAPPING_HINT, parse_error

    where = f"{shown}/{member}"
    data = archive.read(member)
    if data is None:
        hint = f"keep {SKILL_FILE} to at most 1 MiB, then build the archive again"
        return [make("skill-md-present", where, None, f"{SKILL_FILE} is over the size limit", hint)]
    try:
        document = frontmatter.parse_text(frontmatter.decode(data))
    except frontmatter.FrontmatterError as exc:
        return [parse_error(where, exc)]
    if not isinstance(document.frontmatter, safe_yaml.LineDict):
        message = "the frontmatter is not a mapping of fields"
        return [make("skill-frontmatter-parses", where, 2, message, MAPPING_HINT)]
    return frontmatter_rules(document.frontmatter, posixpath.basename(posixpath.dirname(member)), where)
