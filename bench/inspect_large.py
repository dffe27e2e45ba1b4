"""`smart-tool inspect` over a large wheel and sdist: time, and peak memory against the size.

Builds a valid smart-tool wheel and sdist of about 500 MB each (a manifest, a descriptor,
and large incompressible data members, stored uncompressed in the wheel), then runs
`smart-tool inspect` on each in a fresh process, several times, and prints the median time
and the process's peak memory (ru_maxrss). The target: memory bounded (a few tens of MB),
not the size of the archive.

    python bench/inspect_large.py [--megabytes 500] [--repeat 3]
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

MANIFEST = b"""---
smart_tool_format: 1
name: big-tool
version: 1.0.0
description: A tool that ships a lot of data.
use_cases:
  - Check that inspect reads big archives in bounded memory
platforms:
  - linux
---

# big-tool
"""
DESCRIPTOR = b'{"manifest": "src/big_tool/SMART_TOOL.md", "cli_argv": ["big-tool"]}\n'
METADATA = b"Metadata-Version: 2.1\nName: big-tool\nVersion: 1.0.0\n"
CHUNK = 8 * 1024 * 1024

PROBE = r"""
import resource, sys, time, io, contextlib
start = time.perf_counter()
from smart_tool.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    code = main(["inspect", sys.argv[1]])
elapsed = time.perf_counter() - start
print(code, elapsed, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def _blobs(megabytes: int) -> list[tuple[str, int]]:
    count = max(1, megabytes // 64)
    return [(f"big_tool/data/blob-{i:03d}.bin", megabytes * 1024 * 1024 // count) for i in range(count)]


def make_wheel(path: Path, megabytes: int) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED, allowZip64=True) as archive:
        archive.writestr("big_tool/__init__.py", b"")
        archive.writestr("big_tool/SMART_TOOL.md", MANIFEST)
        for name, size in _blobs(megabytes):
            with archive.open(zipfile.ZipInfo(name), "w", force_zip64=True) as member:
                for offset in range(0, size, CHUNK):
                    member.write(os.urandom(min(CHUNK, size - offset)))
        archive.writestr("big_tool-1.0.0.dist-info/smart-tool.json", DESCRIPTOR)
        archive.writestr("big_tool-1.0.0.dist-info/METADATA", METADATA)
        archive.writestr("big_tool-1.0.0.dist-info/WHEEL", b"Wheel-Version: 1.0\n")
        archive.writestr("big_tool-1.0.0.dist-info/RECORD", b"")


class _Random(io.RawIOBase):
    def __init__(self, size: int) -> None:
        self.left = size

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        count = min(len(buffer), self.left)
        buffer[:count] = os.urandom(count)
        self.left -= count
        return count


def make_sdist(path: Path, megabytes: int) -> None:
    top = "big_tool-1.0.0"
    with tarfile.open(path, "w:gz", compresslevel=1) as archive:
        for name, data in (
            ("PKG-INFO", METADATA),
            ("pyproject.toml", b'[project]\nname = "big-tool"\nversion = "1.0.0"\n'),
            ("smart-tool.json", DESCRIPTOR),
            ("src/big_tool/__init__.py", b""),
            ("src/big_tool/SMART_TOOL.md", MANIFEST),
        ):
            info = tarfile.TarInfo(f"{top}/{name}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
        for name, size in _blobs(megabytes):
            info = tarfile.TarInfo(f"{top}/src/{name}")
            info.size = size
            archive.addfile(info, io.BufferedReader(_Random(size), CHUNK))


def measure(path: Path) -> tuple[int, float, int]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(path)], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    code, elapsed, peak = done.stdout.split()
    return int(code), float(elapsed), int(peak)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--megabytes", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores; python {platform.python_version()}")
    with tempfile.TemporaryDirectory() as folder:
        for kind, maker, name in (
            ("wheel", make_wheel, "big_tool-1.0.0-py3-none-any.whl"),
            ("sdist", make_sdist, "big_tool-1.0.0.tar.gz"),
        ):
            path = Path(folder) / name
            started = time.perf_counter()
            maker(path, args.megabytes)
            made = time.perf_counter() - started
            runs = [measure(path) for _ in range(args.repeat)]
            assert all(code == 0 for code, _, _ in runs), runs
            elapsed = statistics.median(t for _, t, _ in runs)
            peak = max(p for _, _, p in runs) / 1024
            size = path.stat().st_size / 1024 / 1024
            print(
                f"{kind}: {size:.0f} MB (made in {made:.1f} s): inspect median {elapsed:.2f} s, "
                f"peak memory {peak:.1f} MB ({peak / size:.1%} of the archive)"
            )
            path.unlink()


if __name__ == "__main__":
    main()
