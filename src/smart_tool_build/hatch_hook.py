"""The hatchling build hook's entry module: a short shim over
:mod:`smart_tool_build.adapters.hatchling`, where the hook's work lives.

Hatchling imports every ``hatch`` entry point and registers its hook class on every build in
the environment, so this module imports nothing but hatchling's own interface; the adapter
(and through it the core) is imported when the hook runs, which is only for projects that
configured ``[tool.hatch.build.hooks.smart-tool]``, and not while the wrapping backend drives
the build (it checks and amends the build itself).
"""

from __future__ import annotations

from hatchling.builders.hooks.plugin.interface import BuildHookInterface
from hatchling.plugin import hookimpl

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Optional

    from .adapters.hatchling import HatchlingBuild
    from .project.config import HookOptions


def hook_options(values: dict[str, Any]) -> HookOptions:
    """The hook table's options, as the core layers them over ``[tool.smart-tool]``."""
    from .adapters.hatchling import hook_options as options

    return options(values)


class SmartToolBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Fails a build of an invalid smart tool; guarantees its files in wheel and sdist."""

    PLUGIN_NAME = "smart-tool"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._build: Optional[HatchlingBuild] = None

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        from .project.optin import wrapper_active

        if wrapper_active():
            return  # the wrapping backend checks and amends this build itself
        from .adapters.hatchling import HatchlingBuild

        self._build = HatchlingBuild(self)
        self._build.initialize(version, build_data)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self._build is not None:
            self._build.finalize(version, build_data, artifact_path)


@hookimpl
def hatch_register_build_hook() -> type[SmartToolBuildHook]:
    return SmartToolBuildHook
