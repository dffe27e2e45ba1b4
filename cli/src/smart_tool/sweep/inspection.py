"""``smart-tool inspect``: archives from any backend, checked with the options they were built with.

An sdist carries its pyproject.toml, so its own ``[tool.smart-tool]`` applies. A wheel
carries none: it takes the options of the sdist of the same name given with it, else those
of the current folder's pyproject.toml (CI inspects ``dist/*`` from the project's folder).
Command-line flags go over either.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Optional

from smart_tool_build.archives.facts import ArtifactReport
from smart_tool_build.archives.options import pyproject_facts
from smart_tool_build.archives.verify import verify
from smart_tool_build.diagnostics.diagnostic import Diagnostic, make
from smart_tool_build.project.config import Options, read_options
from smart_tool_build.project.names import PYPROJECT, normalize_name
from smart_tool_build.project.paths import RefusedFile, read_inside


def _wheel_name(path: Path) -> str:
    """The distribution a wheel's file name says it is (PEP 427: ``name-version-...whl``)."""
    return normalize_name(path.name.split("-", 1)[0])


def inspect_artifacts(
    artifacts: Sequence[tuple[Path, str]],
    *,
    flags: Optional[Mapping[str, Any]] = None,
    here: Path = Path("."),
    mcp_name: Optional[str] = None,
    mcp_server: Any = None,
) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """(findings, findings set aside by ``ignore``) for archives given as (path, as shown).

    ``here`` is the folder whose pyproject.toml holds a lone wheel's options; ``mcp_name`` an
    MCP server's name (``--server-json``) each archive's description must claim, and
    ``mcp_server`` its server.json, whose versions each archive's must equal (said once).
    """
    reports: dict[Path, ArtifactReport] = {}
    sdists = [(path, shown) for path, shown in artifacts if not path.name.lower().endswith(".whl")]
    for path, shown in sdists:
        reports[path] = verify(path, display=shown, flags=flags, mcp_name=mcp_name, mcp_server=mcp_server)
    by_name = {r.name: r for r in reports.values() if r.kind == "sdist" and r.name}
    local = None
    for path, shown in artifacts:
        if path in reports:
            continue
        sdist = by_name.get(_wheel_name(path))
        if sdist is not None:
            reports[path] = verify(
                path,
                display=shown,
                options=sdist.options,
                written_version=sdist.written_version,
                lacking_install=sdist.lacking_install,
                record=True,
                mcp_name=mcp_name,
                mcp_server=mcp_server,
            )
            continue
        if local is None:
            local = _local_options(here, flags)
        options, written, _ = local
        reports[path] = verify(
            path,
            display=shown,
            options=options,
            written_version=written,
            record=True,
            mcp_name=mcp_name,
            mcp_server=mcp_server,
        )
    ordered = [reports[path] for path, _ in artifacts]
    # a drifted server.json is one finding, however many archives of the release show it
    diagnostics = list(dict.fromkeys(d for report in ordered for d in report.diagnostics))
    if local is not None:
        diagnostics = local[2] + diagnostics
    wheels = [r for r in ordered if r.kind == "wheel"]
    for wheel in wheels:
        for sdist in (r for r in ordered if r.kind == "sdist"):
            diagnostics += compare_pair(wheel, sdist, wheel.path.as_posix())
    return diagnostics, [d for report in ordered for d in report.ignored]


def _local_options(
    here: Path, flags: Optional[Mapping[str, Any]]
) -> tuple[Options, Optional[str], list[Diagnostic]]:
    """(options, version as written, problems) of ``here/pyproject.toml``, flags over them."""
    refused: list[Diagnostic] = []
    try:  # a regular file inside the folder, of at most 1 MiB: a FIFO or a giant is not read
        data: Optional[bytes] = read_inside(here, PYPROJECT)
    except RefusedFile as exc:
        data = None
        if os.path.lexists(here / PYPROJECT):
            message = f"{PYPROJECT} {exc.message}"
            hint = f"make {PYPROJECT} a regular UTF-8 file of at most 1 MiB, inside the folder"
            refused.append(make("package-definition-parses", PYPROJECT, None, message, hint))
    tool, text, version = pyproject_facts(data)
    options, problems = read_options(tool, path=PYPROJECT, text=text, flags=flags)
    return options, version, refused + problems


def compare_pair(wheel: ArtifactReport, sdist: ArtifactReport, shown: str) -> list[Diagnostic]:
    """A wheel and an sdist of one release (same name, same version) carry byte-identical manifests."""
    if wheel.manifest_bytes is None or sdist.manifest_bytes is None:
        return []
    if wheel.name != sdist.name or wheel.version != sdist.version:
        return []  # not one release: e.g. two tools of a monorepo that share a version
    if wheel.manifest_bytes == sdist.manifest_bytes:
        return []
    return [
        make(
            "artifact-pair-identical",
            shown,
            None,
            f"the wheel's {wheel.manifest_member} and the sdist's {sdist.manifest_member} differ "
            f"for the same release {wheel.version}",
            "build both from one clean tree in one run, e.g. python -m build",
        )
    ]
