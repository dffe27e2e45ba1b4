"""``[build-system]``: whether the build of a project that names smart-tool-build will run
the checks at all, so that naming it is never a silent no-op.

Hatchling imports no third-party plugin a project does not configure, and uv_build, flit_core
and the other backends without plugins import none: on those, smart-tool-build in
``requires`` alone does nothing during the build. This rule says so where the project can
hear it (``smart-tool check``, the pre-commit hook); the wrapping backend and setuptools
refuse such builds themselves.

A root with smart-tool.json whose ``[build-system]`` names neither smart-tool-build nor the
wrapper is told too (``build-system-names-plugin``, a warning): its builds pass, and ship
whatever the backend's own settings happen to include, so nothing guarantees the two files.
The lines to add are the ones ``smart-tool init`` prints (:mod:`.build_lines`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

from ..diagnostics.diagnostic import Diagnostic, make
from ..parsing.toml_lines import toml_line
from ..project.backends import HOOK, WRAPPED, WRAPPER, by_module, choose
from ..project.requires import names_us

_HATCH_TABLE = ("tool", "hatch", "build", "hooks", "smart-tool")


def _has_hatch_table(document: Mapping[str, Any]) -> bool:
    node: Any = document
    for key in _HATCH_TABLE:
        if not isinstance(node, dict) or key not in node:
            break
        node = node[key]
    else:
        return True
    build = document.get("tool", {}).get("hatch", {}).get("build", {})
    targets = build.get("targets") if isinstance(build, dict) else None
    return isinstance(targets, dict) and any(
        isinstance(t, dict) and isinstance(t.get("hooks"), dict) and "smart-tool" in t["hooks"]
        for t in targets.values()
    )


def build_system_rules(document: Mapping[str, Any], text: Optional[str], path: str) -> list[Diagnostic]:
    """``build-system-opt-in`` when the build will not run the checks the project asked for."""
    build_system = document.get("build-system")
    if not isinstance(build_system, dict):
        return []
    backend = build_system.get("build-backend")
    line = toml_line(text, ("build-system", "build-backend"))
    asked = names_us(document)
    if backend == WRAPPER:
        if not asked:
            return [
                make(
                    "build-system-opt-in",
                    path,
                    line,
                    f"build-backend is {WRAPPER}, but [build-system].requires does not name smart-tool-build",
                    'add "smart-tool-build" to [build-system].requires',
                )
            ]
        choice = choose(document)
        if choice.problem is not None:
            where = toml_line(text, choice.key) if choice.key else None
            return [make("build-system-opt-in", path, where or line, choice.problem, choice.hint)]
        return []
    if not asked or not isinstance(backend, str):
        return []
    row = by_module(backend)
    if row is not None and row.opt_in == HOOK and not _has_hatch_table(document):
        return [
            make(
                "build-system-opt-in",
                path,
                line,
                "[build-system].requires names smart-tool-build, but hatchling runs no plugin a project "
                "does not configure: without a [tool.hatch.build.hooks.smart-tool] table the build checks "
                "and guarantees nothing",
                "add the table [tool.hatch.build.hooks.smart-tool]; empty is enough",
            )
        ]
    if row is not None and row.opt_in == WRAPPED:
        name = row.name
        return [
            make(
                "build-system-opt-in",
                path,
                line,
                f"[build-system].requires names smart-tool-build, but {name} has no plugins: the build "
                "checks and guarantees nothing",
                f'build through the wrapper, which wraps {name}: build-backend = "{WRAPPER}"',
            )
        ]
    return []


def plugin_named_rule(document: Mapping[str, Any], text: Optional[str], path: str) -> list[Diagnostic]:
    """``build-system-names-plugin`` when a tool's ``[build-system]`` asks for no smart-tool-build
    at all; the hint is what ``smart-tool init`` prints for the backend found. A pyproject.toml
    without the table is not judged (nor is the wrapper without smart-tool-build: that is
    ``build-system-opt-in``)."""
    build_system = document.get("build-system")
    if not isinstance(build_system, dict):
        return []
    if names_us(document) or build_system.get("build-backend") == WRAPPER:
        return []
    from .build_lines import build_setup, plugin_hint  # `check`'s rule: builds do not say it (rules/root.py)

    setup = build_setup(document)
    backend = f"builds with {setup.backend} check" if setup.backend else "its builds check"
    return [
        make(
            "build-system-names-plugin",
            path,
            toml_line(text, ("build-system", "requires")),
            "[build-system] names neither smart-tool-build nor its wrapper backend: "
            f"{backend} nothing, and nothing guarantees smart-tool.json and the manifest "
            "in the wheel and the sdist",
            plugin_hint(document),
        )
    ]
