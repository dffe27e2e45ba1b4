"""``python setup.py check_smart_tool``: the setuptools plugin's checks as a command of their own.

setuptools loads every ``distutils.commands`` entry point on every build that applies a
pyproject.toml (to learn each command's options), whether the project uses the plugin or not:
so this module imports nothing of ours until the command runs."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, ClassVar, Optional

from ..project.optin import SETUPTOOLS_STATE_ATTRIBUTE as STATE_ATTRIBUTE

TYPE_CHECKING = False
if TYPE_CHECKING:

    class _Command:
        distribution: Any

        def announce(self, msg: str, level: int = ...) -> None: ...

        def warn(self, msg: str) -> None: ...

else:
    from setuptools import Command as _Command


class check_smart_tool(_Command):
    """``python setup.py check_smart_tool``: the build's checks, without building anything."""

    description = "check smart-tool.json and SMART_TOOL.md against the version setuptools resolves"
    user_options: ClassVar[list[tuple[str, Optional[str], str]]] = []

    def initialize_options(self) -> None:
        pass

    def finalize_options(self) -> None:
        pass

    def run(self) -> None:
        from .setuptools_commands import BuildState

        state = getattr(self.distribution, STATE_ATTRIBUTE, None)
        if not isinstance(state, BuildState):
            state = BuildState(Path(os.getcwd()))
        state.check(self)
