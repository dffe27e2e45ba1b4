"""Isolated builds: what smart-tool-build costs the builds users run, side by side in one run.

Every frontend builds in isolation by default, so this is the cost users feel. Each case
builds one project two or three ways, alternating runs (the first of each way a warm-up),
in fresh processes, every build environment installed from one local folder of wheels
(smart-tool-build's own wheel built once from this checkout, the rest downloaded once),
offline:

- `uv build` of the hatchling example: the backend alone (plain), a do-nothing hook of the
  benchmark's own (empty, `bench/overhead.py`'s), and smart-tool-build's hook (ours);
- `uv build` of the setuptools example: the same three ways;
- `python -m build` of the tiny project through the wrapping backend over uv_build and over
  flit_core (wrapped), against the backend alone (plain);
- `python -m build --no-isolation` of the tiny project with hatchling and setuptools, plain,
  empty and ours (`bench/overhead.py`'s target, measured again beside the others).

It prints the medians of wall time and of CPU time (user + system of every process of the
build, which the machine's other work disturbs less), and `(with - plain) / plain` of each
(the targets: at most 10% isolated, `(ours - empty) / plain` at most 5% without isolation).

    python bench/isolated_builds.py [--repeat 7] [--case uv-hatchling uv-setuptools
        build-uv_build build-flit_core noiso-hatchling noiso-setuptools]
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

import overhead
import wrapper_overhead
from overhead import REPO

CASES = [
    "uv-hatchling",
    "uv-setuptools",
    "build-uv_build",
    "build-flit_core",
    "noiso-hatchling",
    "noiso-setuptools",
]

EXAMPLES = {
    "hatchling": REPO / "examples" / "hatchling-tool",
    "setuptools": REPO / "examples" / "setuptools-tool",
}


def example(root: Path, backend: str, way: str) -> Path:
    """The example built by ``backend``, as it is (ours), without smart-tool-build (plain), or
    with the benchmark's empty plugin enabled the same way instead (empty)."""
    target = root / f"example-{backend}-{way}"
    shutil.copytree(EXAMPLES[backend], target)
    pyproject = target / "pyproject.toml"
    text = pyproject.read_text()
    if way != "ours":
        (target / "smart-tool.json").unlink()
        replacement = ', "bench-empty-plugin"' if way == "empty" else ""
        text = text.replace(', "smart-tool-build"', replacement)
        hook = "[tool.hatch.build.hooks.bench-empty]\n" if way == "empty" else ""
        text = text.replace("[tool.hatch.build.hooks.smart-tool]\n", hook)
        if way == "empty" and backend == "setuptools":
            (target / "bench-empty.json").write_text("{}\n")
    assert ("smart-tool-build" in text) == (way == "ours"), text
    pyproject.write_text(text)
    return target


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system of every process waited for) of ``command``."""
    # as on a user's machine: bytecode is written where the environment lets it be
    env = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def uv_build(uv: str, wheels: Path, cache: Path) -> Callable[[Path, Path], tuple[float, float]]:
    env = {**os.environ, "UV_CACHE_DIR": str(cache), "UV_FIND_LINKS": str(wheels), "UV_OFFLINE": "1"}
    env["UV_NO_INDEX"] = "1"
    env["SOURCE_DATE_EPOCH"] = "1700000000"

    def build(source: Path, out: Path) -> tuple[float, float]:
        shutil.rmtree(out, ignore_errors=True)
        return timed(
            [uv, "build", "-q", "--no-index", "--find-links", str(wheels), "-o", str(out), str(source)], env
        )

    return build


def python_build(python: Path, wheels: Path, isolated: bool) -> Callable[[Path, Path], tuple[float, float]]:
    env = {
        **os.environ,
        "PATH": os.pathsep.join([str(python.parent), os.environ.get("PATH", "")]),
        "SOURCE_DATE_EPOCH": "1700000000",
        "PIP_NO_INDEX": "1",
        "PIP_FIND_LINKS": str(wheels),
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    flags = [] if isolated else ["--no-isolation"]

    def build(source: Path, out: Path) -> tuple[float, float]:
        shutil.rmtree(out, ignore_errors=True)
        return timed([str(python), "-m", "build", *flags, "-o", str(out), str(source)], env)

    return build


def run_case(
    ways: dict[str, tuple[Callable[[Path, Path], tuple[float, float]], Path]], root: Path, repeat: int
) -> dict[str, tuple[float, float]]:
    """Median wall and CPU seconds of each way, runs alternating, the first a warm-up."""
    walls: dict[str, list[float]] = {way: [] for way in ways}
    cpus: dict[str, list[float]] = {way: [] for way in ways}
    for run in range(repeat + 1):
        for way, (build, source) in ways.items():
            wall, cpu = build(source, root / f"out-{way}")
            if run:
                walls[way].append(wall)
                cpus[way].append(cpu)
    return {way: (statistics.median(walls[way]), statistics.median(cpus[way])) for way in ways}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--case", nargs="+", default=CASES, choices=CASES)
    args = parser.parse_args()
    uv = shutil.which("uv") or str(Path(sys.executable).with_name("uv"))
    version = subprocess.run([uv, "--version"], capture_output=True, text=True).stdout.strip()
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores; python {platform.python_version()}; {version}"
    )
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        wheels = root / "wheels"
        pip = [sys.executable, "-m", "pip"]
        subprocess.run([*pip, "wheel", "-q", "--no-deps", "-w", str(wheels), str(REPO)], check=True)
        empty = root / "empty-plugin"
        overhead.write(empty, overhead.EMPTY_HATCH)
        subprocess.run([*pip, "wheel", "-q", "--no-deps", "-w", str(wheels), str(empty)], check=True)
        needed = [
            "hatchling",
            "setuptools>=61",
            "uv_build",
            "flit_core",
            "pyyaml",
            "packaging",
            "tomli",
            "wheel",
        ]
        subprocess.run(
            [*pip, "download", "-q", "--only-binary=:all:", "-d", str(wheels), *needed], check=True
        )
        # the same wheels for python -m build's own environment, the installer of its isolated ones
        # (pip: python -m build's default)
        cache = root / "uv-cache"
        rows: list[tuple[str, dict[str, tuple[float, float]]]] = []
        for case in args.case:
            kind, backend = case.split("-", 1)
            if kind == "uv":
                build = uv_build(uv, wheels, cache)
                ways = {way: (build, example(root, backend, way)) for way in ("plain", "empty", "ours")}
            elif kind == "build":
                ways = {}
                for way in ("plain", "wrapped"):
                    python = wrapper_overhead.venv(root, backend, way, wheels)
                    ways[way] = (
                        python_build(python, wheels, True),
                        wrapper_overhead.project(root, backend, way, "tiny"),
                    )
            else:
                ways = {}
                for way in ("plain", "empty", "ours"):
                    python = overhead.venv(root, backend, way, wheels)
                    source = overhead.project(root / "noiso", backend, way, "tiny")
                    ways[way] = (python_build(python, wheels, False), source)
            result = run_case(ways, root / case, args.repeat)
            rows.append((case, result))
            print(
                f"  {case}: " + ", ".join(f"{w} {t[0]:.3f} s ({t[1]:.3f} s CPU)" for w, t in result.items()),
                flush=True,
            )
        print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print()
        print(
            "| case | plain | empty | with smart-tool-build | (with - plain)/plain | (with - empty)/plain |"
        )
        print("|---|---|---|---|---|---|")
        for case, result in rows:
            with_ = result.get("ours") or result["wrapped"]
            plain = result["plain"]
            empty_t = result.get("empty")
            cells = [f"{plain[0]:.3f} s / {plain[1]:.3f} s CPU"]
            cells.append(f"{empty_t[0]:.3f} s / {empty_t[1]:.3f} s CPU" if empty_t else "")
            cells.append(f"{with_[0]:.3f} s / {with_[1]:.3f} s CPU")
            cells.append(
                f"{(with_[0] - plain[0]) / plain[0]:.1%} / {(with_[1] - plain[1]) / plain[1]:.1%} CPU"
            )
            if empty_t:
                cells.append(
                    f"{(with_[0] - empty_t[0]) / plain[0]:.1%} / {(with_[1] - empty_t[1]) / plain[1]:.1%} CPU"
                )
            else:
                cells.append("")
            print(f"| {case} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
