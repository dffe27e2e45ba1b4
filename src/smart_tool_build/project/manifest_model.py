"""The manifest as a reader sees it (:class:`Manifest`, :class:`Requirement`,
:class:`ManifestError`) and its JSON projection: what the runtime accessor needs, apart from
the rules that check a manifest.

The rules (:mod:`smart_tool_build.rules.manifest`) build a :class:`Manifest` from a checked
frontmatter; a build writes that same frontmatter and body into the wheel's ``.dist-info`` as
``smart-tool-manifest.json`` (the projection), and the accessor of an installed tool builds the
:class:`Manifest` from it without parsing YAML or importing a rule. Standard library only, and
nothing at import: this is on every smart tool's ``--help``.
"""

from __future__ import annotations

from ..parsing.json_scan import scan
from .names import PROJECTION_NAME
from .records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any, NamedTuple, Optional

    from ..diagnostics.diagnostic import Diagnostic

__all__ = [
    "PROJECTION_FORMAT",
    "PROJECTION_NAME",
    "Manifest",
    "ManifestError",
    "Requirement",
    "from_frontmatter",
    "from_projection",
    "projection",
    "loads_json",
    "projection_bytes",
    "read_projection",
    "record_digest",
    "record_hash",
]

#: the projection's own format; a reader that meets another one reads the manifest instead
PROJECTION_FORMAT = 1


if TYPE_CHECKING:

    class Requirement(NamedTuple):
        """One prerequisite: what must exist before the tool can run."""

        name: str
        purpose: str
        install: str
        optional: bool = False

else:
    Requirement = record(
        "Requirement", ("name", "purpose", "install", "optional"), defaults=(False,), module=__name__
    )
    Requirement.__doc__ = "One prerequisite: what must exist before the tool can run."


class ManifestError(ValueError):
    """Raised when a manifest is not valid; carries the diagnostics."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = diagnostics
        super().__init__("\n".join(str(d) for d in diagnostics))


#: the manifest's frontmatter fields, in the spec's order (the rules read them from here)
FIELDS = (
    "smart_tool_format",
    "name",
    "version",
    "description",
    "use_cases",
    "platforms",
    "requires",
)
#: the fields a Manifest is compared, hashed and shown by, in order
_COMPARED = (*FIELDS, "body")


class Manifest:
    """A valid manifest: the frontmatter as fields, the body as text.

    Immutable, compared and hashed by its fields (the frontmatter as written is kept for
    :meth:`to_dict`, outside the comparison). A plain class rather than a dataclass: the
    accessor builds one on every ``--help`` of every smart tool, and ``dataclasses`` imports
    ``inspect`` and ``ast``, more than the rest of the accessor together.
    """

    __slots__ = (
        "_frontmatter",
        "body",
        "description",
        "name",
        "platforms",
        "requires",
        "smart_tool_format",
        "use_cases",
        "version",
    )
    smart_tool_format: int
    name: str
    version: str
    description: str
    use_cases: tuple[str, ...]
    platforms: tuple[str, ...]
    requires: tuple[Requirement, ...]
    body: str
    _frontmatter: dict[str, Any]

    def __init__(
        self,
        smart_tool_format: int,
        name: str,
        version: str,
        description: str,
        use_cases: tuple[str, ...],
        platforms: tuple[str, ...],
        requires: tuple[Requirement, ...],
        body: str,
        _frontmatter: Optional[dict[str, Any]] = None,
    ) -> None:
        values = (smart_tool_format, name, version, description, use_cases, platforms, requires, body)
        for key, value in zip(_COMPARED, values):
            object.__setattr__(self, key, value)
        object.__setattr__(self, "_frontmatter", {} if _frontmatter is None else _frontmatter)

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, key) for key in _COMPARED)

    def __eq__(self, other: object) -> bool:
        return self._fields() == other._fields() if isinstance(other, Manifest) else NotImplemented

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        shown = ", ".join(f"{key}={getattr(self, key)!r}" for key in _COMPARED)
        return f"Manifest({shown})"

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {key!r}: a Manifest is immutable")

    def __delattr__(self, key: str) -> None:
        raise AttributeError(f"cannot delete field {key!r}: a Manifest is immutable")

    def to_dict(self) -> dict[str, Any]:
        """The frontmatter as JSON-ready data, exactly as written (keys, order, values)."""
        return _plain(self._frontmatter)  # type: ignore[no-any-return]


def _plain(value: Any) -> Any:
    """A JSON-ready deep copy: plain dicts and lists (string keys), no line bookkeeping.

    ``parsing.yaml_values.to_plain`` does the same; it is not imported because a smart tool's
    ``--help`` reads a projection through this module and imports no parsing module."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def from_frontmatter(fm: Mapping[str, Any], body: str) -> Manifest:
    """The :class:`Manifest` of a frontmatter the rules found valid (a checked one, or the
    projection of one): no rule is applied here."""
    requires = tuple(
        Requirement(
            name=entry["name"],
            purpose=entry["purpose"],
            install=entry["install"],
            optional=bool(entry.get("optional", False)),
        )
        for entry in fm.get("requires") or ()
    )
    return Manifest(
        smart_tool_format=int(fm["smart_tool_format"]),
        name=fm["name"],
        version=fm["version"],
        description=fm["description"],
        use_cases=tuple(fm["use_cases"]),
        platforms=tuple(fm["platforms"]),
        requires=requires,
        body=body,
        _frontmatter=_plain(fm),
    )


# ----------------------------------------------------------------------------- the projection


def record_digest(algorithm: str, digest: bytes) -> str:
    """A digest as a wheel's RECORD writes it: ``algorithm=`` then urlsafe base64 without
    padding (the one formatter: the amender, the RECORD check and the projection use it)."""
    import base64

    return f"{algorithm}=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def record_hash(data: bytes) -> str:
    """``data``'s hash as a wheel's RECORD writes it (``sha256=`` and unpadded urlsafe base64)."""
    import hashlib

    return record_digest("sha256", hashlib.sha256(data).digest())


def projection(manifest: Manifest, manifest_bytes: bytes) -> dict[str, Any]:
    """The projection of a checked manifest: its frontmatter as written and its body, with the
    hash of the manifest it was made from (which the reader finds in RECORD)."""
    return {
        "smart_tool_manifest_projection": PROJECTION_FORMAT,
        "manifest_hash": record_hash(manifest_bytes),
        "frontmatter": manifest.to_dict(),
        "body": manifest.body,
    }


def projection_bytes(manifest: Manifest, manifest_bytes: bytes) -> bytes:
    """The projection file's bytes: one line of ASCII JSON, keys in a fixed order."""
    import json

    text = json.dumps(projection(manifest, manifest_bytes), ensure_ascii=True, separators=(",", ":"))
    return (text + "\n").encode("ascii")


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
