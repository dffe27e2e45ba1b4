"""The wrapping PEP 517 backend: the third adapter, for build backends without plugins.

```toml
[build-system]
requires = ["smart-tool-build", "uv_build>=0.9"]
build-backend = "smart_tool_build.backend"
```

Every PEP 517 and PEP 660 hook delegates to the backend :mod:`smart_tool_build.project.backends`
chooses. A hook that backend lacks is missing here too (module ``__getattr__``), so a
frontend does what PEP 517 says for a missing optional hook. ``get_requires_for_build_*``
import nothing of the core. ``build_wheel`` and ``build_sdist``:

1. check the project with the core (one plan, :func:`smart_tool_build.plan.build_plan.plan_build`),
   before building when the version is known (static, the frontend's metadata, or the
   wrapped backend's ``prepare_metadata_for_build_wheel``);
2. let the wrapped backend build into a scratch folder inside the output folder;
3. check again with the version its METADATA / PKG-INFO carries, when that was not known;
4. amend the archive with the plan's files (:mod:`smart_tool_build.archives.amend`), whatever the
   wrapped backend's include and exclude settings said, reading every member (a truncated
   or corrupt archive is an ``artifact-readable`` finding);
5. verify the result (:func:`smart_tool_build.archives.verify.verify`), still in the scratch
   folder, and only then rename it into place: a failing one never takes its name, and
   neither does a half-written one, whatever interrupts the build.

``build_editable`` checks and copies nothing (the accessor reads the source tree). While the
wrapped backend runs, the plugins of hatchling and setuptools step aside
(:data:`smart_tool_build.project.optin.WRAPPER_ENVIRONMENT`), so the checks run once.

A problem in the project, an output folder that cannot be written or an unreadable archive
ends the build with one line per problem on stderr and exit status 1, an interrupt with one
line and status 130; no traceback of ours. The wrapped backend's own errors pass through as
they are.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections.abc import Iterator, Mapping

from .project.backends import choose
from .project.names import PYPROJECT
from .project.optin import WRAPPER_ENVIRONMENT, read_toml

#: typing and pathlib are imported only where a build needs them: over a backend as light as
#: uv_build's shim, they are most of what a ``get_requires_for_build_*`` process imports
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, NoReturn, Optional

    from .archives.reader import Archive
    from .diagnostics.diagnostic import Diagnostic
    from .plan.build_plan import BuildPlan
    from .plan.layout import ArtifactKind

__all__ = ["build_sdist", "build_wheel", "get_requires_for_build_sdist", "get_requires_for_build_wheel"]

_PREFIX = "smart-tool: "


def _say(line: str) -> None:
    print(f"{_PREFIX}{line}", file=sys.stderr, flush=True)


def _fail(lines: list[str], status: int = 1) -> NoReturn:
    for line in lines:
        print(line, file=sys.stderr, flush=True)
    raise SystemExit(status)


def _document() -> Mapping[str, Any]:
    try:
        with open(PYPROJECT, "rb") as handle:
            return read_toml(handle.read())
    except OSError:
        return {}


@functools.cache
def _wrapped() -> tuple[str, Any]:
    """(its name, the backend object) of the backend this project's build wraps."""
    choice = choose(_document())
    if choice.backend is None:
        _fail([f"{_PREFIX}{choice.problem}"])
    from importlib import import_module

    module, _, attribute = choice.backend.partition(":")
    try:
        backend: Any = import_module(module)
    except ImportError as exc:
        _fail(
            [
                f"{_PREFIX}cannot import the backend to wrap, {module!r} ({choice.origin}): {exc}; "
                "add it to [build-system].requires"
            ]
        )
    for part in filter(None, attribute.split(".")):
        backend = getattr(backend, part)
    return choice.backend, backend


@contextlib.contextmanager
def _wrapping() -> Iterator[None]:
    """The wrapped backend runs with the plugins of ours stepped aside."""
    before = os.environ.get(WRAPPER_ENVIRONMENT)
    os.environ[WRAPPER_ENVIRONMENT] = "1"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(WRAPPER_ENVIRONMENT, None)
        else:
            os.environ[WRAPPER_ENVIRONMENT] = before


def _delegate(hook: str, *args: Any) -> Any:
    """Call the wrapped backend's ``hook``. Its own errors pass through as it raised them,
    with its traceback but without the wrapper's frames above it."""
    function = getattr(_wrapped()[1], hook)
    try:
        with _wrapping():
            return function(*args)
    except (SystemExit, KeyboardInterrupt):
        raise
    except BaseException as exc:
        import traceback

        below = exc.__traceback__.tb_next if exc.__traceback__ is not None else None
        traceback.print_exception(type(exc), exc, below)
        raise SystemExit(1) from None


# ----------------------------------------------------------------------------- the cheap hooks


