"""The throwaway virtual environment ``smart-tool smoke`` installs a wheel into.

Made with uv when it is found (on PATH, or the ``uv`` package's binary: much faster), else
with ``venv`` and pip; in a new temporary folder outside the project, removed afterwards
unless kept. What cannot be made raises :class:`EnvironmentProblem`, which says why and how
to fix it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from .probe import INTERPRETER_VARIABLES

#: seconds one installer command may take (dependencies may come from a slow index)
INSTALL_TIMEOUT = 900
_SCRIPTS = "Scripts" if os.name == "nt" else "bin"


class EnvironmentProblem(Exception):
    """The environment cannot be made or the wheel cannot be installed into it."""

    def __init__(self, why: str, fix: str) -> None:
        super().__init__(why)
        self.why = why
        self.fix = fix


@dataclass
class ThrowawayEnvironment:
    """A virtual environment in a temporary folder of its own."""

    #: the temporary folder: the environment, and the probes' scratch folders
    root: Path
    #: the virtual environment
    prefix: Path
    installer: str

    @property
    def bin_dir(self) -> Path:
        return self.prefix / _SCRIPTS

    @property
    def python(self) -> Path:
        return self.bin_dir / ("python.exe" if os.name == "nt" else "python")

    def script(self, name: str) -> Path:
        return self.bin_dir / (f"{name}.exe" if os.name == "nt" else name)

    @property
    def home(self) -> Path:
        """The probes' HOME: a folder of its own, removed with the rest."""
        return self.root / "home"

    @property
    def temp(self) -> Path:
        """The temporary folder of the probes and the installer."""
        return self.root / "temp"

    def scratch(self, name: str) -> Path:
        """A fresh, empty working folder for one probe, outside the environment."""
        folder = Path(tempfile.mkdtemp(prefix=f"{name}-", dir=self.root / "work"))
        return folder

    def remove(self) -> None:
        remove_whole(self.root)


def remove_whole(root: Path) -> None:
    """Remove ``root`` and all it holds; an interrupt during the removal (the command's first:
    it drops the later ones) finishes the removal before it goes on."""
    try:
        shutil.rmtree(root, ignore_errors=True)
    except BaseException:
        shutil.rmtree(root, ignore_errors=True)
        raise


def installer_environment(environ: Mapping[str, str], temp: Path) -> dict[str, str]:
    """The caller's environment (its index settings, and its HOME for the installer's own
    configuration and cache), without what would make the installer run from another
    interpreter or a source tree; ``temp`` for its temporary files."""
    env = {name: value for name, value in environ.items() if name not in INTERPRETER_VARIABLES}
    env.update(dict.fromkeys(("TMPDIR", "TEMP", "TMP"), str(temp)))
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env.setdefault("PIP_NO_INPUT", "1")
    return env


