"""`smart-tool smoke` of a small tool without dependencies: the whole command, end to end.

Builds fixtures/smoke/valid (smoke-demo, standard library only) into a wheel once, then
times ``smart-tool smoke --no-deps WHEEL`` in fresh processes: a throwaway environment
made, the wheel installed, eight probes run (``-h``, ``--help``, ``-V``, ``--version``,
the capability's ``--help``, ``deterministic_smoke``, an unknown verb, the accessor), the
files compared, the environment removed. With uv on PATH (the default when it is there),
and with venv + pip (``--installers pip``).

    python bench/smoke.py [--repeat 7] [--installers uv pip]
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
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FIXTURE = REPO / "fixtures" / "smoke" / "valid"


def build_wheel(work: Path) -> Path:
    project = work / "valid"
    shutil.copytree(FIXTURE, project)
    out = work / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "-q", "--wheel", "--no-isolation", "-o", str(out), str(project)],
        check=True,
        capture_output=True,
    )
    (wheel,) = out.glob("*.whl")
    return wheel


def environment(installer: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO / "src"), env.get("PYTHONPATH")]))
    folders = env.get("PATH", "").split(os.pathsep)
    uv = shutil.which("uv") or (
        str(Path(sys.executable).with_name("uv")) if Path(sys.executable).with_name("uv").exists() else None
    )
    folders = [f for f in folders if f and not (Path(f) / "uv").exists()]
    if installer == "uv":
        if uv is None:
            raise SystemExit("uv is not on PATH nor beside this interpreter")
        folders.insert(0, os.path.dirname(uv))
    env["PATH"] = os.pathsep.join(folders)
    return env


def once(wheel: Path, env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "smart_tool_build", "smoke", "--no-deps", wheel.name],
        cwd=wheel.parent,
        env=env,
        capture_output=True,
        text=True,
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"smoke failed:\n{done.stdout}{done.stderr}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--installers", nargs="+", choices=("uv", "pip"), default=["uv", "pip"])
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores; python {platform.python_version()}")
    with tempfile.TemporaryDirectory() as folder:
        wheel = build_wheel(Path(folder))
        envs = {name: environment(name) for name in args.installers}
        times: dict[str, list[float]] = {name: [] for name in args.installers}
        for _ in range(args.repeat):  # alternating, so a noisy moment hits every installer
            for name in args.installers:
                times[name].append(once(wheel, envs[name]))
    print("| installer | median | min | max | runs |")
    print("|---|---|---|---|---|")
    for name, values in times.items():
        print(
            f"| {name} | {statistics.median(values):.2f} s | {min(values):.2f} s | "
            f"{max(values):.2f} s | {len(values)} |"
        )


if __name__ == "__main__":
    main()
