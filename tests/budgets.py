"""The import budgets of the entry points, written once: what loading each may import.

Hatchling and setuptools load their entry points on every build in an environment, and the
wrapper's ``get_requires_for_build_*`` run in processes of their own, so each entry point has
a budget: the modules of this package it may load at most, and the modules nobody may load
(PyYAML, ``packaging``, the checks). The tests that load an entry point in a fresh process
compare what it loaded with its budget; a failure names every module over it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple, Optional

PACKAGE = "smart_tool_build"


class Budget(NamedTuple):
    """What loading one entry point may import."""

    #: what loads the entry point, as a failure names it
    entry: str
    #: this package's modules it may load, at most (None: any but those in ``never``)
    ours: Optional[frozenset[str]]
    #: modules (or top-level packages) that must not be loaded
    never: frozenset[str]

    def over(self, loaded: Iterable[str]) -> list[str]:
        """The modules of ``loaded`` beyond the budget, sorted."""
        extra = set()
        for name in loaded:
            top = name.split(".")[0]
            banned = name in self.never or top in self.never
            if banned or (top == PACKAGE and self.ours is not None and name not in self.ours):
                extra.add(name)
        return sorted(extra)

    def check(self, loaded: Iterable[str]) -> None:
        """Fail, naming every module over the budget, when ``loaded`` exceeds it."""
        extra = self.over(loaded)
        assert not extra, (
            f"{self.entry} loaded {len(extra)} module(s) over its import budget: "
            f"{', '.join(extra)} (the budgets are in tests/budgets.py)"
        )


def _ours(*names: str) -> frozenset[str]:
    return frozenset({PACKAGE, *(f"{PACKAGE}.{name}" for name in names)})


#: ``smart_tool_build.hatch_hook``, imported and registered, beside hatchling's interface:
#: itself only, and no TOML reader of its own (hatchling may have one loaded already)
HATCH_HOOK = Budget(
    "importing smart_tool_build.hatch_hook",
    _ours("hatch_hook"),
    frozenset({"yaml", "packaging", "tomllib", "tomli"}),
)

#: the same process, whoever loaded what: no PyYAML, no ``packaging``, no checks
HATCH_HOOK_PROCESS = Budget(
    "a process that imported smart_tool_build.hatch_hook",
    None,
    frozenset({"yaml", "packaging", f"{PACKAGE}.rules.root"}),
)

#: ``smart_tool_build.setuptools_plugin``'s two hooks run on a project that did not opt in:
#: the opt-in's leaves of ``project/`` (``requires`` for a pyproject.toml that mentions us),
#: and not even setuptools
SETUPTOOLS_PLUGIN = Budget(
    "running smart_tool_build.setuptools_plugin's two hooks",
    _ours("setuptools_plugin", "project", "project.names", "project.optin", "project.requires"),
    frozenset(
        {
            "yaml",
            "packaging",
            "setuptools",
            f"{PACKAGE}.rules.root",
            f"{PACKAGE}.adapters.setuptools_commands",
        }
    ),
)

#: the plugin switched on for an opted-in project, before any command runs: no core yet
SETUPTOOLS_ACTIVATED = Budget(
    "switching the setuptools plugin on",
    None,
    frozenset(
        {
            "yaml",
            "packaging",
            f"{PACKAGE}.rules.root",
            f"{PACKAGE}.rules.manifest",
            f"{PACKAGE}.archives.verify",
            f"{PACKAGE}.archives.confirm",
        }
    ),
)

#: ``smart_tool_build.backend``'s ``get_requires_for_build_wheel`` and ``_sdist``: the
#: backend, the delegation to the wrapped backend and the leaves of ``project/`` that pick it
WRAPPER_CHEAP_HOOKS = Budget(
    "running smart_tool_build.backend's get_requires_for_build_*",
    _ours(
        "backend",
        "adapters",
        "adapters.delegation",
        "project",
        "project.names",
        "project.requires",
        "project.backends",
    ),
    frozenset({"yaml"}),
)

#: the modules that place, judge and verify library skills: a project without skills pays
#: for none of them (finding none is :mod:`smart_tool_build.project.skills`' stat of each
#: package's ``.agents/skills``); skillmeta's rules load only for a skill that names a
#: skillmeta manifest, or a project with ``skills-version = "match"``
SKILL_MODULES = frozenset(
    {
        f"{PACKAGE}.project.skills",
        f"{PACKAGE}.plan.skill_files",
        f"{PACKAGE}.archives.skill_checks",
        f"{PACKAGE}.rules.skills",
        f"{PACKAGE}.rules.skill_format",
    }
)

#: the modules that read, judge and verify an MCP server's server.json and its claim: a
#: project without a server.json pays for none of them (finding none is one ``lstat``)
MCP_MODULES = frozenset(
    {
        f"{PACKAGE}.rules.mcp",
        f"{PACKAGE}.rules.mcp.check",
        f"{PACKAGE}.rules.mcp.claim",
        f"{PACKAGE}.rules.mcp.registry_rules",
        f"{PACKAGE}.rules.mcp.server_json",
        f"{PACKAGE}.rules.mcp.versions",
    }
)

#: a build's check and plan of the shipped example, and a manifest read: no PyYAML (the
#: frontmatter is read by the package's own subset reader), no skill module (it has no skills)
#: and no MCP module (it has no server.json)
CHECK_AND_PLAN = Budget(
    "checking and planning the example", None, frozenset({"yaml", *SKILL_MODULES, *MCP_MODULES})
)
