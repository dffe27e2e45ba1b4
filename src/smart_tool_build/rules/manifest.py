"""SMART_TOOL.md: the manifest model, and the rules a manifest keeps on its own.

Rules that need other files (the package version, install documents, duplicates) live in
:mod:`smart_tool_build.rules.root`; everything here looks at one manifest's bytes only.
"""

from __future__ import annotations

import math
import re
from collections import namedtuple

from ..diagnostics.diagnostic import Diagnostic, Severity, make
from ..parsing import frontmatter, safe_yaml
from ..project.manifest_model import FIELDS, Manifest, ManifestError, from_frontmatter
from ..project.names import MANIFEST_NAME
from .platforms import PLATFORMS, canonical_platform
from .requirements import Requirement, check_requires, classify_install
from .values import is_empty, type_name
from .versions import valid_anywhere

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import Any, NamedTuple, Optional


__all__ = [
    "MANIFEST_NAME",
    "Manifest",
    "ManifestError",
    "ParseResult",
    "body_length_rule",
    "classify_install",
    "Requirement",
    "load",
    "parse_bytes",
    "parse_file",
]

SUPPORTED_FORMAT = 1
REQUIRED = FIELDS[:-1]
#: the Agent Skills ceiling on a skill's body (the manifest body is the skill `--help` renders)
MAX_BODY_LINES = 500
NAME_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")


if TYPE_CHECKING:

    class ParseResult(NamedTuple):
        """What reading a manifest gave: the manifest if valid, and every diagnostic."""

        manifest: Optional[Manifest]
        diagnostics: list[Diagnostic]
        frontmatter: Any = None
        body: str = ""
        #: the file's bytes as read (a file is read once a build: the plan and the verifier
        #: take these)
        data: Optional[bytes] = None

else:
    ParseResult = namedtuple(
        "ParseResult",
        ("manifest", "diagnostics", "frontmatter", "body", "data"),
        defaults=(None, "", None),
    )
    ParseResult.__doc__ = "What reading a manifest gave: the manifest if valid, and every diagnostic."


def parse_bytes(data: bytes, path: str = MANIFEST_NAME) -> ParseResult:
    """Parse and validate a manifest's bytes; never raises for bad input."""
    try:
        document = frontmatter.parse_bytes(data)
    except frontmatter.FrontmatterError as exc:
        return ParseResult(None, [_parse_error(path, exc.line, exc.message, exc.hint)])
    return _from_document(document, path)


def parse_file(path: Path, display: Optional[str] = None) -> ParseResult:
    """Read, parse and validate a SMART_TOOL.md file."""
    shown = display or path.as_posix()
    try:
        data = frontmatter.read_bytes(path)
    except frontmatter.UnreadableFile as exc:
        hint = (
            "create it, or fix `manifest` in smart-tool.json"
            if "does not exist" in str(exc)
            else "make it a readable regular file inside the root"
        )
        return ParseResult(None, [make("manifest-present", shown, None, f"manifest {exc}", hint)])
    except frontmatter.FrontmatterError as exc:
        return ParseResult(None, [_parse_error(shown, exc.line, exc.message, exc.hint)])
    return parse_bytes(data, shown)._replace(data=data)


def load(data: bytes, path: str = MANIFEST_NAME) -> Manifest:
    """Parse a manifest or raise :class:`ManifestError` with every error found."""
    result = parse_bytes(data, path)
    if result.manifest is None:
        errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
        raise ManifestError(errors)
    return result.manifest


