"""The rules of library skills: each ``SKILL.md`` against the Agent Skills specification, its
links, and the skills of one distribution against one another.

Loaded only for a project that has skills (:func:`smart_tool_build.rules.root.check_root`
imports it then). The frontmatter is read as the manifest's is (size-bounded, UTF-8, the
hardened YAML of :mod:`smart_tool_build.parsing.safe_yaml`). On the specification's rules the
verdict is skills-ref's (the reference validator), with two documented differences: a key the
specification does not define is a note here (hosts extend the frontmatter), an error there;
a name must be ASCII here (library-skills' and skillmeta's pattern), where skills-ref also
takes other lowercase letters.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from ..diagnostics.diagnostic import Diagnostic, make
from ..diagnostics.severity import Severity
from ..parsing import frontmatter, safe_yaml
from ..project.distribution import PackageVersion
from ..project.paths import escapes
from ..project.skills import SKILL_FILE, SkillSource, skill_files
from . import skillmeta

#: the frontmatter keys of the Agent Skills specification
SPEC_FIELDS = ("name", "description", "license", "compatibility", "metadata", "allowed-tools")
NAME_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
MAX_NAME, MAX_DESCRIPTION, MAX_COMPATIBILITY = 64, 1024, 500
#: what to do about a SKILL.md that cannot be read, or whose frontmatter does not parse, when
#: nothing more precise can be said
READABLE_HINT = f"make {SKILL_FILE} a regular UTF-8 file of at most 1 MiB, inside the skill's folder"
PLAIN_YAML = "write the frontmatter as plain YAML: one mapping of fields between `---` lines, each key once"
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

# [text](target "title") and <target>; reference definitions `[id]: target`
# (bounded, and no bracket inside a link's text: every pattern is linear on a hostile body)
_INLINE_LINK = re.compile(
    r"!?\[(?:[^\[\]\\\n]|\\.){0,1000}\]\(\s{0,100}(<[^<>\n]{0,1000}>|[^\s()<]{1,1000})"
    r"(?:\s{1,100}(?:\"[^\"\n]{0,1000}\"|'[^'\n]{0,1000}'|\([^()\n]{0,1000}\)))?\s{0,100}\)"
)
#: a link whose target is longer than :data:`_INLINE_LINK` reads (linear: the run stops at
#: the first space or parenthesis)
_LONG_LINK = re.compile(r"\]\(\s{0,100}[^\s()<]{1001}")
_REFERENCE = re.compile(r"^ {0,3}\[[^\]\n]+\]:[ \t]*(<[^>\n]*>|\S+)", re.MULTILINE)
_FENCE = re.compile(r"^ {0,3}(```+|~~~+)", re.MULTILINE)
_TICKS = re.compile(r"`+")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")


def check_skills(
    root: Path,
    skills: list[SkillSource],
    package_version: PackageVersion,
    *,
    skills_version: str = "any",
    dev_versions: str = "error",
    prefix: str = "",
) -> list[Diagnostic]:
    """Every rule about ``skills`` (found by :func:`~smart_tool_build.project.skills.find_skills`);
    with ``skills_version`` "match", each one's version against ``package_version``."""
    out = unique_rule(skills, prefix)
    listed: dict[str, tuple[list[str], list[Diagnostic]]] = {}
    for skill in skills:  # each folder listed once, however many places the wheel has it in
        if skill.source not in listed:
            listed[skill.source] = skill_files(root, skill, prefix=prefix)
    shipped: set[str] = set()  # each skill file's place in the wheel, and its folders
    for skill in skills:
        if skill.wheel_path is not None:
            shipped.add(skill.wheel_path)
            for name in listed[skill.source][0]:
                parts = name.split("/")
                shipped.update(
                    posixpath.join(skill.wheel_path, *parts[:end]) for end in range(1, len(parts) + 1)
                )
    checked: set[str] = set()
    for skill in skills:
        if skill.source in checked:
            continue
        checked.add(skill.source)
        shown = f"{prefix}{skill.source}/{SKILL_FILE}"
        # what cannot ship (a symlink out, a FIFO); SKILL.md is judged when it is read, unless
        # it leads out of the root: then it is not read
        problems = listed[skill.source][1]
        out += [d for d in problems if d.path != shown or d.code == "skill-inside-root"]
        if any(d.path == shown and d.code == "skill-inside-root" for d in problems):
            continue
        read = read_skill(root / skill.source / SKILL_FILE, shown)
        if isinstance(read, list):
            out += read
            continue
        fm, text, body = read
        out += frontmatter_rules(fm, skill.name, shown)
        out += link_rule(root, skill, text, body, prefix, shipped)
        problems, manifest = skillmeta.manifest_rules(root, skill, fm, prefix=prefix)
        out += problems
        if skills_version == "match":
            out += skillmeta.version_rule(
                skill, fm, manifest, package_version, prefix=prefix, dev_versions=dev_versions
            )
    return out


