"""The manifest's rules that need the package beside it, listed once: the root check
(:mod:`smart_tool_build.rules.root`) and the archives' (:mod:`smart_tool_build.archives.contents`)
each run :func:`package_rules` on the manifest they read, so ``inspect`` says what ``check`` says."""

from __future__ import annotations

from ..parsing import frontmatter
from ..parsing.safe_yaml import LineDict
from ..project.names import normalize_name
from .manifest import NAME_PATTERN, body_length_rule
from .placeholders import placeholder_rule
from .version_rule import compare_versions

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Optional

    from ..diagnostics.diagnostic import Diagnostic
    from ..project.distribution import PackageVersion
    from .manifest import ParseResult


def package_rules(
    result: ParseResult,
    where: str,
    *,
    name: Optional[str],
    version: Optional[PackageVersion],
    dev_versions: str,
    data: Optional[bytes],
) -> list[Diagnostic]:
    """Placeholders, the name against the package's, the body's length (its line counted in
    ``data``, the manifest's bytes) and the version against ``version``: on whatever fields
    are readable, so one bad field hides no drifted version."""
    fields = result.frontmatter
    out = placeholder_rule(fields, where)
    out += name_rule(fields, where, name)
    if result.manifest is not None:
        out += body_length_rule(result.body, where, lambda: _text(data))
    written = fields.get("version") if isinstance(fields, LineDict) else None
    if version is not None and isinstance(written, str) and written.strip():
        line = fields.line_of("version")
        out += compare_versions(written, version, path=where, line=line, dev_versions=dev_versions)
    return out


def name_rule(fm: Any, path: str, package_name: Optional[str]) -> list[Diagnostic]:
    """``manifest-name-matches-package``: a warning when the manifest's valid ``name`` is not
    ``package_name`` normalised (PEP 503); its words (:mod:`.manifest_words`) load only then."""
    name = fm.get("name") if isinstance(fm, dict) else None
    if not package_name or not isinstance(name, str) or not NAME_PATTERN.match(name):
        return []
    expected = normalize_name(package_name)
    if name == expected:
        return []
    from .manifest_words import name_differs

    line = fm.line_of("name") if hasattr(fm, "line_of") else None
    return [name_differs(path, line, name, package_name, expected)]


def _text(data: Optional[bytes]) -> Optional[str]:
    try:
        return None if data is None else frontmatter.decode(data)
    except frontmatter.FrontmatterError:
        return None
