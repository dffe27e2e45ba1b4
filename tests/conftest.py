"""pytest setup: the repository's src on sys.path (unless testing the installed package),
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

_SRC = Path(__file__).resolve().parents[1] / "src"
if os.environ.get("SMART_TOOL_TEST_INSTALLED") != "1" and str(_SRC) not in sys.path:
    sys.path.insert(0, str(_SRC))


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
