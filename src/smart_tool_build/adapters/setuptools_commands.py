"""The setuptools plugin's work: setuptools' own commands wrapped, and ``check_smart_tool``; imported
only for a project that opted in (docs/architecture.md, "How each adapter builds").
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any, Optional

from ..project.names import DESCRIPTOR_NAME, MANIFEST_NAME, PROJECTION_NAME
from ..project.optin import SETUPTOOLS_STATE_ATTRIBUTE as STATE_ATTRIBUTE
from .reporter import OutputSink, Reporter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..plan.build_plan import BuildPlan
    from ..plan.layout import ArtifactKind

    _SetupError = Exception
else:
    try:
        from setuptools.errors import SetupError as _SetupError
    except ImportError:  # setuptools before 59: older than supported, but still a clean error
        from distutils.errors import DistutilsSetupError as _SetupError

_WRAPS = "_smart_tool_wraps"
#: commands a frontend runs alone before the build (get_requires_for_build_*, prepare_metadata_*):
#: they say what the check finds only when it stops the build, which keeps setuptools' .egg-info
#: out of a source tree (an unpacked sdist's copy is not one: :meth:`BuildState.defers`)
_METADATA_ONLY = frozenset({"egg_info", "dist_info"})


class SmartToolError(_SetupError):
    """The smart tool failed its checks. setuptools prints ``error: <message>`` and stops,
    without a traceback (it does so for every ``DistutilsError``)."""


class BuildState:
    """One build's view of the opted-in project: the root, and once checked, its plan."""

    def __init__(self, root: Path) -> None:
        self.root = root
        #: set by editable_wheel/develop: nothing is copied, the source tree is read in place
        self.editable = False
        self.plan: Optional[BuildPlan] = None
        self.reporter: Reporter = Reporter(_sink())

    def check(self, command: Any) -> BuildPlan:
        """Check the root once, with the final version; raise :class:`SmartToolError` on errors."""
        if self.plan is not None:
            return self.plan
        from ..plan.build_plan import plan_build

        dist = command.distribution
        egg_info = command if getattr(command, "egg_version", None) else dist.get_command_obj("egg_info")
        if not getattr(egg_info, "egg_version", None):
            egg_info.ensure_finalized()
        plan = plan_build(
            self.root,
            version=str(egg_info.egg_version),
            version_origin="setuptools' build",
            editable=self.editable,
        )
        commands = set(getattr(dist, "commands", None) or ())
        metadata_only = bool(commands) and commands <= _METADATA_ONLY
        # a metadata-only process says what it found only when that stops the build
        self.reporter.sink = _sink(quiet=metadata_only and not plan.failed())
        self.reporter.planned(plan)
        self.plan = plan
        return plan

    def defers(self, command: Any) -> bool:
        """A metadata-only process in an unpacked sdist (``PKG-INFO`` at the root, a copy in a
        temporary folder) leaves the check to ``build_wheel``, which checks the same files."""
        commands = set(getattr(command.distribution, "commands", None) or ())
        return bool(commands) and commands <= _METADATA_ONLY and (self.root / "PKG-INFO").is_file()

    def kind(self, command: Any) -> ArtifactKind:
        """What is being built: an editable wheel copies nothing."""
        return "editable" if self.editable or getattr(command, "editable_mode", False) else "wheel"


def _state(command: Any) -> BuildState:
    state = getattr(command.distribution, STATE_ATTRIBUTE, None)
    if not isinstance(state, BuildState):  # not an assert: `python -O` would strip it
        raise SmartToolError("smart-tool: the smart-tool plugin is not active for this distribution")
    return state


# ---------------------------------------------------------------------------- output


def _sink(*, quiet: bool = False) -> OutputSink:
    """The reporter's lines on stderr, as the wrapping backend writes them; the end of a build
    is a :class:`SmartToolError`, which setuptools prints as ``error: <summary>`` with no
    traceback (the errors above it are printed first, one a line)."""
    return OutputSink(quiet=quiet, error=SmartToolError)


# ---------------------------------------------------------------------------- the wrappers


def activate(dist: Any, root: str) -> None:
    """Switch the plugin on for ``dist``: wrap its command lookup (see the module's doc)."""
    if getattr(dist, STATE_ATTRIBUTE, None) is not None:
        return
    setattr(dist, STATE_ATTRIBUTE, BuildState(Path(root)))
    original = dist.get_command_class
    made: dict[tuple[str, type], type] = {}

    def get_command_class(command: str) -> Any:
        found = original(command)
        overrides = _OVERRIDES.get(command)
        if overrides is None or not isinstance(found, type) or _WRAPS in vars(found):
            return found
        key = (command, found)
        if key not in made:
            made[key] = _wrap(found, overrides)
        return made[key]

    dist.get_command_class = get_command_class


def _wrap(base: type, overrides: dict[str, Callable[..., Any]]) -> type:
    """A subclass of ``base`` whose methods named in ``overrides`` go through them."""
    made: list[type] = []

    def bind(name: str, implementation: Callable[..., Any]) -> Callable[..., Any]:
        def method(self: Any, *args: Any, **kwargs: Any) -> Any:
            parent = getattr(super(made[0], self), name)
            return implementation(self, parent, *args, **kwargs)

        method.__name__ = name
        return method

    namespace: dict[str, Any] = {
        "__module__": base.__module__,
        "__qualname__": base.__qualname__,
        "__doc__": base.__doc__,
        _WRAPS: base,
    }
    for name, implementation in overrides.items():
        if hasattr(base, name):  # e.g. build_py.get_output_mapping is new in setuptools 64
            namespace[name] = bind(name, implementation)
    wrapped = type(base.__name__, (base,), namespace)
    made.append(wrapped)
    return wrapped


