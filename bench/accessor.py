"""The accessor on a smart tool's hot path: ``--help`` through ``render_help`` / ``render_skill``.

Every smart tool calls it on every ``--help``, and agents call ``--help`` often. This builds
the hatchling example (``examples/hatchling-tool``) into a wheel, installs it with this
checkout's smart-tool-build into a fresh virtual environment, and times, alternating, in
fresh processes:

- floor: the interpreter's start, ``import yaml``, and reading and parsing the installed
  manifest's frontmatter with PyYAML's C loader (what any reader of its own manifest pays);
- ``render_help``: ``import smart_tool_build; smart_tool_build.render_help("acme-widget")``;
- ``render_skill``: the same with ``render_skill`` and two capabilities;
- the tool's own ``acme-widget --help`` (its console script, which calls ``render_help``).

It prints medians, the ratios to the floor (target: ``render_help`` <= 1.25x), and the
``-X importtime`` lines of ``render_help``'s process, biggest first, so that the next
regression is obvious.

    python bench/accessor.py [--repeat 21]
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
EXAMPLE = REPO / "examples" / "hatchling-tool"


def machine() -> str:
    return f"{platform.machine()}, {os.cpu_count()} cores, CPython {platform.python_version()}, {platform.system()}"


def run(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, check=True, capture_output=True, text=True, **kwargs)  # type: ignore[call-overload,no-any-return]


def setup(work: Path) -> tuple[Path, Path]:
    """A venv with smart-tool-build and the example tool installed; (its python, the manifest)."""
    wheels = work / "wheels"
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(REPO)])
    env = {**os.environ, "PIP_FIND_LINKS": str(wheels)}
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(EXAMPLE)], env=env)
    venv = work / "venv"
    run([sys.executable, "-m", "venv", str(venv)])
    python = venv / "bin" / "python"
    found = sorted(wheels.glob("*.whl"))
    run([str(python), "-m", "pip", "install", "-q", "--find-links", str(wheels), *map(str, found)], env=env)
    manifest = run(
        [str(python), "-c", "import acme_widget, os; print(os.path.dirname(acme_widget.__file__))"]
    )
    return python, Path(manifest.stdout.strip()) / "SMART_TOOL.md"


def timed(args: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, cwd=cwd)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=21)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-accessor-"))
    try:
        python, manifest = setup(work)
        script = python.parent / "acme-widget"
        floor = (
            "import yaml\n"
            f"text = open({str(manifest)!r}, encoding='utf-8').read()\n"
            "yaml.load(text.split('---', 2)[1], Loader=yaml.CSafeLoader)\n"
        )
        cases = {
            "floor (start + import yaml + parse)": [str(python), "-c", floor],
            "render_help": [str(python), "-c", "import smart_tool_build as s; s.render_help('acme-widget')"],
            "render_skill": [
                str(python),
                "-c",
                "import smart_tool_build as s; s.render_skill('acme-widget', "
                "[('build', 'deterministic', 'Build a widget'), ('suggest', 'model-backed', 'Suggest one')])",
            ],
            "acme-widget --help": [str(script), "--help"],
        }
        times: dict[str, list[float]] = {name: [] for name in cases}
        for command in cases.values():  # warm the file cache
            timed(command, work)
        for _ in range(args.repeat):
            for name, command in cases.items():
                times[name].append(timed(command, work))
        medians = {name: statistics.median(values) for name, values in times.items()}
        base = medians["floor (start + import yaml + parse)"]
        print(f"machine: {machine()}; {args.repeat} runs each, alternating, fresh processes")
        print("| what | median | ratio to the floor |")
        print("|---|---|---|")
        for name, value in medians.items():
            print(f"| {name} | {value * 1000:.1f} ms | {value / base:.2f}x |")
        verdict = "met" if medians["render_help"] <= 1.25 * base else "NOT met"
        print(f"target render_help <= 1.25x the floor: {verdict}")
        done = subprocess.run(
            [
                str(python),
                "-X",
                "importtime",
                "-c",
                "import smart_tool_build as s; s.render_help('acme-widget')",
            ],
            capture_output=True,
            text=True,
            check=True,
            cwd=work,
        )
        rows = []
        for line in done.stderr.splitlines():
            parts = line.split("|")
            if len(parts) == 3 and parts[0].startswith("import time:") and parts[1].strip().isdigit():
                rows.append((int(parts[0].split(":")[1]), int(parts[1]), parts[2].rstrip()))
        print("\n-X importtime of render_help's process, biggest self times (us):")
        for self_us, cumulative, name in sorted(rows, reverse=True)[:15]:
            print(f"  {self_us:>7} self {cumulative:>7} cumulative  {name}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