def body_length_rule(body: str, shown: str, file_text: Callable[[], Optional[str]]) -> list[Diagnostic]:
    """The body is the skill `--help` renders: over the Agent Skills ceiling, a warning on
    the first line past it. ``file_text`` gives the manifest's whole text (None when it
    cannot), asked only for a body over the ceiling: the line is counted from the file's end.

    One rule for every caller that has a valid manifest: the root check, and ``catalog
    check`` of a snapshot.
    """
    lines = body.strip("\r\n").split("\n")
    if len(lines) <= MAX_BODY_LINES:
        return []
    text = file_text()
    line = None if text is None else frontmatter.body_line(text, body) + MAX_BODY_LINES
    return [
        make(
            "manifest-body-length",
            shown,
            line,
            f"the manifest body has {len(lines)} lines; `--help` renders it as the skill, and "
            f"the Agent Skills ceiling is {MAX_BODY_LINES}",
            "keep the body to when and how to use the tool; move reference material into "
            "documents inside the package and list them as the skill's resources",
        )
    ]


def _parse_error(path: str, line: Optional[int], message: str, hint: Optional[str] = None) -> Diagnostic:
    return make("manifest-frontmatter-parses", path, line, f"frontmatter {message}", hint or PLAIN_YAML)


#: what to do about frontmatter that does not parse, when nothing more precise can be said
PLAIN_YAML = "write the frontmatter as plain YAML: one mapping of fields between `---` lines, each key once"


def _from_document(document: frontmatter.Document, path: str) -> ParseResult:
    fm = document.frontmatter
    if not isinstance(fm, safe_yaml.LineDict):
        kind = "empty" if fm is None else f"{type_name(fm)}, not a mapping"
        return ParseResult(None, [_parse_error(path, 2, f"is {kind}: it must be a mapping of fields")])
    diagnostics = validate_frontmatter(fm, path)
    manifest = None
    if not any(d.severity is Severity.ERROR for d in diagnostics):
        manifest = from_frontmatter(fm, document.body)
    return ParseResult(manifest, diagnostics, fm, document.body)


def validate_frontmatter(fm: safe_yaml.LineDict, path: str) -> list[Diagnostic]:
    """Every rule one manifest keeps on its own, in file order."""
    out: list[Diagnostic] = []

    def at(key: Any) -> int:
        return fm.line_of(key)

    for key in fm:
        if key not in FIELDS:
            out.append(
                make(
                    "manifest-fields-closed",
                    path,
                    at(key),
                    f"field {key!r} is not part of the manifest",
                    f"fields are: {', '.join(FIELDS)}",
                )
            )
    for key in REQUIRED:
        if key not in fm:
            out.append(
                make(
                    "manifest-required-fields",
                    path,
                    1,
                    f"required field {key!r} is missing",
                    f"add `{key}:` with its content to the frontmatter",
                )
            )
    for key in FIELDS:
        if key in fm and is_empty(fm[key]):
            hint = "leave `requires` out when there are none" if key == "requires" else "give it content"
            out.append(make("manifest-required-fields", path, at(key), f"field {key!r} is empty", hint))
    out += _check_format(fm, path, at)
    for key in ("name", "version", "description"):
        value = fm.get(key)
        if key in fm and not is_empty(value) and not isinstance(value, str):
            hint = f"write {key} as a quoted string"
            # quoted back as written: YAML reads `1.10` as the float 1.1
            written = fm.text_of(key) or repr(value)
            if key == "version" and isinstance(value, (int, float)) and not isinstance(value, bool):
                hint = f'quote it as written: version: "{written}"; unquoted, YAML reads a number'
            shown = written if written == repr(value) else f"{written}, which YAML reads as {value!r}"
            out.append(
                make(
                    "manifest-field-shapes",
                    path,
                    at(key),
                    f"field {key!r} must be a string, not {type_name(value)}: {shown}",
                    hint,
                )
            )
    name = fm.get("name")
    if isinstance(name, str) and name.strip() and not NAME_PATTERN.match(name):
        out.append(
            make(
                "manifest-name-format",
                path,
                at("name"),
                f"name {name!r} must be lowercase letters and digits joined by single hyphens",
                f"try {_suggest_name(name)!r}" if _suggest_name(name) else None,
            )
        )
    version = fm.get("version")
    if isinstance(version, str) and version.strip() and not valid_anywhere(version):
        out.append(
            make(
                "manifest-version-matches-package",
                path,
                at("version"),
                f"version {version!r} is neither a PEP 440 nor a semver version",
                "write the package's version, e.g. 1.0.0",
            )
        )
    for key in ("use_cases", "platforms"):
        out += _check_string_list(fm, key, path)
    platforms = fm.get("platforms")
    if isinstance(platforms, safe_yaml.LineList):
        for index, item in enumerate(platforms):
            if isinstance(item, str) and item.strip() and item not in PLATFORMS:
                suggestion = canonical_platform(item)
                hint = (
                    f"did you mean {suggestion!r}?"
                    if suggestion
                    else f"use one of {', '.join(PLATFORMS)}: the operating systems it runs on"
                )
                out.append(
                    make(
                        "manifest-platforms-known",
                        path,
                        platforms.line_of(index),
                        f"platform {item!r} is not one of {', '.join(PLATFORMS)}",
                        hint,
                    )
                )
    out += check_requires(fm, path)
    return sorted(out, key=lambda d: d.line or 0)


