"""`smart-tool init` on fresh projects, then a real build with the very lines it printed:
the result is a smart tool that the backend ships (both archives, byte for byte).

One build per backend family: the hatchling hook, the setuptools plugin, the wrapping backend.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from buildkit import Builder, assert_tool_built
from smartkit import smart_tool

from smart_tool_build.authoring.scaffold import build_setup

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.9/3.10
    import tomli as tomllib

pytestmark = pytest.mark.build

PROJECT = """[project]
name = "acme-{kind}"
version = "0.4.0"
description = "Cuts {kind}s to size."
requires-python = ">=3.9"

[project.scripts]
acme-{kind} = "acme_{kind}.cli:main"
"""

CLI = 'def main() -> None:\n    print("acme")\n'


def fresh_project(builder: Builder, kind: str, build_system: str, package: str) -> Path:
    """A project as its author has it before smart-tool: a package and a console script."""
    root = builder.root / f"init-{kind}"
    (root / package).mkdir(parents=True)
    (root / package / "__init__.py").write_text(f'"""acme-{kind}."""\n')
    (root / package / "cli.py").write_text(CLI)
    (root / "pyproject.toml").write_text(build_system + PROJECT.format(kind=kind))
    return root


def init_and_apply_lines(root: Path, kind: str) -> tuple[str, ...]:
    """Run init; put the [build-system] lines it printed in place of the project's own."""
    done = smart_tool("init", root)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = build_setup(tomllib.loads((root / "pyproject.toml").read_text())).lines
    assert lines and "\n" + "\n".join(lines) + "\n" in done.stdout, done.stdout
    (root / "pyproject.toml").write_text("\n".join(lines) + "\n\n" + PROJECT.format(kind=kind))
    assert smart_tool("check", root).returncode == 0
    return lines


@pytest.mark.parametrize(
    ("kind", "build_system", "package", "printed"),
    [
        pytest.param(
            "widget",
            '[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n\n',
            "src/acme_widget",
            "[tool.hatch.build.hooks.smart-tool]",
            id="hatchling",
        ),
        # no [build-system] at all (setuptools by PEP 517's fallback), and a flat layout
        pytest.param(
            "sprocket", "", "acme_sprocket", 'build-backend = "setuptools.build_meta"', id="setuptools"
        ),
        pytest.param(
            "gear",
            '[build-system]\nrequires = ["uv_build"]\nbuild-backend = "uv_build"\n\n',
            "src/acme_gear",
            'build-backend = "smart_tool_build.backend"',
            id="uv_build-wrapped",
        ),
    ],
)
def test_initialised_then_built(
    builder: Builder, kind: str, build_system: str, package: str, printed: str
) -> None:
    root = fresh_project(builder, kind, build_system, package)
    assert printed in init_and_apply_lines(root, kind)
    top = package.rpartition("/")[2]
    assert_tool_built(
        builder.build(root),
        manifest_source=f"{package}/SMART_TOOL.md",
        wheel_manifest=f"{top}/SMART_TOOL.md",
        dist_info=f"{top}-0.4.0.dist-info",
    )
