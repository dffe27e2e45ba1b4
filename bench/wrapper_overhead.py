"""Wrapper overhead: what the wrapping backend costs a build, against its backend alone.

For each wrapped backend (uv_build, flit_core) it builds one project two ways, alternating
runs, with `python -m build --no-isolation` (sdist, then the wheel from it; `--isolated`:
`python -m build` as it runs by default, each build environment installed from a local
wheelhouse), each way in its own virtual environment:

- plain: the backend alone (`build-backend = "uv_build"`), with every file the wrapper
  guarantees already where the backend puts it (no excludes), so the archives compare;
- wrapped: `build-backend = "smart_tool_build.backend"` over the same backend.

It prints the two medians and `(wrapped - plain) / plain`; the target is at most 10%. After
the runs it checks that the two ways' archives carry the same members, but for the
descriptor the wrapper adds to the wheel's .dist-info. Two projects: the tiny example, and
a realistic one (~50 modules, a few hundred files).

    python bench/wrapper_overhead.py [--repeat 7] [--backend uv_build flit_core] [--size tiny realistic]
        [--isolated]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

import overhead
from overhead import REPO

BACKENDS = {
    # the distribution, the build-backend object, and its settings that put the descriptor
    # and the install document into the sdist (the manifest, inside the package, goes by itself)
    "uv_build": (
        "uv_build",
        "uv_build",
        '[tool.uv.build-backend]\nsource-include = ["smart-tool.json", "docs/installing-graphviz.md"]\n',
    ),
    "flit_core": (
        "flit_core",
        "flit_core.buildapi",
        '[tool.flit.sdist]\ninclude = ["smart-tool.json", "docs/installing-graphviz.md"]\n',
    ),
}


def project(root: Path, backend: str, way: str, size: str) -> Path:
    """The project of `overhead.py` (its files, tiny or realistic), built by ``backend``."""
    target = overhead.project(root / f"{backend}-{way}", "hatchling", "ours", size)
    name, package = "bench-tool", "bench_tool"
    distribution, entry, includes = BACKENDS[backend]
    requires = f'"{distribution}"' if way == "plain" else f'"smart-tool-build", "{distribution}"'
    build_backend = entry if way == "plain" else "smart_tool_build.backend"
    (target / "pyproject.toml").write_text(
        f'[build-system]\nrequires = [{requires}]\nbuild-backend = "{build_backend}"\n\n'
        f'[project]\nname = "{name}"\nversion = "0.1.0"\ndescription = "A benchmark tool."\n'
        f'[project.scripts]\n{name} = "{package}.cli:main"\n\n{includes}'
    )
    return target


def venv(root: Path, backend: str, way: str, wheels: Path) -> Path:
    packages = ["build", BACKENDS[backend][0], *(["smart-tool-build"] if way == "wrapped" else [])]
    return overhead.venv_with(root / f"venv-{backend}-{way}", packages, wheels)


def build_once(python: Path, source: Path, out: Path, wheels: Path, isolated: bool) -> float:
    """One `python -m build` (`--no-isolation` unless ``isolated``: then the build
    environments install from ``wheels`` only). Without isolation the venv's scripts go first
    on PATH, as an isolated build has them (uv_build finds its binary there)."""
    env = {
        **os.environ,
        "PATH": os.pathsep.join([str(python.parent), os.environ.get("PATH", "")]),
        "SOURCE_DATE_EPOCH": "1700000000",
    }
    if isolated:
        env.update({"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(wheels), "PIP_DISABLE_PIP_VERSION_CHECK": "1"})
    return overhead.timed_build(python, source, out, env, () if isolated else ("--no-isolation",))


def members(out: Path) -> dict[str, set[str]]:
    """The file members of each archive in ``out``, by kind."""
    (wheel,) = out.glob("*.whl")
    (sdist,) = out.glob("*.tar.gz")
    with zipfile.ZipFile(wheel) as archive:
        wheel_names = {n for n in archive.namelist() if not n.endswith("/")}
    with tarfile.open(sdist) as archive:
        sdist_names = {m.name for m in archive.getmembers() if m.isfile()}
    return {"wheel": wheel_names, "sdist": sdist_names}


def compare(root: Path, backend: str) -> str:
    plain, wrapped = (members(root / f"out-{backend}-{way}") for way in ("plain", "wrapped"))
    extra = wrapped["wheel"] - plain["wheel"]
    if plain["sdist"] != wrapped["sdist"] or plain["wheel"] - wrapped["wheel"] or len(extra) != 1:
        raise SystemExit(f"{backend}: the archives differ: {plain} against {wrapped}")
    return f"same members, the wrapped wheel adds {extra.pop()}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--backend", nargs="+", default=list(BACKENDS))
    parser.add_argument("--size", nargs="+", default=["tiny", "realistic"])
    parser.add_argument("--isolated", action="store_true", help="isolated builds, as `python -m build` runs")
    args = parser.parse_args()
    print(overhead.machine_line())
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        wheels = root / "wheels"
        pip = [sys.executable, "-m", "pip"]
        subprocess.run([*pip, "wheel", "-q", "--no-deps", "-w", str(wheels), str(REPO)], check=True)
        if args.isolated:  # what the build environments install, from here only
            needed = [BACKENDS[b][0] for b in args.backend] + ["pyyaml", "packaging"]
            subprocess.run(
                [*pip, "download", "-q", "--only-binary=:all:", "-d", str(wheels), *needed], check=True
            )
        print(f"python -m build {'(isolated)' if args.isolated else '--no-isolation'}")
        print(
            f"{'backend':<10} {'project':<10} {'plain s':>8} {'wrapped s':>10} {'(wrapped-plain)/plain':>22}"
        )
        for backend in args.backend:
            pythons = {way: venv(root, backend, way, wheels) for way in ("plain", "wrapped")}
            for size in args.size:
                projects = {way: project(root, backend, way, size) for way in pythons}
                outs = {way: root / f"out-{backend}-{way}" for way in pythons}
                times: dict[str, list[float]] = {way: [] for way in pythons}
                for run in range(args.repeat + 1):  # the first is a warm-up: caches, page cache
                    for way in pythons:
                        elapsed = build_once(pythons[way], projects[way], outs[way], wheels, args.isolated)
                        if run:
                            times[way].append(elapsed)
                plain, wrapped = (statistics.median(times[w]) for w in ("plain", "wrapped"))
                print(
                    f"{backend:<10} {size:<10} {plain:>8.3f} {wrapped:>10.3f} {(wrapped - plain) / plain:>22.1%}"
                    f"   ({compare(root, backend)})"
                )


if __name__ == "__main__":
    main()
