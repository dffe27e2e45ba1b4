"""Version text: the manifest's version "matches the version in the package definition" as
the same text, as written or its normal form (PEP 440's, or semver's for package.json)."""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Literal, Optional

    from ..project.distribution import PackageVersion

    #: how an ecosystem spells versions: PEP 440 (pyproject.toml) or semver (package.json)
    Scheme = Literal["pep440", "semver"]

# semver 2.0.0's own pattern (semver.org), which npm's parser follows
# (a text, compiled by the re module on first use: a Python tool's --help never needs it)
_SEMVER = (
    r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
    r"(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?"
    r"(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?\Z"
)


def same_version(a: str, b: str) -> bool:
    """Equal as PEP 440 versions where both parse, else equal as text."""
    from packaging.version import Version

    try:
        return Version(a) == Version(b)
    except ValueError:  # InvalidVersion, or a number past int's digit limit (5,000 digits)
        return a == b


def semver_clean(text: str) -> Optional[str]:
    """A semver version as npm publishes it (``semver.clean``: surrounding space and a leading
    ``=`` or ``v`` dropped), or None when it is not semver."""
    cleaned = text.strip().lstrip("=v").strip()
    return cleaned if re.match(_SEMVER, cleaned) else None


def pep440_normal(text: str) -> Optional[str]:
    """The PEP 440 normal form (what METADATA carries), or None when it is not PEP 440."""
    from packaging.version import Version

    try:
        return str(Version(text))
    except ValueError:  # InvalidVersion, or a number past int's digit limit (5,000 digits)
        return None


#: PEP 440's own pattern (its appendix, as :mod:`packaging.version` writes it): whether a text
#: is a version, without importing packaging on a smart tool's ``--help`` (compiled by the
#: re module on first use)
_PEP440 = (
    r"""\s*v?(?:(?:[0-9]+!)?[0-9]+(?:\.[0-9]+)*"""
    r"""(?:[-_.]?(?:a|b|c|rc|alpha|beta|pre|preview)[-_.]?[0-9]*)?"""
    r"""(?:-[0-9]+|[-_.]?(?:post|rev|r)[-_.]?[0-9]*)?"""
    r"""(?:[-_.]?dev[-_.]?[0-9]*)?)"""
    r"""(?:\+[a-z0-9]+(?:[-_.][a-z0-9]+)*)?\s*"""
)
#: the common case, X.Y.Z and the like, told before the whole pattern is compiled
_PLAIN_RELEASE = re.compile(r"\s*v?[0-9]+(?:\.[0-9]+)*\s*")


def valid_anywhere(text: str) -> bool:
    """A version some ecosystem could publish: PEP 440 or semver. Without the package
    definition (a manifest on its own) that is all that can be asked."""
    if _PLAIN_RELEASE.fullmatch(text) or re.fullmatch(_PEP440, text, re.IGNORECASE):
        return True
    return semver_clean(text) is not None


def normal_form(text: str, scheme: Scheme) -> Optional[str]:
    """``text``'s normal form under ``scheme`` (PEP 440's, or semver's), or None when it is none."""
    return pep440_normal(text) if scheme == "pep440" else semver_clean(text)


def same_text(version: str, package_version: PackageVersion) -> bool:
    """Whether ``version`` is the package's version as text: as written, or its normal form
    (any spelling of it when the written text is not known: a VCS version, METADATA alone)."""
    value, scheme, written = package_version.value, package_version.scheme, package_version.written
    if value is None:
        return False
    theirs = normal_form(value, scheme)
    if version in (value, theirs, written):
        return True
    return written is None and theirs is not None and normal_form(version, scheme) == theirs
