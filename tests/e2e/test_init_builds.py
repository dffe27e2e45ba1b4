"""`smart-tool init` on fresh projects, then a real build with the very lines it printed, once
the lines it marked TODO are completed: the result is a smart tool that the backend ships
(both archives, byte for byte).

One build per backend init serves and the test environment has: the hatchling hook, the
setuptools plugin, the wrapping backend over uv_build, flit_core, pdm-backend and poetry-core
(maturin, scikit-build-core and meson-python need a compiler's project);
and a uv project from uv's own template, whose build refuses init's TODO lines and whose
printed `[tool.uv] cache-keys` make `uv pip install .` rebuild when the manifest changes.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from buildkit import Builder, assert_tool_built
from smartkit import smart_tool

from smart_tool.authoring.scaffold import build_setup, uv_cache_keys

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


def init_and_apply_lines(root: Path, kind: str, project: str = "") -> tuple[str, ...]:
    """Run init; put the lines it printed ([build-system], and uv's cache-keys for a uv
    project) in place of the project's own; complete the lines it marked TODO."""
    done = smart_tool("init", root)
    assert done.returncode == 0, done.stdout + done.stderr
    pyproject = tomllib.loads((root / "pyproject.toml").read_text())
    lines = build_setup(pyproject).lines
    manifest = next(root.rglob("SMART_TOOL.md")).relative_to(root).as_posix()
    cache_keys = uv_cache_keys(pyproject, root, manifest).lines
    for printed in (lines, cache_keys):
        assert not printed or "\n" + "\n".join(printed) + "\n" in done.stdout, done.stdout
    printed = "\n".join(lines) + "\n\n" + ("\n".join(cache_keys) + "\n\n" if cache_keys else "")
    (root / "pyproject.toml").write_text(printed + (project or PROJECT.format(kind=kind)))
    checked = smart_tool("check", root)
    assert checked.returncode == 1 and "manifest-placeholders" in checked.stdout, checked.stdout
    complete(root / manifest)
    assert smart_tool("check", root, "--warnings-as-errors").returncode == 0
    return lines


