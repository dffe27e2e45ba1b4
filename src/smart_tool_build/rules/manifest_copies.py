"""A second SMART_TOOL.md under a root (``manifest-single-per-root``), and copies of the tool's own.

The spec allows exactly one manifest per distribution. A second one that belongs to
something else (a test fixture, a vendored tool) may be listed in ``[tool.smart-tool]
exclude``; a copy of the tool's own manifest (the same bytes, or the same ``name``) may not:
excluding it would ship a manifest no check has seen, whose install documents are not in
the wheel. The tool reads its manifest at run time through the accessor instead.
"""

from __future__ import annotations

from ..diagnostics.diagnostic import Diagnostic, make
from ..parsing import frontmatter, safe_yaml

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path
    from typing import Any, Optional


def copy_hint(distribution: Optional[str]) -> str:
    """What to do about a copy of the tool's own manifest: never the exclude."""
    return (
        "delete the copy and, at run time, read the manifest the wheel ships with "
        f'smart_tool_build.load_manifest, given the name "{distribution or "<distribution>"}"'
    )


_OTHER_HINT = "delete it, give its tool its own smart-tool.json, or add it to [tool.smart-tool] exclude"


def name_of(frontmatter_value: Any) -> Optional[str]:
    """The manifest's ``name`` from its frontmatter, when it gives one."""
    if isinstance(frontmatter_value, dict):
        name = frontmatter_value.get("name")
        if isinstance(name, str) and name.strip():
            return name.strip()
    return None


def _copy_of(path: Path, own: bytes, name: Optional[str]) -> bool:
    """Whether the file at ``path`` is a copy of the tool's manifest (see :func:`is_copy`)."""
    try:
        data = frontmatter.read_bytes(path)
    except (OSError, frontmatter.FrontmatterError):
        return False
    return is_copy(data, own, name)


def is_copy(data: bytes, own: bytes, name: Optional[str]) -> bool:
    """Whether ``data`` is a copy of the tool's manifest ``own`` (whose ``name`` is given):
    byte for byte, or giving the same ``name``. What cannot be parsed is no copy."""
    if data == own:
        return True
    if name is None:
        return False
    try:
        return name_of(frontmatter.parse_bytes(data).frontmatter) == name
    except (frontmatter.FrontmatterError, safe_yaml.YamlError, RecursionError, MemoryError):
        return False


def duplicates(
    root: Path,
    canonical: str,
    others: list[str],
    prefix: str,
    *,
    excluded: Sequence[str] = (),
    own: Optional[bytes] = None,
    fields: Any = None,
    distribution: Optional[str] = None,
) -> list[Diagnostic]:
    """``manifest-single-per-root`` for each other manifest, and for each excluded one that
    is a copy of the manifest at ``canonical`` (its bytes ``own``, its frontmatter ``fields``).
    ``distribution`` is the package's name, for the hint."""
    name = name_of(fields)
    hint = copy_hint(distribution)
    out = []
    for other in others:
        copy = own is not None and _copy_of(root / other, own, name)
        out.append(_duplicate(other, canonical, prefix, hint if copy else _OTHER_HINT, excluded=False))
    if own is not None:
        out += [
            _duplicate(other, canonical, prefix, hint, excluded=True)
            for other in excluded
            if _copy_of(root / other, own, name)
        ]
    return out


def _duplicate(other: str, canonical: str, prefix: str, hint: str, *, excluded: bool) -> Diagnostic:
    message = f"a second SMART_TOOL.md under the distribution root; the manifest is {prefix}{canonical}"
    if hint != _OTHER_HINT:
        message = (
            f"a copy of the tool's manifest {prefix}{canonical}"
            + (", hidden by [tool.smart-tool] exclude" if excluded else "")
            + ": a distribution holds exactly one manifest"
        )
    return make("manifest-single-per-root", prefix + other, None, message, hint)
