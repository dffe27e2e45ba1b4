"""Where an isolated build's extra time goes: the build environment, and one build process.

Two measurements, alternating, in fresh processes, from one local folder of wheels (this
checkout's wheel built once), offline:

- **install**: a fresh virtual environment (`uv venv`, or `python -m venv` for pip) with hatchling
  alone, with hatchling and smart-tool-build (its dependencies with it), and with hatchling
  and smart-tool-build's dependencies alone (PyYAML; hatchling brings packaging): what any
  plugin that reads YAML and PEP 440/508 with them pays; the same three for uv_build, the
  backend the wrapper is measured over (its dependencies alone: PyYAML and packaging); by
  `uv pip install` (from uv's cache, no bytecode, as `uv build` installs) and by pip (which
  byte-compiles what it installs, as `python -m build` installs);
- **process**: one `build_wheel` of the hatchling example in such an environment, in its own
  process, as a frontend runs it, without the hook (the project's hook table removed) and
  with it; cold (no bytecode anywhere in the environment: every import compiled from source,
  as in an isolated build) and compiled (`--compile-bytecode`). The difference of the two
  "with" rows is what compiling the build path costs each process.

Times are CPU seconds (user + system of the process and its children), the figure the
machine's other work disturbs least; wall time beside them.

    python bench/build_env.py [--repeat 7]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import overhead
from overhead import REPO

EXAMPLE = REPO / "examples" / "hatchling-tool"


def timed(command: list[str], env: dict[str, str], cwd: Path | None = None) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=cwd)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    uv = overhead.uv_command()
    print(overhead.machine_line())
    print(overhead.load_line("start"))
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        wheels = root / "wheels"
        pip = [sys.executable, "-m", "pip"]
        subprocess.run([*pip, "wheel", "-q", "--no-deps", "-w", str(wheels), str(REPO)], check=True)
        subprocess.run(
            [
                *pip,
                "download",
                "-q",
                "--only-binary=:all:",
                "-d",
                str(wheels),
                "hatchling",
                "uv-build",
                "pyyaml",
                "packaging",
                "tomli",
            ],
            check=True,
        )
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update({"UV_CACHE_DIR": str(root / "cache"), "UV_OFFLINE": "1", "PIP_NO_INDEX": "1"})
        env.update({"PIP_FIND_LINKS": str(wheels), "PIP_DISABLE_PIP_VERSION_CHECK": "1"})
        sets = {
            "hatchling": ["hatchling"],
            "hatchling + PyYAML": ["hatchling", "pyyaml"],
            "hatchling + smart-tool-build": ["hatchling", "smart-tool-build"],
            "uv_build": ["uv-build"],
            "uv_build + PyYAML, packaging": ["uv-build", "pyyaml", "packaging"],
            "uv_build + smart-tool-build": ["uv-build", "smart-tool-build"],
        }

        def install(
            tool: str, packages: list[str], target: Path, compile_: bool = False
        ) -> tuple[float, float]:
            shutil.rmtree(target, ignore_errors=True)
            if tool == "pip":  # venv's own pip (ensurepip: offline)
                subprocess.run([sys.executable, "-m", "venv", str(target)], env=env, check=True)
            else:
                subprocess.run([uv, "venv", "-q", str(target)], env=env, check=True)
            python = str(target / "bin" / "python")
            if tool == "uv":
                command = [
                    uv,
                    "pip",
                    "install",
                    "-q",
                    "--python",
                    python,
                    "--no-index",
                    "--find-links",
                    str(wheels),
                ]
                command += ["--compile-bytecode"] if compile_ else []
            else:
                command = [python, "-m", "pip", "install", "-q", "--no-index", "--find-links", str(wheels)]
            return timed([*command, *packages], env)

        results: dict[str, list[tuple[float, float]]] = {}
        for run in range(args.repeat + 1):  # the first a warm-up (uv's cache)
            for tool in ("uv", "pip"):
                for label, packages in sets.items():
                    measured = install(tool, packages, root / "env")
                    if run:
                        results.setdefault(f"{tool}: {label}", []).append(measured)
        print("\ninstall into a fresh environment (median)")
        for label, values in results.items():
            wall = statistics.median(v[0] for v in values)
            cpu = statistics.median(v[1] for v in values)
            print(f"  {label:<36} {wall:.3f} s wall  {cpu:.3f} s CPU")

        plain = root / "plain"
        shutil.copytree(EXAMPLE, plain)
        text = (plain / "pyproject.toml").read_text().replace("[tool.hatch.build.hooks.smart-tool]\n", "")
        (plain / "pyproject.toml").write_text(text)
        (plain / "smart-tool.json").unlink()
        ours = root / "ours"
        shutil.copytree(EXAMPLE, ours)
        envs = {"cold": root / "env-cold", "compiled": root / "env-compiled"}
        install("uv", sets["hatchling + smart-tool-build"], envs["cold"])
        install("uv", sets["hatchling + smart-tool-build"], envs["compiled"], compile_=True)
        cold_env = {**env, "PYTHONDONTWRITEBYTECODE": "1"}  # each run as the first in its environment
        probe = "import sys, hatchling.build; hatchling.build.build_wheel(sys.argv[1])"
        ways = {
            "without the hook, cold": (envs["cold"], plain, cold_env),
            "with the hook, cold": (envs["cold"], ours, cold_env),
            "without the hook, compiled": (envs["compiled"], plain, env),
            "with the hook, compiled": (envs["compiled"], ours, env),
        }
        process: dict[str, list[tuple[float, float]]] = {way: [] for way in ways}
        for run in range(args.repeat + 1):
            for way, (venv, project, way_env) in ways.items():
                out = root / "out"
                shutil.rmtree(out, ignore_errors=True)
                measured = timed([str(venv / "bin" / "python"), "-c", probe, str(out)], way_env, cwd=project)
                if run:
                    process[way].append(measured)
        print("\none build_wheel process of the hatchling example (median)")
        for way, values in process.items():
            wall = statistics.median(v[0] for v in values)
            cpu = statistics.median(v[1] for v in values)
            print(f"  {way:<36} {wall:.3f} s wall  {cpu:.3f} s CPU")
        print(overhead.load_line("end"))


if __name__ == "__main__":
    main()
