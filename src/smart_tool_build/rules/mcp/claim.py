"""The ``mcp-name:`` claim: the registry's exact rule, and why a description fails it.

The registry lists a PyPI package only when the description of the release (METADATA's body,
PyPI's ``info.description``) holds ``mcp-name: `` (one space), the server's name exactly
(case-sensitive), then the end of the text or a character that cannot continue a name
(``internal/validators/registries/mcpname.go``, ``ReadmeDeclaresMCPName``). So
``<!-- mcp-name: io.github.Owner/server -->`` claims ``io.github.Owner/server``;
``mcp-name: io.github.Owner/server-pro`` does not.
"""

from __future__ import annotations

import re
from typing import Any, Optional

from ...diagnostics.diagnostic import Diagnostic, Severity, make

PREFIX = "mcp-name: "
#: the characters a server name is made of: one of them after the name continues it
NAME_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_/")
#: a written claim, however spelt: what a near miss is looked for with
_ANY_CLAIM = re.compile(r"mcp-name\s*:[ \t]*([A-Za-z0-9._/-]*)", re.IGNORECASE)


def declares(content: str, name: str) -> bool:
    """Whether ``content`` claims ``name`` by the registry's rule."""
    offset = 0
    while True:
        index = content.find(PREFIX, offset)
        if index < 0:
            return False
        start = index + len(PREFIX)
        if content.startswith(name, start):
            end = start + len(name)
            if end == len(content) or content[end] not in NAME_CHARACTERS:
                return True
        offset = start


def near_miss(content: str, name: str) -> Optional[tuple[str, int]]:
    """Why ``content`` that does not claim ``name`` comes close, and the offset where: a claim
    glued to a longer name, one with another casing, or one spelt otherwise; None if none."""
    for match in _ANY_CLAIM.finditer(content):
        written = match.group(1)
        exact_prefix = match.group(0).startswith(PREFIX) and match.start(1) == match.start() + len(PREFIX)
        if exact_prefix and written.startswith(name) and len(written) > len(name):
            return f"`mcp-name: {written}` claims a longer name, not {name!r}", match.start()
        if written.lower() == name.lower() and written != name:
            return (
                f"`mcp-name: {written}` differs in casing from {name!r}; the registry compares exactly",
                match.start(),
            )
        if written == name:
            return (
                f"`{match.group(0)}` is not spelt `mcp-name: {name}`: lowercase, one space after the colon",
                match.start(),
            )
    return None


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


CLAIM_HINT = "add a line `<!-- mcp-name: {name} -->` to the readme, with the name exactly"


def readme_claim(
    text: str, name: str, shown: str, elsewhere: Optional[dict[str, str]] = None
) -> list[Diagnostic]:
    """``mcp-name-claimed`` for a readme's text (the source's description); ``elsewhere`` the
    project's other texts by what they are (``keywords``, the summary), which do not count."""
    if declares(text, name):
        return []
    hint = CLAIM_HINT.format(name=name)
    missed = near_miss(text, name)
    if missed is not None:
        message, offset = missed
        return [make("mcp-name-claimed", shown, _line(text, offset), message, hint)]
    found = [what for what, other in (elsewhere or {}).items() if declares(other, name)]
    if found:
        message = (
            f"`mcp-name: {name}` is only in {' and '.join(found)}, which the registry never reads; "
            "it reads the description, the readme"
        )
        return [make("mcp-name-claimed", shown, None, message, hint)]
    message = (
        f"the readme does not claim the server: no `mcp-name: {name}` in it; the registry refuses the release"
    )
    return [make("mcp-name-claimed", shown, None, message, hint)]


def assembled_note(shown: str, line: Optional[int], name: str) -> Diagnostic:
    """The info line of a readme the backend assembles at build time (``dynamic``)."""
    return make(
        "mcp-name-claimed",
        shown,
        line,
        f"the readme is assembled at build time; the build checks the built METADATA for `mcp-name: {name}`",
        "`smart-tool inspect` checks an archive built without the plugin",
        severity=Severity.INFO,
    )


def split_metadata(text: str) -> tuple[dict[str, str], str, int]:
    """(headers, description, the line the description starts on) of a METADATA / PKG-INFO:
    the body after the first blank line, or else the ``Description`` header (older metadata
    versions), its continuation lines unfolded. Headers keep their first value, unfolded."""
    lines = text.replace("\r\n", "\n").split("\n")
    headers: dict[str, str] = {}
    last: Optional[str] = None
    end = len(lines)
    for index, raw in enumerate(lines):
        if not raw.strip():
            end = index
            break
        if raw[:1] in (" ", "\t") and last is not None:
            headers[last] += "\n" + raw
            continue
        key, colon, value = raw.partition(":")
        last = None
        if colon and key.strip() not in headers:
            last = key.strip()
            headers[last] = value.strip()
    body = "\n".join(lines[end + 1 :])
    if body.strip():
        return headers, body, end + 2
    folded = headers.get("Description", "")
    unfolded = "\n".join(re.sub(r"^(?: {8}|\s*\|)", "", part) for part in folded.split("\n"))
    return headers, unfolded, 1


def check_metadata(text: str, name: str, shown: str, kind: str) -> list[Diagnostic]:
    """``mcp-readme-declared`` / ``mcp-name-claimed`` for a finished archive's METADATA or
    PKG-INFO (``shown``): the description the registry will read from PyPI."""
    headers, description, first = split_metadata(text)
    hint = CLAIM_HINT.format(name=name)
    if not description.strip():
        return [
            make(
                "mcp-readme-declared",
                shown,
                None,
                f"the {kind}'s metadata has no description: PyPI has none, the registry no claim to read",
                'declare readme = "README.md" in [project], with `mcp-name: ' + name + "` in it",
            )
        ]
    if declares(description, name):
        return []
    missed = near_miss(description, name)
    if missed is not None:
        message, offset = missed
        return [make("mcp-name-claimed", shown, first + description.count("\n", 0, offset), message, hint)]
    elsewhere = [key for key in ("Summary", "Keywords") if declares(headers.get(key, ""), name)]
    if elsewhere:
        message = (
            f"`mcp-name: {name}` is only in {' and '.join(elsewhere)}, which the registry never reads; "
            "it reads the description"
        )
        return [make("mcp-name-claimed", shown, None, message, hint)]
    message = f"the {kind}'s description does not claim the server: no `mcp-name: {name}` in it"
    return [make("mcp-name-claimed", shown, None, message, hint)]


def check_archive(archive: Any, name: str, shown: str) -> list[Diagnostic]:
    """The MCP registry's claim in the description PyPI will show (METADATA / PKG-INFO)."""
    member = archive.metadata_member()
    data = archive.read(member) if member is not None else None
    if member is not None and member in archive.oversized:
        where, limit = f"{shown}/{member}", "the reader's bound of 1 MiB"
        message = f"the description is over {limit}: the claim `mcp-name: {name}` is not checked"
        return [make("mcp-name-claimed", where, None, message, "keep the readme under 1 MiB")]
    if data is None:
        return []  # no metadata to read: the archive's own rules say so
    return check_metadata(data.decode("utf-8", "replace"), name, f"{shown}/{member}", archive.kind)
