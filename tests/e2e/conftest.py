"""Session fixtures for real builds: a local wheelhouse, a builder (see buildkit.py) and the
venv of the setuptools builds without isolation."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from buildkit import HATCHLING, REPO, SETUPTOOLS, WRAPPED, Builder, pip_download

#: this checkout's two distributions: the build one (the plugin, the accessor) and the command line
DISTRIBUTIONS = (str(REPO), str(REPO / "cli"))


@pytest.fixture(scope="session")
def builder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Builder]:
    wheelhouse = tmp_path_factory.mktemp("wheelhouse")
    subprocess.run(
        # both distributions: the build one (the plugin, the accessor) and the command line
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheelhouse), *DISTRIBUTIONS],
        check=True,
    )
    pip_download(
        [
            HATCHLING,
            SETUPTOOLS,
            "wheel",
            "pyyaml",
            "packaging",
            "tomli",
            "editables",
            "setuptools-scm",
            "hatch-vcs",
            "uv",  # the command line's dependency: a smart-tool installed offline needs it
            *WRAPPED.values(),
        ],
        wheelhouse,
    )
    env = {
        "PIP_NO_INDEX": "1",
        "PIP_FIND_LINKS": str(wheelhouse),
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "SOURCE_DATE_EPOCH": "1700000000",
    }
    yield Builder(wheelhouse, tmp_path_factory.mktemp("builds"), env)


@pytest.fixture(scope="session")
def noiso_python(builder: Builder, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv with the setuptools under test, wheel, build and this project: the setuptools
    plugin's builds with --no-isolation run in it (the contract's and the plugin's own)."""
    extra = tmp_path_factory.mktemp("frontend-wheels")
    pip_download(["build"], extra)
    python = builder.venv("setuptools-no-isolation")
    done = builder.run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "-q",
            "--upgrade",  # a venv may come with an older setuptools of its own
            "--find-links",
            str(extra),
            SETUPTOOLS,
            "wheel",
            "build",
            "smart-tool-build",
        ],
        cwd=builder.root,
    )
    assert done.returncode == 0, done.stdout
    return python
