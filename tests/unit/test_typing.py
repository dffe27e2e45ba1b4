"""The public API is typed for users: mypy sees real types through the lazy names."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from support import SRC

SNIPPET = """\
import smart_tool_build

manifest = smart_tool_build.load_manifest("acme-widget")
reveal_type(manifest)
reveal_type(manifest.requires[0].install)
reveal_type(smart_tool_build.render_help("acme-widget"))
reveal_type(smart_tool_build.check_root)
"""


def test_all_names_every_lazy_name() -> None:
    import smart_tool_build

    assert smart_tool_build.__all__ == ["__version__", *smart_tool_build._LAZY]


def test_py_typed_is_shipped() -> None:
    assert (SRC / "smart_tool_build" / "py.typed").is_file()


def test_mypy_sees_the_lazy_names_with_their_types(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    (tmp_path / "use.py").write_text(SNIPPET, encoding="utf-8")
    env = dict(os.environ)
    if env.get("SMART_TOOL_TEST_INSTALLED") != "1":
        env["MYPYPATH"] = str(SRC)
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", os.devnull, "use.py"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    revealed = [
        line.split("Revealed type is ", 1)[1].replace("builtins.", "")
        for line in done.stdout.splitlines()
        if "Revealed type" in line
    ]
    manifest = '"smart_tool_build.project.manifest_model.Manifest"'
    assert revealed[:3] == [manifest, '"str"', '"str"'], done.stdout
    assert revealed[3].endswith('-> smart_tool_build.rules.root.RootReport"'), done.stdout
    assert done.returncode == 0 and "error:" not in done.stdout, done.stdout
