"""One version across a tool's parts: which spellings of the package version another part
may carry, and the static ``__version__`` beside the manifest that must carry it too.

The packaging spec's "Updating" rule: a tool keeps its version consistent across every piece
it exposes (library, CLI, skills). ``smart-tool fix`` rewrites what drifts; the check of a
drifted ``__version__`` calls :func:`version_attr_drift` as well.
"""

from __future__ import annotations

import posixpath
from pathlib import Path
from typing import NamedTuple, Optional

from .distribution import PackageVersion
from .pysource import StringAssignment, parse_module, string_assignment

#: the code of a ``__version__`` that differs from the package version
VERSION_ATTR_CODE = "version-attr-matches-package"


def accepted_spellings(package_version: str) -> frozenset[str]:
    """The package version as written, and its PEP 440 normal form (``1.0.0`` for ``v1.0.0``).

    A part carrying a spelling only *equal* under PEP 440 (``1.0`` for ``1.0.0``) shows the
    user a different string, so it is not accepted.
    """
    from packaging.version import InvalidVersion, Version

    try:
        return frozenset({package_version, str(Version(package_version))})
    except InvalidVersion:
        return frozenset({package_version})


def release_version(package_version: PackageVersion) -> Optional[str]:
    """The package version as written, when it is known, valid PEP 440, and a release: a
    development or local version (``1.1.dev3+g1a2b``, from VCS between tags) is not what
    the other parts should be set to, so it has no one right answer."""
    from packaging.version import InvalidVersion, Version

    if package_version.value is None:
        return None
    try:
        parsed = Version(package_version.value)
    except InvalidVersion:
        return None
    if parsed.is_devrelease or parsed.local is not None:
        return None
    return package_version.value


class VersionAttr(NamedTuple):
    """A static ``__version__`` in a package's ``__init__.py``."""

    #: the module's path relative to the root (POSIX)
    relative: str
    assignment: StringAssignment


def version_attrs(root: Path, manifest_relative: str) -> list[VersionAttr]:
    """Every static ``__version__`` of the import package holding the manifest: the
    ``__init__.py`` of the manifest's folder and of each package above it."""
    found: list[VersionAttr] = []
    folder = posixpath.dirname(manifest_relative)
    while folder:
        relative = f"{folder}/__init__.py"
        if not (root / relative).is_file():
            break
        tree = parse_module(root / relative)
        assignment = None if tree is None else string_assignment(tree, "__version__")
        if assignment is not None:
            found.append(VersionAttr(relative, assignment))
        folder = posixpath.dirname(folder)
    return found


def version_attr_drift(
    root: Path, manifest_relative: str, package_version: PackageVersion
) -> list[VersionAttr]:
    """The static ``__version__`` values beside the manifest that differ from the package
    version (none when that version is unknown). A module the package version is itself read
    from (setuptools ``attr:``, hatch's ``path``) cannot drift from it."""
    if package_version.value is None:
        return []
    accepted = accepted_spellings(package_version.value)
    return [
        attr
        for attr in version_attrs(root, manifest_relative)
        if attr.assignment.value not in accepted and not _is_source(attr.relative, package_version)
    ]


def _is_source(relative: str, package_version: PackageVersion) -> bool:
    """Whether the version is read from ``relative`` (its path may carry a display prefix)."""
    path = package_version.path
    return path is not None and (path == relative or path.endswith("/" + relative))


def same_version(a: str, b: str) -> bool:
    """Equal as PEP 440 versions where both parse, else equal as text."""
    from packaging.version import InvalidVersion, Version

    try:
        return Version(a) == Version(b)
    except InvalidVersion:
        return a == b
