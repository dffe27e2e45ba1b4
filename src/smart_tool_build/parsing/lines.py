"""Where a key stands in a TOML file, read from the text (tomllib keeps no lines): best effort,
never wrong about a key written the usual way. A JSON key's is :func:`.strict_json.key_lines`."""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Optional


def _toml_key(part: str) -> str:
    return "(?:" + re.escape(part) + '|"' + re.escape(part) + '")'


def key_line(text: Optional[str], table: str, key: Optional[str] = None) -> Optional[int]:
    """The line of the TOML table header ``[table]``, or of ``key =`` inside that table (or
    of the header, when the table lacks the key); None when the table is not there."""
    if not text:
        return None
    lines = text.splitlines()
    header = re.compile(r"\s*\[\s*" + r"\s*\.\s*".join(map(_toml_key, table.split("."))) + r"\s*\]")
    for index, line in enumerate(lines):
        if header.match(line):
            if key is None:
                return index + 1
            pattern = re.compile(r"\s*" + _toml_key(key) + r"\s*=")
            for offset, inner in enumerate(lines[index + 1 :], start=index + 2):
                if inner.lstrip().startswith("["):
                    break
                if pattern.match(inner):
                    return offset
            return index + 1
    return None


def toml_key_line(text: Optional[str], keys: Sequence[str]) -> Optional[int]:
    """The line of ``key =`` for the key path ``keys`` (its last part inside the table the
    others name), or None when that exact key is not written there."""
    if not text or len(keys) < 2:
        return None
    table, key = ".".join(keys[:-1]), keys[-1]
    line = key_line(text, table, key)
    if line is None or line == key_line(text, table):
        return None  # the table's header: the key itself is not written
    return line
