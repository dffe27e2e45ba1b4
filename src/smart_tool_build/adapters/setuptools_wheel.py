"""setuptools' wheel commands wrapped (:mod:`.setuptools_commands`): ``build_py`` places the
files the wheel must carry in ``build_lib``, and the wheel ``bdist_wheel`` wrote is checked.
Loaded only by a wheel's build (an editable one's too): an sdist's runs neither command."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any


def build_py_run(command: Any, run: Callable[[], None], state: Any, place: Callable[..., None]) -> None:
    """Run ``build_py``, then put each planned file it did not write into ``build_lib``
    (``place``: :func:`.setuptools_commands._place`), and say which skill folders its
    package data left out."""
    run()
    if getattr(command, "dry_run", False):
        return
    plan, kind = state.check(command), state.kind(command)
    planned = [f for f in plan.files(kind) if not f.in_dist_info]
    if not planned:
        return
    # what build_py wrote this run is the backend's own: it stays (anything else there is a
    # leftover of an earlier build, replaced)
    written = {os.path.normpath(p) for p in _outputs(command)}
    build_lib = Path(command.build_lib)
    for file in planned:  # the .dist-info's files travel through the egg_info folder
        if os.path.normpath(build_lib / file.target) not in written:
            place(state.root / file.source, build_lib / file.target, link=False)
    state.reporter.note(f"files the wheel must carry placed in {command.build_lib}")
    if plan.skills:  # say which skill folders package data left out (a hidden folder, always)
        from .reporter_words import left_out_notes

        dropped = {f for f in plan.skill_files(kind) if os.path.normpath(build_lib / f.target) not in written}
        settings = "package-data (its globs never match a hidden folder such as .agents)"
        for line in left_out_notes(plan, kind, dropped.__contains__, settings):
            state.reporter.note(line)


def _outputs(command: Any) -> list[str]:
    """The files ``build_py`` writes in this run (modules and package data), never raising."""
    try:
        return list(command.get_outputs(include_bytecode=False))
    except Exception:  # a user's build_py with its own idea of outputs: nothing is known
        return []


def bdist_wheel_run(command: Any, run: Callable[[], None], state: Any) -> None:
    """Run ``bdist_wheel`` on the checked project, then check the wheel it wrote."""
    state.check(command)
    dist_files = getattr(command.distribution, "dist_files", None)
    known = len(dist_files) if dist_files is not None else 0
    run()
    wheels = [Path(entry[2]) for entry in (dist_files or [])[known:] if str(entry[2]).endswith(".whl")]
    if not wheels:
        dist_dir = Path(command.dist_dir)
        wheels = sorted(dist_dir.glob(f"{command.wheel_dist_name}-*.whl"))
    if not wheels:  # the sink raises setuptools' error with the line
        state.reporter.failure(f"cannot find the wheel bdist_wheel wrote to {command.dist_dir}")
    state.reporter.check_archives([(p, p.name) for p in wheels], state.check(command).facts("wheel"))
