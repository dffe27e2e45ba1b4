"""A package definition and its version (where it came from), and the headers of a METADATA or
PKG-INFO file that carry one: what the package definition's readers and the archives' share."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Literal, NamedTuple, Optional


class PackageVersion(NamedTuple):
    """A package version and where it came from, or why it could not be known."""

    value: Optional[str]
    origin: str
    path: Optional[str] = None
    line: Optional[int] = None
    unresolved: Optional[str] = None
    #: the version's configuration itself is broken (a bad pattern): an error, not a gap
    invalid: bool = False
    #: the text as the package definition (or the file it names) writes it, when known; a
    #: build backend's resolved version is often only its normal form
    written: Optional[str] = None
    #: how its ecosystem spells versions: "pep440" (Python) or "semver" (package.json)
    scheme: Literal["pep440", "semver"] = "pep440"


_EMPTY: Mapping[str, Any] = MappingProxyType({})


class PackageDefinition(NamedTuple):
    """What the checks need from pyproject.toml or package.json."""

    path: Optional[str]
    name: Optional[str]
    version: PackageVersion
    scripts: Optional[frozenset[str]] = None
    tool: Mapping[str, Any] = _EMPTY
    text: Optional[str] = None
    data: Mapping[str, Any] = _EMPTY


def unknown(path: Optional[str], reason: str) -> PackageDefinition:
    """A package definition whose version cannot be known, and why."""
    return PackageDefinition(path, None, PackageVersion(None, "", unresolved=reason))


def core_metadata(data: bytes) -> dict[str, str]:
    """The first value of each header of a METADATA / PKG-INFO file (RFC 822 style).

    Only the header block is read (up to the first blank line); continuation lines are
    joined. Enough for Name and Version, without the cost of importing :mod:`email`.
    """
    headers: dict[str, str] = {}
    last = None
    for raw in data.decode("utf-8", errors="replace").splitlines():
        if not raw.strip():
            break
        if raw[:1] in (" ", "\t") and last is not None:
            headers[last] += " " + raw.strip()
            continue
        name, colon, value = raw.partition(":")
        if not colon:
            continue
        last = name.strip()
        headers.setdefault(last, value.strip())
        if headers[last] != value.strip():
            last = None  # a repeated header: keep the first, ignore the rest's continuations
    return headers
