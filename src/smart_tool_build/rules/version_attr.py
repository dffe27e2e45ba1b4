"""One version across library, CLI and manifest: a static ``__version__`` beside the manifest.

The packaging text: "Each tool specifies its version and keeps it consistent across any
pieces it exposes to users (ex. the lib, cli, optional skills)". A ``__version__`` in the
package that holds the manifest is what the library (and usually ``--version``) reports, so
one that differs from the package's version is version drift.
"""

from __future__ import annotations

import os
import posixpath
import re
from pathlib import Path
from typing import NamedTuple, Optional

from ..diagnostics.diagnostic import Diagnostic, Severity, make
from ..project.distribution import PackageVersion
from ..project.files import Unparsable
from ..project.paths import RefusedFile, read_inside
from .versions import is_development, same_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..project.python_source import StringAssignment


class VersionAttr(NamedTuple):
    """A static ``__version__`` that is not the package's version, and where it is written."""

    #: the module's path, relative to the root (POSIX)
    path: str
    #: the assignment, with its literal's place (for an edit that replaces exactly it)
    assignment: StringAssignment
    #: the version it should say: the package's, as written where known
    expected: str


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
    package's version as text (see :func:`smart_tool_build.rules.versions.same_text`). A
    module that is not read (a symlink out of the root, not a regular file, over 1 MiB,
    beyond the parser's limits) is added to ``refused``: (its path, why)."""
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
        if _plainly_agrees(data, package_version):
            continue
        from ..project.python_source import (  # ast: only when a plain look cannot tell
            parse_module,
            string_assignment,
        )

        try:
            tree = parse_module(root, init)
        except Unparsable as exc:
            if exc.refused and refused is not None:
                refused.append((init, exc.message.removeprefix(init + " ")))
            continue
        found = string_assignment(tree, "__version__")
        if found is not None and not same_text(found.value, package_version):
            drift.append(VersionAttr(init, found, expected))
    return drift


#: ``__version__ = "..."`` alone on a line, at the module's top level
_PLAIN_ASSIGNMENT = re.compile(
    rb"""__version__[ \t]*(?::[ \t]*str[ \t]*)?=[ \t]*(['"])([^'"\\\r\n]*)\1[ \t]*(?:#[^\r\n]*)?"""
)


def _plainly_agrees(data: bytes, package_version: PackageVersion) -> bool:
    """Whether the module (its bytes) surely has no drifted ``__version__``, told without
    parsing it: the name does not occur, or every line it occurs on is a plain top-level
    assignment of the package's version. Anything else is left to ast."""
    if b"__version__" not in data:
        return True
    for line in data.splitlines():
        if b"__version__" not in line:
            continue
        match = _PLAIN_ASSIGNMENT.fullmatch(line)
        if match is None or not same_text(match.group(2).decode("utf-8", "replace"), package_version):
            return False
    return True


def version_attr_rule(
    root: Path, manifest_relative: str, package_version: PackageVersion, *, prefix: str, dev_versions: str
) -> list[Diagnostic]:
    """``version-attr-matches-package``; a development build under ``dev-versions = "warn"``
    warns, as the manifest's own version does."""
    out = []
    lenient = dev_versions == "warn" and is_development(package_version)
    refused: list[tuple[str, str]] = []
    for drift in version_attr_drift(root, manifest_relative, package_version, refused):
        where = f"{package_version.value!r}, from {package_version.origin}"
        message = f"__version__ = {drift.assignment.value!r} but the package version is {where}"
        if lenient:
            message += '; allowed for a development version by dev-versions = "warn"'
        out.append(
            make(
                "version-attr-matches-package",
                prefix + drift.path,
                drift.assignment.line,
                message,
                f'set __version__ = "{drift.expected}", or read it with '
                "importlib.metadata.version so it cannot drift",
                severity=Severity.WARNING if lenient else None,
            )
        )
    for init, why in refused:
        out.append(make("project-file-readable", prefix + init, None, f"{init} {why}", _REFUSED_HINT))
    return out


#: what to do about a project file that is not read
_REFUSED_HINT = (
    "make it a regular file inside the root, of at most 1 MiB, that Python can parse; "
    "replace a symlink out of the root with the file itself"
)
