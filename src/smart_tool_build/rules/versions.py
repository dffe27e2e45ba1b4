"""Version text: how the manifest's version is held to the package's, per ecosystem.

The spec: the manifest's version "matches the version in the package definition". Here that
means the same text: the package's version as written, or its normal form (PEP 440 for a
Python package, what METADATA carries; semver's for package.json, what npm publishes). A
version only *equal* under those rules (``1.0`` for ``1.0.0``) is a different answer to the
same question and an error, whose hint gives the exact text.
"""

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
    """Whether ``version`` is the package's version as text: as written, or its normal form.

    When the written text is not known (a VCS version, a wheel's METADATA alone), any
    spelling with the same normal form could be it, and is accepted.
    """
    value, scheme, written = package_version.value, package_version.scheme, package_version.written
    if value is None:
        return False
    theirs = normal_form(value, scheme)
    if version in (value, theirs, written):
        return True
    return written is None and theirs is not None and normal_form(version, scheme) == theirs


def is_development(package_version: PackageVersion) -> bool:
    """A development or local PEP 440 version: what VCS versioning makes between tags."""
    return (
        package_version.scheme == "pep440"
        and package_version.value is not None
        and _is_development(package_version.value)
    )


def _is_development(value: str) -> bool:
    from packaging.version import Version

    try:
        parsed = Version(value)
    except ValueError:  # InvalidVersion, or a number past int's digit limit (5,000 digits)
        return False
    return parsed.is_devrelease or parsed.local is not None


def accepted_spellings(package_version: str) -> frozenset[str]:
    """The package version as written, and its PEP 440 normal form (``1.0.0`` for ``v1.0.0``):
    the spellings another part of the tool may carry (``smart-tool fix`` and ``init`` write
    the first; a spelling only equal under PEP 440 is another answer)."""
    normal = pep440_normal(package_version)
    return frozenset({package_version} if normal is None else {package_version, normal})


def release_version(package_version: PackageVersion) -> Optional[str]:
    """The package version as written, when it is known, valid PEP 440, and a release: a
    development or local version (``1.1.dev3+g1a2b``, from VCS between tags) is not what the
    other parts should be set to, so it has no one right answer."""
    value = package_version.value
    if value is None or pep440_normal(value) is None or _is_development(value):
        return None
    return package_version.written or value
