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


def same_version(a: str, b: str) -> bool:
    """Equal as PEP 440 versions where both parse, else equal as text."""
    from packaging.version import Version

    try:
        return Version(a) == Version(b)
    except ValueError:  # InvalidVersion, or a number past int's digit limit (5,000 digits)
        return a == b


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
    from .semver import semver_clean  # a package.json's scheme, or no version at all

    return semver_clean(text) is not None


def normal_form(text: str, scheme: Scheme) -> Optional[str]:
    """``text``'s normal form under ``scheme`` (PEP 440's, or semver's), or None when it is none."""
    if scheme == "pep440":
        return pep440_normal(text)
    from .semver import semver_clean

    return semver_clean(text)


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