def _check_then_run(command: Any, run: Callable[[], None]) -> None:
    state = _state(command)
    deferred = state.defers(command)
    if not deferred:
        state.check(command)
    run()
    folder = getattr(command, "egg_info", None)
    if deferred or not folder or getattr(command, "dry_run", False):
        return
    # bdist_wheel copies the .egg-info folder into the wheel's .dist-info: the .dist-info's
    # other files (a root manifest's install documents, the manifest's projection) are placed
    # there, as the writers place the descriptor and the manifest
    planned = () if state.kind(command) == "editable" else state.check(command).files("wheel")
    for file in planned:
        if file.content is not None:  # made by the build (the manifest's projection)
            _write(file.content, Path(folder) / file.target)
        elif file.in_dist_info and file.target not in (DESCRIPTOR_NAME, MANIFEST_NAME):
            _place(state.root / file.source, Path(folder) / file.target, link=False)
    # an earlier build's projection, where this build makes none (an editable one, or a
    # manifest whose errors are ignored): the writers remove their stale files the same way
    stale = Path(folder) / PROJECTION_NAME
    if stale.is_file() and all(f.target != PROJECTION_NAME for f in planned):
        stale.unlink()


def _build_py_run(command: Any, run: Callable[[], None]) -> None:
    from .setuptools_wheel import build_py_run  # an sdist's build runs neither build_py nor bdist_wheel

    build_py_run(command, run, _state(command), _place)


def _build_py_get_output_mapping(
    command: Any, get_output_mapping: Callable[[], dict[str, str]]
) -> dict[str, str]:
    """In editable mode, also map the plan's editable links (:mod:`.setuptools_editable`)."""
    mapping = dict(get_output_mapping() or {})
    if not getattr(command, "editable_mode", False):
        return mapping
    from .setuptools_editable import link_mapping

    return link_mapping(command, mapping, _state(command))


def _sdist_run(command: Any, run: Callable[[], None]) -> None:
    state = _state(command)
    state.check(command)
    run()
    archives = [Path(p) for p in (command.get_archive_files() or [])]
    state.reporter.check_archives([(p, p.name) for p in archives], state.check(command).facts("sdist"))


def _sdist_make_release_tree(
    command: Any, make_release_tree: Callable[[str, list[str]], None], base_dir: str, files: list[str]
) -> None:
    make_release_tree(base_dir, files)
    if getattr(command, "dry_run", False):
        return
    state = _state(command)
    planned = state.check(command).files("sdist")
    for file in planned:  # a file setuptools put into the fresh release tree stays as it is
        target = Path(base_dir) / file.target
        if not os.path.lexists(target):
            _place(state.root / file.source, target, link=hasattr(os, "link"))
    if (state.root / "MANIFEST.in").is_file():  # the user's own file list: say what it lost
        from .reporter_words import left_out_notes

        listed = {Path(name).as_posix() for name in files}
        plan = state.check(command)
        for line in left_out_notes(plan, "sdist", lambda f: f.target not in listed, "MANIFEST.in"):
            state.reporter.note(line)


def _bdist_wheel_run(command: Any, run: Callable[[], None]) -> None:
    from .setuptools_wheel import bdist_wheel_run

    bdist_wheel_run(command, run, _state(command))


def _editable_run(command: Any, run: Callable[[], None]) -> None:
    """editable_wheel and develop: check, then build with nothing copied (:mod:`.setuptools_editable`)."""
    from .setuptools_editable import editable_run

    editable_run(command, run, _state(command))


_OVERRIDES: dict[str, dict[str, Callable[..., Any]]] = {
    "egg_info": {"run": _check_then_run},
    "build_py": {"run": _build_py_run, "get_output_mapping": _build_py_get_output_mapping},
    "sdist": {"run": _sdist_run, "make_release_tree": _sdist_make_release_tree},
    "bdist_wheel": {"run": _bdist_wheel_run},
    "editable_wheel": {"run": _editable_run},
    "develop": {"run": _editable_run},
}


# ---------------------------------------------------------------------------- files


def write_egg_info_file(command: Any, basename: str, filename: str) -> None:
    """The ``egg_info.writers`` entry points' work (the entry module checks the opt-in)."""
    state = _state(command)
    if state.defers(command):  # the build_wheel process writes them, checked
        return
    data: Optional[bytes] = None
    if not state.editable:
        for file in state.check(command).files("wheel"):
            if file.in_dist_info and file.target == basename:
                data = (state.root / file.source).read_bytes()
    if getattr(command, "dry_run", False):
        return
    if data is None:
        if os.path.isfile(filename):
            command.delete_file(filename)  # stale: from a build before this one
        return
    state.reporter.note(f"writing {basename} to {filename}")
    with open(filename, "wb") as handle:
        handle.write(data)


def _write(data: bytes, target: Path) -> None:
    """Put ``data`` at ``target`` (left alone when it holds them already)."""
    if target.is_file() and not target.is_symlink() and target.read_bytes() == data:
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.exists() or target.is_symlink():
        target.unlink()
    target.write_bytes(data)


def _place(source: Path, target: Path, *, link: bool) -> None:
    """Put ``source``'s bytes at ``target`` (a hard link where allowed, else a copy)."""
    data = source.read_bytes()
    if target.is_file() and not target.is_symlink() and target.read_bytes() == data:
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.exists() or target.is_symlink():
        target.unlink()
    if link:
        try:
            os.link(source, target)
            return
        except OSError:
            pass
    shutil.copy2(source, target)