def _suggest_name(name: str) -> str:
    candidate = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return candidate if NAME_PATTERN.match(candidate) else ""


FORMAT_HINT = f"write smart_tool_format: {SUPPORTED_FORMAT}, or leave it out"


def _check_format(fm: safe_yaml.LineDict, path: str, at: Any) -> list[Diagnostic]:
    if "smart_tool_format" not in fm or fm["smart_tool_format"] is None:
        return []
    value = fm["smart_tool_format"]
    line = at("smart_tool_format")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        hint = "write it unquoted: smart_tool_format: 1" if isinstance(value, str) else FORMAT_HINT
        return [
            make(
                "manifest-field-shapes",
                path,
                line,
                f"smart_tool_format must be a number, not {type_name(value)}: {value!r}",
                hint,
            )
        ]
    if value == SUPPORTED_FORMAT:
        return []
    if math.isfinite(value) and value > SUPPORTED_FORMAT and value == int(value):
        return [
            make(
                "manifest-field-shapes",
                path,
                line,
                f"smart_tool_format {value} is newer than this version of smart-tool-build "
                f"understands, {SUPPORTED_FORMAT}",
                "upgrade smart-tool-build",
            )
        ]
    return [
        make(
            "manifest-field-shapes",
            path,
            line,
            f"smart_tool_format {value!r} is not a known format; this tool knows {SUPPORTED_FORMAT}",
            FORMAT_HINT,
        )
    ]


def _check_string_list(fm: safe_yaml.LineDict, key: str, path: str) -> list[Diagnostic]:
    value = fm.get(key)
    if key not in fm or is_empty(value):
        return []
    if not isinstance(value, safe_yaml.LineList):
        return [
            make(
                "manifest-field-shapes",
                path,
                fm.line_of(key),
                f"field {key!r} must be a list of strings, not {type_name(value)}",
                f"write {key} as a YAML list, one `- item` a line",
            )
        ]
    out = []
    for index, item in enumerate(value):
        if not isinstance(item, str) or not item.strip():
            what = "an empty string" if isinstance(item, str) else type_name(item)
            out.append(
                make(
                    "manifest-field-shapes",
                    path,
                    value.line_of(index),
                    f"{key}[{index}] must be a non-empty string, not {what}",
                    _colon_hint(item) or "make each item a non-empty string",
                )
            )
    return out


def _colon_hint(item: Any) -> Optional[str]:
    """An item YAML read as a one-entry mapping was most likely a sentence with `: ` in it."""
    if not isinstance(item, dict) or len(item) != 1:
        return None
    ((key, value),) = item.items()
    if not isinstance(key, str) or not isinstance(value, str):
        return None
    sentence = f"{key}: {value}".replace("\\", "\\\\").replace('"', '\\"')
    return f'`: ` inside a plain value starts a mapping; quote the item: - "{sentence}"'
