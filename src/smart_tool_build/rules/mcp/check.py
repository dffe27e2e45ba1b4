"""The source check of an MCP server: server.json as the registry checks it, its versions
against the package's, and the claim in the readme the build turns into the description."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field
from typing import Any, Optional

from ...diagnostics.diagnostic import Diagnostic, make
from ...parsing.lines import key_line, toml_key_line
from ...project.config import Options
from ...project.distribution import PackageDefinition, PackageVersion
from ...project.names import PYPROJECT
from ...project.paths import RefusedFile, read_inside
from . import SERVER_JSON
from .claim import assembled_note, readme_claim
from .registry_rules import check_document
from .server_json import ServerJson, read_server
from .versions import check_versions, own_entries


@dataclass
class ServerReport:
    """What the source check found: ``name`` is the server's name the release's description
    must claim (None when there is no PyPI entry of this project to claim it for)."""

    shown: str
    #: its path relative to the root (POSIX): an sdist carries it, so a wheel built from the
    #: sdist is checked as the sdist was
    relative: str = SERVER_JSON
    name: Optional[str] = None
    diagnostics: list[Diagnostic] = field(default_factory=list)


def server_path(options: Options) -> str:
    """server.json's path relative to the root: the option's, or the root's own."""
    return posixpath.normpath(options.mcp_server) if options.mcp_server else SERVER_JSON


def check_server(
    root: Any,
    package: PackageDefinition,
    package_version: PackageVersion,
    options: Options,
    *,
    prefix: str = "",
) -> ServerReport:
    """Every finding for the project's server.json; never raises for bad input."""
    relative = server_path(options)
    shown = prefix + relative
    named_at = None
    if options.mcp_server and package.path is not None:
        named_at = (package.path, toml_key_line(package.text, ("tool", "smart-tool", "mcp-server")))
    server, out = read_server(root, relative, shown, named_at=named_at)
    report = ServerReport(shown, relative, None, out)
    if server is None:
        return report
    out += check_document(server)
    if package.path is None or not package.path.endswith(PYPROJECT):
        return report  # a PyPI entry is a Python project's: package.json projects publish to npm
    entries = own_entries(server, package.name)
    if not entries:
        out.append(
            make(
                "mcp-package-listed",
                shown,
                server.line("packages"),
                f"server.json lists no PyPI package {package.name!r}: "
                "the registry will not list what this build makes",
                f'add {{"registryType": "pypi", "identifier": "{package.name}", "version": '
                f'"{package_version.value or "<version>"}", "transport": {{"type": "stdio"}}}} to `packages`',
            )
        )
        return report
    out += check_versions(
        server,
        entries,
        package_version,
        independent=options.mcp_server_version == "independent",
        dev_versions=options.dev_versions,
    )
    name = server.document.get("name")
    if isinstance(name, str) and name:
        report.name = name
        out += readme_rule(root, package, name, prefix)
    return report


def readme_rule(root: Any, package: PackageDefinition, name: str, prefix: str) -> list[Diagnostic]:
    """The readme [project] declares, read as the build will read it, holds the claim."""
    project = package.data.get("project")
    project = project if isinstance(project, dict) else {}
    path, text = package.path or PYPROJECT, package.text
    line = toml_key_line(text, ("project", "readme")) or key_line(text, "project")
    readme = project.get("readme")
    dynamic = project.get("dynamic")
    if readme is None:
        if isinstance(dynamic, list) and "readme" in dynamic:
            return [assembled_note(path, toml_key_line(text, ("project", "dynamic")) or line, name)]
        return [
            make(
                "mcp-readme-declared",
                path,
                line,
                "[project] declares no `readme`: the release has no description, so no `mcp-name:` claim "
                "the registry could read",
                f'declare readme = "README.md" in [project], with `<!-- mcp-name: {name} -->` in it',
            )
        ]
    keywords = project.get("keywords")
    summary = project.get("description")
    elsewhere = {
        "`keywords`": " ".join(k for k in keywords if isinstance(k, str))
        if isinstance(keywords, list)
        else "",
        "the summary (`description`)": summary if isinstance(summary, str) else "",
    }
    if isinstance(readme, dict) and isinstance(readme.get("text"), str):
        return [d._replace(path=path, line=line) for d in readme_claim(readme["text"], name, path, elsewhere)]
    relative = readme.get("file") if isinstance(readme, dict) else readme
    if not isinstance(relative, str) or not relative:
        return []  # not a readme the backend takes: it refuses the build itself
    try:
        data = read_inside(root, relative)
        content = data.decode("utf-8")
    except RefusedFile as exc:
        return [_unreadable(path, line, relative, exc.message)]
    except UnicodeDecodeError as exc:
        return [_unreadable(path, line, relative, f"is not UTF-8 (byte offset {exc.start})")]
    return readme_claim(content, name, prefix + posixpath.normpath(relative), elsewhere)


def _unreadable(path: str, line: Optional[int], relative: str, why: str) -> Diagnostic:
    return make(
        "mcp-readme-declared",
        path,
        line,
        f"the readme {relative!r} {why}: the build cannot make a description of it",
        "declare a regular UTF-8 file of at most 1 MiB inside the project",
    )


def server_for_artifacts(path: Any, shown: str) -> tuple[Optional[ServerJson], list[Diagnostic]]:
    """(the server.json, every finding) for one named on its own (``inspect --server-json``):
    read as the source check reads it, checked as the registry checks it."""
    from pathlib import Path

    given = Path(path)
    server, out = read_server(given.parent, given.name, shown)
    if server is not None:
        out += check_document(server)
    return server, out


def server_name(server: ServerJson) -> Optional[str]:
    """The name a server.json gives, which the archives' descriptions must claim."""
    name = server.document.get("name")
    return name if isinstance(name, str) and name else None
