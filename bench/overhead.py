"""Hook overhead: what smart-tool-build costs a build, against no plugin and an empty plugin.

For each backend (hatchling, setuptools) it builds one project three ways, alternating
runs, with `python -m build --no-isolation` (sdist, then the wheel from it):

- plain: the backend alone, in an environment without any plugin;
- empty: a do-nothing plugin of this benchmark's own, installed and enabled the same way
  ours is (it measures what the backend charges for any plugin at all);
- ours: smart-tool-build, installed and enabled.

Each way has its own virtual environment, so "plain" pays for no installed plugin.
It prints the three medians and the two ratios; the target is
`(ours - empty) / plain <= 0.05`. Two projects: the tiny example, and a realistic one
(~50 modules, a few hundred files).

    python bench/overhead.py [--repeat 7] [--backend hatchling setuptools] [--size tiny realistic]
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def machine_line() -> str:
    """The line every benchmark prints first: where its figures were taken."""
    return f"machine: {platform.machine()}, {os.cpu_count()} cores; python {platform.python_version()}"


def load_line(when: str) -> str:
    """The load average, printed at the ``when`` ("start", "end") of a run on a shared machine."""
    return f"load average at the {when}: {' '.join(f'{x:.2f}' for x in os.getloadavg())}"


def uv_command() -> str:
    """uv on PATH, else the one the uv package put beside this interpreter."""
    return shutil.which("uv") or str(Path(sys.executable).with_name("uv"))


EMPTY_HATCH = {
    "pyproject.toml": """
        [build-system]
        requires = ["hatchling"]
        build-backend = "hatchling.build"

        [project]
        name = "bench-empty-plugin"
        version = "1.0"

        [project.entry-points.hatch]
        bench-empty = "bench_empty_plugin.hatch"

        [project.entry-points."setuptools.finalize_distribution_options"]
        bench_empty = "bench_empty_plugin.setuptools:finalize"
        """,
    "bench_empty_plugin/__init__.py": "",
    "bench_empty_plugin/hatch.py": """
        from hatchling.builders.hooks.plugin.interface import BuildHookInterface
        from hatchling.plugin import hookimpl


        class EmptyHook(BuildHookInterface):
            PLUGIN_NAME = "bench-empty"

            def initialize(self, version, build_data):
                pass

            def finalize(self, version, build_data, artifact_path):
                pass


        @hookimpl
        def hatch_register_build_hook():
            return EmptyHook
        """,
    "bench_empty_plugin/setuptools.py": """
        import os


        def finalize(dist):
            # enabled the way smart-tool-build is: by a file at the project root
            if not os.path.isfile("bench-empty.json"):
                return
        """,
}

MANIFEST = """---
smart_tool_format: 1
name: {name}
version: 0.1.0
description: >
  A benchmark tool. It does nothing but give the build something realistic to check.
use_cases:
  - Measure what a build plugin costs
platforms:
  - linux
requires:
  - name: graphviz
    purpose: Draws diagrams. Without it, no diagrams.
    optional: true
    install: docs/installing-graphviz.md
---

# {name}

