"""Why an ``install`` is no reference to documentation (an installer's command, an absolute
path, a URL without a host): loaded only for one that is not a plain relative path or URL."""

from __future__ import annotations

import re
from typing import Optional

from .manifest_format import PLAIN_URL, SHELL_OPERATORS

#: the installers a command would start with
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


def judge_install(text: str) -> tuple[str, Optional[str]]:
    """:func:`smart_tool_build.rules.requirements.classify_install` for a stripped ``install``
    its plain look cannot clear: ('url' | 'path' | 'bad', why it is no reference)."""
    if not text.isprintable() and any(ord(c) < 32 for c in text):
        return "bad", "contains control characters"
    if any(op in text for op in SHELL_OPERATORS):
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
    if re.match(PLAIN_URL, text):
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
