"""Scale: `smart-tool check --recursive` over generated monorepos, against a bare walk.

For 100, 1,000 and 10,000 tool roots (each a realistic small project of 10 files), it runs
side by side, alternating, in fresh processes:

- floor: a bare walk of the same tree that only reads and YAML-parses each manifest
  (PyYAML's C loader, no checks);
- ours: `smart-tool check --recursive` (every rule, the duplicate walk, the package
  version), with its default of one process per core for many roots, and with `--jobs 1`.

It prints the median wall time of each, the ratio ours/floor, the time per root (growth
should be linear), and each process's peak memory (ru_maxrss, children included).

    python bench/scale.py [--sizes 100 1000 10000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FLOOR = r"""
import os, sys, resource, time
import yaml
loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
start = time.perf_counter()
count = 0
skip = {".git", ".hg", ".svn", ".tox", ".nox", "node_modules", "build", "dist", "__pycache__"}
for top, dirs, files in os.walk(sys.argv[1]):
    dirs[:] = [d for d in dirs if d not in skip]
    if "SMART_TOOL.md" in files:
        with open(os.path.join(top, "SMART_TOOL.md"), encoding="utf-8") as handle:
            text = handle.read()
        yaml.load(text.split("---", 2)[1], Loader=loader)
        count += 1
elapsed = time.perf_counter() - start
peak = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
print(count, elapsed, peak)
"""

OURS = r"""
import io, resource, sys, time, contextlib
start = time.perf_counter()
from smart_tool_build.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    code = main(["check", "--recursive", "--format", "json", *sys.argv[2:], sys.argv[1]])
elapsed = time.perf_counter() - start
import json
document = json.loads(out.getvalue())
assert code == 0, document["diagnostics"][:3]
peak = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
print(len(document["checked"]), elapsed, peak)
"""

MANIFEST = """---
smart_tool_format: 1
name: tool-{n}
version: 1.{n}.0
description: >
  Tool number {n} of a generated monorepo. It summarises documents and triages logs
  so that a benchmark has realistic manifests to read.
use_cases:
  - Summarise a long document into five bullet points
  - Triage a noisy log file before a person reads it
platforms:
  - linux
  - macos
requires:
  - name: pandoc
    purpose: Converts documents. Without it, only Markdown input works.
    optional: true
    install: docs/installing-pandoc.md
---

# tool-{n}

{body}
"""


def generate(root: Path, count: int) -> None:
    body = "Use it when a document is too long to read. " * 20
    for n in range(count):
        tool = root / "tools" / f"tool-{n}"
        package = tool / "src" / f"tool_{n}"
        (tool / "docs").mkdir(parents=True)
        (tool / "tests").mkdir()
        package.mkdir(parents=True)
        (tool / "pyproject.toml").write_text(
            f'[project]\nname = "tool-{n}"\nversion = "1.{n}.0"\n\n[project.scripts]\ntool-{n} = "tool_{n}.cli:main"\n'
        )
        (tool / "smart-tool.json").write_text(
            json.dumps({"manifest": f"src/tool_{n}/SMART_TOOL.md", "cli_argv": [f"tool-{n}"]})
        )
        (tool / "README.md").write_text(f"# tool-{n}\n\n{body}\n")
        (tool / "docs" / "installing-pandoc.md").write_text(
            "# pandoc\n\nInstall it from your package manager.\n"
        )
        (package / "SMART_TOOL.md").write_text(MANIFEST.format(n=n, body=body))
        (package / "__init__.py").write_text('"""A tool."""\n')
        (package / "cli.py").write_text("def main() -> int:\n    return 0\n" * 5)
        (package / "core.py").write_text("VALUE = 1\n" * 50)
        (tool / "tests" / "test_core.py").write_text("def test_value():\n    assert True\n")
        (tool / "tests" / "__init__.py").write_text("")


def run(script: str, tree: Path, *extra: str) -> tuple[float, int, int]:
    done = subprocess.run(
        [sys.executable, "-c", script, str(tree), *extra], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"benchmark process failed:\n{done.stderr}{done.stdout}")
    count, elapsed, peak = done.stdout.split()
    return float(elapsed), int(count), int(peak)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {platform.processor() or '?'}; python {platform.python_version()}")
    print(
        f"{'roots':>7} {'floor s':>8} {'ours s':>8} {'ours -j1':>9} {'ratio':>6} {'ratio -j1':>9} "
        f"{'us/root':>8} {'floor MB':>9} {'ours MB':>8}"
    )
    for size in args.sizes:
        with tempfile.TemporaryDirectory() as folder:
            tree = Path(folder)
            generate(tree, size)
            floor, ours, single = [], [], []
            peaks = {"floor": 0, "ours": 0}
            for _ in range(args.repeat):
                elapsed, count, peak = run(FLOOR, tree)
                assert count == size
                floor.append(elapsed)
                peaks["floor"] = max(peaks["floor"], peak)
                elapsed, count, peak = run(OURS, tree)
                assert count == size
                ours.append(elapsed)
                peaks["ours"] = max(peaks["ours"], peak)
                elapsed, _, _ = run(OURS, tree, "--jobs", "1")
                single.append(elapsed)
            f, o, s = (statistics.median(x) for x in (floor, ours, single))
            print(
                f"{size:>7} {f:>8.3f} {o:>8.3f} {s:>9.3f} {o / f:>6.2f} {s / f:>9.2f} "
                f"{o / size * 1e6:>8.0f} {peaks['floor'] / 1024:>9.1f} {peaks['ours'] / 1024:>8.1f}"
            )
            shutil.rmtree(tree, ignore_errors=True)


if __name__ == "__main__":
    started = time.perf_counter()
    main()
    print(f"(total {time.perf_counter() - started:.0f} s)")
