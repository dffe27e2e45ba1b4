"""The setuptools plugin's entry points: setuptools loads them on every build in the environment,
so they import only the standard library and act only for a project that opted in.
"""

from __future__ import annotations

import os

from .project.names import wrapper_active
from .project.optin import SETUPTOOLS_STATE_ATTRIBUTE as STATE_ATTRIBUTE
from .project.optin import opted_in

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def finalize_distribution_options(dist: Any) -> None:
    """``setuptools.finalize_distribution_options``: switch the plugin on for an opted-in project."""
    if getattr(dist, STATE_ATTRIBUTE, None) is not None:
        return
    root = os.getcwd()
    if wrapper_active() or not opted_in(root):  # the wrapping backend checks its builds itself
        return
    from .adapters.setuptools_commands import activate

    activate(dist, root)


def write_egg_info(cmd: Any, basename: str, filename: str) -> None:
    """``egg_info.writers`` for ``smart-tool.json`` and ``SMART_TOOL.md``.

    bdist_wheel copies the .egg-info folder into the wheel's .dist-info, so this is how the
    descriptor (and a manifest that lives outside every package) gets there. A no-op for
    every project that did not opt in.
    """
    if getattr(cmd.distribution, STATE_ATTRIBUTE, None) is None:
        return
    from .adapters.setuptools_commands import write_egg_info_file

    write_egg_info_file(cmd, basename, filename)
