"""Where every value of a JSON document stands, by its path: for the rules of a list of
objects (a catalog's entries, a server's packages), which need each item's own lines."""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Union

    #: where a value stands in a JSON document: the keys and list indexes leading to it
    JsonPath = tuple[Union[str, int], ...]
else:
    JsonPath = tuple  # the type checker reads the alias above; at run time a name to import


_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}:,]|[^\s"\[\]{}:,]+')


def json_paths(text: str) -> dict[JsonPath, int]:
    """The line of every value of a JSON document, by its path (``()`` the document,
    ``("categories", 2, "id")`` a key of the third item of a list): an object's member at
    its key's line, a list's item where it starts.

    ``key_lines`` (:mod:`smart_tool_build.parsing.strict_json`) knows a key's first occurrence
    only; the rules of a list of objects (each with the same keys) need each item's own lines.
    The text must be JSON (already parsed, so not checked here); a key is read with its escapes.
    """
    import json

    lines: dict[JsonPath, int] = {}
    paths: list[JsonPath] = []  # the path of each open container, innermost last
    objects: list[bool] = []  # whether it is an object (else a list)
    members: list[Union[str, int]] = []  # its current member: a key, or a list's index
    line, last, expecting_key = 1, 0, False
    for match in _JSON_TOKEN.finditer(text):
        token, start = match.group(), match.start()
        line += text.count("\n", last, start)
        last = start
        if token == ",":
            if objects[-1]:
                expecting_key = True
            else:
                members[-1] = int(members[-1]) + 1
        elif token in "]}":
            paths.pop()
            objects.pop()
            members.pop()
            expecting_key = False  # an empty object's
        elif expecting_key:  # a key: its member's line
            members[-1] = json.loads(token)
            lines[paths[-1] + (members[-1],)] = line
            expecting_key = False
        elif token != ":":  # a value: where a list's item starts (a member has its key's line)
            path: JsonPath = paths[-1] + (members[-1],) if paths else ()
            if not objects or not objects[-1]:
                lines[path] = line
            if token in "[{":
                paths.append(path)
                objects.append(token == "{")
                members.append(0)
                expecting_key = token == "{"
    return lines
