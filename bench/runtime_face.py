"""The runtime face: what a smart tool's ``--help`` pays for its skill, and what its users install.

Builds the examples with this checkout's smart-tool-build: ``examples/hatchling-tool`` (the
hatchling hook), ``examples/setuptools-tool`` (the setuptools plugin) and
``examples/uv-build-tool`` (the wrapping backend), each a wheel carrying the manifest's JSON
projection; an editable install of the hatchling example; and "a wheel built elsewhere", the
hatchling wheel with its projection taken out (as a backend without the plugin leaves it), so
the accessor reads the manifest. Each goes into a fresh virtual environment with pip, bytecode
written. Then, alternating, in fresh processes, it times ``python -c pass`` against
``load_manifest`` and ``render_skill`` of each, wall time and CPU time (user + system) of the
child, and prints the medians over the bare interpreter with the verdicts:

- a wheel from any adapter (the projection read): at most 5 ms over ``python -c pass``;
- an editable install and a wheel built elsewhere (the manifest read): at most 15 ms over.

Last, the files and bytes a tool's user installs for the runtime face (smart-tool-build and
its dependencies, from their RECORDs), and with ``--before REF`` the same for that git ref of
this repository (today's release, say), installed the same way.

    python bench/runtime_face.py [--repeat 21] [--before REF]
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
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
CAPABILITIES = "[('build', 'deterministic', 'Build a widget'), ('suggest', 'model-backed', 'Suggest one')]"
PROJECTION = "smart-tool-manifest.json"
#: the runtime face's own distribution and what it depends on, as installed
FOOTPRINT_NAMES = ("smart-tool-build", "pyyaml", "packaging", "tomli")


def machine() -> str:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"{platform.machine()}, {os.cpu_count()} cores, CPython {platform.python_version()}, "
        f"{platform.system()}, load average {load:.1f} at the start"
    )


def run(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, check=True, capture_output=True, text=True, **kwargs)  # type: ignore[call-overload,no-any-return]


def wheel_of(source: Path, out: Path, env: dict[str, str]) -> Path:
    """The wheel pip builds from ``source`` (isolated, this checkout's smart-tool-build found in ``out``)."""
    before = set(out.glob("*.whl"))
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(source)], env=env)
    (made,) = set(out.glob("*.whl")) - before
    return made


def without_projection(wheel: Path, target: Path) -> Path:
    """``wheel`` as a backend without the plugin would leave it: no projection (RECORD too)."""
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for info in source.infolist():
            if info.filename.endswith(f".dist-info/{PROJECTION}"):
                continue
            data = source.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                rows = data.decode().splitlines(keepends=True)
                data = "".join(r for r in rows if f".dist-info/{PROJECTION}," not in r).encode()
            out.writestr(info, data)
    return target


def venv(path: Path, wheels: Path, env: dict[str, str], *install: str) -> Path:
    run([sys.executable, "-m", "venv", str(path)])
    python = path / "bin" / "python"
    run([str(python), "-m", "pip", "install", "-q", "--find-links", str(wheels), *install], env=env)
    return python


#: the timed processes' environment: bytecode written and read, as an installed tool runs
TIMED_ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}


def timed(args: list[str], cwd: Path) -> tuple[float, float]:
    """Wall time and the child's CPU time (user + system), in seconds."""
    start = time.perf_counter()
    child = subprocess.Popen(args, stdout=subprocess.DEVNULL, cwd=cwd, env=TIMED_ENV)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"{args} failed with {child.returncode}")
    return wall, usage.ru_utime + usage.ru_stime


def footprint(python: Path) -> list[tuple[str, int, int]]:
    """(distribution, files, bytes) of smart-tool-build and its dependencies as installed."""
    probe = (
        "import sys\n"
        "from importlib import metadata\n"
        "for name in sys.argv[1:]:\n"
        "    try:\n"
        "        dist = metadata.distribution(name)\n"
        "    except metadata.PackageNotFoundError:\n"
        "        continue\n"
        "    files = [f for f in dist.files or () if not f.name.endswith('.pyc')]\n"
        "    sizes = [f.locate().stat().st_size for f in files if f.locate().is_file()]\n"
        "    print(name, len(sizes), sum(sizes), sep='\\t')\n"
    )
    done = run([str(python), "-c", probe, *FOOTPRINT_NAMES])
    rows = []
    for line in done.stdout.splitlines():
        name, files, size = line.split("\t")
        rows.append((name, int(files), int(size)))
    return rows


def runtime_only(python: Path) -> tuple[int, int]:
    """The files and bytes of the modules the projection path imports: what a distribution
    holding only the runtime face would carry."""
    probe = (
        "import sys, os\n"
        "import smart_tool_build as s\n"
        "s.load_manifest('acme-widget'); s.render_skill('acme-widget')\n"
        "files = [m.__file__ for n, m in sorted(sys.modules.items()) if n.startswith('smart_tool_build')]\n"
        "print(len(files), sum(os.path.getsize(f) for f in files))\n"
    )
    count, size = run([str(python), "-c", probe]).stdout.split()
    return int(count), int(size)


