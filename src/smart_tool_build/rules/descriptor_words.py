"""The words of the descriptor's rules: what :func:`smart_tool_build.rules.descriptor.parse_bytes`
says of each thing it found. Only a descriptor with a finding loads this."""

from __future__ import annotations

from ..diagnostics.diagnostic import Diagnostic, Severity, make

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Optional

#: the hints said of more than one finding
NAME_HINT = "name the SMART_TOOL.md file"
ARGV_HINT = 'e.g. "cli_argv": ["my-tool"]'
#: the ``descriptor-shape`` findings whose words are fixed: kind -> (message, hint)
_FIXED = {
    "manifest-missing": ("`manifest` is missing", NAME_HINT),
    "manifest-empty": ("`manifest` must be a non-empty string", NAME_HINT),
    "argv-missing": ("`cli_argv` is missing", ARGV_HINT),
    "argv-list": ("`cli_argv` must be a non-empty list of strings", ARGV_HINT),
    "argv-item": ("every `cli_argv` entry must be a non-empty string", ARGV_HINT),
    "smoke": ("`deterministic_smoke` must be a list of strings", 'e.g. "deterministic_smoke": ["--help"]'),
}


def findings(found: list[tuple[Any, ...]], path: str) -> list[Diagnostic]:
    """The diagnostics of each (line, kind, values) found, in their order (a rule's own
    diagnostics, kind ``said``, as they are)."""
    out: list[Diagnostic] = []
    for line, kind, *values in found:
        if kind == "said":
            out += values[0]
        elif kind in _FIXED:
            message, hint = _FIXED[kind]
            out.append(make("descriptor-shape", path, line, message, hint))
        else:
            out.append(_say(kind, path, line, *values))
    return out


def _say(kind: str, path: str, line: Optional[int], *values: Any) -> Diagnostic:
    if kind == "key":  # the key, and the keys there are
        return make(
            "descriptor-shape",
            path,
            line,
            f"unknown key {values[0]!r}",
            f"keys are: {', '.join(values[1])}",
            severity=Severity.WARNING,
        )
    if kind == "manifest-path":
        manifest, problem = values
        hint = "give the path from the folder of smart-tool.json, with /, inside the root"
        return make("descriptor-shape", path, line, f"`manifest` {manifest!r} {problem}", hint)
    if kind == "undecodable":
        message, hint = values
        return make(
            "descriptor-shape",
            path,
            line,
            f"descriptor {message}",
            hint or "save smart-tool.json as UTF-8 JSON",
        )
    if kind == "json":
        hint = "write smart-tool.json as plain JSON: one object, each key once"
        return make("descriptor-shape", path, line, values[0], hint)
    if kind == "object":
        hint = 'e.g. {"manifest": "SMART_TOOL.md", "cli_argv": ["my-tool"]}'
        return make("descriptor-shape", path, line, f"must be a JSON object, not {values[0]}", hint)
    if kind == "unreadable":
        hint = "make smart-tool.json a readable regular file in the distribution root"
        return make("descriptor-present", path, line, f"descriptor {values[0]}", hint)
    message, hint = values  # "oversized": over the size limit, or no regular file
    return make(
        "descriptor-shape",
        path,
        line,
        f"descriptor {message}",
        hint or "keep smart-tool.json a small UTF-8 JSON file",
    )
