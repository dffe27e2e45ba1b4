"""The hatchling build hook: a thin adapter from hatchling's hook API to the core.

Hatchling imports every ``hatch`` entry point on every build in the environment, so this
module imports nothing but hatchling's own interface; the core is imported when the hook
runs, which is only for projects that configured ``[tool.hatch.build.hooks.smart-tool]``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from hatchling.builders.hooks.plugin.interface import BuildHookInterface
from hatchling.plugin import hookimpl

if TYPE_CHECKING:
    from .artifacts import SourceFacts
    from .diagnostics import Diagnostic

TABLE = "tool.hatch.build.hooks.smart-tool"


class SmartToolBuildHook(BuildHookInterface):  # type: ignore[misc]
    """Fails a build of an invalid smart tool; guarantees its files in wheel and sdist."""

    PLUGIN_NAME = "smart-tool"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._facts: Optional[SourceFacts] = None

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        from . import layout
        from .artifacts import SourceFacts
        from .checks import check_root

        root = Path(self.root)
        resolved = self.metadata.version
        report = check_root(
            root,
            version=resolved,
            version_origin="the version hatchling resolved",
            hook_options=dict(self.config),
            hook_table=TABLE,
        )
        self._show(report.diagnostics)
        if report.failed() or report.manifest is None or report.manifest_relative is None:
            self._abort("not building: fix the problems above (codes are explained in the README)")
        self.app.display_info(
            f"smart-tool: {report.manifest_relative} checked ({report.manifest.name} {resolved})"
        )
        if version == "editable":
            # nothing is copied: an editable install reads the manifest from the source tree
            return
        plan = layout.plan(root, report.manifest_relative, report.install_docs)
        force_include = build_data.setdefault("force_include", {})
        descriptor_bytes = (root / "smart-tool.json").read_bytes()
        manifest_bytes = (root / report.manifest_relative).read_bytes()
        if self.target_name == "sdist":
            for relative in plan.sdist_files:
                force_include[str(root / relative)] = relative
            self._facts = SourceFacts(
                manifest_bytes,
                descriptor_bytes,
                plan.manifest_source,
                sdist_members=plan.sdist_files,
                dev_versions=report.options.dev_versions,
            )
        elif self.target_name == "wheel":
            dist_info = self._dist_info(resolved)
            member = plan.wheel_manifest_member(dist_info)
            force_include[str(root / plan.manifest_source)] = member
            force_include[str(root / "smart-tool.json")] = f"{dist_info}/smart-tool.json"
            self._facts = SourceFacts(
                manifest_bytes,
                descriptor_bytes,
                plan.manifest_source,
                wheel_manifest_member=member,
                dev_versions=report.options.dev_versions,
            )

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self._facts is None:
            return
        from .artifacts import verify

        report = verify(Path(artifact_path), source=self._facts, display=os.path.basename(artifact_path))
        self._show(report.diagnostics)
        if report.failed():
            try:
                os.remove(artifact_path)
            except OSError:  # pragma: no cover - nothing more to do than say so
                pass
            self._abort(f"removed {os.path.basename(artifact_path)}: it failed the smart-tool checks")
        self.app.display_info(f"smart-tool: {os.path.basename(artifact_path)} verified")

    def _dist_info(self, version: str) -> str:
        # the name hatchling's wheel builder gives its .dist-info folder
        strict = getattr(self.build_config, "strict_naming", True)
        name = self.metadata.core.name if strict else self.metadata.core.raw_name
        return f"{self.normalize_file_name_component(name)}-{version}.dist-info"

    @staticmethod
    def normalize_file_name_component(text: str) -> str:
        import re

        return re.sub(r"[^\w\d.]+", "_", text, flags=re.UNICODE)

    def _show(self, diagnostics: list[Diagnostic]) -> None:
        from .diagnostics import Severity

        self._errors = [str(d) for d in diagnostics if d.severity is Severity.ERROR]
        for diagnostic in diagnostics:
            if diagnostic.severity is Severity.WARNING:
                self.app.display_warning(f"smart-tool: {diagnostic}")
            elif diagnostic.severity is Severity.INFO:
                self.app.display_info(f"smart-tool: {diagnostic}")

    def _abort(self, reason: str) -> None:
        lines = [*self._errors, f"smart-tool: {reason}"]
        self.app.abort("\n".join(lines))
        raise SystemExit(1)  # pragma: no cover - abort exits; this keeps type checkers honest


@hookimpl  # type: ignore[misc]
def hatch_register_build_hook() -> type[SmartToolBuildHook]:
    return SmartToolBuildHook
