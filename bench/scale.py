"""Scale: `smart-tool check --recursive` over generated monorepos, against a bare walk.

For 100, 1,000 and 10,000 tool roots (each a realistic small project of 10 files), it runs
side by side, alternating, in fresh processes:

- floor: a bare walk of the same tree that reads the files a check reads, each with the
  fastest reader there is (the descriptor with `json`, pyproject.toml with compiled `tomli`,
  the manifest's frontmatter with PyYAML's C loader, a stat of each install document), and
  checks nothing;
- ours: `smart-tool check --recursive` (every rule, the duplicate walk, the package
  version), with its default of one process per core for many roots, and with `--jobs 1`.

It prints the median wall time of each, the ratio ours/floor, the time per root (growth
should be linear), and each process's peak memory (ru_maxrss, children included).

Then, for each of ``--catalog-sizes`` (default 1,000), a catalog of that many entries
(tools/<id>/ with source.json, provenance.json, the same manifest and a listing.json; a
categories.json of 100 categories, the first entry of each its recommendation) against a
monorepo of that many roots: `smart-tool catalog check` beside `smart-tool check --recursive`, side by
side, and the ratio catalog/check. ``--sizes`` with no value runs the catalog rows alone.

    python bench/scale.py [--sizes 100 1000 10000] [--catalog-sizes 1000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FLOOR = r"""
import json, os, sys, resource, time
import yaml
try:
    import tomli as toml  # the compiled build: the fastest TOML reader there is here
except ImportError:
    import tomllib as toml
loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
start = time.perf_counter()
count = 0
skip = {".git", ".hg", ".svn", ".tox", ".nox", "node_modules", "build", "dist", "__pycache__"}
for top, dirs, files in os.walk(sys.argv[1]):
    dirs[:] = [d for d in dirs if d not in skip]
    if "smart-tool.json" in files:
        # the files check reads, each with the fastest reader: the descriptor, pyproject.toml,
        # the manifest's frontmatter (libyaml), and a stat of each install document
        with open(os.path.join(top, "smart-tool.json"), "rb") as handle:
            descriptor = json.loads(handle.read())
        with open(os.path.join(top, "pyproject.toml"), "rb") as handle:
            toml.loads(handle.read().decode("utf-8"))
        with open(os.path.join(top, descriptor["manifest"]), encoding="utf-8") as handle:
            text = handle.read()
        manifest = yaml.load(text.split("---", 2)[1], Loader=loader)
        for required in manifest.get("requires") or ():
            if isinstance(required, dict) and "install" in required:
                os.stat(os.path.join(top, required["install"]))
        count += 1
elapsed = time.perf_counter() - start
peak = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
print(count, elapsed, peak)
"""

OURS = r"""
import io, resource, sys, time, contextlib
start = time.perf_counter()
from smart_tool.cli import main
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

