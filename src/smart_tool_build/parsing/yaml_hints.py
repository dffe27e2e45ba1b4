"""What to do about a YAML error, read from the line it stands on: the hint a finding carries.

PyYAML's words (``mapping values are not allowed in this context``) say what the scanner
met, not what the author wrote wrong. The usual causes in a manifest are few: a plain value
with ``: `` inside it, a value that starts with a character YAML reserves (``@``, a
backtick, ``*``, ``[``, ...), a value quoted only in part, and a tab. Each gets one hint
with the line as it would be written right. Standard library only.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Optional

#: longer lines get no hint: the patterns below are not meant for hostile input
MAX_LINE = 2000
#: ``key: value``, ``- key: value`` or ``- value``; group 1 is everything before the value
_ENTRY = re.compile(r"(\s*(?:-\s+)?(?:[^\s:#'\"-][^:#]*?\s*:\s+|-\s+|(?<=-\s)))(\S.*?)\s*\Z")
#: characters YAML reserves at the start of a plain value, and what each one starts
_RESERVED = {
    "@": "YAML reserves a leading `@`",
    "`": "YAML reserves a leading backtick",
    "%": "a leading `%` starts a YAML directive",
    "*": "a leading `*` names an alias",
    "&": "a leading `&` names an anchor",
    "[": "a leading `[` starts a list",
    "{": "a leading `{` starts a mapping",
}


def _double_quoted(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _quoted(value: str) -> str:
    """The value as one YAML string: single quotes where it holds double ones."""
    if '"' in value and "'" not in value:
        return f"'{value}'"
    return _double_quoted(value)


def hint_for(message: str, line: Optional[str]) -> Optional[str]:
    """The fix for the YAML error ``message`` met on ``line`` (its text), or None."""
    if line is None or len(line) > MAX_LINE:
        return None
    text = line.rstrip("\r\n")
    if "\t" in text:
        if text.startswith("\t"):
            return "indent with spaces: replace each tab at the start of the line with spaces"
        if "tab" in message or "cannot start any token" in message or "indentation" in message:
            return "replace the tab with spaces: YAML allows no tab in indentation or after `-`"
    match = _ENTRY.match(text)
    if match is None:
        return None
    before, value = match.group(1).lstrip(), match.group(2)
    if value[0] in "|>":
        return None  # a block scalar: its lines are not the error's
    if value[0] in _RESERVED:
        why = _RESERVED[value[0]]
        return f"{why}; quote the value: {before}{_quoted(value)}"
    if value[0] in "\"'":
        closing = value.find(value[0], 1)
        if 0 < closing < len(value) - 1 and not value[closing + 1 :].lstrip().startswith("#"):
            return f"only the start of the value is quoted; quote all of it: {before}{_quoted(value)}"
        return None
    if ": " in value or value.endswith(":"):
        return f"`: ` inside a plain value starts a mapping; quote the value: {before}{_quoted(value)}"
    return None