Body text for the benchmark.
"""


def write(root: Path, files: dict[str, str]) -> None:
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip())


def project(root: Path, backend: str, way: str, size: str) -> Path:
    name = "bench-tool"
    package = "bench_tool"
    if backend == "hatchling":
        build_system = '[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n'
        layout = f'[tool.hatch.build.targets.wheel]\npackages = ["src/{package}"]\n'
        enable = {
            "plain": "",
            "empty": "[tool.hatch.build.hooks.bench-empty]\n",
            "ours": "[tool.hatch.build.hooks.smart-tool]\n",
        }[way]
    else:
        build_system = (
            '[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n'
        )
        layout = ""
        enable = ""
    pyproject = (
        f'{build_system}\n[project]\nname = "{name}"\nversion = "0.1.0"\n'
        f'[project.scripts]\n{name} = "{package}.cli:main"\n\n{layout}\n{enable}'
    )
    files = {
        "pyproject.toml": pyproject,
        "README.md": f"# {name}\n",
        f"src/{package}/__init__.py": "",
        f"src/{package}/cli.py": "def main():\n    return 0\n",
        "docs/installing-graphviz.md": "# graphviz\n",
    }
    if way == "ours":
        files["smart-tool.json"] = f'{{"manifest": "src/{package}/SMART_TOOL.md", "cli_argv": ["{name}"]}}\n'
        files[f"src/{package}/SMART_TOOL.md"] = MANIFEST.format(name=name)
    elif way == "empty":
        files["bench-empty.json"] = "{}\n"
        files[f"src/{package}/SMART_TOOL.md"] = MANIFEST.format(name=name)
    else:
        files[f"src/{package}/SMART_TOOL.md"] = MANIFEST.format(name=name)
    if size == "realistic":
        for module in range(50):
            files[f"src/{package}/mod_{module:02d}.py"] = "def f(x):\n    return x + 1\n" * 20
        for doc in range(150):
            files[f"docs/page_{doc:03d}.md"] = f"# Page {doc}\n\n" + "Some prose. " * 50 + "\n"
        for test in range(100):
            files[f"tests/test_{test:03d}.py"] = "def test_it():\n    assert True\n"
    target = root / f"{backend}-{way}-{size}"
    write(target, files)
    return target


def venv_with(path: Path, packages: list[str], wheels: Path) -> Path:
    """A fresh venv at ``path`` with ``packages`` installed from ``wheels``; its python."""
    subprocess.run([sys.executable, "-m", "venv", str(path)], check=True)
    python = path / "bin" / "python"
    pip = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", "--find-links"]
    subprocess.run([*pip, str(wheels), *packages], check=True)
    return python


def venv(root: Path, backend: str, way: str, wheels: Path) -> Path:
    packages = ["build", "hatchling" if backend == "hatchling" else "setuptools", "wheel"]
    if way == "empty":
        packages.append("bench-empty-plugin")
    if way == "ours":
        packages.append("smart-tool-build")
    return venv_with(root / f"venv-{backend}-{way}", packages, wheels)


def timed_build(
    python: Path, source: Path, out: Path, env: dict[str, str], flags: tuple[str, ...] = ("--no-isolation",)
) -> float:
    """Seconds one ``python -m build FLAGS -o OUT SOURCE`` takes (``out`` emptied first)."""
    if out.exists():
        shutil.rmtree(out)
    start = time.perf_counter()
    done = subprocess.run(
        [str(python), "-m", "build", *flags, "-o", str(out), str(source)],
        capture_output=True,
        text=True,
        env=env,
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"build failed:\n{done.stdout}\n{done.stderr}")
    return elapsed


def build_once(python: Path, source: Path, out: Path) -> float:
    return timed_build(python, source, out, {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--backend", nargs="+", default=["hatchling", "setuptools"])
    parser.add_argument("--size", nargs="+", default=["tiny", "realistic"])
    args = parser.parse_args()
    print(machine_line())
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        wheels = root / "wheels"
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(REPO)],
            check=True,
        )
        empty = root / "empty-plugin"
        write(empty, EMPTY_HATCH)
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(empty)],
            check=True,
        )
        print(
            f"{'backend':<11} {'project':<10} {'plain s':>8} {'empty s':>8} {'ours s':>8} {'empty/plain':>12} {'(ours-empty)/plain':>19}"
        )
        for backend in args.backend:
            pythons = {way: venv(root, backend, way, wheels) for way in ("plain", "empty", "ours")}
            for size in args.size:
                projects = {way: project(root, backend, way, size) for way in pythons}
                times: dict[str, list[float]] = {way: [] for way in pythons}
                for way in pythons:  # warm-up: byte-compile caches, page cache
                    build_once(pythons[way], projects[way], root / "out")
                for _ in range(args.repeat):
                    for way in pythons:
                        times[way].append(build_once(pythons[way], projects[way], root / "out"))
                plain, empty_t, ours = (statistics.median(times[w]) for w in ("plain", "empty", "ours"))
                print(
                    f"{backend:<11} {size:<10} {plain:>8.3f} {empty_t:>8.3f} {ours:>8.3f} "
                    f"{(empty_t - plain) / plain:>12.1%} {(ours - empty_t) / plain:>19.1%}"
                )


if __name__ == "__main__":
    main()
