"""A snapshot's SMART_TOOL.md as the public catalog's reader reads it: what that reader
refuses in a manifest the manifest rules accept.

The reader (``read_snapshot`` in the catalog's ``catalog_metadata.py``) takes the text with
universal newlines, finds the frontmatter with ``\\A---\\n(.*?)\\n---(?:\\n|$)``, loads it
with PyYAML's ``safe_load`` and wants ``name`` and ``description`` as text, ``platforms`` and
``use_cases`` as lists of text, without control or format characters. A byte order mark, a
fence with trailing blanks, an unquoted date or a zero-width space passes the manifest rules
and breaks the catalog; these rules say so before the catalog does.
"""

from __future__ import annotations

import re
from typing import Any, Optional

import yaml

from smart_tool_build.diagnostics.diagnostic import Diagnostic, make
from smart_tool_build.parsing import frontmatter, safe_yaml

from .provenance import text_problem

_READER = re.compile(r"\A---\n(.*?)\n---(?:\n|$)", re.DOTALL)
_TEXT_FIELDS = ("name", "description")
_RESOLVER = yaml.resolver.Resolver()
_MAY_RESOLVE = set("0123456789=")  # the first characters of timestamps and of `=`
_NOT_CORE = {"tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:value"}
_LIST_FIELDS = ("platforms", "use_cases")


#: what to do about a value the catalog's reader reads otherwise than this tool
QUOTE_HINT = "quote the value in double quotes, so every YAML reader reads it as written"


def _universal(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _loads_alike(value: Any) -> bool:
    """Would ``safe_load`` build exactly ``value``, the frontmatter as the manifest rules read it?

    The manifest rules parse with libyaml; ``safe_load`` parses with PyYAML's pure-Python
    scanner, which is ten times slower. The two read the same text alike except for tabs
    outside quoted and block scalars (the Python scanner refuses them: the caller looks for a
    tab first) and where PyYAML resolves a plain scalar to a tag outside the core schema (a
    timestamp, the ``=`` value tag), which the manifest rules keep as text; keys are the
    manifest's own field names. So a string that would resolve so (quoted or not: a quoted one
    only costs the full load) sends the text through ``safe_load``; otherwise loading it again
    would only build the same values.
    """
    if isinstance(value, str):
        if value[:1] not in _MAY_RESOLVE:
            return True
        tag = _RESOLVER.resolve(yaml.ScalarNode, value, (True, False))  # type: ignore[no-untyped-call]
        return tag not in _NOT_CORE
    if isinstance(value, dict):
        return all(_loads_alike(item) for item in value.values())
    if isinstance(value, list):
        return all(_loads_alike(item) for item in value)
    return True


def reader_findings(data: bytes, fm: safe_yaml.LineDict, path: str) -> list[Diagnostic]:
    """What the catalog's reader refuses in a manifest that is valid by every manifest rule.

    ``fm`` is the frontmatter the manifest rules read (for lines); the YAML is loaded again
    only once those rules accepted it, so no alias bomb or deep nesting reaches PyYAML here.
    """

    def finding(line: int, message: str, hint: Optional[str] = None) -> list[Diagnostic]:
        return [make("catalog-manifest-readable", path, line, message, hint or QUOTE_HINT)]

    text = data.decode("utf-8")
    if text.startswith("\ufeff"):
        return finding(
            1,
            "starts with a byte order mark: the catalog's reader then finds no frontmatter",
            "save it as UTF-8 without a byte order mark",
        )
    ours, _, first = frontmatter.split(text)
    universal = _universal(text)
    match = _READER.match(universal)
    if match is None or match.group(1) + "\n" != _universal(ours):
        closing = first + _universal(ours).count("\n")
        line = closing if universal.startswith("---\n") else 1
        return finding(
            line,
            "the catalog's reader does not end the frontmatter where this tool does",
            "write both fences as `---` alone on their lines, with nothing after them",
        )
    meta: Any = fm
    if "\t" in match.group(1) or not _loads_alike(fm):
        try:  # safe_load's own loader, PyYAML's pure-Python one, as the catalog's reader calls it
            meta = yaml.load(match.group(1), Loader=yaml.SafeLoader)
        except (yaml.YAMLError, ValueError, TypeError) as exc:
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            return finding(first, f"the catalog's reader cannot load the frontmatter: {reason}")
    if not isinstance(meta, dict):  # pragma: no cover - the manifest rules read a mapping
        return finding(first, "the catalog's reader does not read the frontmatter as a mapping")
    out: list[Diagnostic] = []
    for key in _TEXT_FIELDS:
        wrong = text_problem(meta.get(key), multiline=key == "description")
        if wrong:
            out += finding(fm.line_of(key), f"`{key}` as the catalog's reader reads it {wrong}")
    for key in _LIST_FIELDS:
        value, lines = meta.get(key), fm.get(key)
        if not isinstance(value, list):
            out += finding(fm.line_of(key), f"`{key}` as the catalog's reader reads it is not a list")
            continue
        for index, item in enumerate(value):
            wrong = text_problem(item)
            if wrong:
                line = lines.line_of(index) if isinstance(lines, safe_yaml.LineList) else fm.line_of(key)
                out += finding(line, f"`{key}[{index}]` as the catalog's reader reads it {wrong}")
    return out
