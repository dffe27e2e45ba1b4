"""server.json read as hardened as the descriptor: a regular file inside the project within
the size bound, UTF-8, strict JSON (duplicate keys, NaN refused), one object, every value's line."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from ...diagnostics.diagnostic import Diagnostic, make
from ...parsing import frontmatter, strict_json
from ...parsing.json_paths import JsonPath, json_paths
from ...project.paths import RefusedFile, read_inside

HINT = "write server.json as one plain JSON object, each key once, as `smart-tool init --mcp-server` does"


@dataclass(frozen=True)
class ServerJson:
    """A server.json that parses: its object, where it is shown, and each value's line."""

    shown: str
    document: dict[str, Any]
    lines: dict[JsonPath, int]

    def line(self, *path: str | int) -> Optional[int]:
        """The line of the value at ``path``, or of its nearest written ancestor."""
        key: JsonPath = tuple(path)
        while key not in self.lines and key:
            key = key[:-1]
        return self.lines.get(key, 1)


def read_server(
    root: Any, relative: str, shown: str, *, named_at: Optional[tuple[str, Optional[int]]] = None
) -> tuple[Optional[ServerJson], list[Diagnostic]]:
    """``root/relative`` read and parsed; ``named_at`` is where the option that names it is
    written (a missing file is reported there). Never raises for bad input."""

    def problem(line: Optional[int], message: str) -> tuple[None, list[Diagnostic]]:
        return None, [make("mcp-server-json-parses", shown, line, message, HINT)]

    try:
        data = read_inside(root, relative)
    except RefusedFile as exc:
        if named_at is not None and exc.message == "does not exist":
            path, line = named_at
            return None, [
                make(
                    "mcp-server-json-parses",
                    path,
                    line,
                    f"[tool.smart-tool] mcp-server names {relative!r}, which does not exist",
                    "name server.json's path relative to the project root",
                )
            ]
        return problem(None, f"server.json {exc.message}")
    try:
        text = frontmatter.decode(data)
    except frontmatter.FrontmatterError as exc:
        return problem(exc.line, f"server.json {exc.message}")
    try:
        value = strict_json.loads(text)
    except strict_json.JsonProblem as exc:
        said = exc.message if exc.message.startswith("is ") else f"has a {exc.message}"
        return problem(exc.line, f"server.json {said}")
    if not isinstance(value, dict):
        return problem(1, f"server.json must be a JSON object, not {type(value).__name__}")
    try:
        lines = json_paths(text)
    except (ValueError, IndexError):  # parsed already: a line finder's gap, not the user's error
        lines = {}
    return ServerJson(shown, value, lines), []