def read_skill(path: Path, shown: str) -> list[Diagnostic] | tuple[safe_yaml.LineDict, str, str]:
    """(frontmatter, text, body) of a SKILL.md, or the one line saying why it cannot be read."""
    try:
        text = frontmatter.decode(frontmatter.read_bytes(path))
        document = frontmatter.parse_text(text)
    except frontmatter.UnreadableFile as exc:
        return [make("skill-md-present", shown, None, f"{SKILL_FILE} {exc}", READABLE_HINT)]
    except frontmatter.FrontmatterError as exc:
        message = f"{SKILL_FILE} {exc.message}"
        return [make("skill-frontmatter-parses", shown, exc.line, message, exc.hint or PLAIN_YAML)]
    if not isinstance(document.frontmatter, safe_yaml.LineDict):
        kind = "empty" if document.frontmatter is None else _shown_value(document.frontmatter)
        return [
            make(
                "skill-frontmatter-parses",
                shown,
                2,
                f"the frontmatter is {kind}, not a mapping of fields",
                "write `name: ...` and `description: ...` between the `---` lines",
            )
        ]
    return document.frontmatter, text, document.body


def frontmatter_rules(fm: safe_yaml.LineDict, directory: str, shown: str) -> list[Diagnostic]:
    """The specification's fields: name, description, the optional ones, and unknown keys."""
    out = _name_rules(fm, directory, shown)
    out += _description_rule(fm, shown)
    out += _optional_rules(fm, shown)
    extra = [key for key in fm if key not in SPEC_FIELDS]
    if extra:
        named = ", ".join(repr(str(key)) for key in extra)
        out.append(
            make(
                "skill-fields-known",
                shown,
                fm.line_of(extra[0]),
                f"frontmatter keys beyond the Agent Skills specification: {named}; hosts may read "
                "them, skills-ref's validator refuses them",
            )
        )
    return out


def _name_rules(fm: safe_yaml.LineDict, directory: str, shown: str) -> list[Diagnostic]:
    line = fm.line_of("name") if "name" in fm else 2
    name = fm.get("name")
    hint = f"name: {directory}" if NAME_PATTERN.match(directory) and len(directory) <= MAX_NAME else NAME_HINT
    if not isinstance(name, str) or not name.strip():
        said = "has no `name`" if "name" not in fm else "has a `name` that is not a non-empty string"
        return [make("skill-name-format", shown, line, f"the frontmatter {said}", hint)]
    if len(name) > MAX_NAME:
        return [
            make("skill-name-format", shown, line, f"name is {len(name)} characters, over {MAX_NAME}", hint)
        ]
    if not NAME_PATTERN.match(name):
        message = f"name {name!r} is not lowercase letters and digits in words joined by single hyphens"
        return [make("skill-name-format", shown, line, message, hint)]
    if name != directory:
        return [
            make(
                "skill-name-matches-directory",
                shown,
                line,
                f"name {name!r} differs from its folder's name {directory!r}",
                f"rename the folder to {name}/, or write name: {directory}"
                if NAME_PATTERN.match(directory)
                else f"rename the folder to {name}/",
            )
        ]
    return []


def _description_rule(fm: safe_yaml.LineDict, shown: str) -> list[Diagnostic]:
    if "description" not in fm:
        message = "the frontmatter has no `description`"
        return [make("skill-description-present", shown, 2, message, DESCRIPTION_HINT)]
    description, line = fm.get("description"), fm.line_of("description")
    if not isinstance(description, str) or not description.strip():
        message = "description is not a non-empty string"
        return [make("skill-description-present", shown, line, message, DESCRIPTION_HINT)]
    if len(description) > MAX_DESCRIPTION:
        message = f"description is {len(description)} characters, over {MAX_DESCRIPTION}"
        hint = f"shorten the description to at most {MAX_DESCRIPTION} characters"
        return [make("skill-description-present", shown, line, message, hint)]
    from .placeholders import placeholder_kind  # agents choose a skill by it: a TODO tells them nothing

    kind = placeholder_kind(description)
    if kind is not None:
        message = f"description holds {kind} where content belongs"
        return [make("skill-description-present", shown, line, message, DESCRIPTION_HINT)]
    return []


