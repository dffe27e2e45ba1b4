"""A drifted ``__version__`` (:mod:`smart_tool_build.rules.version_attr`), and the words of its
rule: loaded only when one drifts or a package's module cannot be read."""

from __future__ import annotations

from typing import NamedTuple

from ..diagnostics.diagnostic import Diagnostic, Severity, make
from .version_drift import is_development

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..project.distribution import PackageVersion
    from ..project.python_source import StringAssignment


class VersionAttr(NamedTuple):
    """A static ``__version__`` that is not the package's version, and where it is written."""

    #: the module's path, relative to the root (POSIX)
    path: str
    #: the assignment, with its literal's place (for an edit that replaces exactly it)
    assignment: StringAssignment
    #: the version it should say: the package's, as written where known
    expected: str


#: what to do about a project file that is not read
_REFUSED_HINT = (
    "make it a regular file inside the root, of at most 1 MiB, that Python can parse; "
    "replace a symlink out of the root with the file itself"
)


def findings(
    drifted: list[VersionAttr],
    refused: list[tuple[str, str]],
    package_version: PackageVersion,
    *,
    prefix: str,
    dev_versions: str,
) -> list[Diagnostic]:
    """A diagnostic for each drifted ``__version__``, then each module not read; a development
    build under ``dev-versions = "warn"`` warns, as the manifest's own version does."""
    out = []
    lenient = dev_versions == "warn" and is_development(package_version)
    for drift in drifted:
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
