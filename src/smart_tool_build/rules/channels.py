"""The descriptor's proposed ``channels`` object: a discussion draft of the smart-tools
repository ("host channels and host-routed intelligence", docs/proposals/), not part of
Smart Tool v1.

The draft lets a tool offer, beside its git-installed CLI, thin adapters for hosts without
a shell, and sketches them as an optional ``channels`` object in ``smart-tool.json``::

    {"skill": "skills/<name>", "skill_portable": true,
     "mcp": {"argv": ["<tool>", "mcp"]}, "mcpb": "<tool>.mcpb"}

plus ``mcp_app`` (an MCP App view, whose shape the draft leaves open). A draft key fails no
build: a ``channels`` of that shape is one info line saying it is a draft key (not an unknown
one), and each place it departs from the shape is a warning.
"""

from __future__ import annotations

from typing import Any, Optional

from ..diagnostics.diagnostic import Diagnostic, Severity, make
from ..parsing.json_paths import JsonPath, json_paths
from ..project.paths import relative_path_problem

CHANNELS = ("skill", "skill_portable", "mcp", "mcpb", "mcp_app")
#: the draft's "stdio argv; optionally a remote URL": it names no key for the URL, read as `url`
MCP_KEYS = ("argv", "url")
DRAFT = "the host channels draft"


def _problems(value: Any) -> list[tuple[JsonPath, str]]:
    """Where and how ``channels`` departs from the draft's shape."""
    if not isinstance(value, dict):
        return [(("channels",), "`channels` must be an object of channels")]
    out: list[tuple[JsonPath, str]] = []
    for key, item in value.items():
        at: JsonPath = ("channels", key)
        if key not in CHANNELS:
            out.append((at, f"unknown channel {key!r} (the draft's are {', '.join(CHANNELS)})"))
        elif key == "skill":
            problem = _text(item) or relative_path_problem(item)
            if problem:
                out.append((at, f"`channels.skill` (the skill's folder) {problem}"))
        elif key == "skill_portable":
            if not isinstance(item, bool):
                out.append((at, "`channels.skill_portable` must be true or false"))
            elif item and "skill" not in value:
                out.append(
                    (at, "`channels.skill_portable` is true but there is no `channels.skill` to vendor into")
                )
        elif key == "mcp":
            out += _mcp(item)
        elif key == "mcpb":
            problem = _text(item)
            if problem is None and ("/" in item or "\\" in item or not item.endswith(".mcpb")):
                problem = "must be the bundle's release asset name, e.g. my-tool.mcpb"
            if problem:
                out.append((at, f"`channels.mcpb` {problem}"))
    return out


def _text(value: Any) -> Optional[str]:
    if not isinstance(value, str) or not value.strip():
        return "must be a non-empty string"
    return None


def _mcp(value: Any) -> list[tuple[JsonPath, str]]:
    if not isinstance(value, dict):
        return [(("channels", "mcp"), '`channels.mcp` must be an object, e.g. {"argv": ["my-tool", "mcp"]}')]
    out: list[tuple[JsonPath, str]] = []
    for key in value:
        if key not in MCP_KEYS:
            out.append((("channels", "mcp", key), f"unknown key {key!r} in `channels.mcp` (keys: argv, url)"))
    argv = value.get("argv")
    if "argv" not in value and "url" not in value:
        out.append(
            (("channels", "mcp"), "`channels.mcp` needs `argv`, the command that starts its stdio server")
        )
    elif "argv" in value and not (
        isinstance(argv, list) and argv and all(isinstance(part, str) and part.strip() for part in argv)
    ):
        out.append(
            (("channels", "mcp", "argv"), "`channels.mcp.argv` must be a non-empty list of non-empty strings")
        )
    url = value.get("url")
    if "url" in value and not (isinstance(url, str) and url.startswith("https://") and len(url) > 8):
        out.append((("channels", "mcp", "url"), "`channels.mcp.url` must be an https URL"))
    return out


def channels_rule(value: Any, text: str, path: str) -> list[Diagnostic]:
    """The descriptor's ``channels`` (``text`` the descriptor's, for lines): one info line,
    or a warning for each departure from the draft's shape."""
    lines = json_paths(text)
    problems = _problems(value)
    if not problems:
        return [
            make(
                "descriptor-draft-key",
                path,
                lines.get(("channels",)),
                f"`channels` is a draft key ({DRAFT} of the smart-tools repository), not part of "
                "Smart Tool v1: hosts may ignore it",
            )
        ]
    hint = (
        'the draft\'s shape: {"skill": "skills/<name>", "skill_portable": true, '
        '"mcp": {"argv": ["<tool>", "mcp"]}, "mcpb": "<tool>.mcpb"}'
    )
    return [
        make("descriptor-draft-key", path, lines.get(at), message, hint, severity=Severity.WARNING)
        for at, message in problems
    ]
