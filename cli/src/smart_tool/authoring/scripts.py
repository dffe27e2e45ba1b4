"""The commands a package installs, each with what it runs: what ``init`` and ``fix`` offer as
the descriptor's ``cli_argv``."""

from __future__ import annotations

from smart_tool_build.project.distribution import PackageDefinition
from smart_tool_build.project.names import PACKAGE_JSON


def console_scripts(package: PackageDefinition) -> dict[str, str]:
    """``[project.scripts]`` (name -> ``module:function``), or package.json's ``bin`` (name -> file)."""
    project = package.data.get("project")
    if isinstance(project, dict):
        table = project.get("scripts")
        return {k: v for k, v in table.items() if isinstance(v, str)} if isinstance(table, dict) else {}
    binaries = package.data.get("bin") if package.path and package.path.endswith(PACKAGE_JSON) else None
    if isinstance(binaries, str) and isinstance(package.name, str):
        return {package.name.rpartition("/")[2]: binaries}  # "@scope/tool" installs "tool"
    if isinstance(binaries, dict):
        return {k: v for k, v in binaries.items() if isinstance(v, str)}
    return {}
