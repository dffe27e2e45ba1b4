"""The words of what cannot be a skill in a source tree: what :mod:`.skills` found, said. Only a
project with such a finding loads this."""

from __future__ import annotations

from typing import Any, Callable

from ..diagnostics.diagnostic import Diagnostic, make
from ..diagnostics.severity import Severity
from .names import PYPROJECT, SKILL_FILE
from .packages import listing
from .skill_entries import entry_kind
from .skill_oddities import name_problem

#: what to do about a name no wheel can carry
RENAME_HINT = "rename it with printable UTF-8 characters, such as lowercase letters, digits and hyphens"


def findings(found: list[tuple[Any, ...]]) -> list[Diagnostic]:
    """One diagnostic for each (kind, path shown, values) found, in their order."""
    return [_SAY[kind](shown, *values) for kind, shown, *values in found]


def _file_name(holder: str, unusable: str, name: str) -> Diagnostic:
    message = f"a file name {unusable}; no wheel can carry it: {_printable(name)}"
    return make("skill-folder", holder, None, message, RENAME_HINT)


def _skill_name(shown_folder: str, unusable: str, name: str) -> Diagnostic:
    message = f"a skill folder's name {unusable}: {_printable(name)}"
    return make("skill-folder", shown_folder, None, message, RENAME_HINT)


def _unreadable_folder(skill: str, relative: str, exc: BaseException) -> Diagnostic:
    return _unreadable(f"{skill}{_printable(relative)}", exc)


def _unreadable(shown: str, exc: BaseException) -> Diagnostic:
    """A file or folder of a skill that cannot be read: no archive would carry it."""
    reason = getattr(exc, "strerror", None) or str(exc)
    message = f"cannot be read ({reason}); no archive can carry it"
    return make(
        "skill-folder", shown, None, message, "keep the skill's folders shallow and their names short"
    )


def _nowhere(shown: str) -> Diagnostic:
    """A symlink that leads nowhere: the backends fail on it when they read it."""
    return make(
        "skill-folder",
        shown,
        None,
        "is a symlink that leads nowhere, dangling or in a loop; no archive can carry it",
        "remove the symlink, or point it at a file inside the project",
    )


def _outside(shown: str, what: str) -> Diagnostic:
    return make(
        "skill-inside-root",
        shown,
        None,
        f"{what} is a symlink that leads outside the distribution root; refused",
        "replace the symlink with the files themselves, kept inside the root",
    )


def _outside_skills_folder(shown_folder: str, link: bool) -> Diagnostic:
    """The skills folder, or a folder on the way to it (a symlinked ``<package>/.agents``)."""
    return _outside(shown_folder, "the skills folder" if link else "a folder on the way to the skills folder")


def _not_a_file(shown: str, kind: str) -> Diagnostic:
    return make(
        "skill-folder",
        shown,
        None,
        f"{kind} in the skill folder; an archive carries only files",
        f"remove {kind[2:]} from the skill folder, or replace it with a regular file",
    )


def _too_many(shown: str, most: int) -> Diagnostic:
    return make(
        "skill-folder",
        shown,
        None,
        f"the skill holds more than {most} files; not a skill",
        f"keep the skill to at most {most} files, and move the rest out of its folder",
    )


def _not_a_folder(shown_folder: str) -> Diagnostic:
    message = "is not a folder; skills go in its subfolders"
    hint = "make it a folder that holds one subfolder per skill"
    return make("skill-folder", shown_folder, None, message, hint)


def _not_a_skill(shown: str, kind: str) -> Diagnostic:
    severity = Severity.WARNING if kind == "file" else None
    what = "a plain file" if kind == "file" else kind
    hint = "keep only skill folders here; move the file elsewhere, since library-skills ignores it"
    return make("skill-folder", shown, None, f"is {what}, not a skill folder", hint, severity)


def _no_skill_md(shown: str, name: str, folder: str, prefix: str) -> Diagnostic:
    return make(
        "skill-md-present",
        f"{shown}/{SKILL_FILE}",
        None,
        f"the skill folder {shown}/ has no {SKILL_FILE}",
        f"add {SKILL_FILE} with the frontmatter name: {name} and a description, or remove the folder",
        anchor=_anchor(folder, shown, prefix),
    )


def _anchor(folder: str, shown: str, prefix: str) -> str:
    """A file that exists for a finding about a missing one (an annotation needs one): the
    folder's first file, else the package definition."""
    names = sorted(e.name for e in listing(folder) if entry_kind(e) == "file" and not name_problem(e.name))
    return f"{shown}/{names[0]}" if names else prefix + PYPROJECT


def _printable(name: str) -> str:
    """``name`` safe for one line: when it is unusable, its bytes escaped as Python shows them."""
    if name_problem(name) is None:
        return name
    return repr(name.encode("utf-8", "surrogateescape"))[2:-1]


_SAY: dict[str, Callable[..., Diagnostic]] = {
    "file name": _file_name,
    "skill name": _skill_name,
    "unreadable folder": _unreadable_folder,
    "unreadable": _unreadable,
    "nowhere": _nowhere,
    "outside": _outside,
    "outside skills folder": _outside_skills_folder,
    "not a file": _not_a_file,
    "too many files": _too_many,
    "not a folder": _not_a_folder,
    "not a skill": _not_a_skill,
    "no SKILL.md": _no_skill_md,
}
