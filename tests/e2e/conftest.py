"""Session fixtures for real builds: a local wheelhouse and a builder (see buildkit.py)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest
from buildkit import HATCHLING, REPO, SETUPTOOLS, WRAPPED, Builder, pip_download


@pytest.fixture(scope="session")
def builder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Builder]:
    wheelhouse = tmp_path_factory.mktemp("wheelhouse")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheelhouse), str(REPO)],
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
