"""The hatchling build hook: a thin adapter from hatchling's hook API to the core.

Hatchling imports every ``hatch`` entry point on every build in the environment, so this
module imports nothing but hatchling's own interface; the core is imported when the hook
runs, which is only for projects that configured ``[tool.hatch.build.hooks.smart-tool]``.

What each target gets is decided by :func:`smart_tool_build.plan.build_plan.plan_build` (the places are
:mod:`smart_tool_build.plan.layout`'s and, for collections, :mod:`smart_tool_build.rules.collection`'s):

- ``sdist``: smart-tool.json, SMART_TOOL.md and its install documents (and a collection's
  files) at their source paths, added to hatchling's own ``force_include`` (so ``exclude``,
  ``only-include`` and ``.gitignore`` cannot drop them); the finished sdist is verified.
- ``wheel`` (standard): the manifest once, at its import path or in the ``.dist-info``, the
  descriptor in the ``.dist-info``, a collection's package data where the source layout puts
  it; the finished wheel is verified.
- ``wheel`` (editable): the checks run and nothing is copied into site-packages: the package
  is served from the source tree, manifest included, and the installer's ``direct_url.json``
  (PEP 610) names that tree, where :mod:`smart_tool_build.runtime.accessor` reads the manifest.

Any error stops the build with one line per problem and no traceback, and a finished
artifact that fails verification is removed before the build fails.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, Optional

from hatchling.builders.hooks.plugin.interface import BuildHookInterface
from hatchling.plugin import hookimpl

if TYPE_CHECKING:
    from .diagnostics.diagnostic import Diagnostic
    from .plan.build_plan import BuildPlan
    from .plan.layout import ArtifactKind
    from .project.config import HookOptions

TABLE = "tool.hatch.build.hooks.smart-tool"
#: keys hatchling itself reads from every build-hook table; never ours to refuse
HATCH_HOOK_KEYS = frozenset(
    {
        "dependencies",
        "require-runtime-dependencies",
        "require-runtime-features",
        "enable-by-default",
    }
)


def hook_options(values: dict[str, Any]) -> HookOptions:
    """The hook table's options, as the core layers them over ``[tool.smart-tool]``."""
    from .project.config import HookOptions

    return HookOptions(TABLE, values, HATCH_HOOK_KEYS)


class SmartToolBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Fails a build of an invalid smart tool; guarantees its files in wheel and sdist."""

    PLUGIN_NAME = "smart-tool"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._plan: Optional[BuildPlan] = None
        self._errors: list[str] = []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        from .project.optin import wrapper_active

        self._plan = None
        if wrapper_active():
            return  # the wrapping backend checks and amends this build itself
        from .plan.build_plan import plan_build

        # `version` is the build flavour ("standard", "editable"), not the project version
        self._plan = None
        kind = _artifact_kind(self.target_name, version)
        from .adapters.reporter import not_building, overridden

        plan = plan_build(
            Path(self.root),
            version=self.metadata.version,
            version_origin="the version hatchling resolved",
            hook=hook_options(dict(self.config)),
            editable=kind == "editable",
        )
        self._show(plan.diagnostics, plan, plan.ignored)
        if plan.failed():
            self._abort(not_building(plan, self.metadata.core.name))
        for note in plan.notes:
            self.app.display_info(f"smart-tool: {note}")
        self._require_reserved_paths()
        if kind is None:
            return  # a third-party target: checked, nothing planned for it
        # add to hatchling's own force_include (it already holds pyproject.toml, the readme...):
        # it wins over exclude, only-include and .gitignore
        force_include = build_data.setdefault("force_include", {})
        root = Path(self.root)
        dist_info = self._dist_info(plan.version) if kind == "wheel" else ""
        planned_files = plan.files(kind)
        for planned in planned_files:
            force_include[str(root / planned.source)] = planned.member(dist_info)
        excluded = [f.source for f in planned_files if not f.in_dist_info and self._excluded(f.source)]
        if excluded:
            settings = f"the {self.target_name} target's exclude settings (exclude, .gitignore)"
            self.app.display_info(f"smart-tool: {overridden(kind, excluded, settings)}")
        if kind != "editable":
            self._plan = plan

    def _excluded(self, relative: str) -> bool:
        """Whether the target's own settings (exclude, .gitignore) leave ``relative`` out."""
        try:
            return bool(self.build_config.path_is_excluded(relative))
        except AttributeError:  # a builder config without hatchling's exclude spec
            return False

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self._plan is None:
            return
        from .adapters.reporter import removed
        from .archives.verify import verify

        shown = os.path.basename(artifact_path)
        facts = self._plan.facts("wheel" if self.target_name == "wheel" else "sdist")
        report = verify(Path(artifact_path), source=facts, display=shown)
        self._show(report.diagnostics, self._plan, report.ignored)
        if report.failed():
            with contextlib.suppress(OSError):  # nothing more to do than say so
                os.remove(artifact_path)
            self._abort(removed([shown], report.diagnostics))
        self.app.display_info(f"smart-tool: {shown} verified")

    def _require_reserved_paths(self) -> None:
        """Refuse hatchling before 1.4.0: a forced file did not replace the file's own copy there.

        Those versions write SMART_TOOL.md into the wheel twice (the source's copy and the
        forced one) under one name, and a zip reader sees only one of them.
        """
        if hasattr(self.build_config, "build_reserved_paths"):
            return
        from importlib.metadata import PackageNotFoundError
        from importlib.metadata import version as installed

        try:
            found = f"hatchling {installed('hatchling')}"
        except PackageNotFoundError:  # pragma: no cover - hatchling is running this hook
            found = "this hatchling"
        self._errors = []
        self._abort(f"{found} is too old for the smart-tool hook: require hatchling>=1.5 in [build-system]")

    def _dist_info(self, version: str) -> str:
        """The name hatchling's wheel builder gives the wheel's .dist-info folder."""
        try:
            project_id = self.build_config.builder.artifact_project_id
        except AttributeError:  # not hatchling's wheel builder: the standard name
            from .plan.layout import dist_info_name

            return dist_info_name(self.metadata.core.name, version)
        return f"{project_id}.dist-info"

    def _show(self, diagnostics: list[Diagnostic], plan: BuildPlan, ignored: list[Diagnostic]) -> None:
        from .adapters.reporter import ignored_lines
        from .diagnostics.diagnostic import Severity

        self._errors = [str(d) for d in diagnostics if d.severity is Severity.ERROR]
        for diagnostic in diagnostics:
            if diagnostic.severity is Severity.WARNING:
                self.app.display_warning(f"smart-tool: {diagnostic}")
            elif diagnostic.severity is Severity.INFO:
                self.app.display_info(f"smart-tool: {diagnostic}")
        for line in ignored_lines(plan, ignored):
            self.app.display_warning(f"smart-tool: {line}")

    def _abort(self, reason: str) -> NoReturn:
        lines = [*self._errors, f"smart-tool: {reason}"]
        self.app.abort("\n".join(lines))
        raise SystemExit(1)  # pragma: no cover - abort exits; this keeps type checkers honest


def _artifact_kind(target: str, flavour: str) -> Optional[ArtifactKind]:
    """The plan's name for what hatchling builds (``flavour``: "standard" or "editable")."""
    if target == "wheel":
        return "editable" if flavour == "editable" else "wheel"
    return "sdist" if target == "sdist" else None


@hookimpl
def hatch_register_build_hook() -> type[SmartToolBuildHook]:
    return SmartToolBuildHook
