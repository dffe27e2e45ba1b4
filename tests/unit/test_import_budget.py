"""The import budget: the lines of ``smart_tool_build`` one hook process compiles on a valid build.

Neither pip nor uv byte-compiles a build environment, so every line a hook process imports is
compiled from source in every isolated build, in the sdist's process and again in the wheel's
(BENCHMARKS.md, "The import budget"). Each case builds one archive in a fresh interpreter and
sums the source lines of this package's modules in ``sys.modules`` after the hook returns.

The ceilings are today's figures, so the path cannot grow back; the design's targets
(DESIGN.md, "The lean core") are 2,500 lines for a smart tool and 3,000 for a library with a
skill, and each ceiling comes down as the core does.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "fixtures"

#: the design's targets, for the message of a failure
TARGET_TOOL, TARGET_LIBRARY = 2_500, 3_000

#: (case, project, build backend, ceiling of lines per hook process)
CASES = [
    ("hatchling", REPO / "examples" / "hatchling-tool", "hatchling.build", 4_190),
    ("setuptools", REPO / "examples" / "setuptools-tool", "setuptools.build_meta", 4_410),
    (
        "wrapper over flit_core",
        FIXTURES / "wrapper" / "flit-core",
        "smart_tool_build.backend",
        4_860,
    ),
    ("library with skills", FIXTURES / "skills" / "library", "hatchling.build", 3_525),
]

#: the adapters' modules, and those each backend's build may load
ADAPTERS = (
    "smart_tool_build.hatch_hook",
    "smart_tool_build.adapters.hatchling",
    "smart_tool_build.adapters.hatchling_staging",
    "smart_tool_build.setuptools_plugin",
    "smart_tool_build.adapters.setuptools_commands",
    "smart_tool_build.adapters.setuptools_wheel",
    "smart_tool_build.backend",
    "smart_tool_build.adapters.delegation",
    "smart_tool_build.adapters.wrapper",
)
ADAPTERS_OF = {
    "hatchling.build": ADAPTERS[:3],
    "setuptools.build_meta": ADAPTERS[3:6],
    "smart_tool_build.backend": ADAPTERS[6:],
}

PROBE = """
import importlib, json, sys
backend = importlib.import_module({backend!r})
getattr(backend, "build_" + {kind!r})({out!r})
lines = {{}}
for name, module in list(sys.modules.items()):
    path = getattr(module, "__file__", None)
    if name.split(".")[0] == "smart_tool_build" and path:
        with open(path, encoding="utf-8") as handle:
            lines[name] = sum(1 for _ in handle)
print(json.dumps(lines))
"""


def lines_imported(project: Path, backend: str, kind: str, out: Path) -> dict[str, int]:
    """The lines of each ``smart_tool_build`` module one fresh process imported building ``kind``."""
    out.mkdir(exist_ok=True)  # a frontend makes the output folder before it calls the hook
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(backend=backend, kind=kind, out=str(out))],
        capture_output=True,
        text=True,
        cwd=project,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return dict(json.loads(done.stdout.splitlines()[-1]))


@pytest.mark.parametrize(("case", "source", "backend", "ceiling"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("kind", ["sdist", "wheel"])
def test_a_valid_build_compiles_at_most_its_budget(
    tmp_path: Path, case: str, source: Path, backend: str, ceiling: int, kind: str
) -> None:
    pytest.importorskip(backend.split(".")[0])
    project = tmp_path / "project"
    shutil.copytree(source, project)
    lines = lines_imported(project, backend, kind, tmp_path / "out")
    assert "smart_tool_build.archives.confirm" in lines, sorted(lines)  # the hook ran and verified
    # a valid build's archive is confirmed without the archive rules
    assert "smart_tool_build.archives.verify" not in lines, sorted(lines)
    # each adapter loads no other adapter: nothing of setuptools or the wrapper in a hatchling
    # build, and the reverse
    others = [m for m in ADAPTERS if m not in ADAPTERS_OF[backend] and m in lines]
    assert not others, others
    total = sum(lines.values())
    target = TARGET_LIBRARY if "skills" in case else TARGET_TOOL
    biggest = ", ".join(f"{name} {count}" for count, name in sorted(((c, n) for n, c in lines.items()))[-8:])
    assert total <= ceiling, (
        f"{case}, {kind}: {total} lines of smart_tool_build imported, over the ceiling {ceiling} "
        f"(target {target}); the largest: {biggest}"
    )


if __name__ == "__main__":  # the figures, to set a ceiling by: python tests/unit/test_import_budget.py
    import tempfile

    for name, source, backend, ceiling in CASES:
        for kind in ("sdist", "wheel"):
            with tempfile.TemporaryDirectory() as scratch:
                shutil.copytree(source, Path(scratch) / "project")
                total = sum(
                    lines_imported(Path(scratch) / "project", backend, kind, Path(scratch) / "out").values()
                )
            print(f"{name}, {kind}: {total} lines (ceiling {ceiling})")