def _optional_rules(fm: safe_yaml.LineDict, shown: str) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for key in ("license", "allowed-tools", "compatibility"):
        if key in fm and not isinstance(fm[key], str):
            message, hint = f"{key} is not a string", f'quote the value: {key}: "..."'
            out.append(make("skill-field-shapes", shown, fm.line_of(key), message, hint))
    compatibility = fm.get("compatibility")
    if isinstance(compatibility, str) and len(compatibility) > MAX_COMPATIBILITY:
        message = f"compatibility is {len(compatibility)} characters, over {MAX_COMPATIBILITY}"
        hint = f"shorten compatibility to at most {MAX_COMPATIBILITY} characters"
        out.append(make("skill-field-shapes", shown, fm.line_of("compatibility"), message, hint))
    if "metadata" in fm:
        metadata = fm["metadata"]
        if not isinstance(metadata, safe_yaml.LineDict):
            message, hint = "metadata is not a mapping", METADATA_HINT
            out.append(make("skill-field-shapes", shown, fm.line_of("metadata"), message, hint))
        else:
            for key, value in metadata.items():
                if not isinstance(key, str) or not isinstance(value, str):
                    # skills-ref and library-skills take it: the user loses nothing, a warning
                    message = (
                        f"metadata {key!r}: {_shown_value(value)} is not a string value under a "
                        "string key; the specification asks for strings, its readers take it"
                    )
                    hint = (
                        f'quote it: {key}: "{value}"'
                        if isinstance(value, (int, float, bool))
                        else METADATA_HINT
                    )
                    line = metadata.line_of(key)
                    out.append(make("skill-field-shapes", shown, line, message, hint, Severity.WARNING))
    return out


