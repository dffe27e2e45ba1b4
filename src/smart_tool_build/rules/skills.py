"""The rules of library skills: each ``SKILL.md`` against the Agent Skills specification, its
links, and one distribution's skills against one another; loaded only for a project with skills.

The verdict is skills-ref's (the reference validator) but for two documented differences: a key
the specification does not define is a note here (hosts extend the frontmatter), and a name must
be ASCII (library-skills' and skillmeta's pattern). The rules note what they find as (line,
kind, values); their words (:mod:`.skills_words`) load only for a finding.
"""

from __future__ import annotations

import posixpath
import re
from urllib.parse import unquote

from ..parsing import frontmatter, safe_yaml
from ..project.paths import escapes
from ..project.skills import SKILL_FILE, skill_files
from .skill_format import (
    MANIFEST_KEY,
    MAX_COMPATIBILITY,
    MAX_DESCRIPTION,
    MAX_NAME,
    NAME_PATTERN,
    SPEC_FIELDS,
)
from .values import placeholder_kind

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from ..diagnostics.diagnostic import Diagnostic
    from ..project.distribution import PackageVersion
    from ..project.skills import SkillSource

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
        metadata = fm.get("metadata")
        named = isinstance(metadata, safe_yaml.LineDict) and MANIFEST_KEY in metadata
        if not named and skills_version != "match":
            continue  # skillmeta's rules have nothing to judge
        from . import skillmeta

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
    except (frontmatter.UnreadableFile, frontmatter.FrontmatterError) as exc:
        from .skills_words import unread

        return [unread(shown, exc)]
    if not isinstance(document.frontmatter, safe_yaml.LineDict):
        from .skills_words import not_a_mapping

        return [not_a_mapping(shown, document.frontmatter)]
    return document.frontmatter, text, document.body


def frontmatter_rules(fm: safe_yaml.LineDict, directory: str, shown: str) -> list[Diagnostic]:
    """The specification's fields: name, description, the optional ones, and unknown keys."""
    found: list[tuple[Any, ...]] = []
    line = fm.line_of("name") if "name" in fm else 2
    name = fm.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME or not NAME_PATTERN.match(name):
        found.append((line, "name", name, "name" in fm))
    elif name != directory:
        found.append((line, "directory", name))
    description = fm.get("description")
    if "description" not in fm:
        found.append((2, "description-missing"))
    elif not isinstance(description, str) or not description.strip():
        found.append((fm.line_of("description"), "description-empty"))
    elif len(description) > MAX_DESCRIPTION:
        found.append((fm.line_of("description"), "description-long", len(description)))
    else:
        kind = placeholder_kind(description)  # agents choose a skill by it: a TODO tells them nothing
        if kind is not None:
            found.append((fm.line_of("description"), "description-placeholder", kind))
    found += [
        (fm.line_of(k), "string", k)
        for k in ("license", "allowed-tools", "compatibility")
        if k in fm and not isinstance(fm[k], str)
    ]
    compatibility = fm.get("compatibility")
    if isinstance(compatibility, str) and len(compatibility) > MAX_COMPATIBILITY:
        found.append((fm.line_of("compatibility"), "compatibility", len(compatibility)))
    metadata = fm.get("metadata")
    if "metadata" in fm and not isinstance(metadata, safe_yaml.LineDict):
        found.append((fm.line_of("metadata"), "metadata"))
    elif isinstance(metadata, safe_yaml.LineDict):
        found += [
            (metadata.line_of(key), "metadata-value", key, value)
            for key, value in metadata.items()
            if not isinstance(key, str) or not isinstance(value, str)
        ]
    extra = [key for key in fm if key not in SPEC_FIELDS]
    if extra:
        found.append((fm.line_of(extra[0]), "extra", extra))
    if not found:
        return []
    from .skills_words import findings

    return findings(found, directory, shown)


def link_rule(
    root: Path,
    skill: SkillSource,
    text: str,
    body: str,
    prefix: str,
    shipped: frozenset[str] | set[str] = frozenset(),
) -> list[Diagnostic]:
    """Every relative link of the body names a file (or folder) inside the skill's folder, or
    one of a sibling skill the same wheel ships (``shipped``: every skill file's place in it),
    where library-skills installs skills side by side; a link out to anything else is broken
    where the skill is installed, and the skill still works: a warning naming it."""
    start = len(text) - len(body)
    folder = root / skill.source
    found: list[tuple[Any, ...]] = []
    for match in _LONG_LINK.finditer(_blank_code(body)) if "](" in body else ():
        found.append((text.count("\n", 0, start + match.start()) + 1, "long"))
    for offset, target in _links(body):
        line = text.count("\n", 0, start + offset) + 1
        path = unquote(target.split("#", 1)[0].split("?", 1)[0])
        if not path:
            continue
        normal = posixpath.normpath(path)
        if normal == ".." or normal.startswith("../"):
            # a file, or the folder of one, that a skill of the same wheel ships (``shipped``
            # holds no path out of the wheel)
            if not (
                skill.wheel_path and posixpath.normpath(posixpath.join(skill.wheel_path, normal)) in shipped
            ):
                found.append((line, "climbs", target, normal))
        elif escapes(folder, normal):
            found.append((line, "symlink", target))
        elif not _exists(folder / normal):
            found.append((line, "nothing", target, normal))
    if not found:
        return []
    from .skills_words import findings

    return findings(found, skill.source, f"{prefix}{skill.source}/{SKILL_FILE}")


def _exists(path: Path) -> bool:
    """Whether ``path`` exists; a name the file system refuses (over 255 bytes a part, a NUL)
    names nothing, rather than raising."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


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


def unique_rule(skills: list[SkillSource], prefix: str = "") -> list[Diagnostic]:
    """No two skills of one distribution share a wheel path or a name."""
    found: list[tuple[Any, ...]] = []
    by_name: dict[str, SkillSource] = {}
    by_place: dict[str, SkillSource] = {}
    for skill in skills:
        place = skill.wheel_path
        first = by_place.get(place) if place is not None else None
        again = by_name.get(skill.name)
        if first is None and again is not None and again.source == skill.source:
            found.append((skill, "twice", again))
        elif first is not None:
            found.append((skill, "lands", first))
        elif skill.name in by_name:
            found.append((skill, "shares", by_name[skill.name]))
        by_name.setdefault(skill.name, skill)
        if place is not None:
            by_place.setdefault(place, skill)
    if not found:
        return []
    from .skills_words import unique

    return [unique(skill, kind, other, prefix) for skill, kind, other in found]
