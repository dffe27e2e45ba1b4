"""`smart-tool smoke` of tools that hang: the probes one after another (as before) against all at
once (now), side by side.

Builds three wheels of fixtures/smoke/valid (smoke-demo, standard library only): the tool as
it is; one whose every answer waits forever (SIGTERM ends it); and
fixtures/smoke/no-hang-stdin-closed--every-probe, whose every answer also ignores SIGTERM,
prints 8 MB and leaves a daemon. Each is smoked in this process by the core
(``smoke_wheel``, uv on PATH, ``--no-deps``) with ``jobs=1`` (one probe after another) and
``jobs=None`` (all at once), alternating, ``--repeat`` times; medians and their ratio.

    python bench/smoke_hangs.py [--timeout 5] [--repeat 3]
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
sys.path.insert(0, str(REPO / "src"))
SMOKE = REPO / "fixtures" / "smoke"

#: every answer of smoke-demo waits for input that never comes (SIGTERM ends it)
EVERY_ANSWER_HANGS = """
import time


def waiting(args):
    while True:
        time.sleep(0.1)


ANSWERS = {name: waiting for name in ("-h", "--help", "-V", "--version", "stats", "*")}
"""


def build_wheel(work: Path, name: str, overlay: str = "", defect: str = "") -> Path:
    project = work / name
    shutil.copytree(SMOKE / "valid", project)
    if overlay:
        shutil.copytree(SMOKE / overlay, project, dirs_exist_ok=True)
    if defect:
        (project / "src" / "smoke_demo" / "defect.py").write_text(defect)
    out = work / f"dist-{name}"
    subprocess.run(
        [sys.executable, "-m", "build", "-q", "--wheel", "--no-isolation", "-o", str(out), str(project)],
        check=True,
        capture_output=True,
    )
    (wheel,) = out.glob("*.whl")
    return wheel


def once(wheel: Path, timeout: float, jobs: int | None) -> float:
    from smart_tool.smoke.run import SmokeOptions, smoke_wheel

    start = time.perf_counter()
    smoke_wheel(wheel, wheel.name, SmokeOptions(timeout=timeout, deps=False, jobs=jobs))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds per probe (smoke's default: 20)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    uv = shutil.which("uv") or str(Path(sys.executable).with_name("uv"))
    if not Path(uv).exists():
        raise SystemExit("uv is not on PATH nor beside this interpreter")
    os.environ["PATH"] = os.pathsep.join([os.path.dirname(uv), os.environ.get("PATH", "")])
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores; python {platform.python_version()}")
    print(f"timeout {args.timeout:g} s per probe (SIGKILL 2 s after SIGTERM); {args.repeat} runs each")
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        wheels = {
            "smoke-demo (nothing hangs)": build_wheel(work, "valid"),
            "every answer hangs": build_wheel(work, "hangs", defect=EVERY_ANSWER_HANGS),
            "every answer hangs, ignores SIGTERM, floods, forks": build_wheel(
                work, "every", "no-hang-stdin-closed--every-probe"
            ),
        }
        print("| tool | one after another (median) | all at once (median) | ratio |")
        print("|---|---|---|---|")
        for label, wheel in wheels.items():
            times: dict[str, list[float]] = {"sequential": [], "parallel": []}
            for _ in range(args.repeat):  # alternating, so a noisy moment hits both
                times["sequential"].append(once(wheel, args.timeout, 1))
                times["parallel"].append(once(wheel, args.timeout, None))
            before, after = statistics.median(times["sequential"]), statistics.median(times["parallel"])
            print(f"| {label} | {before:.2f} s | {after:.2f} s | {before / after:.1f}x |")


if __name__ == "__main__":
    main()
