"""The ``[build-system]`` lines that make a project's backend check its smart tool on every
build: what ``smart-tool init`` prints, and what ``build-system-names-plugin`` tells, both
from the one table of backends (:data:`smart_tool_build.project.backends.TABLE`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, NamedTuple

from ..project.backends import HOOK, PLUGIN, WRAPPED, WRAPPER, Backend, by_module
from ..project.names import normalize_name
from ..project.requires import DISTRIBUTION

#: the distribution name a project requires for its builds to check the tool
OURS = DISTRIBUTION


class BuildSetup(NamedTuple):
    """What the project's pyproject.toml needs for its builds to check the tool."""

    #: the backend's name as its row gives it ("hatchling", "uv_build", ...), "npm", or "" when unknown
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
    row = by_module(backend_path)
    if row is None:
        return BuildSetup(
            "",
            (),
            f"smart-tool-build has no hook for the build backend {backend_path!r}: run `smart-tool check` "
            "in CI, and `smart-tool inspect` on what it builds",
        )
    theirs = _with_backend(row, theirs)
    if row.opt_in == WRAPPED:
        lines = [
            "[build-system]",
            f"requires = {_array([requirement, *theirs])}",
            f'build-backend = "{WRAPPER}"',
            "",
            "[tool.smart-tool]",
            f'backend = "{row.module}"',
        ]
        note = f"{row.name} has no plugins: its builds check the tool through {WRAPPER}, which wraps it"
        if "smart-tool" in tool:
            lines = lines[:3]
            note += f'; add backend = "{row.module}" to your [tool.smart-tool] table'
        return BuildSetup(row.name, tuple(lines), note + ". Put these lines in pyproject.toml:")
    lines = [
        "[build-system]",
        f"requires = {_array([*theirs, requirement])}",
        f'build-backend = "{backend_path}"',
    ]
    if row.opt_in == HOOK and "smart-tool" not in _dig(tool, "hatch", "build", "hooks"):
        lines += ["", "[tool.hatch.build.hooks.smart-tool]"]
    if len(lines) == 3 and required:
        return BuildSetup(
            row.name, (), f"pyproject.toml already builds through smart-tool-build ({row.name})"
        )
    how = "the hook" if row.opt_in == HOOK else "the plugin"
    return BuildSetup(
        row.name,
        tuple(lines),
        f"{row.name} runs {how} of smart-tool-build. Put these lines in pyproject.toml:",
    )


def _with_backend(row: Backend, theirs: list[str]) -> list[str]:
    """The project's own requirements, with the backend's as its row asks: added when none
    names it, and in place of its bare name when the row asks for more (setuptools>=61)."""
    named = [r for r in theirs if _requirement_name(r) == row.distribution]
    if not named:
        return [row.requirement, *theirs] if row.opt_in != WRAPPED else [*theirs, row.requirement]
    bare = row.distribution
    return [row.requirement if r.strip() in (bare, row.name) else r for r in theirs]


def plugin_hint(pyproject: Mapping[str, Any]) -> str:
    """What ``build-system-names-plugin`` tells a project whose ``[build-system]`` asks for no
    smart-tool-build: one sentence, each line as it is pasted, and smart-tool-build required
    as the README's "Getting smart-tool-build" shows (the bare name resolves only once it is
    on the package index)."""
    table = pyproject.get("build-system")
    backend_path = table.get("build-backend", "setuptools.build_meta") if isinstance(table, dict) else None
    row = by_module(backend_path)
    if row is None:
        return build_setup(pyproject).note
    listed = (
        'list smart-tool-build in [build-system].requires as the README\'s "Getting smart-tool-build" shows'
    )
    if row.opt_in == HOOK:
        return f"{listed}, and add the empty table [tool.hatch.build.hooks.smart-tool]"
    if row.opt_in == PLUGIN:
        return listed
    return (
        f'set build-backend = "{WRAPPER}", keep {row.distribution} in requires and {listed}: '
        f"the wrapper builds with {row.name} and checks the tool"
    )


def direct_reference(requirement: str) -> bool:
    """Whether ``requirement`` is a direct reference (``name @ URL``), such as a git one."""
    from packaging.requirements import InvalidRequirement, Requirement

    try:
        return Requirement(requirement).url is not None
    except InvalidRequirement:
        return False


def runtime_setup(pyproject: Mapping[str, Any], requirement: str) -> BuildSetup:
    """What else pyproject.toml needs when it lists ``requirement`` in ``[project].dependencies``
    (for the runtime accessor): hatchling refuses a direct reference there unless
    ``[tool.hatch.metadata] allow-direct-references = true``. No lines otherwise."""
    table = pyproject.get("build-system")
    row = by_module(table.get("build-backend") if isinstance(table, dict) else None)
    if row is None or row.opt_in != HOOK or not direct_reference(requirement):
        return BuildSetup("", (), "")
    if _dig(pyproject, "tool", "hatch", "metadata").get("allow-direct-references") is True:
        return BuildSetup(row.name, (), "")
    lines: tuple[str, ...] = ("[tool.hatch.metadata]", "allow-direct-references = true")
    if "metadata" in _dig(pyproject, "tool", "hatch"):
        lines = lines[1:]
    return BuildSetup(
        row.name,
        lines,
        "hatchling refuses a direct reference in [project].dependencies unless it is allowed: "
        "put these lines in pyproject.toml too",
    )
