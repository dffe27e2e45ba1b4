"""The hatchling build hook's work, imported when the hook runs (the entry module,
:mod:`smart_tool_build.hatch_hook`, imports only hatchling's interface): plan, add the
planned files to ``force_include``, check the finished archive (docs/backends.md, hatchling).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Optional

from .reporter import OutputSink, Reporter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface

    from ..plan.build_plan import BuildPlan
    from ..plan.layout import ArtifactKind
    from ..project.config import HookOptions

TABLE = "tool.hatch.build.hooks.smart-tool"
#: keys hatchling itself reads from every build-hook table; never ours to refuse
HATCH_HOOK_KEYS = frozenset(
    ("dependencies", "require-runtime-dependencies", "require-runtime-features", "enable-by-default")
)


def hook_options(values: dict[str, Any]) -> HookOptions:
    """The hook table's options, as the core layers them over ``[tool.smart-tool]``."""
    from ..project.config import HookOptions

    return HookOptions(TABLE, values, HATCH_HOOK_KEYS)


class HatchlingBuild:
    """One hatchling build of one target, for the hook that runs it (``hook``: hatchling's
    ``root``, ``metadata``, ``config``, ``target_name``, ``build_config`` and ``app``): fails
    a build of an invalid smart tool; guarantees its files in wheel and sdist."""

    def __init__(self, hook: BuildHookInterface) -> None:  # type: ignore[type-arg]
        self.hook = hook
        #: what hatchling gives the hook: the project's root and the target's build config
        self.root, self.build_config = str(hook.root), hook.build_config
        #: the plan of a build whose archive is verified in ``finalize`` (None: nothing to do)
        self._plan: Optional[BuildPlan] = None
        self.report = Reporter(OutputSink(hook.app))
        #: where files whose source the project force-includes elsewhere are copied from
        self._staging: Optional[str] = None

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        from ..plan.build_plan import plan_build

        # `version` is the build flavour ("standard", "editable"), not the project version
        kind = _artifact_kind(self.hook.target_name, version)
        plan = plan_build(
            Path(self.root),
            version=self.hook.metadata.version,
            version_origin="hatchling's build",
            hook=hook_options(dict(self.hook.config)),
            editable=kind == "editable",
        )
        self.report.planned(plan)
        if not hasattr(self.build_config, "build_reserved_paths"):
            # hatchling before 1.4.0: a forced file did not replace the file's own copy there
            # (SMART_TOOL.md went into the wheel twice under one name, and a zip reader sees one)
            from .stop_words import too_old_hatchling

            self.report.failure(too_old_hatchling())
        if kind is None:
            return  # a third-party target: checked, nothing planned for it
        # add to hatchling's own force_include (it already holds pyproject.toml, the readme...):
        # it wins over exclude, only-include and .gitignore
        force_include = build_data.setdefault("force_include", {})
        root = Path(self.root)
        dist_info = self._dist_info(plan.version) if kind == "wheel" else ""
        planned_files = plan.files(kind)
        taken = self._taken(force_include)
        for planned in planned_files:
            if planned.content is not None:  # a file the build makes: staged, outside the project
                force_include[self._stage(Path(planned.target), planned.content)] = planned.member(dist_info)
                continue
            source, target = os.path.normpath(str(root / planned.source)), planned.member(dist_info)
            if target in taken.values() and taken.get(source) != target:
                continue  # the project's own file goes there: it stays, and the verifier checks it
            if (source in taken and taken[source] != target) or os.path.islink(source):
                # hatchling keys force-includes by source: the project's own copy of this
                # file elsewhere must keep its place, so ours comes from a staged copy; and
                # it writes a symlink into the sdist as a link, which no skill file may be
                source = self._stage(root / planned.source)
            force_include[source] = target
        excluded = {f for f in planned_files if self._excluded(f.source)}
        if excluded:  # the target's own settings leave planned files out: they are added, and said
            from .reporter_words import left_out_notes

            settings = f"the {self.hook.target_name} target's exclude settings (exclude, .gitignore)"
            for line in left_out_notes(plan, kind, excluded.__contains__, settings):
                self.report.note(line)
        if kind != "editable":
            self._plan = plan

    def _taken(self, force_include: dict[str, str]) -> dict[str, str]:
        """Every force-include already set (the target's configuration, then what hatchling and
        other hooks put into ``build_data``), by absolute source path as hatchling keys them."""
        taken: dict[str, str] = {}
        try:
            configured = dict(self.build_config.force_include)
        except (AttributeError, TypeError, ValueError):  # an older hatchling, or none configured
            configured = {}
        for raw, target in [*configured.items(), *force_include.items()]:
            source = os.path.normpath(os.path.join(self.root, os.path.expanduser(str(raw))))
            taken[source] = str(target).replace(os.sep, "/").strip("/")
        return taken

    def _stage(self, source: Path, data: Optional[bytes] = None) -> str:
        """A copy of ``source`` (or ``data``, a file the build makes) outside the project."""
        from .hatchling_staging import stage, staging_folder

        if self._staging is None:
            self._staging = staging_folder()
        return stage(self._staging, source, data)

    def _excluded(self, relative: str) -> bool:
        """Whether the target's own settings (exclude, .gitignore) leave ``relative`` out."""
        try:
            return bool(self.build_config.path_is_excluded(relative))
        except AttributeError:  # a builder config without hatchling's exclude spec
            return False

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self._staging is not None:
            import shutil

            shutil.rmtree(self._staging, ignore_errors=True)
            self._staging = None
        if self._plan is None:
            return
        facts = self._plan.facts("wheel" if self.hook.target_name == "wheel" else "sdist")
        self.report.check_archives([(Path(artifact_path), os.path.basename(artifact_path))], facts)

    def _dist_info(self, version: str) -> str:
        """The name hatchling's wheel builder gives the wheel's .dist-info folder."""
        try:
            project_id = self.build_config.builder.artifact_project_id
        except AttributeError:  # not hatchling's wheel builder: the standard name
            from ..plan.tool_layout import dist_info_name

            return dist_info_name(self.hook.metadata.core.name, version)
        return f"{project_id}.dist-info"


def _artifact_kind(target: str, flavour: str) -> Optional[ArtifactKind]:
    """The plan's name for what hatchling builds (``flavour``: "standard" or "editable")."""
    if target == "wheel":
        return "editable" if flavour == "editable" else "wheel"
    return "sdist" if target == "sdist" else None
