"""The wrapping backend's pipeline for one build: plan, build into a scratch folder, amend,
check, and only then rename into place (docs/architecture.md, "How each adapter builds").
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple, NoReturn, Optional

from ..plan.build_plan import BuildPlan, plan_build
from .reporter import PREFIX, OutputSink, Reporter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..archives.archive import Archive
    from ..plan.layout import ArtifactKind, PlannedFile

_HOOKS = {"wheel": "build_wheel", "sdist": "build_sdist", "editable": "build_editable"}


class Wrapped(NamedTuple):
    """The wrapped backend as the pipeline needs it."""

    #: its ``build-backend`` value (``uv_build``, ``flit_core.buildapi``, ...)
    name: str
    #: whether it has an optional hook
    has: Callable[[str], bool]
    #: call one of its hooks (its own errors pass through as it raised them)
    call: Callable[..., Any]


def build(
    wrapped: Wrapped,
    kind: ArtifactKind,
    directory: str,
    config_settings: Optional[dict[str, Any]],
    metadata: Optional[str],
) -> str:
    """One build; an interrupt ends it with one line saying what it left: nothing under the
    artifact's name, or the artifact whole and verified when it came after the rename."""
    sink = OutputSink()
    one = _Build(wrapped, kind, directory, Reporter(sink))
    try:
        with _terminated_as_interrupt():
            return one.run(config_settings, metadata)
    except KeyboardInterrupt as exc:
        status = 143 if isinstance(exc, _Terminated) else 130  # 128 + the signal's number
        if one.placed is not None:
            sink.fail([f"{PREFIX}interrupted after {one.placed} was written and verified"], status)
        sink.fail([f"{PREFIX}interrupted: no {kind} written to {directory}"], status)


class _Terminated(KeyboardInterrupt):
    """SIGTERM, raised where it arrives so the build cleans up as after Ctrl-C."""


@contextlib.contextmanager
def _terminated_as_interrupt() -> Iterator[None]:
    """SIGTERM (a CI runner's cancel) ends the build as SIGINT does: its scratch folder
    removed, one line. Only where SIGTERM still has its default action, in the main thread."""

    def terminated(signum: int, frame: Any) -> None:
        raise _Terminated

    before: Any = None
    try:
        if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
            before = signal.signal(signal.SIGTERM, terminated)
    except (ValueError, AttributeError):  # not the main thread, or no SIGTERM here
        before = None
    try:
        yield
    finally:
        if before is not None:
            signal.signal(signal.SIGTERM, before)


@contextlib.contextmanager
def _held() -> Iterator[None]:
    """SIGINT and SIGTERM wait while the block runs, and arrive once it ends: the rename into
    place and what it means, or the scratch folder's removal, are never cut in half."""
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:  # pragma: no cover - not POSIX
        yield
        return
    before = mask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, before)


