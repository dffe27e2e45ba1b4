"""The manifest as a reader sees it, and the projection a build writes of it: apart from the
rules, as every smart tool's ``--help`` imports it (standard library only, nothing at import)."""

from __future__ import annotations

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
    "projection",
    "projection_bytes",
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
    """A valid manifest: the frontmatter as fields, the body as text; immutable. A plain class,
    not a dataclass: ``dataclasses`` would cost every ``--help`` more than the accessor."""

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
        return to_plain(self._frontmatter)  # type: ignore[no-any-return]


def to_plain(value: Any) -> Any:
    """A JSON-ready deep copy of a frontmatter reading: plain dicts and lists, no line bookkeeping."""
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [to_plain(v) for v in value]
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
        _frontmatter=to_plain(fm),
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
