"""SMART_TOOL.md: the manifest model, and the rules a manifest keeps on its own, on its bytes
alone (those that need other files are :mod:`smart_tool_build.rules.root`'s)."""

from __future__ import annotations

from collections import namedtuple

from ..diagnostics.severity import Severity
from ..parsing import frontmatter, safe_yaml
from ..project.manifest_model import FIELDS, Manifest, ManifestError, from_frontmatter
from ..project.names import MANIFEST_NAME
from .manifest_format import MAX_BODY_LINES, PLATFORMS
from .manifest_format import NAME_PATTERN as NAME_PATTERN
from .manifest_format import SUPPORTED_FORMAT as SUPPORTED_FORMAT
from .requirements import Requirement, check_requires, classify_install, is_empty
from .versions import valid_anywhere

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import Any, NamedTuple, Optional

    from ..diagnostics.diagnostic import Diagnostic


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

REQUIRED = FIELDS[:-1]


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
        from .manifest_words import unread

        return ParseResult(None, [unread(path, exc)])
    return _from_document(document, path)


def parse_file(path: Path, display: Optional[str] = None) -> ParseResult:
    """Read, parse and validate a SMART_TOOL.md file."""
    shown = display or path.as_posix()
    try:
        data = frontmatter.read_bytes(path)
    except (frontmatter.UnreadableFile, frontmatter.FrontmatterError) as exc:
        from .manifest_words import unread

        return ParseResult(None, [unread(shown, exc)])
    return parse_bytes(data, shown)._replace(data=data)


def load(data: bytes, path: str = MANIFEST_NAME) -> Manifest:
    """Parse a manifest or raise :class:`ManifestError` with every error found."""
    result = parse_bytes(data, path)
    if result.manifest is None:
        errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
        raise ManifestError(errors)
    return result.manifest


def body_length_rule(body: str, shown: str, file_text: Callable[[], Optional[str]]) -> list[Diagnostic]:
    """The body is the skill `--help` renders: over the Agent Skills ceiling, a warning on the
    first line past it (``file_text``, the manifest's whole text or None, is asked only then)."""
    lines = body.strip("\r\n").split("\n")
    if len(lines) <= MAX_BODY_LINES:
        return []
    from .manifest_words import body_length

    return [body_length(shown, file_text(), body, len(lines))]


def _from_document(document: frontmatter.Document, path: str) -> ParseResult:
    fm = document.frontmatter
    if not isinstance(fm, safe_yaml.LineDict):
        from .manifest_words import not_a_mapping

        return ParseResult(None, [not_a_mapping(path, fm)])
    diagnostics = validate_frontmatter(fm, path)
    manifest = None
    if not any(d.severity is Severity.ERROR for d in diagnostics):
        manifest = from_frontmatter(fm, document.body)
    return ParseResult(manifest, diagnostics, fm, document.body)


def validate_frontmatter(fm: safe_yaml.LineDict, path: str) -> list[Diagnostic]:
    """Every rule one manifest keeps on its own, in file order. The rules note what they find
    as (line, kind, values); the words of each (:mod:`.manifest_words`) load only for a finding."""
    found: list[tuple[Any, ...]] = [(fm.line_of(key), "closed", key) for key in fm if key not in FIELDS]
    found += [(1, "required", key) for key in REQUIRED if key not in fm]
    found += [(fm.line_of(key), "empty", key) for key in FIELDS if key in fm and is_empty(fm[key])]
    number = fm.get("smart_tool_format")
    if number is not None and (
        isinstance(number, bool) or not isinstance(number, (int, float)) or number != SUPPORTED_FORMAT
    ):
        found.append((fm.line_of("smart_tool_format"), "format", number))
    for key in ("name", "version", "description"):
        if key in fm and not is_empty(fm[key]) and not isinstance(fm[key], str):
            found.append((fm.line_of(key), "string", key))
    name = fm.get("name")
    if isinstance(name, str) and name.strip() and not NAME_PATTERN.match(name):
        found.append((fm.line_of("name"), "name", name))
    version = fm.get("version")
    if isinstance(version, str) and version.strip() and not valid_anywhere(version):
        found.append((fm.line_of("version"), "version", version))
    for key in ("use_cases", "platforms"):
        value = fm.get(key)
        if key not in fm or is_empty(value):
            continue
        if not isinstance(value, safe_yaml.LineList):
            found.append((fm.line_of(key), "list", key))
            continue
        for index, item in enumerate(value):
            if not isinstance(item, str) or not item.strip():
                found.append((value.line_of(index), "item", key, index))
    platforms = fm.get("platforms")
    if isinstance(platforms, safe_yaml.LineList):
        for index, item in enumerate(platforms):
            if isinstance(item, str) and item.strip() and item not in PLATFORMS:
                found.append((platforms.line_of(index), "platform", item))
    out: list[Diagnostic] = []
    if found:
        from .manifest_words import findings

        out = findings(found, fm, path)
    out += check_requires(fm, path)
    return sorted(out, key=lambda d: d.line or 0)
