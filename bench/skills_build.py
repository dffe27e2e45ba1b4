"""Library skills: what smart-tool-build costs the build of a library with 50 skills.

One library (a package of 20 modules and 50 skills in ``src/bench_lib/.agents/skills/``,
each a SKILL.md, a ``references/guide.md`` and an executable ``scripts/run.sh``: 150 skill
files) is built two ways per backend, alternating runs, with `python -m build
--no-isolation` (the sdist, then the wheel from it), each way in its own virtual environment:

- plain: the backend alone, in an environment without smart-tool-build;
- ours: smart-tool-build on (hatchling: the hook table; setuptools: named in
  `[build-system] requires`; flit_core: `build-backend = "smart_tool_build.backend"`), which
  finds the 50 skills, places their files, and verifies both archives.

It prints the medians of wall time and of CPU time (the build's processes, user + system:
steadier than wall time on a shared machine), `ours / plain` for each, and how many skill
files each way's wheel carries. The setuptools project ships its skills as package data
without us (a MANIFEST.in `graft` of the skills folder: package-data globs never match a
hidden folder), so both ways build the same wheel.

    python bench/skills_build.py [--repeat 7] [--backend hatchling setuptools flit_core] [--skills 50]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import overhead
from overhead import REPO

PACKAGE = "bench_lib"
NAME = "bench-lib"
SKILL = """---
name: {name}
description: Use bench-lib's part {index} well. Use when code imports bench_lib.mod_{module:02d}.
license: MIT
---

# {name}

Read [references/guide.md](references/guide.md); try [scripts/run.sh](scripts/run.sh).
"""

#: the distribution the backend is, its build-backend, and what switches smart-tool-build on
BACKENDS = {
    "hatchling": ("hatchling", "hatchling.build", "[tool.hatch.build.hooks.smart-tool]\n"),
    "setuptools": ("setuptools>=61", "setuptools.build_meta", ""),
    "flit_core": ("flit_core", "flit_core.buildapi", ""),
}


def project(root: Path, backend: str, way: str, skills: int) -> Path:
    requirement, build_backend, hook = BACKENDS[backend]
    requires = [requirement] + (["smart-tool-build"] if way == "ours" else [])
    if way == "ours" and backend == "flit_core":
        build_backend = "smart_tool_build.backend"
    pyproject = (
        f"[build-system]\nrequires = {requires!r}\nbuild-backend = {build_backend!r}\n\n"
        f'[project]\nname = "{NAME}"\nversion = "0.1.0"\ndescription = "A library with skills."\n\n'
    ).replace("'", '"')
    if backend == "hatchling":
        pyproject += f'[tool.hatch.build.targets.wheel]\npackages = ["src/{PACKAGE}"]\n\n'
        pyproject += hook if way == "ours" else ""
    files = {"pyproject.toml": pyproject, "README.md": f"# {NAME}\n", f"src/{PACKAGE}/__init__.py": ""}
    if backend == "setuptools":  # package data that ships the skills without us (package-data
        # globs never match a hidden folder; MANIFEST.in's graft does, with include-package-data)
        files["MANIFEST.in"] = f"graft src/{PACKAGE}/.agents\n"
    for module in range(20):
        files[f"src/{PACKAGE}/mod_{module:02d}.py"] = "def f(x):\n    return x + 1\n" * 20
    for index in range(skills):
        name = f"bench-lib-part-{index:02d}"
        folder = f"src/{PACKAGE}/.agents/skills/{name}"
        files[f"{folder}/SKILL.md"] = SKILL.format(name=name, index=index, module=index % 20)
        files[f"{folder}/references/guide.md"] = f"# Part {index}\n\n" + "Some prose. " * 80 + "\n"
        files[f"{folder}/scripts/run.sh"] = f"#!/bin/sh\necho part {index}\n"
    target = root / f"{backend}-{way}"
    overhead.write(target, files)
    for index in range(skills):
        (target / f"src/{PACKAGE}/.agents/skills/bench-lib-part-{index:02d}/scripts/run.sh").chmod(0o755)
    return target


def timed(python: Path, source: Path, out: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the build's processes) of one build."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = overhead.build_once(python, source, out)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def skill_files_in_wheel(out: Path) -> int:
    [wheel] = out.glob("*.whl")
    with zipfile.ZipFile(wheel) as handle:
        return sum("/.agents/skills/" in name for name in handle.namelist())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--backend", nargs="+", default=list(BACKENDS), choices=list(BACKENDS))
    parser.add_argument("--skills", type=int, default=50)
    args = parser.parse_args()
    print(overhead.machine_line())
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        wheels = root / "wheels"
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(REPO)],
            check=True,
        )
        print(
            f"{'backend':<11} {'skills':>6} {'plain s':>8} {'ours s':>8} {'ours/plain':>11} "
            f"{'plain CPU s':>12} {'ours CPU s':>11} {'ours/plain':>11} {'skill files (plain, ours)':>26}"
        )
        for backend in args.backend:
            distribution = BACKENDS[backend][0]
            packages = {
                "plain": ["build", distribution, "wheel"],
                "ours": ["build", distribution, "wheel", "smart-tool-build"],
            }
            pythons = {
                way: overhead.venv_with(root / f"venv-{backend}-{way}", packages[way], wheels)
                for way in packages
            }
            projects = {way: project(root, backend, way, args.skills) for way in pythons}
            outs = {way: root / f"out-{backend}-{way}" for way in pythons}
            for way in pythons:  # warm-up: byte-compile caches, page cache
                overhead.build_once(pythons[way], projects[way], outs[way])
            carried = {way: skill_files_in_wheel(outs[way]) for way in pythons}
            times: dict[str, list[tuple[float, float]]] = {way: [] for way in pythons}
            for _ in range(args.repeat):
                for way in pythons:
                    times[way].append(timed(pythons[way], projects[way], outs[way]))
            wall = {w: statistics.median(t[0] for t in times[w]) for w in pythons}
            cpu = {w: statistics.median(t[1] for t in times[w]) for w in pythons}
            print(
                f"{backend:<11} {args.skills:>6} {wall['plain']:>8.3f} {wall['ours']:>8.3f} "
                f"{wall['ours'] / wall['plain']:>11.2f} {cpu['plain']:>12.3f} {cpu['ours']:>11.3f} "
                f"{cpu['ours'] / cpu['plain']:>11.2f} {carried['plain']:>13} {carried['ours']:>12}"
            )


if __name__ == "__main__":
    main()
