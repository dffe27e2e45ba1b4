"""The build path's levers: what one isolated hatchling build process imports, compiles and runs.

In a fresh uv environment (`uv pip install`, no bytecode, as `uv build` makes one) holding
hatchling and this checkout's wheel, offline from a local folder of wheels, it runs the
hatchling example's `build_sdist` and `build_wheel` each in a fresh process with nothing of
ours compiled (`PYTHONDONTWRITEBYTECODE=1`), as an isolated build runs them, and prints:

- **imports**: the modules of ours a valid build imports (sdist and wheel), their lines, and
  the median of `-X importtime`'s self time of them and of every module one of them imports
  (compiling included: the cold figure);
- **compile**: `compile()` of those modules' sources, best of five: the part of the import
  that bytecode would remove;
- **uncalled**: the lines of functions in those modules that a valid sdist and wheel build
  never call (`sys.setprofile`): the ceiling of "defer what a valid build does not need";
- **reuse**: what the wheel build from an sdist would save if it trusted the sdist build's
  check (a digest of every input recorded in the sdist): the CPU of a cold process that
  imports what the wheel build imports and runs the plan, against one that imports only what
  it would still need: without the source check (`rules.root`), and without the check and
  the manifest's reading in the verifier (a byte comparison instead).

    python bench/build_path.py [--repeat 11]
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
import time
from pathlib import Path

import overhead
from overhead import REPO

EXAMPLE = REPO / "examples" / "hatchling-tool"
BUILD = "import sys, hatchling.build as b; getattr(b, sys.argv[1])(sys.argv[2])"
CALLED = r"""
import ast, json, os, sys
called = set()
def watch(frame, event, arg):
    if event == "call" and "smart_tool_build" in frame.f_code.co_filename:
        called.add((frame.f_code.co_filename, frame.f_code.co_firstlineno))
sys.setprofile(watch)
import hatchling.build as b
b.build_sdist(sys.argv[1]); b.build_wheel(sys.argv[1])
sys.setprofile(None)
out = {}
for name, module in sorted(sys.modules.items()):
    if not name.startswith("smart_tool_build") or not getattr(module, "__file__", None):
        continue
    tree = ast.parse(open(module.__file__, encoding="utf-8").read())
    lines = 0
    nodes = [*tree.body, *(n for c in tree.body if isinstance(c, ast.ClassDef) for n in c.body)]
    for node in nodes:  # the module's functions and its classes' methods
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            if (module.__file__, node.lineno) not in called and (module.__file__, start) not in called:
                lines += node.end_lineno - start + 1
    out[name] = lines
