"""Reading the projection a build wrote into an installed wheel: what the accessor trusts of
it, read without :mod:`json` or a rule (only an installed tool's ``--help`` reads one)."""

from __future__ import annotations

from ..parsing.json_scan import scan
from ..project.manifest_model import PROJECTION_FORMAT, Manifest, from_frontmatter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Optional


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _requirement(entry: Any) -> bool:
    return (
        isinstance(entry, dict)
        and all(isinstance(entry.get(key), str) for key in ("name", "purpose", "install"))
        and set(entry) <= {"name", "purpose", "install", "optional"}
    )


def from_projection(data: Any, manifest_hash: Optional[str]) -> Optional[Manifest]:
    """The :class:`Manifest` a parsed projection gives, or None when it cannot be trusted: not
    of this format or shape, or made from another manifest than the one whose RECORD hash is
    ``manifest_hash`` (None: no hash known, so no projection is trusted). The caller then
    reads the manifest itself."""
    if not isinstance(data, dict) or data.get("smart_tool_manifest_projection") != PROJECTION_FORMAT:
        return None
    if manifest_hash is None or data.get("manifest_hash") != manifest_hash:
        return None
    fm, body = data.get("frontmatter"), data.get("body")
    if not isinstance(fm, dict) or not isinstance(body, str):
        return None
    fmt = fm.get("smart_tool_format")
    if isinstance(fmt, bool) or not isinstance(fmt, (int, float)) or fmt != 1:
        return None
    if not all(isinstance(fm.get(key), str) for key in ("name", "version", "description")):
        return None
    if not (_strings(fm.get("use_cases")) and _strings(fm.get("platforms"))):
        return None
    requires = fm.get("requires")
    if "requires" in fm and not (isinstance(requires, list) and all(map(_requirement, requires))):
        return None
    return from_frontmatter(fm, body)


def read_projection(text: str, manifest_hash: Optional[str]) -> Optional[Manifest]:
    """The :class:`Manifest` a projection file's text gives (:func:`from_projection`), or
    None when it is not JSON or cannot be trusted: never raises for bad input."""
    try:
        data = loads_json(text)
    except (ValueError, RecursionError):
        return None
    return from_projection(data, manifest_hash)


def loads_json(text: str) -> Any:
    """``text`` as JSON (NaN and Infinity allowed, as :func:`json.loads` reads them), by the
    scanner of :mod:`..parsing.json_scan`, without importing :mod:`json` unless the text is
    not one JSON document. Raises ValueError for what is not one JSON document."""
    read, value = scan(text, _JsonOptions)
    if read:
        return value
    import json

    return json.loads(text)


class _JsonOptions:
    """What :func:`json.loads` gives its scanner by default (NaN and Infinity allowed)."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}.__getitem__
