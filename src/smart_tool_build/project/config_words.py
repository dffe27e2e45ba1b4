"""The words of the options' problems: what :func:`.config.parse_options` says of each key it
refused. Only a table with a problem loads this."""

from __future__ import annotations

from typing import Any, Optional

from ..diagnostics.diagnostic import Diagnostic, make
from ..parsing.lines import key_line

#: what each option's value must be
EXPECTED = {
    "exclude": "a list of non-empty glob strings",
    "dev-versions": 'one of "error", "warn"',
    "collection": "true or false",
    "backend": 'a build backend as build-backend names it, e.g. "uv_build"',
    "ignore": "a list of diagnostic codes",
    "skills": 'a list of folders whose subfolders are skills, e.g. ["skills"]',
    "skills-package": 'the import package the skills go into, e.g. "acme"',
    "skills-version": 'one of "any", "match"',
    "mcp-server": 'the path of server.json relative to the root, e.g. "mcp/server.json"',
    "mcp-server-version": 'one of "match", "independent"',
}


def option_problems(
    refused: list[tuple[str, Any, list[str]]],
    names: tuple[str, ...],
    path: str,
    text: Optional[str],
    table_name: str,
) -> list[Diagnostic]:
    """One diagnostic for each (key, value, unknown codes) refused, in the table's order;
    ``names`` are the options."""
    out = []
    for key, value, unknown in refused:
        line = key_line(text, table_name, key)
        if key not in names:
            message = f"[{table_name}]: unknown option {key!r}"
            out.append(make("config-valid", path, line, message, f"options are: {', '.join(names)}"))
            continue
        message = f"[{table_name}]: {key} must be {EXPECTED[key]}, not {value!r}"
        hint = f"write {key} as docs/options.md shows"
        if unknown:
            message = f"[{table_name}]: ignore names no such code: {', '.join(map(repr, unknown))}"
            hint = "`smart-tool codes` lists every code"
        out.append(make("config-valid", path, line, message, hint))
    return out


def not_a_table(path: str) -> Diagnostic:
    return make(
        "config-valid",
        path,
        None,
        "[tool.smart-tool] must be a table",
        "write it as a table: a line [tool.smart-tool] and its keys below",
    )
