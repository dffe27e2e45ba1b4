"""Import cost: what smart-tool-build's entry points cost a build that merely has it installed.

hatchling imports every ``hatch`` entry point, and setuptools calls every
``finalize_distribution_options`` hook, on every build in the environment, in each backend
process (`python -m build` runs the sdist and the wheel in separate processes). For each
entry point this measures, in fresh processes that have already imported their backend
(as the backend process has), with ``python -X importtime``:

- the time to import the entry-point module (target: under 5 ms), and whether it pulled in
  yaml, packaging or the core (target: none of them);
- for setuptools, the cost of the opt-in hook on a project that did not opt in;
- what a project that *did* opt in pays once per process: importing the core (the checks,
  YAML, the archive verifier).

    python bench/imports.py [--repeat 15]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile

CASES = {
    "hatch entry point (smart_tool_build.hatch_hook)": (
        "import hatchling.builders.wheel, hatchling.builders.sdist, hatchling.plugin",
        "import smart_tool_build.hatch_hook",
    ),
    "setuptools entry point (smart_tool_build.setuptools_plugin)": (
        "import setuptools, setuptools.dist",
        "import smart_tool_build.setuptools_plugin",
    ),
    "setuptools hook on a project that did not opt in": (
        "import setuptools, setuptools.dist; import smart_tool_build.setuptools_plugin as p; "
        "d = setuptools.dist.Distribution()",
        "p.finalize_distribution_options(d)",
    ),
    "core, once per process of an opted-in build (hatchling)": (
        "import hatchling.builders.wheel, hatchling.builders.sdist, hatchling.metadata.core",
        "import smart_tool_build.plan.build_plan, smart_tool_build.archives.verify",
    ),
}

PROBE = r"""
import sys, time
{setup}
before = set(sys.modules)
start = time.perf_counter()
{measured}
elapsed = time.perf_counter() - start
new = set(sys.modules) - before
heavy = sorted(m for m in new if m in ("yaml", "packaging", "packaging.version") or m.startswith("smart_tool_build.rules.root"))
print(elapsed * 1000, ",".join(heavy) or "-")
"""


def measure(setup: str, measured: str, cwd: str) -> tuple[float, str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(setup=setup, measured=measured)],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    milliseconds, heavy = done.stdout.split()
    return float(milliseconds), heavy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores; python {platform.python_version()}")
    with tempfile.TemporaryDirectory() as empty:  # a project folder with nothing in it
        for label, (setup, measured) in CASES.items():
            measure(setup, measured, empty)  # warm: byte-compiled files, page cache
            times, heavy = [], set()
            for _ in range(args.repeat):
                elapsed, pulled = measure(setup, measured, empty)
                times.append(elapsed)
                heavy.add(pulled)
            print(
                f"{label:<62} median {statistics.median(times):6.2f} ms   heavy imports: {' '.join(sorted(heavy))}"
            )


if __name__ == "__main__":
    main()
