"""The words of the library skills' rules (:mod:`smart_tool_build.rules.skills`): what each
finding says. Only a skill with a finding loads this."""

from __future__ import annotations

import posixpath
from typing import Any, Callable, Union

from ..diagnostics.diagnostic import Diagnostic, make
from ..diagnostics.severity import Severity
from ..parsing import frontmatter
from ..parsing.frontmatter_words import PLAIN_YAML
from ..project.names import SKILL_FILE
from .skill_format import MAX_COMPATIBILITY, MAX_DESCRIPTION, MAX_NAME, NAME_PATTERN

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..project.skills import SkillSource

#: what to do about a SKILL.md that cannot be read, when nothing more precise can be said
READABLE_HINT = f"make {SKILL_FILE} a regular UTF-8 file of at most 1 MiB, inside the skill's folder"
#: what to do about a name that is wrong when the folder's name is no valid name either
NAME_HINT = (
    f"write name: my-skill, at most {MAX_NAME} lowercase letters, digits and single hyphens, "
    "and name the folder the same"
)
METADATA_HINT = 'write metadata as one level of `key: "value"` pairs, every value a string'
DESCRIPTION_HINT = (
    f"write description: one or two sentences, at most {MAX_DESCRIPTION} characters, "
    "saying what the skill does and when to use it"
)
#: what to do about a frontmatter that is no mapping
MAPPING_HINT = "write `name: ...` and `description: ...` between the `---` lines"


def unread(shown: str, exc: Union[frontmatter.UnreadableFile, frontmatter.FrontmatterError]) -> Diagnostic:
    """A SKILL.md that cannot be read, or whose frontmatter does not parse."""
    if isinstance(exc, frontmatter.UnreadableFile):
        return make("skill-md-present", shown, None, f"{SKILL_FILE} {exc}", READABLE_HINT)
    return parse_error(shown, exc)


def parse_error(shown: str, exc: frontmatter.FrontmatterError) -> Diagnostic:
    message = f"{SKILL_FILE} {exc.message}"
    return make("skill-frontmatter-parses", shown, exc.line, message, exc.hint or PLAIN_YAML)


def not_a_mapping(shown: str, value: Any) -> Diagnostic:
    kind = "empty" if value is None else shown_value(value)
    message = f"the frontmatter is {kind}, not a mapping of fields"
    return make("skill-frontmatter-parses", shown, 2, message, MAPPING_HINT)


