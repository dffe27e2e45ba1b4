"""Isolated builds: what smart-tool-build costs the builds users run, side by side in one run.

Every frontend builds in isolation by default, so this is the cost users feel. Each case
builds one project several ways, alternating runs (the first of each way a warm-up), in
fresh processes, every build environment installed from one local folder of wheels
(smart-tool-build's own wheel built once from this checkout, the rest downloaded once),
offline:

- `uv build` of the hatchling example: the backend alone (plain), a do-nothing hook of the
  benchmark's own (empty, `bench/overhead.py`'s), the same hook depending on PyYAML and
  packaging (floor: what any plugin reading what ours reads pays), two plugins users already
  run (hatch-fancy-pypi-readme: fancy; hatch-vcs, with the example a git checkout: vcs), and
  smart-tool-build's hook (ours);
- `uv build` of the setuptools example: plain, the do-nothing plugin with the same
  dependencies (floor), ours;
- `uv build` of the tiny project over uv_build: uv's native build (plain: no Python process),
  uv_build with PyYAML and packaging in `requires` (floor: a Python build), through the
  wrapping backend (wrapped); the target is wrapped at most 1.5x the floor;
- `python -m build` of the tiny project over uv_build and over flit_core: the backend alone
  (plain), the backend with PyYAML and packaging added to `requires` (floor), through the
  wrapping backend (wrapped);
- `python -m build --no-isolation` of the tiny project with hatchling and setuptools, plain,
  empty and ours (`bench/overhead.py`'s target, measured again beside the others).

It prints the medians of wall time and of CPU time (user + system of every process of the
build, which the machine's other work disturbs less), `(x - floor) / plain` of each way
(`(x - empty) / plain` without isolation), and the verdicts: isolated, `(ours - floor) / plain`
at most 10% and, with hatchling, ours at most hatch-vcs; without isolation `(ours - empty) /
plain` at most 5%.

    python bench/isolated_builds.py [--repeat 7] [--case uv-hatchling uv-setuptools uv-uv_build
        build-uv_build build-flit_core noiso-hatchling noiso-setuptools] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import os
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
    "uv-uv_build",
    "build-uv_build",
    "build-flit_core",
    "noiso-hatchling",
    "noiso-setuptools",
]

EXAMPLES = {
    "hatchling": REPO / "examples" / "hatchling-tool",
    "setuptools": REPO / "examples" / "setuptools-tool",
}


# the floor: bench/overhead.py's do-nothing plugin under its own name, depending on what ours does
FLOOR_PLUGIN = {
    path.replace("bench_empty", "bench_floor"): text.replace("bench-empty", "bench-floor")
    .replace("bench_empty", "bench_floor")
    .replace('version = "1.0"\n', 'version = "1.0"\n        dependencies = ["pyyaml", "packaging"]\n')
    for path, text in overhead.EMPTY_HATCH.items()
}
PLUGINS = {
    "empty": "bench-empty-plugin",
    "floor": "bench-floor-plugin",
    "fancy": "hatch-fancy-pypi-readme",
    "vcs": "hatch-vcs",
}
PEERS = {  # a peer's configuration and the field it makes dynamic (hatch-vcs also needs git)
    "fancy": (
        '[tool.hatch.metadata.hooks.fancy-pypi-readme]\ncontent-type = "text/markdown"\n'
        '[[tool.hatch.metadata.hooks.fancy-pypi-readme.fragments]]\npath = "README.md"\n',
        'dynamic = ["readme"]\n',
    ),
    "vcs": ('[tool.hatch.version]\nsource = "vcs"\n', 'dynamic = ["version"]\n'),
}
UV_WAYS = {
    "hatchling": ("plain", "empty", "floor", "fancy", "vcs", "ours"),
    "setuptools": ("plain", "floor", "ours"),
}


def git_checkout(target: Path) -> None:
    """``target`` as a git checkout of one commit tagged v0.1.0 (what hatch-vcs reads)."""
    env = {**os.environ, "GIT_AUTHOR_NAME": "bench", "GIT_AUTHOR_EMAIL": "bench@example.invalid"}
    env.update({"GIT_COMMITTER_NAME": "bench", "GIT_COMMITTER_EMAIL": "bench@example.invalid"})
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "bench"], ["tag", "v0.1.0"]):
        subprocess.run(["git", *command], cwd=target, env=env, check=True)


def example(root: Path, backend: str, way: str) -> Path:
    """The example built by ``backend``, as it is (ours), without smart-tool-build (plain),
    with a benchmark plugin enabled the same way instead (empty, floor), or with a peer."""
    target = root / f"example-{backend}-{way}"
    shutil.copytree(EXAMPLES[backend], target)
    pyproject = target / "pyproject.toml"
    text = pyproject.read_text()
    if way != "ours":
        (target / "smart-tool.json").unlink()
        plugin = f', "{PLUGINS[way]}"' if way in PLUGINS else ""
        text = text.replace(', "smart-tool-build"', plugin)
        hook = f"[tool.hatch.build.hooks.bench-{way}]\n" if way in ("empty", "floor") else ""
        text = text.replace("[tool.hatch.build.hooks.smart-tool]\n", hook)
        if way in ("empty", "floor") and backend == "setuptools":
            (target / f"bench-{way}.json").write_text("{}\n")
        if way in PEERS:
            table, dynamic = PEERS[way]
            dropped = 'version = "0.1.0"\n' if way == "vcs" else ""
            text = text.replace('requires-python = ">=3.9"\n', f'requires-python = ">=3.9"\n{dynamic}')
            text = text.replace(dropped, "") + f"\n{table}"
    assert ("smart-tool-build" in text) == (way == "ours"), text
    pyproject.write_text(text)
    if way == "vcs":
        git_checkout(target)
    return target


WRAPPED_WAYS = ("plain", "floor", "wrapped")


def wrapped_project(root: Path, backend: str, way: str) -> Path:
    """The tiny project over ``backend``: alone (plain), with PyYAML and packaging added to
    ``requires`` (floor), or through the wrapping backend (wrapped)."""
    source = wrapper_overhead.project(root, backend, way, "tiny")
    if way == "floor":
        distribution, entry, _ = wrapper_overhead.BACKENDS[backend]
        text = (source / "pyproject.toml").read_text()
        wrapped = (f'["smart-tool-build", "{distribution}"]', '"smart_tool_build.backend"')
        assert all(part in text for part in wrapped), text
        text = text.replace(wrapped[0], f'["{distribution}", "pyyaml", "packaging"]')
        (source / "pyproject.toml").write_text(text.replace(wrapped[1], f'"{entry}"'))
    return source


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
    parser.add_argument("--json", type=Path, help="write the medians there too")
    args = parser.parse_args()
    uv = overhead.uv_command()
    version = subprocess.run([uv, "--version"], capture_output=True, text=True).stdout.strip()
    print(f"{overhead.machine_line()}; {version}")
    print(overhead.load_line("start"))
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        wheels = root / "wheels"
        pip = [sys.executable, "-m", "pip"]
        subprocess.run([*pip, "wheel", "-q", "--no-deps", "-w", str(wheels), str(REPO)], check=True)
        for name, files in (("empty", overhead.EMPTY_HATCH), ("floor", FLOOR_PLUGIN)):
            overhead.write(root / f"{name}-plugin", files)
            subprocess.run(
                [*pip, "wheel", "-q", "--no-deps", "-w", str(wheels), str(root / f"{name}-plugin")],
                check=True,
            )
        needed = [
            "hatchling",
            "setuptools>=61",
            "uv_build",
            "flit_core",
            "pyyaml",
            "packaging",
            "tomli",
            "wheel",
            *(PLUGINS[peer] for peer in PEERS),
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
            if kind == "uv" and backend in wrapper_overhead.BACKENDS:
                build = uv_build(uv, wheels, cache)
                ways = {way: (build, wrapped_project(root / case, backend, way)) for way in WRAPPED_WAYS}
            elif kind == "uv":
                build = uv_build(uv, wheels, cache)
                ways = {way: (build, example(root, backend, way)) for way in UV_WAYS[backend]}
            elif kind == "build":
                ways = {}
                for way in WRAPPED_WAYS:
                    python = wrapper_overhead.venv(root, backend, way, wheels)
                    ways[way] = (python_build(python, wheels, True), wrapped_project(root, backend, way))
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
        print(overhead.load_line("end"))
        report(rows)
        if args.json:
            args.json.write_text(json.dumps(dict(rows), indent=1))


def report(rows: list[tuple[str, dict[str, tuple[float, float]]]]) -> None:
    """Each case's medians, ``(x - floor) / plain`` of each way (``empty`` without isolation)
    in wall and CPU time, and the verdicts, on CPU time (the load disturbs it least)."""
    print()
    print("| case | way | wall s | CPU s | (x - floor)/plain, wall | (x - floor)/plain, CPU |")
    print("|---|---|---|---|---|---|")
    verdicts = []
    for case, result in rows:
        floor_way = "floor" if "floor" in result else "empty"
        plain, floor = result["plain"], result[floor_way]
        for way, (wall, cpu) in result.items():
            over = [(t - f) / p for t, f, p in zip((wall, cpu), floor, plain)]
            print(f"| {case} | {way} | {wall:.3f} | {cpu:.3f} | {over[0]:+.1%} | {over[1]:+.1%} |")
        ours_way = "ours" if "ours" in result else "wrapped"
        ours = result[ours_way]
        if case == "uv-uv_build":  # uv's native build has no Python process: against the floor
            ratio = ours[1] / floor[1]
            verdicts.append(
                f"{case}: wrapped/floor {ratio:.2f}x of CPU (target <= 1.5x; uv's native build "
                f"{plain[1]:.3f} s): " + ("met" if ratio <= 1.5 else "not met")
            )
            continue
        excess = (ours[1] - floor[1]) / plain[1]
        limit = 0.10 if floor_way == "floor" else 0.05
        verdicts.append(
            f"{case}: ({ours_way} - {floor_way})/plain {excess:+.1%} of CPU (target <= {limit:.0%}): "
            + ("met" if excess <= limit else "not met")
        )
        if "vcs" in result:
            verdicts.append(
                f"{case}: ours {ours[1]:.3f} s against hatch-vcs {result['vcs'][1]:.3f} s of CPU "
                f"({(ours[1] - result['vcs'][1]) / plain[1]:+.1%} of plain): "
                + ("met" if ours[1] <= result["vcs"][1] else "not met")
            )
    print()
    print("\n".join(verdicts))


if __name__ == "__main__":
    main()