def _run(args: list[str], cwd: Path, env: Mapping[str, str], what: str, fix: str) -> None:
    """Run one installer command, bounded; in its own process group, so an interrupt of
    smoke ends it and whatever it started (a build backend, ensurepip's pip)."""
    try:
        process = subprocess.Popen(
            args,
            cwd=str(cwd),
            env=dict(env),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
    except OSError as exc:
        raise EnvironmentProblem(f"{what}: cannot run {args[0]}: {exc.strerror or exc}", fix) from None
    try:
        stdout, stderr = process.communicate(timeout=INSTALL_TIMEOUT)
    except BaseException as exc:
        _kill_group(process)
        if isinstance(exc, subprocess.TimeoutExpired):
            raise EnvironmentProblem(f"{what} took over {INSTALL_TIMEOUT} s", fix) from None
        raise
    if process.returncode != 0:
        said = stderr.strip() or stdout.strip()
        output = said.decode("utf-8", "replace").splitlines()
        tail = "\n".join(f"  {line}" for line in output[-12:]) or "  (no output)"
        raise EnvironmentProblem(f"{what} failed (exit {process.returncode}):\n{tail}", fix)


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def find_uv(environ: Mapping[str, str]) -> Optional[str]:
    """uv: on PATH, else the binary of the ``uv`` package installed beside smart-tool."""
    found = shutil.which("uv", path=environ.get("PATH"))
    if found is not None:
        return found
    try:
        from uv import find_uv_bin
    except ImportError:
        return None
    try:
        return str(find_uv_bin())
    except (OSError, RuntimeError):  # FileNotFoundError: a package without its binary
        return None


def make_environment(python: Optional[str], environ: Mapping[str, str]) -> ThrowawayEnvironment:
    """A new, empty environment for ``python`` (default: the interpreter running this)."""
    uv = find_uv(environ)
    interpreter = python or sys.executable
    if python is not None and uv is None:
        found = shutil.which(python, path=environ.get("PATH"))
        if found is None and not Path(python).is_file():
            raise EnvironmentProblem(
                f"--python {python}: no such interpreter",
                "pass the path of a Python executable, or a name on PATH (python3.12)",
            )
        interpreter = found or python
    root = Path(tempfile.mkdtemp(prefix="smart-tool-smoke-"))
    for folder in ("work", "home", "temp"):
        (root / folder).mkdir()
    prefix = root / "env"
    env = installer_environment(environ, root / "temp")
    try:
        if uv is not None:
            fix = "check --python names an interpreter uv can use (`uv python list`)"
            _run([uv, "venv", "--quiet", "--python", interpreter, str(prefix)], root, env, "uv venv", fix)
        else:
            fix = "install the interpreter's venv module (Debian: python3-venv), or put uv on PATH"
            _run([interpreter, "-m", "venv", str(prefix)], root, env, f"{interpreter} -m venv", fix)
    except BaseException:  # a problem, or smoke interrupted: nothing is left on disk
        remove_whole(root)
        raise
    return ThrowawayEnvironment(root, prefix, "uv" if uv is not None else "pip")


def install(
    environment: ThrowawayEnvironment,
    wheel: Path,
    *,
    deps: bool,
    environ: Mapping[str, str],
    find_links: tuple[str, ...] = (),
    no_index: bool = False,
    skip: tuple[str, ...] = (),
) -> None:
    """Install ``wheel`` (and its dependencies, from the configured index and the
    ``find_links`` folders, unless ``deps`` is false) into ``environment``.

    ``no_index``: from the ``find_links`` folders only. ``skip``: every dependency but these
    (a git requirement that cannot be had offline, say): its requirements but those (extras
    aside) are installed with theirs, then the wheel without its dependencies.
    """
    env = installer_environment(environ, environment.temp)
    where = ["--no-index"] if no_index else []
    for folder in find_links:  # the installer runs elsewhere: a relative folder is the caller's
        where += ["--find-links", folder if "://" in folder else os.path.abspath(folder)]
    fix = (
        "check the wheel is for this Python and platform (--python picks another interpreter); "
        "for its dependencies, check the index settings"
        + (
            " (uv reads UV_INDEX_URL, UV_FIND_LINKS and uv.toml, not pip's)"
            if environment.installer == "uv"
            else ""
        )
        + ", pass --find-links DIR for a folder of wheels (smart-tool-build's, say), "
        "--no-install-package NAME to leave one out, or --no-deps"
    )
    rest = wanted_requirements(wheel, skip) if deps and skip else []
    if rest:  # first: pip's interpreter never starts with the wheel (and a .pth of it) installed
        what = f"installing the dependencies of {wheel.name} but {', '.join(skip)}"
        _run(_installer(environment, environ, where, True, rest), environment.root, env, what, fix)
    whole = deps and not skip
    installing = _installer(environment, environ, where, whole, [str(_plain_path(environment, wheel))])
    _run(installing, environment.root, env, f"installing {wheel.name}", fix)


def _plain_path(environment: ThrowawayEnvironment, wheel: Path) -> Path:
    """``wheel``, or a copy of it in the environment's folder where its path holds a ``#``
    (uv takes the path for a requirement and the rest for a comment)."""
    if "#" not in str(wheel):
        return wheel
    copy = environment.temp / "wheel" / wheel.name
    copy.parent.mkdir(exist_ok=True)
    shutil.copyfile(wheel, copy)
    return copy


def _installer(
    environment: ThrowawayEnvironment,
    environ: Mapping[str, str],
    where: list[str],
    deps: bool,
    what: list[str],
) -> list[str]:
    options = [*where, *([] if deps else ["--no-deps"]), *what]
    uv = find_uv(environ)
    if environment.installer == "uv" and uv is not None:
        return [uv, "pip", "install", "--quiet", "--python", str(environment.python), *options]
    return [str(environment.python), "-m", "pip", "install", "--quiet", *options]


def wanted_requirements(wheel: Path, skip: tuple[str, ...]) -> list[str]:
    """The wheel's requirements (``Requires-Dist``), those of extras and those named in
    ``skip`` left out; a name of ``skip`` the wheel does not require is a problem."""
    from email.parser import BytesParser

    from packaging.requirements import InvalidRequirement, Requirement
    from packaging.utils import canonicalize_name

    try:
        with zipfile.ZipFile(wheel) as archive:
            name = next(
                n for n in archive.namelist() if n.count("/") == 1 and n.endswith(".dist-info/METADATA")
            )
            metadata = BytesParser().parsebytes(archive.read(name), headersonly=True)
    except (OSError, zipfile.BadZipFile, StopIteration, KeyError):
        raise EnvironmentProblem(
            f"{wheel.name}: no METADATA to read its requirements from", "rebuild the wheel"
        ) from None
    left = {canonicalize_name(n) for n in skip}
    kept, named = [], set()
    for line in metadata.get_all("Requires-Dist") or []:
        try:
            requirement = Requirement(line)
        except InvalidRequirement:
            kept.append(line)
            continue
        named.add(canonicalize_name(requirement.name))
        if canonicalize_name(requirement.name) in left:
            continue
        if requirement.marker is not None and "extra" in str(requirement.marker):
            continue
        kept.append(line)
    unknown = sorted(left - named)
    if unknown:
        raise EnvironmentProblem(
            f"--no-install-package {', '.join(unknown)}: {wheel.name} does not require it "
            f"(it requires {', '.join(sorted(named)) or 'nothing'})",
            "name a distribution of its Requires-Dist",
        )
    return kept


def site_packages(environment: ThrowawayEnvironment) -> list[Path]:
    """The environment's site-packages folders (where the wheel's files land)."""
    found = [
        *environment.prefix.glob("lib/python*/site-packages"),
        *environment.prefix.glob("lib64/python*/site-packages"),
        environment.prefix / "Lib" / "site-packages",
    ]
    unique = {path.resolve(): path for path in found if path.is_dir()}
    return sorted(unique.values())