class _Build:
    def __init__(self, wrapped: Wrapped, kind: ArtifactKind, directory: str, reporter: Reporter) -> None:
        self.wrapped, self.kind, self.directory, self.report = wrapped, kind, directory, reporter
        self.root = Path.cwd()
        self.origin = f"{wrapped.name}'s build"
        #: the artifact once it has its final name (an interrupt after that leaves it, whole)
        self.placed: Optional[Path] = None

    def run(self, config_settings: Optional[dict[str, Any]], metadata: Optional[str]) -> str:
        """Everything happens in a scratch folder inside the output folder; the artifact takes
        its final name by one rename, once it is amended and verified."""
        scratch = Path(self.directory) / f".smart-tool-{os.urandom(16).hex()}"
        try:
            self._make_scratch(scratch)
            plan = None
            known = self._version_before(metadata, config_settings)
            if known is not None:
                plan = self._plan(known[0], known[1] or self.origin)
            args: tuple[Any, ...] = (
                (config_settings,) if self.kind == "sdist" else (config_settings, metadata)
            )
            built_name = str(self.wrapped.call(_HOOKS[self.kind], str(scratch), *args))
            built, final = scratch / built_name, Path(self.directory) / built_name
            archive = self._open_built(built, final.name)
            version = archive.core_metadata().get("Version")
            if version and (plan is None or not _same(plan.version, version)):
                member = "PKG-INFO" if self.kind == "sdist" else "METADATA"
                if plan is not None:  # the one case the check runs twice: a mismatch found
                    self.report.note(
                        f"{built_name} carries Version {version}, not the {plan.version} checked "
                        f"before the build: checked again with {version}"
                    )
                plan = self._plan(version, f"{self.origin}, its {member}")
            if plan is None:
                self.report.failure(
                    f"{built_name} carries no version in its metadata: not checked, not built"
                )
            if self.kind == "editable":
                self._place(built, final)
                return built_name
            checked = scratch / "checked" / built_name
            checked.parent.mkdir()
            self._amend(plan, archive, checked, final.name)
            self.report.check_archives(
                [(checked, final.name)], plan.facts("sdist" if self.kind == "sdist" else "wheel")
            )
            self._place(checked, final)
            return built_name
        finally:
            with _held():
                shutil.rmtree(scratch, ignore_errors=True)

    def _make_scratch(self, scratch: Path) -> None:
        """Made inside the ``try`` that removes it (named first, so an interrupt the moment it
        is made still finds it)."""
        try:
            scratch.mkdir(0o700)
        except OSError as exc:
            self.report.failure(
                f"cannot write into the output folder {self.directory}: {exc.strerror or exc}"
            )

    def _place(self, path: Path, final: Path) -> None:
        """``path`` becomes ``final`` in one step: a reader sees the whole artifact or none,
        and an interrupt comes before the rename or after :attr:`placed` says so."""
        with _held():
            try:
                os.replace(path, final)
            except OSError as exc:
                self.report.failure(f"cannot write {final}: {exc.strerror or exc}")
            self.placed = final

    def _version_before(
        self, metadata: Optional[str], config_settings: Optional[dict[str, Any]]
    ) -> Optional[tuple[str, str]]:
        """(version, where it came from; "" for the wrapped backend) when it can be known
        before the build, else None: the frontend's metadata, the project's static version,
        or the wrapped backend's ``prepare_metadata_for_build_*``."""
        from ..project.distribution import core_metadata, read

        if metadata is not None:
            version = _metadata_version(Path(metadata), core_metadata)
            if version:
                return version, ""
        package, _ = read(self.root)
        if package.version.value is not None:
            return package.version.value, package.version.origin
        prepare = f"prepare_metadata_for_build_{'editable' if self.kind == 'editable' else 'wheel'}"
        if self.kind == "sdist" or not self.wrapped.has(prepare):
            return None
        import tempfile

        with tempfile.TemporaryDirectory(prefix="smart-tool-metadata-") as scratch:
            folder = self.wrapped.call(prepare, scratch, config_settings)
            version = _metadata_version(Path(scratch) / folder, core_metadata)
        return (version, "") if version else None

    def _open_built(self, built: Path, shown: str) -> Archive:
        """The archive the wrapped backend wrote; one it wrote unreadable is a finding."""
        from ..archives.archive import ArchiveError
        from ..archives.reader import open_archive

        try:
            return open_archive(built)
        except ArchiveError as exc:
            self._reject(shown, str(exc))

    def _plan(self, version: str, origin: str) -> BuildPlan:
        plan = plan_build(self.root, version=version, version_origin=origin, editable=self.kind == "editable")
        self.report.planned(plan)
        return plan

    def _amend(self, plan: BuildPlan, archive: Archive, target: Path, shown: str) -> None:
        import tempfile

        from ..archives.amend import Addition, AmendError, source_date_epoch
        from ..archives.archive import dist_info_folders

        names = list(archive.files)
        with tempfile.TemporaryDirectory(prefix="smart-tool-made-") as made:

            def source_of(planned: PlannedFile) -> Path:
                """The file to add: the source's, or the one the build makes, written aside."""
                if planned.content is None:
                    return plan.root / planned.source
                path = Path(made) / planned.target.rsplit("/", 1)[-1]
                path.write_bytes(planned.content)
                return path

            top = names[0].split("/", 1)[0] if names else ""
            if self.kind == "wheel":
                folders = dist_info_folders(names)
                dist_info = folders[0] if len(folders) == 1 else ""
                additions = [Addition(f.member(dist_info), source_of(f)) for f in plan.files("wheel")]
                from ..archives.amend_wheel import amend_wheel as amend
            else:
                additions = [Addition(f"{top}/{f.target}", source_of(f)) for f in plan.files("sdist")]
                from ..archives.amend_sdist import amend_sdist as amend
            try:
                added = amend(archive.path, target, additions, epoch=source_date_epoch())
            except AmendError as exc:
                self._reject(shown, str(exc))
            except OSError as exc:
                self.report.failure(f"cannot write {shown}: {exc}")
        prefix = "" if self.kind == "wheel" else f"{top}/"
        places = [prefix + (s.wheel_path if self.kind == "wheel" else s.sdist_path) for s in plan.skills]
        skills = [place for place in places if any(a.startswith(place + "/") for a in added)]
        others = [a for a in added if not any(a.startswith(place + "/") for place in places)]
        if others:
            self.report.note(f"{shown}: put in what it must carry: {', '.join(others)}")
        if skills:
            self.report.note(
                f"{shown}: put in the library skills it lacked: {', '.join(p + '/' for p in skills)}"
            )

    def _reject(self, shown: str, problem: str) -> NoReturn:
        """An archive the wrapped backend wrote that cannot be read whole: it never takes its
        final name (its scratch folder goes)."""
        from ..archives.verify import unreadable

        self.report.stop([unreadable(shown, problem)], f"removed {shown}: it failed the smart-tool checks")


def _metadata_version(folder: Path, parse: Callable[[bytes], dict[str, str]]) -> Optional[str]:
    """The Version a prepared ``.dist-info`` folder's METADATA gives, or None."""
    try:
        return parse((folder / "METADATA").read_bytes()).get("Version") or None
    except OSError:
        return None


def _same(a: str, b: str) -> bool:
    from ..rules.versions import same_version

    return same_version(a, b)
