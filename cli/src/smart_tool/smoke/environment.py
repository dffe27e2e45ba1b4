"""The throwaway virtual environment ``smart-tool smoke`` installs a wheel into.

Made with uv when it is on PATH (much faster), else with ``venv`` and pip; in a new
temporary folder outside the project, removed afterwards unless kept. What cannot be made
raises :class:`EnvironmentProblem`, which says why and how to fix it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
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

    def scratch(self, name: str) -> Path:
        """A fresh, empty working folder for one probe, outside the environment."""
        folder = Path(tempfile.mkdtemp(prefix=f"{name}-", dir=self.root / "work"))
        return folder

    def remove(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


def installer_environment(environ: Mapping[str, str]) -> dict[str, str]:
    """The caller's environment (its index settings included), without what would make the
    installer run from another interpreter or a source tree."""
    env = {name: value for name, value in environ.items() if name not in INTERPRETER_VARIABLES}
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
    return shutil.which("uv", path=environ.get("PATH"))


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
    (root / "work").mkdir()
    prefix = root / "env"
    env = installer_environment(environ)
    try:
        if uv is not None:
            fix = "check --python names an interpreter uv can use (`uv python list`)"
            _run([uv, "venv", "--quiet", "--python", interpreter, str(prefix)], root, env, "uv venv", fix)
        else:
            fix = "install the interpreter's venv module (Debian: python3-venv), or put uv on PATH"
            _run([interpreter, "-m", "venv", str(prefix)], root, env, f"{interpreter} -m venv", fix)
    except BaseException:  # a problem, or smoke interrupted: nothing is left on disk
        shutil.rmtree(root, ignore_errors=True)
        raise
    return ThrowawayEnvironment(root, prefix, "uv" if uv is not None else "pip")


def install(
    environment: ThrowawayEnvironment,
    wheel: Path,
    *,
    deps: bool,
    environ: Mapping[str, str],
    find_links: tuple[str, ...] = (),
) -> None:
    """Install ``wheel`` (and its dependencies, from the configured index and the
    ``find_links`` folders, unless ``deps`` is false) into ``environment``."""
    env = installer_environment(environ)
    wanted = [] if deps else ["--no-deps"]
    for folder in find_links:  # the installer runs elsewhere: a relative folder is the caller's
        wanted += ["--find-links", folder if "://" in folder else os.path.abspath(folder)]
    fix = (
        "check the wheel is for this Python and platform (--python picks another interpreter); "
        "for its dependencies, check the index settings"
        + (
            " (uv reads UV_INDEX_URL, UV_FIND_LINKS and uv.toml, not pip's)"
            if environment.installer == "uv"
            else ""
        )
        + ", pass --find-links DIR for a folder of wheels (smart-tool-build's, say), or pass --no-deps"
    )
    uv = find_uv(environ)
    if environment.installer == "uv" and uv is not None:
        args = [uv, "pip", "install", "--quiet", "--python", str(environment.python), *wanted, str(wheel)]
    else:
        args = [str(environment.python), "-m", "pip", "install", "--quiet", *wanted, str(wheel)]
    _run(args, environment.root, env, f"installing {wheel.name}", fix)


def site_packages(environment: ThrowawayEnvironment) -> list[Path]:
    """The environment's site-packages folders (where the wheel's files land)."""
    found = [
        *environment.prefix.glob("lib/python*/site-packages"),
        *environment.prefix.glob("lib64/python*/site-packages"),
        environment.prefix / "Lib" / "site-packages",
    ]
    unique = {path.resolve(): path for path in found if path.is_dir()}
    return sorted(unique.values())