def get_requires_for_build_wheel(config_settings: Optional[dict[str, Any]] = None) -> list[str]:
    hook = getattr(_wrapped()[1], "get_requires_for_build_wheel", None)
    return [] if hook is None else list(_delegate("get_requires_for_build_wheel", config_settings))


def get_requires_for_build_sdist(config_settings: Optional[dict[str, Any]] = None) -> list[str]:
    hook = getattr(_wrapped()[1], "get_requires_for_build_sdist", None)
    return [] if hook is None else list(_delegate("get_requires_for_build_sdist", config_settings))


def _get_requires_for_build_editable(config_settings: Optional[dict[str, Any]] = None) -> list[str]:
    return list(_delegate("get_requires_for_build_editable", config_settings))


def _prepare_metadata_for_build_wheel(
    metadata_directory: str, config_settings: Optional[dict[str, Any]] = None
) -> str:
    return str(_delegate("prepare_metadata_for_build_wheel", metadata_directory, config_settings))


def _prepare_metadata_for_build_editable(
    metadata_directory: str, config_settings: Optional[dict[str, Any]] = None
) -> str:
    return str(_delegate("prepare_metadata_for_build_editable", metadata_directory, config_settings))


# ----------------------------------------------------------------------------- the builds


def build_wheel(
    wheel_directory: str,
    config_settings: Optional[dict[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    return _build("wheel", wheel_directory, config_settings, metadata_directory)


def build_sdist(sdist_directory: str, config_settings: Optional[dict[str, Any]] = None) -> str:
    return _build("sdist", sdist_directory, config_settings, None)


def _build_editable(
    wheel_directory: str,
    config_settings: Optional[dict[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    return _build("editable", wheel_directory, config_settings, metadata_directory)


_OPTIONAL_HOOKS = {
    "get_requires_for_build_editable": _get_requires_for_build_editable,
    "prepare_metadata_for_build_wheel": _prepare_metadata_for_build_wheel,
    "prepare_metadata_for_build_editable": _prepare_metadata_for_build_editable,
    "build_editable": _build_editable,
}


def __getattr__(name: str) -> Any:
    """An optional hook exists here exactly when the wrapped backend has it."""
    if name in _OPTIONAL_HOOKS and hasattr(_wrapped()[1], name):
        return _OPTIONAL_HOOKS[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _build(
    kind: ArtifactKind, directory: str, config_settings: Optional[dict[str, Any]], metadata: Optional[str]
) -> str:
    """One build; an interrupt ends it with one line, and nothing written under its name."""
    try:
        return _build_checked(kind, directory, config_settings, metadata)
    except KeyboardInterrupt:
        _fail([f"{_PREFIX}interrupted: no {kind} written to {directory}"], 130)


def _build_checked(
    kind: ArtifactKind, directory: str, config_settings: Optional[dict[str, Any]], metadata: Optional[str]
) -> str:
    """Everything happens in a scratch folder inside ``directory``; the artifact takes its
    final name by one rename, once it is amended and verified."""
    import shutil
    from pathlib import Path

    from .rules.versions import same_version

    name = _wrapped()[0]
    root = Path.cwd()
    origin = f"the version {name} resolved"
    scratch = Path(directory) / f".smart-tool-{os.urandom(16).hex()}"
    try:
        _make_scratch(scratch, directory)
        plan = None
        known = _version_before(kind, root, metadata, config_settings)
        if known is not None:
            plan = _plan(root, known[0], known[1] if known[1] else origin, kind)
        hook = {"wheel": "build_wheel", "sdist": "build_sdist", "editable": "build_editable"}[kind]
        args: tuple[Any, ...] = (config_settings,) if kind == "sdist" else (config_settings, metadata)
        built_name = str(_delegate(hook, str(scratch), *args))
        built = scratch / built_name
        final = Path(directory) / built_name
        archive = _open_built(built, final.name)
        version = _artifact_version(archive)
        if version is not None and (plan is None or not same_version(plan.version, version)):
            plan = _plan(
                root, version, f"{origin} (its {'PKG-INFO' if kind == 'sdist' else 'METADATA'})", kind
            )
        if plan is None:
            _fail([f"{_PREFIX}{built_name} carries no version in its metadata: not checked, not built"])
        if kind == "editable":
            _place(built, final)
            return built_name
        checked = scratch / "checked" / built_name
        checked.parent.mkdir()
        _amend(plan, kind, archive, checked, final.name)
        _verify(plan, kind, checked, final.name)
        _place(checked, final)
        return built_name
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _make_scratch(scratch: Path, directory: str) -> None:
    """Made inside the ``try`` that removes it (named first, so an interrupt the moment it
    is made still finds it)."""
    try:
        scratch.mkdir(0o700)
    except OSError as exc:
        _fail([f"{_PREFIX}cannot write into the output folder {directory}: {exc.strerror or exc}"])


def _place(path: Path, final: Path) -> None:
    """``path`` becomes ``final`` in one step: a reader sees the whole artifact or none."""
    try:
        os.replace(path, final)
    except OSError as exc:
        _fail([f"{_PREFIX}cannot write {final}: {exc.strerror or exc}"])


def _version_before(
    kind: ArtifactKind, root: Path, metadata: Optional[str], config_settings: Optional[dict[str, Any]]
) -> Optional[tuple[str, str]]:
    """(version, where it came from) when it can be known before the build, else None."""
    from pathlib import Path

    from .project.distribution import core_metadata, read

    if metadata is not None:
        with contextlib.suppress(OSError):
            version = core_metadata((Path(metadata) / "METADATA").read_bytes()).get("Version")
            if version:
                return version, ""
    package, _ = read(root)
    if package.version.value is not None:
        return package.version.value, package.version.origin
    prepare = f"prepare_metadata_for_build_{'editable' if kind == 'editable' else 'wheel'}"
    if kind == "sdist" or not hasattr(_wrapped()[1], prepare):
        return None
    import tempfile

    with tempfile.TemporaryDirectory(prefix="smart-tool-metadata-") as scratch:
        folder = _delegate(prepare, scratch, config_settings)
        version = core_metadata((Path(scratch) / folder / "METADATA").read_bytes()).get("Version")
    return (version, "") if version else None


def _open_built(built: Path, shown: str) -> Archive:
    """The archive the wrapped backend wrote; one it wrote unreadable is a finding."""
    from .archives.reader import ArchiveError, open_archive

    try:
        return open_archive(built)
    except ArchiveError as exc:
        _reject(shown, [_unreadable(shown, str(exc))])


def _artifact_version(archive: Archive) -> Optional[str]:
    from .archives.reader import dist_info_folders
    from .project.distribution import core_metadata

    if archive.kind == "wheel":
        folders = dist_info_folders(archive.files)
        member = f"{folders[0]}/METADATA" if len(folders) == 1 else None
    else:
        tops = {name.split("/", 1)[0] for name in archive.files}
        member = f"{tops.pop()}/PKG-INFO" if len(tops) == 1 else None
    data = archive.read(member) if member else None
    return core_metadata(data).get("Version") if data else None


def _plan(root: Path, version: str, origin: str, kind: ArtifactKind) -> BuildPlan:
    from .plan.build_plan import plan_build

    plan = plan_build(root, version=version, version_origin=origin, editable=kind == "editable")
    _show(plan.diagnostics)
    if plan.failed():
        _fail([*_errors(plan.diagnostics), f"{_PREFIX}not building: fix the problems above"])
    for note in plan.notes:
        _say(note)
    return plan


def _amend(plan: BuildPlan, kind: ArtifactKind, archive: Archive, target: Path, shown: str) -> None:
    from .archives.amend import Addition, AmendError, amend_sdist, amend_wheel, source_date_epoch
    from .archives.reader import dist_info_folders

    names = list(archive.files)
    if kind == "wheel":
        folders = dist_info_folders(names)
        dist_info = folders[0] if len(folders) == 1 else ""
        additions = [Addition(f.member(dist_info), plan.root / f.source) for f in plan.files("wheel")]
        amend = amend_wheel
    else:
        top = names[0].split("/", 1)[0] if names else ""
        additions = [Addition(f"{top}/{f.target}", plan.root / f.source) for f in plan.files("sdist")]
        amend = amend_sdist
    try:
        changed = amend(archive.path, target, additions, epoch=source_date_epoch())
    except AmendError as exc:
        _reject(shown, [_unreadable(shown, str(exc))])
    except OSError as exc:
        _fail([f"{_PREFIX}cannot write {shown}: {exc}"])
    if changed:
        _say(f"{shown}: put in what it must carry: {', '.join(changed)}")


def _verify(plan: BuildPlan, kind: ArtifactKind, path: Path, shown: str) -> None:
    from .archives.verify import verify

    report = verify(path, source=plan.facts("sdist" if kind == "sdist" else "wheel"), display=shown)
    _show(report.diagnostics)
    if report.failed():
        _reject(shown, _errors(report.diagnostics))
    _say(f"{shown} verified")


def _unreadable(shown: str, problem: str) -> str:
    from .archives.verify import unreadable

    return str(unreadable(shown, problem))


def _reject(shown: str, errors: list[str]) -> NoReturn:
    """The artifact failed: it never takes its final name (its scratch folder goes)."""
    _fail([*errors, f"{_PREFIX}removed {shown}: it failed the smart-tool checks"])


def _errors(diagnostics: list[Diagnostic]) -> list[str]:
    from .diagnostics.diagnostic import Severity

    return [str(d) for d in diagnostics if d.severity is Severity.ERROR]


def _show(diagnostics: list[Diagnostic]) -> None:
    from .diagnostics.diagnostic import Severity

    for diagnostic in diagnostics:
        if diagnostic.severity is not Severity.ERROR:
            _say(str(diagnostic))