def shown_value(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    return "a list" if isinstance(value, list) else repr(value)


def findings(found: list[tuple[Any, ...]], folder: str, shown: str) -> list[Diagnostic]:
    """One diagnostic for each (line, kind, values) found in the skill ``folder``, in order."""
    return [_SAY[kind](shown, folder, line, *values) for line, kind, *values in found]


def _name(shown: str, directory: str, line: int, name: Any, present: bool) -> Diagnostic:
    hint = f"name: {directory}" if NAME_PATTERN.match(directory) and len(directory) <= MAX_NAME else NAME_HINT
    if not isinstance(name, str) or not name.strip():
        said = "has no `name`" if not present else "has a `name` that is not a non-empty string"
        return make("skill-name-format", shown, line, f"the frontmatter {said}", hint)
    if len(name) > MAX_NAME:
        return make(
            "skill-name-format", shown, line, f"name is {len(name)} characters, over {MAX_NAME}", hint
        )
    message = f"name {name!r} is not lowercase letters and digits in words joined by single hyphens"
    return make("skill-name-format", shown, line, message, hint)


def _directory(shown: str, directory: str, line: int, name: str) -> Diagnostic:
    return make(
        "skill-name-matches-directory",
        shown,
        line,
        f"name {name!r} differs from its folder's name {directory!r}",
        f"rename the folder to {name}/, or write name: {directory}"
        if NAME_PATTERN.match(directory)
        else f"rename the folder to {name}/",
    )


def _description_missing(shown: str, directory: str, line: int) -> Diagnostic:
    message = "the frontmatter has no `description`"
    return make("skill-description-present", shown, line, message, DESCRIPTION_HINT)


def _description_empty(shown: str, directory: str, line: int) -> Diagnostic:
    message = "description is not a non-empty string"
    return make("skill-description-present", shown, line, message, DESCRIPTION_HINT)


def _description_long(shown: str, directory: str, line: int, length: int) -> Diagnostic:
    message = f"description is {length} characters, over {MAX_DESCRIPTION}"
    hint = f"shorten the description to at most {MAX_DESCRIPTION} characters"
    return make("skill-description-present", shown, line, message, hint)


def _description_placeholder(shown: str, directory: str, line: int, kind: str) -> Diagnostic:
    message = f"description holds {kind} where content belongs"
    return make("skill-description-present", shown, line, message, DESCRIPTION_HINT)


def _string(shown: str, directory: str, line: int, key: str) -> Diagnostic:
    message, hint = f"{key} is not a string", f'quote the value: {key}: "..."'
    return make("skill-field-shapes", shown, line, message, hint)


def _compatibility(shown: str, directory: str, line: int, length: int) -> Diagnostic:
    message = f"compatibility is {length} characters, over {MAX_COMPATIBILITY}"
    hint = f"shorten compatibility to at most {MAX_COMPATIBILITY} characters"
    return make("skill-field-shapes", shown, line, message, hint)


def _metadata(shown: str, directory: str, line: int) -> Diagnostic:
    return make("skill-field-shapes", shown, line, "metadata is not a mapping", METADATA_HINT)


def _metadata_value(shown: str, directory: str, line: int, key: Any, value: Any) -> Diagnostic:
    # skills-ref and library-skills take it: the user loses nothing, a warning
    message = (
        f"metadata {key!r}: {shown_value(value)} is not a string value under a "
        "string key; the specification asks for strings, its readers take it"
    )
    hint = f'quote it: {key}: "{value}"' if isinstance(value, (int, float, bool)) else METADATA_HINT
    return make("skill-field-shapes", shown, line, message, hint, Severity.WARNING)


def _extra(shown: str, directory: str, line: int, extra: list[Any]) -> Diagnostic:
    named = ", ".join(repr(str(key)) for key in extra)
    return make(
        "skill-fields-known",
        shown,
        line,
        f"frontmatter keys beyond the Agent Skills specification: {named}; hosts may read "
        "them, skills-ref's validator refuses them",
    )


def _long_link(shown: str, source: str, line: int) -> Diagnostic:
    message = "a link whose target is over 1,000 characters; not checked, and no file is named so"
    hint = "shorten the link to a file inside the skill's folder"
    return make("skill-link-resolves", shown, line, message, hint, Severity.WARNING)


def _climbs(shown: str, source: str, line: int, target: str, normal: str) -> Diagnostic:
    message = (
        f"the link {target!r} climbs out of the skill's folder to "
        f"{posixpath.normpath(posixpath.join(source, normal))}, which is no file of a "
        "skill the wheel ships: the link is broken where the skill is installed"
    )
    hint = "move the file into the skill's folder, or link a sibling skill that ships"
    return make("skill-link-resolves", shown, line, message, hint, Severity.WARNING)


def _symlink(shown: str, source: str, line: int, target: str) -> Diagnostic:
    message = f"the link {target!r} leads out of the skill's folder through a symlink"
    hint = "replace the symlink with the file itself, kept in the skill's folder"
    return make("skill-link-resolves", shown, line, message, hint)


def _nothing(shown: str, source: str, line: int, target: str, normal: str) -> Diagnostic:
    message = f"the link {target!r} names nothing in the skill's folder: {source}/{normal}"
    return make("skill-link-resolves", shown, line, message, "fix the path, or add the file")


#: each kind of finding's words
_SAY: dict[str, Callable[..., Diagnostic]] = {
    "name": _name,
    "directory": _directory,
    "description-missing": _description_missing,
    "description-empty": _description_empty,
    "description-long": _description_long,
    "description-placeholder": _description_placeholder,
    "string": _string,
    "compatibility": _compatibility,
    "metadata": _metadata,
    "metadata-value": _metadata_value,
    "extra": _extra,
    "long": _long_link,
    "climbs": _climbs,
    "symlink": _symlink,
    "nothing": _nothing,
}


def unique(skill: SkillSource, kind: str, other: SkillSource, prefix: str) -> Diagnostic:
    """``skill-unique`` for ``skill``, which ``kind`` of clash puts beside ``other``."""
    if kind == "twice":
        message = (
            f"ships twice in the wheel, at {other.wheel_path}/ and {skill.wheel_path}/ (the backend's own "
            "force-include places it a second time): library-skills' installer skips the name"
        )
    elif kind == "lands":
        message = (
            f"lands on {skill.wheel_path}/ in the wheel, as {prefix}{other.source}/ does: "
            "one overwrites the other"
        )
    else:
        message = f"shares its name {skill.name!r} with {prefix}{other.source}/ in one distribution"
    shown = f"{prefix}{skill.source}"
    return make("skill-unique", shown, None, message, "rename one of them", anchor=f"{shown}/{SKILL_FILE}")
