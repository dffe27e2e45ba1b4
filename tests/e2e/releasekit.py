"""Helpers for the tests of getting and releasing smart-tool-build (test_getting.py,
test_release.py):

- :func:`source_copy`: this checkout's files as they are now (uncommitted changes included),
  copied elsewhere: what a clone of the repository would hold once they are committed.
- :func:`source_repository`: that copy committed into a new git repository, standing in for
  the project's public repository: its branch ``main``, and the tag ``v<version>`` only where
  the release made it (:data:`REF`, what the documentation names).
- :func:`tools_wheelhouse`: the frontends under test (pip, build, twine, and old pips),
  downloaded once per session, beside the session's wheelhouse.
- :func:`without_us`: the session's wheelhouse less smart-tool-build, so that a build that
  succeeds got smart-tool-build by the route under test, and from nowhere else.
- :func:`frontends`: a venv with those frontends, built from the wheelhouses only.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from buildkit import REPO, Builder, git, pip_download
from smartkit import venv_env

from smart_tool_build import __version__
from support import documented_ref

TAG = f"v{__version__}"
#: what the documentation's git references name: the tag once this version is released,
#: ``main`` before (no clone carries a tag the release has not made)
REF = documented_ref()
#: the address the README gives the project; git's own URL rewriting maps it to the local
#: repository, so that pip and uv meet the very reference the README shows
PUBLIC = "https://github.com/smart-tool-build/smart-tool-build"
#: the oldest pip that takes a direct reference with a host in [build-system].requires, and
#: the pips either side of the first that takes one without a host (git+file:///path)
OLDEST_PIP = "19.3.1"
LAST_PIP_WITHOUT_HOSTLESS_URLS = "24.0"
FIRST_PIP_WITH_HOSTLESS_URLS = "24.1.2"
#: pip older than 20 imports distutils, which Python 3.12 removed
OLD_PIP_PYTHON = (3, 12)


def _tracked_and_new(root: Path) -> list[str]:
    done = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    return sorted({name for name in done.stdout.split("\0") if name})


def source_copy(target: Path) -> Path:
    """This checkout's files (tracked ones and new ones git does not ignore, as they are on
    disk now) copied to ``target``; skips where this is no git checkout (an sdist)."""
    if not (REPO / ".git").exists() or shutil.which("git") is None:
        pytest.skip("needs this project's git checkout and git")
    for name in _tracked_and_new(REPO):
        source = REPO / name
        if not os.path.lexists(source):  # deleted, not yet committed
            continue
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, destination, follow_symlinks=False)
    return target


def source_repository(target: Path) -> Path:
    """A git repository holding :func:`source_copy` in one commit on ``main``, tagged
    :data:`TAG` only once the version is released: as the project's repository is, so that
    a documented reference to a tag not yet made fails here too."""
    source_copy(target)
    git(target, "init", "-q", "-b", "main")
    git(target, "add", "-A")
    git(target, "commit", "-q", "-m", "smart-tool-build as the working tree has it")
    if REF == TAG:
        git(target, "tag", "-a", TAG, "-m", f"smart-tool-build {__version__}")
    return target


def rewrite_public_to(repository: Path) -> dict[str, str]:
    """Environment that makes git fetch :data:`PUBLIC` from ``repository`` (git's
    ``url.<base>.insteadOf``, given through the environment: no file of the user's changes)."""
    return {
        "GIT_CONFIG_COUNT": "1",
        "GIT_CONFIG_KEY_0": f"url.{repository.as_uri()}.insteadOf",
        "GIT_CONFIG_VALUE_0": PUBLIC,
    }


def tools_wheelhouse(builder: Builder) -> Path:
    """pip (the newest and the old ones under test), build and twine, once per session."""
    folder = builder.root.parent / "tools-wheelhouse"
    marker = folder / ".complete"
    if not marker.exists():
        folder.mkdir(exist_ok=True)
        pip_download(["pip", "build", "twine"], folder)
        old = [f"pip=={LAST_PIP_WITHOUT_HOSTLESS_URLS}", f"pip=={FIRST_PIP_WITH_HOSTLESS_URLS}"]
        if sys.version_info < OLD_PIP_PYTHON:
            old.append(f"pip=={OLDEST_PIP}")
        for requirement in old:
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", str(folder), requirement],
                check=True,
            )
        marker.touch()
    return folder


def without_us(builder: Builder) -> Path:
    """The session's wheelhouse without smart-tool-build and smart-tool (links to the same files)."""
    folder = builder.root.parent / "wheelhouse-without-us"
    if not folder.exists():
        staging = folder.with_name(folder.name + ".partial")
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir()
        for wheel in builder.wheelhouse.iterdir():
            if not wheel.name.startswith(("smart_tool_build-", "smart_tool-")):
                os.link(wheel, staging / wheel.name)
        staging.rename(folder)
    return folder


def frontends(builder: Builder, name: str, pip: str = "pip", *more: str) -> Path:
    """A venv (its python) with ``pip`` (a requirement: the newest by default) and ``more``,
    from the tools' wheelhouse and the session's, never the index."""
    python = builder.venv(name)
    tools = tools_wheelhouse(builder)
    sources = ["--no-index", "--find-links", str(tools), "--find-links", str(without_us(builder))]
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--upgrade", *sources, pip, *more],
        cwd=python.parents[1],
        env=venv_env(builder),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return python


def offline_env(builder: Builder, wheels: Path, **more: str) -> dict[str, str]:
    """pip and uv see only ``wheels`` (no index, no network), nothing of this checkout."""
    env = venv_env(builder)
    env.update(
        {
            "PIP_NO_INDEX": "1",
            "PIP_FIND_LINKS": str(wheels),
            "UV_OFFLINE": "1",
            "UV_NO_CONFIG": "1",
            "UV_FIND_LINKS": str(wheels),
            "UV_PYTHON": sys.executable,
            "UV_CACHE_DIR": str(builder.root / "uv-cache-getting"),
        }
    )
    env.update(more)
    return env