def complete(manifest: Path) -> None:
    """What the author does after init: every line marked TODO given its content."""
    manifest.write_text(manifest.read_text().replace("TODO: ", ""))


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
        # every other backend init serves with the wrapper: the backend value it prints is the
        # module the wrapper imports (it once printed "flit_core", and the build crashed)
        *(
            pytest.param(
                kind,
                f'[build-system]\nrequires = ["{requirement}"]\nbuild-backend = "{module}"\n\n',
                f"src/acme_{kind}",
                f'backend = "{module}"',
                id=f"{name}-wrapped",
            )
            for kind, requirement, module, name in [
                ("bolt", "flit_core>=3.4", "flit_core.buildapi", "flit_core"),
                ("nut", "pdm-backend", "pdm.backend", "pdm-backend"),
                ("washer", "poetry-core>=2", "poetry.core.masonry.api", "poetry-core"),
            ]
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


UV_TEMPLATE = """[project]
name = "acme-cog"
version = "0.1.0"
description = "Add your description here"
requires-python = ">=3.9"

[project.scripts]
acme-cog = "acme_cog:main"
"""


def _uv() -> list[str]:
    beside = Path(sys.executable).with_name("uv")
    found = shutil.which("uv") or (str(beside) if beside.exists() else None)
    if found is None:
        pytest.skip("uv is not installed")
    return [found]


def test_a_uv_template_project(builder: Builder) -> None:
    """What `uv init --package` writes: its build refuses init's TODO lines until they are
    completed, and, with the printed cache-keys, `uv pip install .` rebuilds when the manifest
    changes (uv's own defaults watch pyproject.toml, setup.py and setup.cfg only)."""
    uv = _uv()
    root = builder.root / "init-uv-template"
    (root / "src/acme_cog").mkdir(parents=True)
    (root / "src/acme_cog/__init__.py").write_text('def main() -> None:\n    print("cog")\n')
    uv_build = '[build-system]\nrequires = ["uv_build"]\nbuild-backend = "uv_build"\n\n'
    (root / "pyproject.toml").write_text(UV_TEMPLATE + "\n" + uv_build)
    done = smart_tool("init", root)
    assert done.returncode == 0, done.stdout + done.stderr
    manifest = root / "src/acme_cog/SMART_TOOL.md"
    # uv's template sentence is not copied: the description is a line to complete
    assert 'description: "TODO: what acme-cog does, then when to reach for it."\n' in manifest.read_text()
    pyproject = tomllib.loads((root / "pyproject.toml").read_text())
    keys = uv_cache_keys(pyproject, root, "src/acme_cog/SMART_TOOL.md").lines
    assert keys == (
        "[tool.uv]",
        'cache-keys = [{ file = "pyproject.toml" }, { file = "smart-tool.json" }, '
        '{ file = "src/acme_cog/SMART_TOOL.md" }]',
    )
    lines = build_setup(pyproject).lines
    (root / "pyproject.toml").write_text("\n".join(lines) + "\n\n" + "\n".join(keys) + "\n\n" + UV_TEMPLATE)
    refused = builder.build(root, targets=("wheel",))
    assert not refused.ok
    assert "src/acme_cog/SMART_TOOL.md:5: manifest-placeholders:" in refused.output, refused.output
    assert "Traceback" not in refused.output
    complete(manifest)

    venv = builder.venv("uv-cache-keys")
    env = {**os.environ, **builder.env, "UV_FIND_LINKS": str(builder.wheelhouse), "UV_OFFLINE": "1"}
    env["UV_NO_INDEX"] = "1"
    env["UV_CACHE_DIR"] = str(builder.root / "uv-cache")
    install = [*uv, "pip", "install", "--python", str(venv), "."]

    def installed_manifest() -> str:
        found = list((venv.parent.parent / "lib").glob("python*/site-packages/acme_cog/SMART_TOOL.md"))
        assert len(found) == 1, found
        return found[0].read_text()

    first = subprocess.run(install, cwd=root, env=env, capture_output=True, text=True, timeout=600)
    assert first.returncode == 0, first.stdout + first.stderr
    assert installed_manifest() == manifest.read_text()
    manifest.write_text(manifest.read_text() + "\nOne more line, after the first install.\n")
    again = subprocess.run(install, cwd=root, env=env, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stdout + again.stderr
    assert installed_manifest().endswith("One more line, after the first install.\n"), again.stderr


GIT = "smart-tool-build @ git+https://github.com/smart-tool-build/smart-tool-build@v0.1.0"


def test_hatchling_takes_the_direct_reference_init_says_to_list_with_the_lines_it_prints(
    builder: Builder,
) -> None:
    """init tells a tool to list its smart-tool-build requirement in [project].dependencies;
    hatchling refuses a direct reference there unless allowed, and init prints the allowance.
    The wheel is built (hatchling fetches no dependency) with and without those lines."""
    hatchling = '[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n\n'
    root = fresh_project(builder, "rivet", hatchling, "src/acme_rivet")
    done = smart_tool("init", root, "--requirement", GIT)
    assert done.returncode == 0, done.stdout + done.stderr
    allowance = "[tool.hatch.metadata]\nallow-direct-references = true"
    assert f"\n{allowance}\n" in done.stdout, done.stdout
    complete(next(root.rglob("SMART_TOOL.md")))
    # the build-system lines with the bare name (the wheelhouse has it); the direct reference
    # where init says a tool lists it for run time
    lines = build_setup(tomllib.loads((root / "pyproject.toml").read_text())).lines
    project = PROJECT.format(kind="rivet").replace(
        'requires-python = ">=3.9"\n', f'requires-python = ">=3.9"\ndependencies = ["{GIT}"]\n'
    )
    (root / "pyproject.toml").write_text("\n".join(lines) + "\n\n" + project)
    refused = builder.build(root, targets=("wheel",))
    assert not refused.ok and "allow-direct-references" in refused.output, refused.output
    (root / "pyproject.toml").write_text("\n".join(lines) + "\n\n" + project + "\n" + allowance + "\n")
    built = builder.build(root, targets=("wheel",))
    assert built.ok, built.output
    assert "acme_rivet-0.4.0-py3-none-any.whl verified" in built.output, built.output