print(json.dumps(out))
"""
#: what a wheel build process imports before the plan, and what it would still import if it
#: trusted the sdist build's check (the plan's places, options and projection from the record)
BACKEND = "import hatchling.build, hatchling.builders.wheel"
STILL = {
    "check skipped": "adapters.reporter archives.verify archives.wheel_checks plan.layout project.config"
    " project.manifest_model",
    "check and manifest reading skipped": "adapters.reporter archives.reader plan.layout project.config",
}
PLAN = (
    "from smart_tool_build.archives import verify, wheel_checks;"
    " from pathlib import Path; from smart_tool_build.plan.build_plan import plan_build;"
    " plan_build(Path('.'), version='0.1.0', version_origin='the backend')"
)


def cpu(command: list[str], env: dict[str, str], cwd: Path) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=cwd)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr[-3000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def ours_self_times(stderr: str) -> dict[str, int]:
    """Self import times (µs) of our modules and of every module one of ours imports."""
    rows = []
    for line in stderr.splitlines():
        if line.startswith("import time:") and "self [us]" not in line:
            self_us, _, name = line[len("import time:") :].split("|")
            rows.append((int(self_us), (len(name) - len(name.lstrip()) - 1) // 2, name.strip()))
    times: dict[str, int] = {}
    under: list[bool] = []  # by depth: whether that ancestor is ours or under one of ours
    for self_us, depth, name in reversed(rows):  # -X importtime prints children before parents
        del under[depth:]
        ours = name.startswith("smart_tool_build") or any(under)
        under.append(ours)
        if ours:
            times[name] = self_us
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=11)
    args = parser.parse_args()
    uv = overhead.uv_command()
    print(overhead.machine_line())
    print(overhead.load_line("start"))
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        wheels, venv, project, out = root / "wheels", root / "env", root / "project", root / "out"
        pip = [sys.executable, "-m", "pip"]
        subprocess.run([*pip, "wheel", "-q", "--no-deps", "-w", str(wheels), str(REPO)], check=True)
        needed = ["hatchling", "pyyaml", "packaging"]
        subprocess.run(
            [*pip, "download", "-q", "--only-binary=:all:", "-d", str(wheels), *needed], check=True
        )
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update({"UV_CACHE_DIR": str(root / "cache"), "UV_OFFLINE": "1"})
        subprocess.run([uv, "venv", "-q", "--python", sys.executable, str(venv)], env=env, check=True)
        python = str(venv / "bin" / "python")
        install = [uv, "pip", "install", "-q", "--python", python, "--no-index", "--find-links", str(wheels)]
        subprocess.run([*install, "hatchling", "smart-tool-build"], env=env, check=True)
        shutil.copytree(EXAMPLE, project)
        cold = {**env, "PYTHONDONTWRITEBYTECODE": "1"}

        modules: dict[str, set[str]] = {}
        self_times: dict[str, list[int]] = {"build_sdist": [], "build_wheel": []}
        for run in range(args.repeat + 1):
            for hook in self_times:
                shutil.rmtree(out, ignore_errors=True)
                command = [python, "-X", "importtime", "-c", BUILD, hook, str(out)]
                done = subprocess.run(command, capture_output=True, text=True, env=cold, cwd=project)
                if done.returncode != 0:
                    raise SystemExit(done.stderr[-3000:])
                times = ours_self_times(done.stderr)
                modules[hook] = {name for name in times if name.startswith("smart_tool_build")}
                if run:
                    self_times[hook].append(sum(times.values()))
        site = Path(
            subprocess.run(
                [
                    python,
                    "-c",
                    "import smart_tool_build, os; print(os.path.dirname(smart_tool_build.__file__))",
                ],
                capture_output=True,
                text=True,
                check=True,
            ).stdout.strip()
        ).parent

        def source(name: str) -> Path:
            path = site / Path(*name.split("."))
            return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")

        def compile_ms(name: str) -> float:
            text = source(name).read_text(encoding="utf-8")
            best = float("inf")
            for _ in range(5):
                start = time.perf_counter()
                compile(text, str(source(name)), "exec")
                best = min(best, time.perf_counter() - start)
            return best * 1e3

        print("\nimports of a valid build, one process each, cold (nothing of ours compiled)")
        for hook, names in modules.items():
            lines = sum(len(source(n).read_text(encoding="utf-8").splitlines()) for n in names)
            print(
                f"  {hook}: {len(names)} modules of ours, {lines} lines; compile {sum(map(compile_ms, names)):.1f} ms;"
                f" import (compile + run, ours and what ours import) {statistics.median(self_times[hook]) / 1e3:.1f} ms"
            )

        shutil.rmtree(out, ignore_errors=True)
        called = subprocess.run(
            [python, "-c", CALLED, str(out)], capture_output=True, text=True, env=env, cwd=project, check=True
        )
        uncalled: dict[str, int] = json.loads(called.stdout.splitlines()[-1])
        total = sum(len(source(n).read_text(encoding="utf-8").splitlines()) for n in uncalled)
        print(
            f"\nuncalled: {sum(uncalled.values())} of the {total} lines of the {len(uncalled)} modules"
            " a valid sdist and wheel build import are in functions neither calls; the most:"
        )
        for name, lines in sorted(uncalled.items(), key=lambda item: -item[1])[:8]:
            print(f"  {lines:4d} {name}")

        print("\nreuse: one cold process over the example, median CPU")
        ways = {"the wheel build's imports and plan (today)": f"{BACKEND}; {PLAN}"}
        for label, names in STILL.items():
            imports = "; ".join(f"import smart_tool_build.{name}" for name in names.split())
            ways[label] = f"{BACKEND}; {imports}"
        measured: dict[str, list[float]] = {label: [] for label in ways}
        for run in range(args.repeat + 1):
            for label, code in ways.items():
                spent = cpu([python, "-c", code], cold, project)
                if run:
                    measured[label].append(spent)
        today = statistics.median(measured[next(iter(ways))])
        for label, values in measured.items():
            median = statistics.median(values)
            print(f"  {label:<44} {median * 1e3:6.1f} ms CPU ({(median - today) * 1e3:+.1f} ms)")
        print(overhead.load_line("end"))


if __name__ == "__main__":
    main()
