"""The ``[build-system]`` lines that make a project's backend check its smart tool on every
build: what ``smart-tool init`` prints, and what ``build-system-names-plugin`` names, from
one source so the two never say different things.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, NamedTuple

from ..project.distribution import normalize_name

OURS = "smart-tool-build"
WRAPPER = "smart_tool_build.backend"

#: build-backend -> the backend's name, as ``[tool.smart-tool] backend`` names it
BACKENDS = {
    "hatchling.build": "hatchling",
    "setuptools.build_meta": "setuptools",
    "setuptools.build_meta:__legacy__": "setuptools",
    "uv_build": "uv_build",
    "flit_core.buildapi": "flit_core",
    "pdm.backend": "pdm-backend",
    "poetry.core.masonry.api": "poetry-core",
    "maturin": "maturin",
    "scikit_build_core.build": "scikit-build-core",
    "mesonpy": "meson-python",
}
#: the backends without a plugin system: built through the wrapping backend
WRAPPED = (
    "uv_build",
    "flit_core",
    "pdm-backend",
    "poetry-core",
    "maturin",
    "scikit-build-core",
    "meson-python",
)


class BuildSetup(NamedTuple):
    """What the project's pyproject.toml needs for its builds to check the tool."""

    #: the backend's name ("hatchling", "uv_build", ...), "npm", or "" when unknown
    backend: str
    #: the TOML lines to put in (their [build-system] table replaces the project's)
    lines: tuple[str, ...]
    #: one line saying what to do with them
    note: str


def _requirement_name(requirement: str) -> str:
    from packaging.requirements import InvalidRequirement, Requirement

    try:
        return normalize_name(Requirement(requirement).name)
    except InvalidRequirement:
        return normalize_name(requirement.split(";")[0].split("[")[0].split("=")[0].split(">")[0].strip())


def _dig(table: Any, *keys: str) -> Mapping[str, Any]:
    for key in keys:
        table = table.get(key) if isinstance(table, dict) else None
    return table if isinstance(table, dict) else {}


def _array(items: list[str]) -> str:
    return "[" + ", ".join(json.dumps(item) for item in items) + "]"


def build_setup(pyproject: Mapping[str, Any], requirement: str = OURS) -> BuildSetup:
    """The lines that make the project's backend check the tool on every build, requiring
    smart-tool-build as ``requirement`` says."""
    table = pyproject.get("build-system")
    system = table if isinstance(table, dict) else {}
    listed = system.get("requires")
    requires = [r for r in listed if isinstance(r, str)] if isinstance(listed, list) else []
    backend_path = system.get("build-backend", "setuptools.build_meta")  # PEP 517's fallback
    tool = _dig(pyproject, "tool")
    theirs = [r for r in requires if _requirement_name(r) != OURS]
    # the project requires smart-tool-build already, and as asked (a bare name asks for nothing more)
    required = len(theirs) < len(requires) and (
        requirement == OURS or requirement in [r.strip() for r in requires]
    )
    if backend_path == WRAPPER:
        if requirement == OURS or required:
            return BuildSetup(OURS, (), f"pyproject.toml already builds through {WRAPPER}")
        wrapper = (
            "[build-system]",
            f"requires = {_array([requirement, *theirs])}",
            f'build-backend = "{WRAPPER}"',
        )
        return BuildSetup(OURS, wrapper, f"pyproject.toml builds through {WRAPPER}. Require it so:")
    backend = BACKENDS.get(backend_path) if isinstance(backend_path, str) else None
    if backend is None:
        return BuildSetup(
            "",
            (),
            f"smart-tool-build has no hook for the build backend {backend_path!r}: run `smart-tool check` "
            "in CI, and `smart-tool inspect` on what it builds",
        )
    if backend in WRAPPED:
        lines = [
            "[build-system]",
            f"requires = {_array([requirement, *theirs])}",
            f'build-backend = "{WRAPPER}"',
            "",
            "[tool.smart-tool]",
            f'backend = "{backend}"',
        ]
        note = f"{backend} has no plugins: its builds check the tool through {WRAPPER}, which wraps it"
        if "smart-tool" in tool:
            lines = lines[:3]
            note += f'; add backend = "{backend}" to your [tool.smart-tool] table'
        return BuildSetup(backend, tuple(lines), note + ". Put these lines in pyproject.toml:")
    if backend == "setuptools":
        theirs = [("setuptools>=61" if r.strip() == "setuptools" else r) for r in theirs] or [
            "setuptools>=61"
        ]
    lines = [
        "[build-system]",
        f"requires = {_array([*theirs, requirement])}",
        f'build-backend = "{backend_path}"',
    ]
    if backend == "hatchling" and "smart-tool" not in _dig(tool, "hatch", "build", "hooks"):
        lines += ["", "[tool.hatch.build.hooks.smart-tool]"]
    if len(lines) == 3 and required:
        return BuildSetup(backend, (), f"pyproject.toml already builds through smart-tool-build ({backend})")
    how = "the hook" if backend == "hatchling" else "the plugin"
    return BuildSetup(
        backend, tuple(lines), f"{backend} runs {how} of smart-tool-build. Put these lines in pyproject.toml:"
    )
