"""Profiles and agents: Markdown files that must begin with YAML frontmatter."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Optional

from ...diagnostics.diagnostic import CodeId, Diagnostic
from ...parsing import frontmatter, safe_yaml
from ...project.paths import inside
from .project import Project, short

_FENCE = re.compile(r"\s{0,3}(```+|~~~+)\s*([A-Za-z0-9_+-]*)")


#: what to do about a document's frontmatter that does not parse
FRONTMATTER_HINT = (
    "write the frontmatter as plain YAML: one mapping of fields between `---` lines, each key once"
)


def document_rules(project: Project, kind: str, relative: str) -> list[Diagnostic]:
    """A profile (``kind`` "profiles") or an agent: frontmatter first, parsed like a manifest's."""
    code: CodeId = "collection-profile" if kind == "profiles" else "collection-agent"
    what = "a profile" if kind == "profiles" else "an agent"
    if not inside(project.root, relative):
        return [
            project.finding(
                code, relative, None, f"{what} that leads outside the root through a symlink; not read"
            )
        ]
    try:
        text = frontmatter.decode(frontmatter.read_bytes(project.root / relative))
    except frontmatter.UnreadableFile as exc:
        return [project.finding(code, relative, None, f"{what} that {exc}")]
    except frontmatter.FrontmatterError as exc:
        return [project.finding(code, relative, exc.line, f"{what} that {exc.message}")]
    lines = text.split("\n")
    skipped = 0
    while skipped < len(lines) and not lines[skipped].strip():
        skipped += 1
    if skipped == len(lines):
        return [
            project.finding(
                code,
                relative,
                None,
                f"{what} must begin with a `---` YAML frontmatter block; this file is empty",
            )
        ]
    if lines[skipped].strip() != "---":
        fence = _fenced_yaml(lines)
        if fence is not None:
            return [
                project.finding(
                    code,
                    relative,
                    fence,
                    f"{what}'s YAML is only shown inside a code fence (line {fence}); the loader "
                    "rejects narrative Markdown: the first non-empty line must be `---`",
                    "move the YAML out of the fence into a `---` ... `---` block at the top of the file",
                )
            ]
        return [
            project.finding(
                code,
                relative,
                skipped + 1,
                f"{what} must begin with a `---` YAML frontmatter block on its first non-empty line",
                "start the file with ---, the YAML fields, then --- and the Markdown body",
            )
        ]
    try:
        document = frontmatter.parse_text("\n".join(lines[skipped:]))
    except frontmatter.FrontmatterError as exc:
        line = None if exc.line is None else exc.line + skipped
        hint = exc.hint or FRONTMATTER_HINT
        return [project.finding(code, relative, line, f"{what}'s frontmatter: {exc.message}", hint)]
    fm = document.frontmatter
    if not isinstance(fm, safe_yaml.LineDict):
        kind_text = "empty" if fm is None else f"a {type(fm).__name__}, not a mapping"
        message = f"{what}'s frontmatter is {kind_text}"
        return [project.finding(code, relative, skipped + 2, message, FRONTMATTER_HINT)]
    # the parsed lines count from the first non-empty line: add the blank lines before it
    if kind == "profiles":
        return _fields(project, code, relative, fm, skipped, "profile", ("name",))
    return _fields(project, code, relative, fm, skipped, "meta", ("name", "description"))


def _fields(
    project: Project,
    code: CodeId,
    relative: str,
    fm: safe_yaml.LineDict,
    offset: int,
    block: str,
    required: Sequence[str],
) -> list[Diagnostic]:
    """``required`` at the top level, or under ``block:`` (``meta:``/``profile:``)."""
    inner = fm.get(block)
    if block in fm and not isinstance(inner, safe_yaml.LineDict):
        return [
            project.finding(
                code,
                relative,
                fm.line_of(block) + offset,
                f"`{block}:` must be a mapping",
                f"indent the fields under `{block}:`, one `key: value` a line",
            )
        ]
    out: list[Diagnostic] = []
    for key in required:
        holder = fm if key in fm or inner is None else inner
        if key not in holder:
            # at `block:` when there is one, else at the opening `---`
            line = fm.line_of(block) + offset if inner is not None else offset + 1
            out.append(
                project.finding(
                    code,
                    relative,
                    line,
                    f"no `{key}`, at the top level or under `{block}:`",
                    f"add `{key}:` under `{block}:`",
                )
            )
        elif not isinstance(holder[key], str) or not holder[key].strip():
            out.append(
                project.finding(
                    code,
                    relative,
                    holder.line_of(key) + offset,
                    f"`{key}` must be a non-empty string, not {short(holder[key])}",
                    f"write {key} as one line of text",
                )
            )
    return out


def _fenced_yaml(lines: list[str]) -> Optional[int]:
    """The 1-based line of a code fence that shows frontmatter-like YAML, if any."""
    index = 0
    while index < len(lines):
        match = _FENCE.match(lines[index])
        if not match:
            index += 1
            continue
        marker, info = match.group(1), match.group(2).lower()
        end = index + 1
        while end < len(lines) and not lines[end].strip().startswith(marker):
            end += 1
        if info in ("yaml", "yml"):
            return index + 1
        if not info:
            try:
                value = safe_yaml.loads("\n".join(lines[index + 1 : end]))
            except safe_yaml.YamlError:
                value = None
            if isinstance(value, dict) and {"name", "meta", "profile"} & set(value):
                return index + 1
        index = end + 1
    return None
