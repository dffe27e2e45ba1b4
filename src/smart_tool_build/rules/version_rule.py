"""The drift rule: a manifest's (or a skill's) version is the package's, as text
(:mod:`smart_tool_build.rules.versions` says what that means). The rule's fast path is one
comparison; its words (:mod:`smart_tool_build.rules.version_drift`) load only for a finding."""

from __future__ import annotations

from .versions import normal_form, same_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Optional

    from ..diagnostics.diagnostic import Diagnostic
    from ..project.distribution import PackageVersion
    from .versions import Scheme


def compare_versions(
    manifest_version: str,
    package_version: PackageVersion,
    *,
    path: str,
    line: Optional[int],
    dev_versions: str = "error",
) -> list[Diagnostic]:
    """The findings of a ``manifest_version`` that is not ``package_version`` as text."""
    scheme: Scheme = package_version.scheme
    value = package_version.value
    known = value is not None and normal_form(manifest_version, scheme) and normal_form(value, scheme)
    if known and same_text(manifest_version, package_version):
        return []
    from .version_drift import drift

    return drift(manifest_version, package_version, path=path, line=line, dev_versions=dev_versions)
