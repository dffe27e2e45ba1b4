"""MCP servers: what checking a server.json and its claim adds to a build.

The hatchling example (``examples/hatchling-tool``, with ``readme = "README.md"``) is built
three ways, alternating, without isolation, in fresh processes with nothing compiled (an
empty ``PYTHONPYCACHEPREFIX`` and ``PYTHONDONTWRITEBYTECODE=1``: as an isolated build, which
no installer byte-compiles): the sdist, then the wheel, in one process per build:

- plain: without the hook table (hatchling alone);
- tool: the hook on, as the example ships;
- tool + MCP: the same with a server.json naming the package and the claim in the readme,
  which the build checks in the source and verifies in both archives.

It prints the median CPU time of each way, ``(tool + MCP - tool) / plain`` (what the MCP
check adds, against the build alone), then the MCP rules alone in a fresh process that has
already imported what a build imports (their cold import, one ``check_server`` call), and the
lines of ours the tool + MCP build loads, the MCP modules' among them.

    python bench/mcp_build.py [--repeat 7]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import overhead
from overhead import REPO

EXAMPLE = REPO / "examples" / "hatchling-tool"
NAME = "io.github.acme/acme-widget"
SERVER = {
    "$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    "name": NAME,
    "description": "Turns widget specs into widgets.",
    "version": "0.1.0",
    "packages": [
        {
            "registryType": "pypi",
            "identifier": "acme-widget",
            "version": "0.1.0",
            "transport": {"type": "stdio"},
        }
    ],
}
BUILD = "import sys, hatchling.build as b; b.build_sdist(sys.argv[1]); b.build_wheel(sys.argv[1])"
ALONE = """
import json, sys, time
from pathlib import Path
import hatchling.build, smart_tool_build.rules.root, smart_tool_build.archives.verify
from smart_tool_build.project import config, distribution
start = time.perf_counter()
from smart_tool_build.rules.mcp.check import check_server
from smart_tool_build.rules.mcp import claim
imported = time.perf_counter()
root = Path(sys.argv[1])
package, _ = distribution.read(root)
options, _ = config.read_options(package.tool, path="pyproject.toml", text=package.text)
ready = time.perf_counter()
report = check_server(root, package, package.version, options)
done = time.perf_counter()
assert report.name and not report.diagnostics, report.diagnostics
print(json.dumps([imported - start, done - ready]))
"""
LINES = """
import json, sys
import hatchling.build as b
b.build_sdist(sys.argv[1]); b.build_wheel(sys.argv[1])
mods = {n: m.__file__ for n, m in sys.modules.items() if n.startswith("smart_tool_build") and getattr(m, "__file__", None)}
print(json.dumps({n: sum(1 for _ in open(f, encoding="utf-8")) for n, f in mods.items()}))
"""


def cpu(command: list[str], env: dict[str, str], cwd: Path) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=cwd)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    print(overhead.machine_line())
    print(overhead.load_line("start"))
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": str(root / "no-bytecode")}
        ways = {"plain": root / "plain", "tool": root / "tool", "tool + MCP": root / "mcp"}
        for way, project in ways.items():
            shutil.copytree(EXAMPLE, project)
            pyproject = project / "pyproject.toml"
            text = pyproject.read_text(encoding="utf-8").replace(
                "requires-python", 'readme = "README.md"\nrequires-python'
            )
            if way == "plain":
                text = text.replace("[tool.hatch.build.hooks.smart-tool]\n", "")
            pyproject.write_text(text, encoding="utf-8")
            if way == "tool + MCP":
                (project / "server.json").write_text(json.dumps(SERVER, indent=2) + "\n", encoding="utf-8")
                with (project / "README.md").open("a", encoding="utf-8") as readme:
                    readme.write(f"\n<!-- mcp-name: {NAME} -->\n")
        times: dict[str, list[float]] = {way: [] for way in ways}
        for run in range(args.repeat + 1):
            for way, project in ways.items():
                out = root / f"out-{project.name}"
                shutil.rmtree(out, ignore_errors=True)
                spent = cpu([sys.executable, "-c", BUILD, str(out)], env, project)
                if run:  # the first round warms the file cache
                    times[way].append(spent)
        median = {way: statistics.median(spent) for way, spent in times.items()}
        print(f"\nsdist + wheel, one cold process each, median CPU of {args.repeat}:")
        print("  " + ", ".join(f"{way} {value * 1e3:.0f} ms" for way, value in median.items()))
        added = median["tool + MCP"] - median["tool"]
        print(f"  (tool + MCP - tool) / plain = {added / median['plain']:.1%} ({added * 1e3:.0f} ms)")
        ways["ours"] = ways["tool + MCP"]
        alone = []
        for _ in range(args.repeat):
            done = subprocess.run(
                [sys.executable, "-c", ALONE, str(ways["ours"])],
                capture_output=True,
                text=True,
                env=env,
                check=True,
            )
            alone.append(json.loads(done.stdout.splitlines()[-1]))
        print(
            f"\nthe MCP rules alone, cold: import {statistics.median(a[0] for a in alone) * 1e3:.1f} ms, "
            f"check_server {statistics.median(a[1] for a in alone) * 1e3:.1f} ms"
        )
        out = root / "out-lines"
        done = subprocess.run(
            [sys.executable, "-c", LINES, str(out)],
            capture_output=True,
            text=True,
            env=env,
            cwd=ways["ours"],
            check=True,
        )
        lines: dict[str, int] = json.loads(done.stdout.splitlines()[-1])
        mcp = {n: c for n, c in lines.items() if n.startswith("smart_tool_build.rules.mcp")}
        print(
            f"\nlines of ours in the build process: {sum(lines.values())} in {len(lines)} modules; "
            f"the MCP rules' {sum(mcp.values())} in {len(mcp)} modules"
        )
    print(overhead.load_line("end"))


if __name__ == "__main__":
    main()
