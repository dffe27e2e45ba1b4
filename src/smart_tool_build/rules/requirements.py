"""The manifest's ``requires``: prerequisites named, with a document (never a command) for each."""

from __future__ import annotations

import re

from ..parsing import safe_yaml
from ..project.manifest_model import Requirement as Requirement
from .manifest_format import REQUIREMENT_KEYS
from .values import is_empty

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Optional

    from ..diagnostics.diagnostic import Diagnostic


_INSTALLER_VERBS = {
    "apt",
    "apt-get",
    "brew",
    "cargo",
    "choco",
    "conda",
    "curl",
    "dnf",
    "go",
    "npm",
    "npx",
    "pacman",
    "pip",
    "pip3",
    "pipx",
    "scoop",
    "snap",
    "sudo",
    "uv",
    "uvx",
    "wget",
    "winget",
    "yum",
    "zypper",
}
#: an http(s) URL with a plain host name: a URL whatever else it holds
_PLAIN_URL = r"(?i)https?://[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::[0-9]+)?(?:[/?#]|\Z)"
_SHELL_OPERATORS = ("|", "&&", ";", ">", "<", "`", "$(", "||")


def classify_install(install: str) -> tuple[str, Optional[str]]:
    """('url' | 'path' | 'bad', reason): a reference to documentation, never a command."""
    text = install.strip()
    if not text.isprintable() and any(ord(c) < 32 for c in text):
        return "bad", "contains control characters"
    if any(op in text for op in _SHELL_OPERATORS):
        return "bad", "looks like a shell command: it has a shell operator"
    words = text.split()
    if len(words) > 1:
        if words[0].lower() in _INSTALLER_VERBS:
            return "bad", f"is a command, {words[0]} ..., not a reference to documentation"
        return "bad", "has several words: it must be a relative path or a URL"
    if words and words[0].lower() in _INSTALLER_VERBS:
        return "bad", f"is the installer {words[0]!r}, not a reference to documentation"
    if ":" not in text:  # the common cases are told without urllib (it costs --help)
        return _relative_path(text)
    if re.match(_PLAIN_URL, text):
        return "url", None
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(text)
    except ValueError as exc:  # e.g. "http://[": an IPv6 host that does not close
        return "bad", f"is not a valid URL ({exc})"
    if parts.scheme and len(parts.scheme) > 1:  # a one-letter "scheme" is a drive letter
        # the spec: "a relative path or a URL"; a URL names a host (javascript:, mailto: and
        # file:///... do not, and are no reference a reader can follow)
        if parts.hostname:
            return "url", None
        return "bad", f"is a {parts.scheme}: URL without a host; use an absolute URL such as https://..."
    return _relative_path(text)


def _relative_path(text: str) -> tuple[str, Optional[str]]:
    if text.startswith(("/", "\\")) or re.match(r"[A-Za-z]:[\\/]", text):
        return "bad", "is an absolute path; use a path relative to the manifest or the root"
    if "\\" in text:
        return "bad", "uses backslashes; write the relative path with /"
    return "path", None


def install_references(fm: object) -> list[tuple[int, str, int]]:
    """(index, install, line) of each ``requires`` entry whose ``install`` is a string, read
    from the frontmatter itself: the rules about install documents run even when another
    field is wrong (or a manifest error is ignored), so every problem is reported at once."""
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
