"""The words of version drift: what :func:`smart_tool_build.rules.version_rule.compare_versions`
says when the manifest's version is not the package's, and at what severity (a development
version may be let through). Only a build with a finding loads it."""

from __future__ import annotations

from ..diagnostics.diagnostic import CodeId, Diagnostic, Severity, make
from .semver import semver_clean
from .versions import normal_form, same_text, valid_anywhere

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Optional

    from ..project.distribution import PackageVersion
    from .versions import Scheme

_CODE: CodeId = "manifest-version-matches-package"
_NAMES = {"pep440": "PEP 440", "semver": "semver"}


def drift(
    manifest_version: str,
    package_version: PackageVersion,
    *,
    path: str,
    line: Optional[int],
    dev_versions: str = "error",
) -> list[Diagnostic]:
    """The findings of :func:`~smart_tool_build.rules.version_rule.compare_versions` when the two differ."""
    scheme: Scheme = package_version.scheme
    ours = normal_form(manifest_version, scheme)
    if ours is None:
        if not valid_anywhere(manifest_version):
            return []  # reported by the manifest's own rules
        return [
            make(
                _CODE,
                path,
                line,
                f"version {manifest_version!r} is not a valid {_NAMES[scheme]} version, as the "
                f"package definition's ecosystem needs",
                f"write the version the way {package_version.origin or 'the package definition'} does",
            )
        ]
    value = package_version.value
    if value is None:
        return [
            make(
                _CODE,
                path,
                line,
                f"version {manifest_version!r} not compared: {package_version.unresolved}",
                "the build hooks compare it with the version the build resolves",
                severity=Severity.INFO,
            )
        ]
    theirs = normal_form(value, scheme)
    where = f"{value!r} from {package_version.origin}"
    if theirs is None:
        return [
            make(
                _CODE,
                package_version.path or path,
                package_version.line if package_version.path else line,
                f"package version {where} is not a valid {_NAMES[scheme]} version",
                f"write a {_NAMES[scheme]} version there, e.g. 1.0.0",
            )
        ]
    if same_text(manifest_version, package_version):
        return []
    exact = package_version.written or value
    if _equal(manifest_version, value, scheme):
        return [
            make(
                _CODE,
                path,
                line,
                f"manifest version {manifest_version!r} is only equal to the package version "
                f"{where} under {_NAMES[scheme]}: write it the same way, so every reader sees one version",
                f'set version: "{exact}" in the manifest',
            )
        ]
    message = f"manifest version {manifest_version!r} does not match the package version {where}"
    development = is_development(package_version)
    if development and dev_versions == "warn":
        return [
            make(
                _CODE,
                path,
                line,
                f'{message}; allowed for a development version by dev-versions = "warn"',
                "a release build from the tag the manifest names has no such warning",
                severity=Severity.WARNING,
            )
        ]
    hint = None
    if development:  # no written text: the build made it (VCS), so it counts commits
        hint = development_hint(value, manifest_version, from_vcs=package_version.written is None)
    return [make(_CODE, path, line, message, hint or f'set version: "{exact}" in the manifest')]


def _equal(one: str, other: str, scheme: Scheme) -> bool:
    if scheme == "semver":
        return _semver_precedence(one) == _semver_precedence(other)
    from packaging.version import Version

    return Version(one) == Version(other)


def _semver_precedence(text: str) -> Optional[str]:
    """What semver compares: the version without its build metadata."""
    cleaned = semver_clean(text)
    return None if cleaned is None else cleaned.split("+", 1)[0]


def development_hint(value: str, manifest_version: str, *, from_vcs: bool = True) -> str:
    """Why a VCS build has this version, and the two ways out, said plainly: a user who did
    tag the release is told how far past the tag the build is, not to tag it.

    setuptools-scm and hatch-vcs (their default scheme) number a build ``.devN`` N commits
    after the last tag, and add ``+...dYYYYMMDD`` when the tree has uncommitted changes.
    """
    from packaging.version import Version

    allow = (
        'let development builds through with dev-versions = "warn" in the [tool.smart-tool] '
        "table of pyproject.toml"
    )
    if not from_vcs:
        return f'{value} is a development version: set version: "{value}" in the manifest, or {allow}'
    parsed = Version(value)
    local = parsed.local or ""
    reasons = []
    if parsed.dev:
        commits = "commit" if parsed.dev == 1 else "commits"
        reasons.append(f"the build is {parsed.dev} {commits} past the last tag")
    if any(part.startswith("d") and part[1:].isdigit() for part in local.split(".")):
        reasons.append("the working tree has changes not committed")
    if not reasons:
        reasons.append("a local version, as VCS versioning makes between tags")
    return (
        f"{value} is a development version ({'; '.join(reasons)}): build the release from the "
        f"tag of {manifest_version} with a clean tree, or {allow}"
    )


def is_development(package_version: PackageVersion) -> bool:
    """A development or local PEP 440 version: what VCS versioning makes between tags."""
    if package_version.scheme != "pep440" or package_version.value is None:
        return False
    from packaging.version import Version

    try:
        parsed = Version(package_version.value)
    except ValueError:  # InvalidVersion, or a number past int's digit limit (5,000 digits)
        return False
    return parsed.is_devrelease or parsed.local is not None
