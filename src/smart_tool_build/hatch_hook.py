"""The hatchling hook's entry module, imported by hatchling on every build in the environment:
it imports only hatchling's interface; the adapter loads when the hook runs.
"""

from __future__ import annotations

from hatchling.builders.hooks.plugin.interface import BuildHookInterface
from hatchling.plugin import hookimpl

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Optional

    from .adapters.hatchling import HatchlingBuild


class SmartToolBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Fails a build of an invalid smart tool; guarantees its files in wheel and sdist."""

    PLUGIN_NAME = "smart-tool"
    #: the build's work, once ``initialize`` found it is ours to do
    _build: Optional[HatchlingBuild] = None

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        from .project.names import wrapper_active

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
