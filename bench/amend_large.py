"""Amending a large wheel and sdist: time, and peak memory against the size.

Makes the wheel and sdist of `inspect_large.py` (about 500 MB each of incompressible data,
stored in the wheel, gzip level 1 in the sdist), then amends each in a fresh process the way
the wrapping backend does (one file added: every member is read and rewritten, RECORD too),
several times, and prints the median time and the process's own peak resident memory
(VmHWM: ru_maxrss would carry the parent's peak over fork and exec) beside that of a
process that only imports the amending code. The target: memory bounded (a few MB over the
baseline), not the size of the archive.

    python bench/amend_large.py [--megabytes 500] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from inspect_large import make_sdist, make_wheel

SRC = Path(__file__).resolve().parents[1] / "src"

PROBE = r"""
import sys, time
from pathlib import Path
start = time.perf_counter()
from smart_tool_build.archives.amend import Addition
from smart_tool_build.archives.amend_sdist import amend_sdist
from smart_tool_build.archives.amend_wheel import amend_wheel
kind, built, target, member, source = sys.argv[1:]
if kind != "none":
    amend = amend_wheel if kind == "wheel" else amend_sdist
    amend(Path(built), Path(target), [Addition(member, Path(source))])
elapsed = time.perf_counter() - start
with open("/proc/self/status") as status:
    peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
print(elapsed, peak)
"""


def measure(*args: str) -> tuple[float, int]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")])),
    }
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    elapsed, peak = done.stdout.split()
    return float(elapsed), int(peak)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--megabytes", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores; python {platform.python_version()}")
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        source = root / "installing-graphviz.md"
        source.write_bytes(b"# graphviz\n")
        _, baseline = measure("none", "", "", "", "")
        for kind, maker, name, member in (
            ("wheel", make_wheel, "big_tool-1.0.0-py3-none-any.whl", "big_tool/docs/installing-graphviz.md"),
            ("sdist", make_sdist, "big_tool-1.0.0.tar.gz", "big_tool-1.0.0/docs/installing-graphviz.md"),
        ):
            built = root / name
            started = time.perf_counter()
            maker(built, args.megabytes)
            made = time.perf_counter() - started
            target = root / "out" / name
            target.parent.mkdir(exist_ok=True)
            runs = []
            for _ in range(args.repeat):
                runs.append(measure(kind, str(built), str(target), member, str(source)))
                target.unlink()
            size = built.stat().st_size / 1024 / 1024
            elapsed = statistics.median(t for t, _ in runs)
            peak = max(p for _, p in runs) / 1024
            print(
                f"{kind}: {size:.0f} MB (made in {made:.1f} s): amend median {elapsed:.2f} s, peak memory "
                f"{peak:.1f} MB against {baseline / 1024:.1f} MB for the imports alone"
            )
            built.unlink()


if __name__ == "__main__":
    main()