def show_footprint(title: str, rows: list[tuple[str, int, int]]) -> None:
    files, size = sum(r[1] for r in rows), sum(r[2] for r in rows)
    print(f"\n{title}: {files} files, {size / 1024:.0f} KiB (without bytecode)")
    for name, count, nbytes in rows:
        print(f"  {name}: {count} files, {nbytes / 1024:.0f} KiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=21)
    parser.add_argument("--before", help="a git ref of this repository to compare the install footprint with")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-runtime-face-"))
    try:
        wheels = work / "wheels"
        wheels.mkdir()
        env = {**os.environ, "PIP_FIND_LINKS": str(wheels)}
        ours = wheel_of(REPO, wheels, env)
        # copies: pip builds a local folder in place, and setuptools writes build/ and .egg-info/
        trees = work / "trees"
        for example in ("hatchling-tool", "setuptools-tool", "uv-build-tool"):
            shutil.copytree(EXAMPLES / example, trees / example)
        built = {name: wheel_of(trees / name, wheels, env) for name in ("hatchling-tool", "setuptools-tool")}
        wrapped_out = work / "wrapped"
        wrapped_out.mkdir()
        wrapped = wheel_of(trees / "uv-build-tool", wrapped_out, env)
        (work / "elsewhere").mkdir()
        elsewhere = without_projection(
            built["hatchling-tool"], work / "elsewhere" / built["hatchling-tool"].name
        )
        editable_tree = work / "editable-tree"
        shutil.copytree(EXAMPLES / "hatchling-tool", editable_tree)
        for wheel in (*built.values(), wrapped):
            with zipfile.ZipFile(wheel) as handle:
                assert any(n.endswith(f".dist-info/{PROJECTION}") for n in handle.namelist()), wheel
        adapters = venv(work / "venv-adapters", wheels, env, str(ours), *map(str, built.values()))
        wrapper = venv(work / "venv-wrapper", wheels, env, str(ours), str(wrapped))
        other = venv(work / "venv-elsewhere", wheels, env, str(ours), str(elsewhere))
        editable = venv(work / "venv-editable", wheels, env, str(ours), "-e", str(editable_tree))

        def calls(python: Path, dist: str) -> dict[str, list[str]]:
            return {
                "load_manifest": [
                    str(python),
                    "-c",
                    f"import smart_tool_build as s; s.load_manifest({dist!r})",
                ],
                "render_skill": [
                    str(python),
                    "-c",
                    f"import smart_tool_build as s; s.render_skill({dist!r}, {CAPABILITIES})",
                ],
            }

        #: group -> (its calls, its venv's python, the target over that venv's bare interpreter)
        groups = {
            "hatchling hook wheel": (calls(adapters, "acme-widget"), adapters, 0.005),
            "setuptools plugin wheel": (calls(adapters, "acme-sprocket"), adapters, 0.005),
            "wrapper (uv_build) wheel": (calls(wrapper, "acme-widget"), wrapper, 0.005),
            "editable install": (calls(editable, "acme-widget"), editable, 0.015),
            "wheel built elsewhere": (calls(other, "acme-widget"), other, 0.015),
        }
        # the bare interpreter of each venv: an editable install's .pth runs at every start
        bare = {p: f"python -c pass ({p.parents[1].name})" for p in (adapters, wrapper, editable, other)}
        cases = {name: [str(python), "-c", "pass"] for python, name in bare.items()}
        for group, (commands, _, _) in groups.items():
            for call, command in commands.items():
                cases[f"{group}: {call}"] = command
        for command in cases.values():  # warm the file cache, write the bytecode
            timed(command, work)
        walls: dict[str, list[float]] = {name: [] for name in cases}
        cpus: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(args.repeat):
            for name, command in cases.items():
                wall, cpu = timed(command, work)
                walls[name].append(wall)
                cpus[name].append(cpu)
        wall_median = {name: statistics.median(values) for name, values in walls.items()}
        cpu_median = {name: statistics.median(values) for name, values in cpus.items()}
        print(f"machine: {machine()}; {args.repeat} runs each, alternating, fresh processes")
        print(
            "| what | wall median | over bare | ratio | CPU median | CPU over bare | target | verdict (wall / CPU) |"
        )
        print("|---|---|---|---|---|---|---|---|")
        for name in bare.values():
            wall, cpu = wall_median[name] * 1000, cpu_median[name] * 1000
            print(f"| `{name}` | {wall:.1f} ms | | 1.00x | {cpu:.1f} ms | | | |")
        for group, (commands, python, target) in groups.items():
            bare_wall, bare_cpu = wall_median[bare[python]], cpu_median[bare[python]]
            for call in commands:
                name = f"{group}: {call}"
                over_wall, over_cpu = wall_median[name] - bare_wall, cpu_median[name] - bare_cpu
                verdict = " / ".join("met" if over <= target else "NOT met" for over in (over_wall, over_cpu))
                print(
                    f"| {group}: `{call}` | {wall_median[name] * 1000:.1f} ms | {over_wall * 1000:+.1f} ms | "
                    f"{wall_median[name] / bare_wall:.2f}x | {cpu_median[name] * 1000:.1f} ms | "
                    f"{over_cpu * 1000:+.1f} ms | <= {target * 1000:.0f} ms | {verdict} |"
                )
        show_footprint("a tool's user installs for the runtime face (this checkout)", footprint(adapters))
        count, size = runtime_only(adapters)
        print(f"  of which the projection path imports: {count} modules of ours, {size / 1024:.0f} KiB")
        if args.before:
            tree = work / "before"
            tree.mkdir()
            archive = subprocess.run(
                ["git", "-C", str(REPO), "archive", args.before], check=True, capture_output=True
            )
            subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
            old_wheels = work / "old-wheels"
            old_wheels.mkdir()
            old_env = {**os.environ, "PIP_FIND_LINKS": str(old_wheels)}
            old = wheel_of(tree, old_wheels, old_env)
            old_python = venv(work / "venv-before", old_wheels, old_env, str(old))
            show_footprint(f"the same at {args.before}", footprint(old_python))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
