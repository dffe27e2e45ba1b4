"""One version across library, CLI and manifest (the packaging text): a static ``__version__``
in the package holding the manifest is what the library reports, so one that differs drifts."""

from __future__ import annotations

import os
import posixpath
import re
from pathlib import Path
from typing import Optional

from ..project.distribution import PackageVersion
from ..project.paths import RefusedFile, read_inside
from .versions import same_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..diagnostics.diagnostic import Diagnostic
    from .version_attr_words import VersionAttr


def package_inits(root: Path, manifest_relative: str) -> list[str]:
    """The ``__init__.py`` of each package holding the manifest, innermost first (the
    manifest's folder, then each enclosing package up to the top-level one)."""
    found = []
    folder = posixpath.dirname(manifest_relative)
    while folder:
        init = f"{folder}/__init__.py"
        if not os.path.isfile(root / init):  # never raises: an unreadable folder is no package
            break
        found.append(init)
        folder = posixpath.dirname(folder)
    return found


def version_attr_drift(
    root: Path,
    manifest_relative: str,
    package_version: PackageVersion,
    refused: Optional[list[tuple[str, str]]] = None,
) -> list[VersionAttr]:
    """Every static ``__version__`` in the packages holding the manifest that is not the
    package's version as text; a module not read goes to ``refused`` as (its path, why)."""
    if package_version.value is None or package_version.scheme != "pep440":
        return []
    expected = package_version.written or package_version.value
    drift = []
    for init in package_inits(root, manifest_relative):
        try:
            data = read_inside(root, init)
        except RefusedFile as exc:
            if refused is not None:
                refused.append((init, exc.message))
            continue
        if not _plainly_agrees(data, package_version):
            from .version_ast import parsed_drift  # ast: only when a plain look cannot tell

            drift += parsed_drift(root, init, package_version, expected, refused)
    return drift


#: ``__version__ = "..."`` alone on a line, at the module's top level
_PLAIN_ASSIGNMENT = re.compile(
    rb"""__version__[ \t]*(?::[ \t]*str[ \t]*)?=[ \t]*(['"])([^'"\\\r\n]*)\1[ \t]*(?:#[^\r\n]*)?"""
)


def _plainly_agrees(data: bytes, package_version: PackageVersion) -> bool:
    """Whether the module's bytes surely hold no drifted ``__version__``, told without ast: every
    line naming it (if any) is a plain top-level assignment of the package's version (or
    :mod:`.version_reads` finds it only read)."""
    if b"__version__" not in data:
        return True
    for line in data.splitlines():
        if b"__version__" not in line:
            continue
        match = _PLAIN_ASSIGNMENT.fullmatch(line)
        if match is None:
            from .version_reads import only_read

            return only_read(data, package_version, _PLAIN_ASSIGNMENT)
        if not same_text(match.group(2).decode("utf-8", "replace"), package_version):
            return False
    return True


def version_attr_rule(
    root: Path, manifest_relative: str, package_version: PackageVersion, *, prefix: str, dev_versions: str
) -> list[Diagnostic]:
    """``version-attr-matches-package``, and ``project-file-readable`` for a module not read;
    their words (:mod:`.version_attr_words`) load only for a finding."""
    refused: list[tuple[str, str]] = []
    drift = version_attr_drift(root, manifest_relative, package_version, refused)
    if not drift and not refused:
        return []
    from .version_attr_words import findings

    return findings(drift, refused, package_version, prefix=prefix, dev_versions=dev_versions)
