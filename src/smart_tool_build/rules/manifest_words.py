"""The words of a manifest's own rules: what :func:`smart_tool_build.rules.manifest.validate_frontmatter`
says of each thing it found. Only a manifest with a finding loads this."""

from __future__ import annotations

import math
import re
from typing import Any, Callable, Optional

from ..diagnostics.diagnostic import Diagnostic, make
from ..parsing import safe_yaml
from ..project.manifest_model import FIELDS
from .manifest_format import NAME_PATTERN, SUPPORTED_FORMAT
from .platforms import PLATFORMS, canonical_platform
from .values import type_name

FORMAT_HINT = f"write smart_tool_format: {SUPPORTED_FORMAT}, or leave it out"


def findings(found: list[tuple[Any, ...]], fm: safe_yaml.LineDict, path: str) -> list[Diagnostic]:
    """One diagnostic for each (line, kind, values) the rules found, in their order."""
    return [_SAY[kind](fm, path, line, *values) for line, kind, *values in found]


def _closed(fm: safe_yaml.LineDict, path: str, line: int, key: Any) -> Diagnostic:
    return make(
        "manifest-fields-closed",
        path,
        line,
        f"field {key!r} is not part of the manifest",
        f"fields are: {', '.join(FIELDS)}",
    )


def _required(fm: safe_yaml.LineDict, path: str, line: int, key: str) -> Diagnostic:
    return make(
        "manifest-required-fields",
        path,
        line,
        f"required field {key!r} is missing",
        f"add `{key}:` with its content to the frontmatter",
    )


def _empty(fm: safe_yaml.LineDict, path: str, line: int, key: str) -> Diagnostic:
    hint = "leave `requires` out when there are none" if key == "requires" else "give it content"
    return make("manifest-required-fields", path, line, f"field {key!r} is empty", hint)


def _format(fm: safe_yaml.LineDict, path: str, line: int, value: Any) -> Diagnostic:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        hint = "write it unquoted: smart_tool_format: 1" if isinstance(value, str) else FORMAT_HINT
        return make(
            "manifest-field-shapes",
            path,
            line,
            f"smart_tool_format must be a number, not {type_name(value)}: {value!r}",
            hint,
        )
    if math.isfinite(value) and value > SUPPORTED_FORMAT and value == int(value):
        return make(
            "manifest-field-shapes",
            path,
            line,
            f"smart_tool_format {value} is newer than this version of smart-tool-build "
            f"understands, {SUPPORTED_FORMAT}",
            "upgrade smart-tool-build",
        )
    return make(
        "manifest-field-shapes",
        path,
        line,
        f"smart_tool_format {value!r} is not a known format; this tool knows {SUPPORTED_FORMAT}",
        FORMAT_HINT,
    )


def _string(fm: safe_yaml.LineDict, path: str, line: int, key: str) -> Diagnostic:
    value = fm[key]
    hint = f"write {key} as a quoted string"
    # quoted back as written: YAML reads `1.10` as the float 1.1
    written = fm.text_of(key) or repr(value)
    if key == "version" and isinstance(value, (int, float)) and not isinstance(value, bool):
        hint = f'quote it as written: version: "{written}"; unquoted, YAML reads a number'
    shown = written if written == repr(value) else f"{written}, which YAML reads as {value!r}"
    return make(
        "manifest-field-shapes",
        path,
        line,
        f"field {key!r} must be a string, not {type_name(value)}: {shown}",
        hint,
    )


def _name(fm: safe_yaml.LineDict, path: str, line: int, name: str) -> Diagnostic:
    return make(
        "manifest-name-format",
        path,
        line,
        f"name {name!r} must be lowercase letters and digits joined by single hyphens",
        f"try {_suggest_name(name)!r}" if _suggest_name(name) else None,
    )


def _version(fm: safe_yaml.LineDict, path: str, line: int, version: str) -> Diagnostic:
    return make(
        "manifest-version-matches-package",
        path,
        line,
        f"version {version!r} is neither a PEP 440 nor a semver version",
        "write the package's version, e.g. 1.0.0",
    )


def _list(fm: safe_yaml.LineDict, path: str, line: int, key: str) -> Diagnostic:
    return make(
        "manifest-field-shapes",
        path,
        line,
        f"field {key!r} must be a list of strings, not {type_name(fm.get(key))}",
        f"write {key} as a YAML list, one `- item` a line",
    )


def _item(fm: safe_yaml.LineDict, path: str, line: int, key: str, index: int) -> Diagnostic:
    item = fm[key][index]
    what = "an empty string" if isinstance(item, str) else type_name(item)
    return make(
        "manifest-field-shapes",
        path,
        line,
        f"{key}[{index}] must be a non-empty string, not {what}",
        _colon_hint(item) or "make each item a non-empty string",
    )


def _platform(fm: safe_yaml.LineDict, path: str, line: int, item: str) -> Diagnostic:
    suggestion = canonical_platform(item)
    hint = (
        f"did you mean {suggestion!r}?"
        if suggestion
        else f"use one of {', '.join(PLATFORMS)}: the operating systems it runs on"
    )
    return make(
        "manifest-platforms-known",
        path,
        line,
        f"platform {item!r} is not one of {', '.join(PLATFORMS)}",
        hint,
    )


#: each kind of finding's words
_SAY: dict[str, Callable[..., Diagnostic]] = {
    "closed": _closed,
    "required": _required,
    "empty": _empty,
    "format": _format,
    "string": _string,
    "name": _name,
    "version": _version,
    "list": _list,
    "item": _item,
    "platform": _platform,
}


def _suggest_name(name: str) -> str:
    candidate = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return candidate if NAME_PATTERN.match(candidate) else ""


def _colon_hint(item: Any) -> Optional[str]:
    """An item YAML read as a one-entry mapping was most likely a sentence with `: ` in it."""
    if not isinstance(item, dict) or len(item) != 1:
        return None
    ((key, value),) = item.items()
    if not isinstance(key, str) or not isinstance(value, str):
        return None
    sentence = f"{key}: {value}".replace("\\", "\\\\").replace('"', '\\"')
    return f'`: ` inside a plain value starts a mapping; quote the item: - "{sentence}"'
