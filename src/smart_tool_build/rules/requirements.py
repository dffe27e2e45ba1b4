"""The manifest's ``requires``: prerequisites named, with a document (never a command) for each."""

from __future__ import annotations

import re

from ..parsing import safe_yaml
from ..project.manifest_model import Requirement as Requirement
from .manifest_format import PLAIN_URL, REQUIREMENT_KEYS, SHELL_OPERATORS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Optional

    from ..diagnostics.diagnostic import Diagnostic


def is_empty(value: Any) -> bool:
    """Whether a YAML value says nothing: null, blank text, an empty list or mapping."""
    if value is None:
        return True
    if isinstance(value, str):
        return not value.strip()
    if isinstance(value, (list, dict)):
        return not value
    return False


def classify_install(install: str) -> tuple[str, Optional[str]]:
    """('url' | 'path' | 'bad', reason): a reference to documentation, never a command. A plain
    relative path or http(s) URL is told here; the rest (:mod:`.requirements_words`) says why."""
    text = install.strip()
    # one printable word holding a / or a . is no installer's name
    plain = text.isprintable() and " " not in text and ("/" in text or "." in text)
    if plain and not any(op in text for op in SHELL_OPERATORS):
        if ":" not in text and not text.startswith("/") and "\\" not in text:
            return "path", None
        if ":" in text and re.match(PLAIN_URL, text):
            return "url", None
    from .requirements_words import judge_install

    return judge_install(text)


def install_references(fm: object) -> list[tuple[int, str, int]]:
    """(index, install, line) of each ``requires`` entry whose ``install`` is a string, read from
    the frontmatter itself: so one wrong field hides no install document's problem."""
    entries = fm.get("requires") if isinstance(fm, safe_yaml.LineDict) else None
    if not isinstance(entries, safe_yaml.LineList):
        return []
    return [
        (index, entry["install"], entry.line_of("install"))
        for index, entry in enumerate(entries)
        if isinstance(entry, safe_yaml.LineDict) and isinstance(entry.get("install"), str)
    ]


def check_requires(fm: safe_yaml.LineDict, path: str) -> list[Diagnostic]:
    """The rules of ``requires``, noted as (line, kind, values): their words
    (:mod:`.manifest_words`) load only for a finding."""
    value = fm.get("requires")
    if "requires" not in fm or is_empty(value):
        return []
    found: list[tuple[Any, ...]] = []
    entries = value if isinstance(value, safe_yaml.LineList) else safe_yaml.LineList(1)
    if entries is not value:
        found.append((fm.line_of("requires"), "requires"))
    for index, entry in enumerate(entries):
        if not isinstance(entry, safe_yaml.LineDict):
            found.append((entries.line_of(index), "entry", index))
            continue
        found += [
            (entry.line_of(key), "entry-key", index, key) for key in entry if key not in REQUIREMENT_KEYS
        ]
        for key in ("name", "purpose", "install"):
            item = entry.get(key)
            if key not in entry or is_empty(item):
                found.append((entry.line_of(key), "entry-missing", index, key))
            elif not isinstance(item, str):
                found.append((entry.line_of(key), "entry-string", index, key))
        if "optional" in entry and not isinstance(entry["optional"], bool):
            found.append((entry.line_of("optional"), "entry-optional", index))
        install = entry.get("install")
        if isinstance(install, str) and install.strip():
            kind, reason = classify_install(install)
            if kind == "bad":
                found.append((entry.line_of("install"), "entry-install", index, reason))
    if not found:
        return []
    from .manifest_words import findings

    return findings(found, fm, path)
