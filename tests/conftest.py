"""pytest setup: the two distributions' sources on sys.path (unless testing the installed packages),
and fixtures. The helpers themselves are in support.py."""

from __future__ import annotations

import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

_REPO = Path(__file__).resolve().parents[1]
if os.environ.get("SMART_TOOL_TEST_INSTALLED") != "1":
    for _source in (_REPO / "cli" / "src", _REPO / "src"):
        if str(_source) not in sys.path:
            sys.path.insert(0, str(_source))

# the hypothesis profiles every property test runs under: "ci" by default, "long" on demand
# (HYPOTHESIS_PROFILE=long, the long runs BENCHMARKS.md quotes)
_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
settings.register_profile("ci", max_examples=150, deadline=None, suppress_health_check=_QUIET)
settings.register_profile(
    "long", max_examples=20_000, deadline=None, suppress_health_check=_QUIET, print_blob=True
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture
def open_tmp() -> Iterator[Path]:
    """A temporary folder every user can enter (pytest's tmp_path is private to root)."""
    top = Path(tempfile.mkdtemp(prefix="smart-tool-test-"))
    top.chmod(0o755)
    try:
        yield top
    finally:
        for folder, dirs, _ in os.walk(top):
            for name in dirs:
                path = os.path.join(folder, name)
                if not os.path.islink(path):
                    os.chmod(path, stat.S_IRWXU)
        shutil.rmtree(top, ignore_errors=True)