def _shown_value(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    return "a list" if isinstance(value, list) else repr(value)


def link_rule(
    root: Path,
    skill: SkillSource,
    text: str,
    body: str,
    prefix: str,
    shipped: frozenset[str] | set[str] = frozenset(),
) -> list[Diagnostic]:
    """Every relative link of the body names a file (or folder) inside the skill's folder, or
    one of a sibling skill that ships in the same wheel (``shipped``: every skill file's
    place in the wheel): library-skills installs skills side by side, where the link
    resolves. A link out to anything else is broken where the skill is installed, and the
    skill still works: a warning naming it."""
    shown = f"{prefix}{skill.source}/{SKILL_FILE}"
    start = len(text) - len(body)
    folder = root / skill.source
    out: list[Diagnostic] = []
    for match in _LONG_LINK.finditer(_blank_code(body)) if "](" in body else ():
        line = text.count("\n", 0, start + match.start()) + 1
        message = "a link whose target is over 1,000 characters; not checked, and no file is named so"
        hint = "shorten the link to a file inside the skill's folder"
        out.append(make("skill-link-resolves", shown, line, message, hint, Severity.WARNING))
    for offset, target in _links(body):
        line = text.count("\n", 0, start + offset) + 1
        path = unquote(target.split("#", 1)[0].split("?", 1)[0])
        if not path:
            continue
        normal = posixpath.normpath(path)
        if normal == ".." or normal.startswith("../"):
            if _ships(skill, normal, shipped):
                continue
            message = (
                f"the link {target!r} climbs out of the skill's folder to "
                f"{posixpath.normpath(posixpath.join(skill.source, normal))}, which is no file of a "
                "skill the wheel ships: the link is broken where the skill is installed"
            )
            hint = "move the file into the skill's folder, or link a sibling skill that ships"
            out.append(make("skill-link-resolves", shown, line, message, hint, Severity.WARNING))
        elif escapes(folder, normal):
            message = f"the link {target!r} leads out of the skill's folder through a symlink"
            hint = "replace the symlink with the file itself, kept in the skill's folder"
            out.append(make("skill-link-resolves", shown, line, message, hint))
        elif not _exists(folder / normal):
            message = f"the link {target!r} names nothing in the skill's folder: {skill.source}/{normal}"
            out.append(make("skill-link-resolves", shown, line, message, "fix the path, or add the file"))
    return out


def _exists(path: Path) -> bool:
    """Whether ``path`` exists; a name the file system refuses (over 255 bytes a part, a NUL)
    names nothing, rather than raising."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def _ships(skill: SkillSource, normal: str, shipped: frozenset[str] | set[str]) -> bool:
    """Whether ``normal`` (a link out of ``skill``'s folder) reaches a file, or the folder of
    one, that a skill of the same wheel ships."""
    if skill.wheel_path is None:
        return False
    reached = posixpath.normpath(posixpath.join(skill.wheel_path, normal))
    if reached.startswith("../") or reached == "..":
        return False
    return reached in shipped


def _links(body: str) -> list[tuple[int, str]]:
    """(offset in ``body``, target) of each relative link outside code; absolute paths,
    URLs with a scheme and in-page anchors are not links to the skill's files."""
    visible = _blank_code(body)
    found = [(m.start(1), m.group(1)) for m in _INLINE_LINK.finditer(visible)]
    found += [(m.start(1), m.group(1)) for m in _REFERENCE.finditer(visible)]
    links = []
    for offset, raw in sorted(found):
        target = raw[1:-1].strip() if raw.startswith("<") else raw
        if not target or target.startswith(("#", "/", "\\")) or _SCHEME.match(target):
            continue
        links.append((offset, target))
    return links


def _blank_code(body: str) -> str:
    """``body`` with fenced blocks and code spans blanked (offsets and lines kept)."""
    parts: list[str] = []
    position, fence = 0, None
    for match in _FENCE.finditer(body):
        marker = match.group(1)
        if fence is None:
            parts.append(_blank_spans(body[position : match.start()]))
            fence, position = (marker, match.start())
        elif marker[0] == fence[0] and len(marker) >= len(fence):
            parts.append(_blank(body[position : match.end()]))
            fence, position = None, match.end()
    tail = body[position:]
    parts.append(_blank(tail) if fence is not None else _blank_spans(tail))
    return "".join(parts)


def _blank(text: str) -> str:
    return re.sub(r"[^\n]", " ", text)


def _blank_spans(text: str) -> str:
    """``text`` with its code spans blanked: a run of backticks up to the next run as long
    (one pass over the runs, whatever the text holds)."""
    runs = [(m.start(), m.end()) for m in _TICKS.finditer(text)]
    following: dict[int, list[int]] = {}  # run length -> indexes of runs that long, reversed
    for index in range(len(runs) - 1, -1, -1):
        following.setdefault(runs[index][1] - runs[index][0], []).append(index)
    parts, position, index = [], 0, 0
    while index < len(runs):
        start, end = runs[index]
        same = following[end - start]
        while same and same[-1] <= index:
            same.pop()
        if not same:
            index += 1
            continue
        closing = same.pop()
        parts += [text[position:start], _blank(text[start : runs[closing][1]])]
        position, index = runs[closing][1], closing + 1
    parts.append(text[position:])
    return "".join(parts)


def _unique(skill: SkillSource, message: str, prefix: str) -> Diagnostic:
    shown = f"{prefix}{skill.source}"
    return make("skill-unique", shown, None, message, "rename one of them", anchor=f"{shown}/{SKILL_FILE}")


def unique_rule(skills: list[SkillSource], prefix: str = "") -> list[Diagnostic]:
    """No two skills of one distribution share a wheel path or a name."""
    out: list[Diagnostic] = []
    by_name: dict[str, SkillSource] = {}
    by_place: dict[str, SkillSource] = {}
    for skill in skills:
        place = skill.wheel_path
        first = by_place.get(place) if place is not None else None
        again = by_name.get(skill.name)
        if first is None and again is not None and again.source == skill.source:
            message = (
                f"ships twice in the wheel, at {again.wheel_path}/ and {place}/ (the backend's own "
                "force-include places it a second time): library-skills' installer skips the name"
            )
            out.append(_unique(skill, message, prefix))
        elif first is not None:
            message = (
                f"lands on {place}/ in the wheel, as {prefix}{first.source}/ does: one overwrites the other"
            )
            out.append(_unique(skill, message, prefix))
        elif skill.name in by_name:
            first = by_name[skill.name]
            message = f"shares its name {skill.name!r} with {prefix}{first.source}/ in one distribution"
            out.append(_unique(skill, message, prefix))
        by_name.setdefault(skill.name, skill)
        if place is not None:
            by_place.setdefault(place, skill)
    return out
