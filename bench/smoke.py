"""`smart-tool smoke` of a small tool without dependencies: the whole command, end to end.

Builds fixtures/smoke/valid (smoke-demo, standard library only) into a wheel once, then
times ``smart-tool smoke --no-deps WHEEL`` in fresh processes: a throwaway environment
made, the wheel installed, eight probes run (``-h``, ``--help``, ``-V``, ``--version``,
the capability's ``--help``, ``deterministic_smoke``, an unknown verb, the accessor), the
files compared, the environment removed. With uv on PATH (the default when it is there),
and with venv + pip (``--installers pip``).

``--loud`` compares instead, with uv, that tool against fixtures/smoke/valid--megabytes
(the same, but its deterministic verb prints 100 MB): time, and smoke's own peak resident
memory (``VmHWM`` of its process, read as it ends; Linux).

    python bench/smoke.py [--repeat 7] [--installers uv pip] [--loud]
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
SMOKE = REPO / "fixtures" / "smoke"
FIXTURE = SMOKE / "valid"
#: runs smart-tool's main, then prints the process's peak memory (KiB) on stderr's last line
MEASURED = (
    "import sys; from smart_tool.cli import main; code = main(sys.argv[1:]); "
    "print([line.split()[1] for line in open('/proc/self/status') if line.startswith('VmHWM')][0], "
    "file=sys.stderr); raise SystemExit(code)"
)


def build_wheel(work: Path, overlay: str = "") -> Path:
    project = work / (overlay or "valid")
    shutil.copytree(FIXTURE, project)
    if overlay:
        shutil.copytree(SMOKE / overlay, project, dirs_exist_ok=True)
    out = work / f"dist-{overlay or 'valid'}"
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


def once(wheel: Path, env: dict[str, str], measured: bool = False) -> tuple[float, int]:
    """Seconds, and (``measured``) smoke's peak memory in KiB."""
    start = time.perf_counter()
    command = [sys.executable, "-c", MEASURED] if measured else [sys.executable, "-m", "smart_tool"]
    done = subprocess.run(
        [*command, "smoke", "--no-deps", wheel.name],
        cwd=wheel.parent,
        env=env,
        capture_output=True,
        text=True,
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"smoke failed:\n{done.stdout}{done.stderr}")
    return elapsed, int(done.stderr.split()[-1]) if measured else 0


def loud(repeat: int) -> None:
    """The quiet tool against the one printing 100 MB: time and peak memory, alternating."""
    env = environment("uv")
    fixtures = {"valid": "a few bytes", "valid--megabytes": "100 MB"}
    with tempfile.TemporaryDirectory() as folder:
        wheels = {name: build_wheel(Path(folder), "" if name == "valid" else name) for name in fixtures}
        runs: dict[str, list[tuple[float, int]]] = {name: [] for name in fixtures}
        for _ in range(repeat):
            for name, wheel in wheels.items():
                runs[name].append(once(wheel, env, measured=True))
    print("| tool | its output | median | max | peak memory (median) | peak memory (max) | runs |")
    print("|---|---|---|---|---|---|---|")
    for name, values in runs.items():
        seconds, peaks = [v[0] for v in values], [v[1] / 1024 for v in values]
        print(
            f"| {name} | {fixtures[name]} | {statistics.median(seconds):.2f} s | {max(seconds):.2f} s | "
            f"{statistics.median(peaks):.1f} MB | {max(peaks):.1f} MB | {len(values)} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--installers", nargs="+", choices=("uv", "pip"), default=["uv", "pip"])
    parser.add_argument("--loud", action="store_true", help="100 MB of output against none, with uv")
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores; python {platform.python_version()}")
    if args.loud:
        loud(args.repeat)
        return
    with tempfile.TemporaryDirectory() as folder:
        wheel = build_wheel(Path(folder))
        envs = {name: environment(name) for name in args.installers}
        times: dict[str, list[float]] = {name: [] for name in args.installers}
        for _ in range(args.repeat):  # alternating, so a noisy moment hits every installer
            for name in args.installers:
                times[name].append(once(wheel, envs[name])[0])
    print("| installer | median | min | max | runs |")
    print("|---|---|---|---|---|")
    for name, values in times.items():
        print(
            f"| {name} | {statistics.median(values):.2f} s | {min(values):.2f} s | "
            f"{max(values):.2f} s | {len(values)} |"
        )


if __name__ == "__main__":
    main()
