"""The words of a manifest's own rules: what :func:`smart_tool_build.rules.manifest.validate_frontmatter`
says of each thing it found. Only a manifest with a finding loads this."""

from __future__ import annotations

import math
import re
from typing import Any, Callable, Optional

from ..diagnostics.diagnostic import Diagnostic, make
from ..parsing import frontmatter, safe_yaml
from ..parsing.frontmatter_words import PLAIN_YAML
from ..project.manifest_model import FIELDS
from .manifest_format import MAX_BODY_LINES, NAME_PATTERN, REQUIREMENT_KEYS, SUPPORTED_FORMAT
from .platforms import PLATFORMS, canonical_platform

FORMAT_HINT = f"write smart_tool_format: {SUPPORTED_FORMAT}, or leave it out"
#: what a `requires` entry is
ENTRY_HINT = "give each entry as a mapping: - name: ..., purpose: ..., install: a document or URL"


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


def _requires(fm: safe_yaml.LineDict, path: str, line: int) -> Diagnostic:
    return make(
        "manifest-field-shapes",
        path,
        line,
        f"field 'requires' must be a list of entries, not {type_name(fm['requires'])}",
        ENTRY_HINT,
    )


def _entry(fm: safe_yaml.LineDict, path: str, line: int, index: int) -> Diagnostic:
    return make(
        "manifest-requires-shape",
        path,
        line,
        f"requires[{index}] must be a mapping with name, purpose and install, "
        f"not {type_name(fm['requires'][index])}",
        ENTRY_HINT,
    )


def _entry_key(fm: safe_yaml.LineDict, path: str, line: int, index: int, key: Any) -> Diagnostic:
    return make(
        "manifest-requires-shape",
        path,
        line,
        f"requires[{index}]: unknown key {key!r}",
        f"keys are: {', '.join(REQUIREMENT_KEYS)}",
    )


def _entry_missing(fm: safe_yaml.LineDict, path: str, line: int, index: int, key: str) -> Diagnostic:
    state = "is missing" if key not in fm["requires"][index] else "is empty"
    return make(
        "manifest-requires-shape",
        path,
        line,
        f"requires[{index}]: {key!r} {state}",
        f"give the entry its {key}",
    )


def _entry_string(fm: safe_yaml.LineDict, path: str, line: int, index: int, key: str) -> Diagnostic:
    return make(
        "manifest-requires-shape",
        path,
        line,
        f"requires[{index}]: {key!r} must be a string, not {type_name(fm['requires'][index][key])}",
        f"write {key} as a quoted string",
    )


def _entry_optional(fm: safe_yaml.LineDict, path: str, line: int, index: int) -> Diagnostic:
    return make(
        "manifest-requires-shape",
        path,
        line,
        f"requires[{index}]: 'optional' must be true or false, not {fm['requires'][index]['optional']!r}",
        "write optional: true, or leave it out",
    )


def _entry_install(fm: safe_yaml.LineDict, path: str, line: int, index: int, reason: str) -> Diagnostic:
    return make(
        "manifest-requires-shape",
        path,
        line,
        f"requires[{index}]: install {fm['requires'][index]['install']!r} {reason}",
        "install is a relative path to a document, or an https:// URL",
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
    "requires": _requires,
    "entry": _entry,
    "entry-key": _entry_key,
    "entry-missing": _entry_missing,
    "entry-string": _entry_string,
    "entry-optional": _entry_optional,
    "entry-install": _entry_install,
}


def unread(shown: str, exc: Exception) -> Diagnostic:
    """``manifest-present`` for a manifest that cannot be read (missing, or no regular file),
    or ``manifest-frontmatter-parses`` for one whose frontmatter does not parse."""
    if isinstance(exc, frontmatter.FrontmatterError):
        return _parse_error(shown, exc.line, exc.message, exc.hint)
    hint = (
        "create it, or fix `manifest` in smart-tool.json"
        if "does not exist" in str(exc)
        else "make it a readable regular file inside the root"
    )
    return make("manifest-present", shown, None, f"manifest {exc}", hint)


def not_a_mapping(path: str, fm: Any) -> Diagnostic:
    """Frontmatter that parses to no mapping of fields."""
    kind = "empty" if fm is None else f"{type_name(fm)}, not a mapping"
    return _parse_error(path, 2, f"is {kind}: it must be a mapping of fields")


def _parse_error(path: str, line: Optional[int], message: str, hint: Optional[str] = None) -> Diagnostic:
    return make("manifest-frontmatter-parses", path, line, f"frontmatter {message}", hint or PLAIN_YAML)


def body_length(shown: str, text: Optional[str], body: str, count: int) -> Diagnostic:
    """``manifest-body-length`` for a body of ``count`` lines, on the first line past the
    ceiling, counted in the manifest's ``text`` (no line without it)."""
    line = None if text is None else frontmatter.body_line(text, body) + MAX_BODY_LINES
    return make(
        "manifest-body-length",
        shown,
        line,
        f"the manifest body has {count} lines; `--help` renders it as the skill, and "
        f"the Agent Skills ceiling is {MAX_BODY_LINES}",
        "keep the body to when and how to use the tool; move reference material into "
        "documents inside the package and list them as the skill's resources",
    )


def name_differs(path: str, line: Optional[int], name: str, package_name: str, expected: str) -> Diagnostic:
    """``manifest-name-matches-package``: the manifest's ``name`` is not the package's, normalised."""
    return make(
        "manifest-name-matches-package",
        path,
        line,
        f"manifest name {name!r} differs from the package name {package_name!r}, normalised {expected!r}",
        f"rename it name: {expected}, or, if the difference is deliberate, add "
        '"manifest-name-matches-package" to [tool.smart-tool] ignore',
    )


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


def type_name(value: Any) -> str:
    """A YAML value's type in words: "a number", "a list", "null"."""
    if value is None:
        return "null"
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string"}.get(
        type(value), "a list" if isinstance(value, list) else "a mapping"
    )
