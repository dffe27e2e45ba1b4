"""An editable setuptools build (``editable_wheel``, ``develop``): checked, nothing copied but
what a link tree must link. Loaded only for an editable install."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..plan.layout import PlannedFile
from ..project.names import DESCRIPTOR_NAME, MANIFEST_NAME, PROJECTION_NAME

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..plan.build_plan import BuildPlan


def editable_run(command: Any, run: Callable[[], None], state: Any) -> None:
    """editable_wheel and develop: check, then build with nothing copied.

    A frontend may have prepared the metadata before it asked for an editable build (pip does);
    that .dist-info, made without knowing, carries the descriptor, and editable_wheel would
    ship it. It is copied without our files, and the copy is used.
    """
    state.editable = True
    state.check(command)
    reused = getattr(command, "dist_info_dir", None)
    ours = [
        name
        for name in (DESCRIPTOR_NAME, MANIFEST_NAME, PROJECTION_NAME)
        if reused and os.path.isfile(os.path.join(reused, name))
    ]
    if not ours:
        run()
        return
    with tempfile.TemporaryDirectory(prefix="smart-tool-") as scratch:
        copy = os.path.join(scratch, os.path.basename(os.path.normpath(str(reused))))
        shutil.copytree(str(reused), copy)
        for name in ours:
            os.remove(os.path.join(copy, name))
        command.dist_info_dir = copy
        try:
            run()
        finally:
            command.dist_info_dir = reused


def link_mapping(command: Any, mapping: dict[str, str], state: Any) -> dict[str, str]:
    """build_py's output mapping (build_lib path -> source path) in editable mode, with the
    plan's editable links: a strict editable install builds its link tree from it, and ``run``
    copies nothing in editable mode, so without them the installed package would lack every
    resource the source tree has."""
    for file in editable_links(state.check(command)):
        mapping[str(Path(command.build_lib) / file.target)] = str(state.root / file.source)
    return mapping


def editable_links(plan: BuildPlan) -> tuple[PlannedFile, ...]:
    """What an editable install that serves a link tree instead of the source tree
    (setuptools' strict mode) must link: a collection's package data, which would
    otherwise be missing from the installed package. A smart tool's manifest is not
    linked: the runtime accessor reads it from the source tree.
    """
    if plan.collection is None:
        return ()
    return tuple(PlannedFile(source, member) for source, member in plan.collection.plan.wheel_files)
