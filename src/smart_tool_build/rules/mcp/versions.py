"""server.json's versions held to the package's: the registry reads the description of exactly
the release a PyPI entry names, and refuses a top-level version it has published before."""

from __future__ import annotations

from typing import Any, Optional

from ...diagnostics.diagnostic import Diagnostic, Severity, make
from ...project.distribution import PackageVersion
from ...project.names import normalize_name
from ..version_drift import development_hint, is_development
from ..versions import pep440_normal, same_version
from .registry_rules import looks_like_range
from .server_json import ServerJson


def own_entries(server: ServerJson, name: Optional[str]) -> list[int]:
    """The indexes of the ``packages`` entries that are this project on PyPI (PEP 503 names)."""
    packages = server.document.get("packages")
    if not name or not isinstance(packages, list):
        return []
    ours = normalize_name(name)
    return [
        index
        for index, entry in enumerate(packages)
        if isinstance(entry, dict)
        and entry.get("registryType") == "pypi"
        and isinstance(entry.get("identifier"), str)
        and normalize_name(entry["identifier"].strip()) == ours
    ]


def check_versions(
    server: ServerJson,
    entries: list[int],
    package_version: PackageVersion,
    *,
    independent: bool,
    dev_versions: str,
) -> list[Diagnostic]:
    """``mcp-version-matches-package`` for each entry's ``version`` and the top-level one."""
    out: list[Diagnostic] = []
    places: list[tuple[tuple[Any, ...], str]] = []
    if not independent:
        places.append((("version",), "`version`"))
    places += [(("packages", index, "version"), f"`packages[{index}].version`") for index in entries]
    for path, what in places:
        value: Any = server.document
        for part in path:
            value = (
                value.get(part)
                if isinstance(value, dict)
                else value[part]
                if isinstance(value, list)
                else None
            )
        if isinstance(value, str) and value and value != "latest" and not looks_like_range(value):
            out += _compare(server, path, what, value, package_version, dev_versions)
    return out


def _compare(
    server: ServerJson,
    path: tuple[Any, ...],
    what: str,
    text: str,
    package: PackageVersion,
    dev_versions: str,
) -> list[Diagnostic]:
    line = server.line(*path)
    if package.value is None:
        return [
            make(
                "mcp-version-matches-package",
                server.shown,
                line,
                f"{what} {text!r} not compared: {package.unresolved or 'the package version is not known'}",
                "the build compares it with the version it writes into METADATA",
                severity=Severity.INFO,
            )
        ]
    value = package.value
    if text == value or text == pep440_normal(value):  # the normal form only when it differs
        return []
    where = f"{value!r} from {package.origin}"
    hint = f'set {what.strip("`")} to "{value}"'
    if same_version(text, value):
        return [
            make(
                "mcp-version-matches-package",
                server.shown,
                line,
                f"{what} {text!r} equals the package version {where} only under PEP 440; "
                "the registry looks the release up by the text",
                hint,
                severity=Severity.WARNING,
            )
        ]
    message = f"{what} {text!r} is not the package version {where}"
    if is_development(package):
        if dev_versions == "warn":
            return [
                make(
                    "mcp-version-matches-package",
                    server.shown,
                    line,
                    f'{message}; allowed for a development version by dev-versions = "warn"',
                    "a release build from the tag server.json names has no such warning",
                    severity=Severity.WARNING,
                )
            ]
        hint = development_hint(value, text, from_vcs=package.written is None)
    return [make("mcp-version-matches-package", server.shown, line, message, hint)]


def artifact_versions(server: ServerJson, name: str, version: str, options: Any) -> list[Diagnostic]:
    """``mcp-version-matches-package`` of a finished archive (``inspect --server-json``): the
    versions of server.json's entries for the archive's distribution ``name`` against the
    ``version`` its metadata carries; ``mcp-package-listed`` when it lists no such distribution."""
    entries = own_entries(server, name)
    if not entries:
        message = (
            f"server.json lists no PyPI package {name!r}: the registry will not list this archive's release"
        )
        hint = f'add {{"registryType": "pypi", "identifier": "{name}", "version": "{version}", ...}}'
        return [make("mcp-package-listed", server.shown, server.line("packages"), message, hint)]
    package_version = PackageVersion(version, "the archives' METADATA / PKG-INFO Version")
    independent = options.mcp_server_version == "independent"
    return check_versions(
        server, entries, package_version, independent=independent, dev_versions=options.dev_versions
    )
