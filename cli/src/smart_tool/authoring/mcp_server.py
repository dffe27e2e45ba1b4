"""``smart-tool init --mcp-server``: a server.json the MCP registry accepts, from what
pyproject.toml says, and the readme line that claims it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import NamedTuple, Optional

from smart_tool_build.rules.mcp import SERVER_JSON
from smart_tool_build.rules.mcp.registry_rules import CURRENT_SCHEMA, SCHEMA_URL, SERVER_NAME, TEXT_BOUNDS

from .edits import Edit, creation
from .scaffold import InitError

#: a GitHub repository's owner and name in a URL of it
_GITHUB = re.compile(
    r"https?://(?:www\.)?github\.com/([A-Za-z0-9-]+)/([A-Za-z0-9._-]+?)(?:\.git)?/?(?:[#?].*)?$"
)


class ServerPlan(NamedTuple):
    edit: Edit
    name: str
    #: what the user should know: a description cut short, where the name came from
    notes: list[str]
    #: the line the readme needs, and the readme it goes into (None: none declared)
    claim_line: str
    readme: Optional[str]


def github_repository(project: dict[str, object]) -> Optional[tuple[str, str]]:
    """(owner, repository URL) of the first GitHub URL in [project.urls], as written."""
    urls = project.get("urls")
    if not isinstance(urls, dict):
        return None
    for value in urls.values():
        found = _GITHUB.match(value.strip()) if isinstance(value, str) else None
        if found is not None:
            return found.group(1), f"https://github.com/{found.group(1)}/{found.group(2)}"
    return None


def plan_server_json(root: Path, display: str, name: Optional[str], version: Optional[str]) -> ServerPlan:
    """The server.json to write at ``root``; :class:`InitError` when pyproject.toml cannot say
    what it needs (a name without a GitHub URL and no ``--name``, a version only a build knows)."""
    from smart_tool_build.project import distribution

    package, problems = distribution.read(root)
    errors = [d for d in problems if d.severity.value == "error"]
    if errors or package.path is None or not package.path.endswith("pyproject.toml"):
        raise InitError(f"{display}: an MCP server on PyPI needs a readable pyproject.toml with [project]")
    project = package.data.get("project")
    project = project if isinstance(project, dict) else {}
    if not package.name:
        raise InitError(f"{display}/pyproject.toml: [project] has no name")
    notes: list[str] = []
    repository = github_repository(project)
    if name is None:
        if repository is None:
            raise InitError(
                "no GitHub URL in [project.urls] to name the server after: give --name "
                "namespace/name, e.g. io.github.<Owner>/" + package.name
            )
        name = f"io.github.{repository[0]}/{package.name}"
        notes.append(
            f"named {name} after {repository[1]}: the registry grants io.github.{repository[0]} to that owner"
        )
    if not SERVER_NAME.fullmatch(name) or not 3 <= len(name) <= 200:
        raise InitError(
            f"--name {name!r} is not of the registry's form namespace/name, e.g. io.github.Owner/server"
        )
    version = package.version.value or version
    if version is None:
        raise InitError(
            f"the version is known only to a build ({package.version.unresolved or 'dynamic'}): "
            "give it with --manifest-version"
        )
    summary = project.get("description")
    description = (
        summary.strip() if isinstance(summary, str) and summary.strip() else f"MCP server {package.name}"
    )
    limit = TEXT_BOUNDS[1]
    if len(description) > limit:
        notes.append(
            f"description cut to {limit} characters, the registry's limit "
            f"([project].description has {len(description)})"
        )
        description = description[:limit].rstrip()
    document: dict[str, object] = {
        "$schema": SCHEMA_URL.format(CURRENT_SCHEMA),
        "name": name,
        "description": description,
    }
    if repository is not None:
        document["repository"] = {"url": repository[1], "source": "github"}
    document["version"] = version
    document["packages"] = [
        {
            "registryType": "pypi",
            "identifier": package.name,
            "version": version,
            "transport": {"type": "stdio"},
        }
    ]
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    prefix = display.rstrip("/") + "/" if display not in ("", ".") else ""
    edit = creation(
        root / SERVER_JSON, prefix + SERVER_JSON, text.encode(), "mcp-server-json-parses", "server.json"
    )
    readme = project.get("readme")
    readme_file = (
        readme if isinstance(readme, str) else readme.get("file") if isinstance(readme, dict) else None
    )
    return ServerPlan(
        edit,
        name,
        notes,
        f"<!-- mcp-name: {name} -->",
        prefix + readme_file if isinstance(readme_file, str) else None,
    )