CATALOG_CHECK = r"""
import io, resource, sys, time, contextlib
start = time.perf_counter()
from smart_tool.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    code = main(["catalog", "check", "--format", "json", *sys.argv[2:], sys.argv[1]])
elapsed = time.perf_counter() - start
import json
document = json.loads(out.getvalue())
assert code == 0 and not document["diagnostics"], document["diagnostics"][:3]
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


def generate_catalog(root: Path, count: int) -> None:
    """A catalog checkout of ``count`` entries, each as `smart-tool snapshot --pointer` writes
    it, with the catalog's editorial layer: every entry listed in one of 100 categories, the
    first of each category its recommendation (reviewed at the snapshot's commit)."""
    body = "Use it when a document is too long to read. " * 20
    categories = [
        {"id": f"category-{k}", "label": f"Category {k}", "scope": f"Tools of kind {k}."} for k in range(100)
    ]
    root.mkdir(parents=True)
    (root / "categories.json").write_text(json.dumps({"categories": categories}, indent=2) + "\n")
    for n in range(count):
        entry = root / "tools" / f"tool-{n}"
        entry.mkdir(parents=True)
        repository = f"https://example.org/acme/tool-{n}.git"
        (entry / "source.json").write_text(json.dumps({"repository": repository}, indent=2) + "\n")
        record = {
            "last_success": "2026-09-29T09:55:07Z",
            "original_manifest_path": f"src/tool_{n}/SMART_TOOL.md",
            "source": {"commit": f"{n:040x}", "path": ".", "ref": "main", "repository": repository},
        }
        (entry / "provenance.json").write_text(json.dumps(record, indent=2, sort_keys=True) + "\n")
        (entry / "SMART_TOOL.md").write_text(MANIFEST.format(n=n, body=body))
        listing: dict[str, object] = {"category": f"category-{n % 100}", "recommended": n < 100}
        if n < 100:
            listing["reviewed_source"] = {"repository": repository, "path": ".", "commit": f"{n:040x}"}
        (entry / "listing.json").write_text(json.dumps(listing, indent=2) + "\n")


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
    parser.add_argument("--sizes", type=int, nargs="*", default=[100, 1000, 10000])
    parser.add_argument("--catalog-sizes", type=int, nargs="*", default=[1000])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores; python {platform.python_version()}")
    if args.sizes:
        roots_table(args.sizes, args.repeat)
    if args.catalog_sizes:
        catalog_table(args.catalog_sizes, args.repeat)


def side_by_side(
    size: int, repeat: int, runs: dict[str, tuple[str, Path, tuple[str, ...]]]
) -> dict[str, tuple[float, int]]:
    """Each run ``repeat`` times, alternating, in fresh processes: (median seconds, peak KB)."""
    times: dict[str, list[float]] = {name: [] for name in runs}
    peaks = dict.fromkeys(runs, 0)
    for _ in range(repeat):
        for name, (script, tree, extra) in runs.items():
            elapsed, count, peak = run(script, tree, *extra)
            assert count == size, (name, count)
            times[name].append(elapsed)
            peaks[name] = max(peaks[name], peak)
    return {name: (statistics.median(times[name]), peaks[name]) for name in runs}


def roots_table(sizes: list[int], repeat: int) -> None:
    print(
        f"{'roots':>7} {'floor s':>8} {'ours s':>8} {'ours -j1':>9} {'ratio':>6} {'ratio -j1':>9} "
        f"{'us/root':>8} {'floor MB':>9} {'ours MB':>8}"
    )
    for size in sizes:
        with tempfile.TemporaryDirectory() as folder:
            tree = Path(folder)
            generate(tree, size)
            got = side_by_side(
                size,
                repeat,
                {
                    "floor": (FLOOR, tree, ()),
                    "ours": (OURS, tree, ()),
                    "single": (OURS, tree, ("--jobs", "1")),
                },
            )
            (f, floor_peak), (o, ours_peak), (s, _) = got["floor"], got["ours"], got["single"]
            print(
                f"{size:>7} {f:>8.3f} {o:>8.3f} {s:>9.3f} {o / f:>6.2f} {s / f:>9.2f} "
                f"{o / size * 1e6:>8.0f} {floor_peak / 1024:>9.1f} {ours_peak / 1024:>8.1f}"
            )


def catalog_table(sizes: list[int], repeat: int) -> None:
    print(
        f"{'entries':>7} {'check -r s':>10} {'catalog s':>10} {'ratio':>6} {'check -r -j1':>12} "
        f"{'catalog -j1':>11} {'ratio -j1':>9} {'us/entry':>8} {'check MB':>9} {'catalog MB':>10}"
    )
    for size in sizes:
        with tempfile.TemporaryDirectory() as folder:
            roots, catalog = Path(folder) / "roots", Path(folder) / "catalog"
            generate(roots, size)
            generate_catalog(catalog, size)
            one = ("--jobs", "1")
            got = side_by_side(
                size,
                repeat,
                {
                    "check": (OURS, roots, ()),
                    "catalog": (CATALOG_CHECK, catalog, ()),
                    "check1": (OURS, roots, one),
                    "catalog1": (CATALOG_CHECK, catalog, one),
                },
            )
            (c, check_peak), (o, catalog_peak) = got["check"], got["catalog"]
            c1, o1 = got["check1"][0], got["catalog1"][0]
            print(
                f"{size:>7} {c:>10.3f} {o:>10.3f} {o / c:>6.2f} {c1:>12.3f} {o1:>11.3f} {o1 / c1:>9.2f} "
                f"{o1 / size * 1e6:>8.0f} {check_peak / 1024:>9.1f} {catalog_peak / 1024:>10.1f}"
            )


if __name__ == "__main__":
    started = time.perf_counter()
    main()
    print(f"(total {time.perf_counter() - started:.0f} s)")
