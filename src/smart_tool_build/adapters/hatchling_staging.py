"""The copies a hatchling build force-includes from outside the project (a file the build
makes, a symlink, a file the project's own settings place elsewhere), each in a folder of its
own in a staging folder that goes after the build. Loaded only for a build that stages one."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path
from typing import Optional


def staging_folder() -> str:
    """A new staging folder, removed at exit if the build has not removed it by then."""
    folder = tempfile.mkdtemp(prefix="smart-tool-staged-")
    atexit.register(shutil.rmtree, folder, True)
    return folder


def stage(staging: str, source: Path, data: Optional[bytes] = None) -> str:
    """A copy of ``source`` (or ``data`` under its name: a file the build makes) in a new
    folder of ``staging``."""
    staged = os.path.join(tempfile.mkdtemp(dir=staging), source.name)
    if data is None:
        shutil.copy2(source, staged)
    else:
        Path(staged).write_bytes(data)
    return staged
