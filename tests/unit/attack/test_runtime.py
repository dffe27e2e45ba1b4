"""Attacks on the runtime accessor (``load_manifest``): FIFOs and ``/dev/zero`` at the
installed manifest, the projection and an editable install's descriptor and manifest; a
manifest over check's bound; RECORD lines and symlinks that lead out of the distribution.

Each case runs in a child process with a timeout (a FIFO would block it for ever) and an
address-space limit (``/dev/zero`` would fill memory), and asserts the documented exception
or, where a good manifest is there, the manifest.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Optional

import pytest

from archive_kit import MANIFEST
from support import cli_env

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX files (FIFOs, symlinks)")

NAME = "demo-tool"
DIST_INFO = "demo_tool-1.0.0.dist-info"

_PROBE = """
import resource, sys
try:  # /dev/zero read whole would fill memory: fail at 1 GiB instead
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
except (ValueError, OSError):  # a platform that does not take it: the timeout still holds
    pass
sys.path.insert(0, sys.argv[1])
from smart_tool_build import ManifestNotFound, ManifestError, load_manifest
try:
    print("loaded", load_manifest(sys.argv[2]).name)
except (ManifestNotFound, ManifestError) as exc:
    print(type(exc).__name__, exc)
"""


def load(site: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, str(site), NAME],
        env=cli_env(),
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def install(tmp_path: Path, manifest: Optional[bytes] = MANIFEST, record: Optional[list[str]] = None) -> Path:
    site = tmp_path / "site"
    dist_info = site / DIST_INFO
    dist_info.mkdir(parents=True)
    (dist_info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {NAME}\nVersion: 1.0.0\n")
    (site / "demo_tool").mkdir()
    if manifest is not None:
        (site / "demo_tool/SMART_TOOL.md").write_bytes(manifest)
    listed = record or ["demo_tool/SMART_TOOL.md"]
    digest = base64.urlsafe_b64encode(hashlib.sha256(manifest or b"").digest()).rstrip(b"=").decode()
    rows = [
        f"{line},sha256={digest},\n" if line.endswith("SMART_TOOL.md") else f"{line},,\n" for line in listed
    ]
    (dist_info / "RECORD").write_text("".join(rows) + f"{DIST_INFO}/RECORD,,\n")
    return site


def test_a_good_install_loads(tmp_path: Path) -> None:
    assert load(install(tmp_path)) == f"loaded {NAME}"


def test_fifo_manifest(tmp_path: Path) -> None:
    site = install(tmp_path, None)
    os.mkfifo(site / "demo_tool/SMART_TOOL.md")
    assert load(site).startswith("ManifestNotFound") and "not a regular file" in load(site)


def test_dev_zero_manifest(tmp_path: Path) -> None:
    site = install(tmp_path, None)
    (site / "demo_tool/SMART_TOOL.md").symlink_to("/dev/zero")
    assert load(site).startswith("ManifestNotFound")


def test_a_manifest_over_checks_bound(tmp_path: Path) -> None:
    site = install(tmp_path, None)
    with open(site / "demo_tool/SMART_TOOL.md", "wb") as handle:
        handle.write(MANIFEST)
        handle.truncate(200 * 1024 * 1024)
    out = load(site)
    assert out.startswith("ManifestNotFound") and "over the limit of 1048576 bytes" in out


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_projection_that_is_no_file_falls_back_to_the_good_manifest(tmp_path: Path, kind: str) -> None:
    site = install(tmp_path)
    projection = site / DIST_INFO / "smart-tool-manifest.json"
    if kind == "fifo":
        os.mkfifo(projection)
    else:
        projection.symlink_to("/dev/zero")
    assert load(site) == f"loaded {NAME}"


@pytest.mark.parametrize("line", ["../../outside/SMART_TOOL.md", "ABSOLUTE"])
def test_record_line_out_of_the_distribution(tmp_path: Path, line: str) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "SMART_TOOL.md").write_bytes(MANIFEST)
    if line == "ABSOLUTE":
        line = str(outside / "SMART_TOOL.md")
    site = install(tmp_path, None, [line])
    out = load(site)
    assert out.startswith("ManifestNotFound") and "outside the distribution" in out


def test_symlinked_manifest_out_of_the_distribution(tmp_path: Path) -> None:
    outside = tmp_path / "outside.md"
    outside.write_bytes(MANIFEST)
    site = install(tmp_path, None)
    (site / "demo_tool/SMART_TOOL.md").symlink_to(outside)
    out = load(site)
    assert out.startswith("ManifestNotFound") and "outside the distribution" in out


def editable(tmp_path: Path) -> tuple[Path, Path]:
    source = tmp_path / "source"
    (source / "src/demo_tool").mkdir(parents=True)
    site = install(tmp_path, None, ["demo_tool/__init__.py"])
    direct_url = {"url": source.as_uri(), "dir_info": {"editable": True}}
    (site / DIST_INFO / "direct_url.json").write_text(json.dumps(direct_url))
    return site, source


@pytest.mark.parametrize("target", ["descriptor", "manifest"])
@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_editable_install_file_that_is_no_file(tmp_path: Path, target: str, kind: str) -> None:
    site, source = editable(tmp_path)
    descriptor, manifest = source / "smart-tool.json", source / "src/demo_tool/SMART_TOOL.md"
    if target == "manifest":
        descriptor.write_bytes(b'{"manifest": "src/demo_tool/SMART_TOOL.md", "cli_argv": ["demo-tool"]}')
    path = descriptor if target == "descriptor" else manifest
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    assert load(site).startswith("ManifestNotFound")
