"""The setuptools plugin where it must do nothing, or next to nothing.

- inert: a project that did not opt in builds byte-identical wheels with and without the
  plugin in the environment;
- cheap: the entry-point modules, which setuptools loads on every build, import nothing heavy;
- editable installs (PEP 660, lenient and strict): checked, and nothing copied into
  site-packages that could go stale; the runtime accessor reads the source tree.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from buildkit import (
    EXAMPLES,
    FIXTURES,
    SETUPTOOLS,
    Build,
    Builder,
    assert_clean_failure,
    setuptools_at_least,
    wheel_members,
)

from budgets import SETUPTOOLS_ACTIVATED, SETUPTOOLS_PLUGIN

pytestmark = pytest.mark.build

TOOLS = FIXTURES / "setuptools"
MANIFEST = "SMART_TOOL.md"
DESCRIPTOR = "smart-tool.json"


def venv_with(builder: Builder, name: str, *requirements: str) -> Path:
    python = builder.venv(name)
    # --upgrade: a venv may come with an older setuptools of its own
    args = [str(python), "-m", "pip", "install", "-q", "--upgrade", *requirements]
    done = builder.run(args, cwd=builder.root)
    assert done.returncode == 0, done.stdout
    return python


def pip_wheel_no_isolation(builder: Builder, python: Path, project: Path) -> Build:
    out_dir = project.parent / f"{project.name}-wheel"
    out_dir.mkdir()
    args = [str(python), "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(out_dir)]
    done = builder.run([*args, str(project)], cwd=project)
    return Build(done.returncode, done.stdout, out_dir, project)


def site_packages(python: Path) -> Path:
    done = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    )
    return Path(done.stdout.strip())


# --- inertness -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def with_plugin(builder: Builder) -> Path:
    return venv_with(builder, "st-inert-with", SETUPTOOLS, "wheel", "smart-tool-build")


@pytest.fixture(scope="module")
def without_plugin(builder: Builder) -> Path:
    return venv_with(builder, "st-inert-without", SETUPTOOLS, "wheel")


def test_plugin_is_registered_where_it_is_installed(builder: Builder, with_plugin: Path) -> None:
    probe = (
        "from importlib.metadata import entry_points as e;"
        "print(sorted(p.value for g in ('setuptools.finalize_distribution_options', 'egg_info.writers')"
        " for p in (e().select(group=g) if hasattr(e(), 'select') else e()[g])"
        " if 'smart_tool_build' in p.value))"
    )
    done = builder.run([str(with_plugin), "-c", probe], cwd=builder.root)
    assert done.returncode == 0, done.stdout
    assert "smart_tool_build.setuptools_plugin:finalize_distribution_options" in done.stdout
    assert "smart_tool_build.setuptools_plugin:write_egg_info" in done.stdout


def test_project_that_did_not_opt_in_builds_byte_identical_wheels(
    builder: Builder, with_plugin: Path, without_plugin: Path
) -> None:
    built = {}
    for name, python in (("with", with_plugin), ("without", without_plugin)):
        project = builder.copy(TOOLS / "plain", f"st-plain-{name}")
        build = pip_wheel_no_isolation(builder, python, project)
        assert build.ok, build.output
        assert "smart-tool:" not in build.output
        built[name] = build
    assert built["with"].wheel.name == built["without"].wheel.name
    assert built["with"].wheel.read_bytes() == built["without"].wheel.read_bytes()
    # the package data it asked for is there, and nothing was added
    members = wheel_members(built["with"].wheel)
    assert "plain_pkg/SMART_TOOL.md" in members
    assert not [n for n in members if n.endswith(DESCRIPTOR)]
    # nor did anything change in the source tree's metadata
    (with_info,) = (built["with"].project / "src").glob("*.egg-info")
    (without_info,) = (built["without"].project / "src").glob("*.egg-info")
    assert sorted(p.name for p in with_info.iterdir()) == sorted(p.name for p in without_info.iterdir())
    assert not (with_info / DESCRIPTOR).exists()


def test_naming_smart_tool_build_is_opting_in_isolated(builder: Builder) -> None:
    """Through isolated builds, the plugin is there only when [build-system].requires names
    it, and naming it is asking for it: the project without a descriptor is refused with
    `descriptor-present` (a silent wheel without a manifest was the old behaviour). The
    byte-identical build of a project that does not name it is the test above, with the
    plugin installed beside the backend."""
    project = builder.copy(TOOLS / "plain", "st-plain-isolated")
    pyproject = project / "pyproject.toml"
    text = pyproject.read_text()
    pyproject.write_text(
        text.replace('requires = ["setuptools>=61"]', 'requires = ["setuptools>=61", "smart-tool-build"]')
    )
    assert pyproject.read_text() != text
    build = builder.build(project, targets=("wheel",))
    assert_clean_failure(build, "descriptor-present")


def test_the_same_environment_does_check_a_tool(builder: Builder, with_plugin: Path) -> None:
    """The control for the inertness test: the plugin is live in that environment."""
    project = builder.copy(TOOLS / "flat-tool", "st-flat-with")
    build = pip_wheel_no_isolation(builder, with_plugin, project)
    assert build.ok, build.output
    assert (
        wheel_members(build.wheel)["acme_flat-1.4.0.dist-info/smart-tool.json"]
        == (project / DESCRIPTOR).read_bytes()
    )


# --- the entry-point modules are cheap ------------------------------------------------------

_PROBE_ENTRY = """
import json, os, sys
import smart_tool_build.setuptools_plugin as plugin

class Dist: pass
class Cmd: distribution = Dist()

os.chdir(sys.argv[1])
plugin.finalize_distribution_options(Dist())  # not opted in: reads pyproject.toml, no table
plugin.write_egg_info(Cmd(), "smart-tool.json", "unused")
print(hasattr(Dist, "_smart_tool_build"))
print(json.dumps(sorted(sys.modules)))
"""


def test_entry_point_module_keeps_its_import_budget(builder: Builder) -> None:
    plain = builder.copy(TOOLS / "plain", "st-plain-probe")
    assert b"smart-tool" in (plain / "pyproject.toml").read_bytes()  # so the TOML is parsed
    done = subprocess.run(
        [sys.executable, "-c", _PROBE_ENTRY, str(plain)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert done.returncode == 0, done.stdout
    switched_on, loaded = done.stdout.split("\n")[:2]
    assert switched_on == "False", done.stdout
    SETUPTOOLS_PLUGIN.check(json.loads(loaded))


_PROBE_ACTIVATED = """
import json, os, sys
os.chdir(sys.argv[1])
import setuptools
from setuptools.dist import Distribution
before = set(sys.modules)
import smart_tool_build.adapters.setuptools_commands
from smart_tool_build.setuptools_plugin import finalize_distribution_options
dist = Distribution()
finalize_distribution_options(dist)
print(hasattr(dist, "_smart_tool_build"))
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def test_opted_in_project_loads_the_core_only_when_a_command_runs(builder: Builder) -> None:
    flat = builder.copy(TOOLS / "flat-tool", "st-flat-probe")
    done = subprocess.run(
        [sys.executable, "-c", _PROBE_ACTIVATED, str(flat)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert done.returncode == 0, done.stdout
    switched_on, loaded = done.stdout.split("\n")[:2]
    assert switched_on == "True", done.stdout
    SETUPTOOLS_ACTIVATED.check(json.loads(loaded))


# --- editable installs ----------------------------------------------------------------------

needs_pep660 = pytest.mark.skipif(
    not setuptools_at_least(64), reason="PEP 660 editable installs: setuptools 64+"
)

EDITABLES = {
    "src-lenient": ("setuptools-tool", "acme-sprocket", "src/acme_sprocket/SMART_TOOL.md", ()),
    "src-strict": (
        "setuptools-tool",
        "acme-sprocket",
        "src/acme_sprocket/SMART_TOOL.md",
        ("--config-settings", "editable_mode=strict"),
    ),
    "flat-lenient": ("flat-tool", "acme-flat", "acme_flat/SMART_TOOL.md", ()),
}


@pytest.fixture(scope="module", params=sorted(EDITABLES))
def editable(builder: Builder, request: pytest.FixtureRequest) -> tuple[Path, Path, str, str, str]:
    if not setuptools_at_least(64):
        pytest.skip("PEP 660 editable installs: setuptools 64+")
    folder, name, manifest, options = EDITABLES[request.param]
    source = EXAMPLES / folder if folder == "setuptools-tool" else TOOLS / folder
    project = builder.copy(source, f"st-editable-{request.param}")
    python = venv_with(builder, f"st-editable-{request.param}", "smart-tool-build")
    done = builder.run(
        [str(python), "-m", "pip", "install", "-v", *options, "-e", str(project)], cwd=builder.root
    )
    return python, project, name, manifest, done.stdout if done.returncode == 0 else f"FAILED\n{done.stdout}"


def test_editable_install_is_checked(editable: tuple[Path, Path, str, str, str]) -> None:
    _, _, name, manifest, output = editable
    assert not output.startswith("FAILED"), output
    assert f"smart-tool: {manifest} checked ({name} " in output


def test_editable_install_copies_nothing_into_site_packages(
    editable: tuple[Path, Path, str, str, str],
) -> None:
    python, project, name, _, output = editable
    assert not output.startswith("FAILED"), output
    site = site_packages(python)
    assert [p for p in site.rglob(MANIFEST) if "smart_tool_build" not in p.parts] == []
    assert [p for p in site.rglob(DESCRIPTOR) if "smart_tool_build" not in p.parts] == []
    (dist_info,) = site.glob(f"{name.replace('-', '_')}-*.dist-info")
    direct_url = json.loads((dist_info / "direct_url.json").read_text())
    assert direct_url["dir_info"] == {"editable": True}
    assert direct_url["url"] == project.resolve().as_uri()


def test_editable_install_has_no_stale_copy_in_the_build_tree(
    editable: tuple[Path, Path, str, str, str],
) -> None:
    """Strict mode links the package into build/__editable__*: links, never copies."""
    _, project, _, manifest, output = editable
    assert not output.startswith("FAILED"), output
    for found in (project / "build").rglob(MANIFEST) if (project / "build").exists() else []:
        assert found.samefile(project / manifest), found


def test_editable_install_is_read_live_from_the_source(
    builder: Builder, editable: tuple[Path, Path, str, str, str]
) -> None:
    python, project, name, manifest, output = editable
    assert not output.startswith("FAILED"), output
    probe = (
        "import sys; from smart_tool_build.runtime.accessor import manifest_bytes;"
        "print(manifest_bytes(sys.argv[1])[1])"
    )
    done = builder.run([str(python), "-c", probe, name], cwd=builder.root)
    assert done.returncode == 0, done.stdout
    assert Path(done.stdout.strip()).resolve() == (project / manifest).resolve()
    module = name.replace("-", "_")
    done = builder.run([str(python), "-c", f"import {module}; print({module}.__file__)"], cwd=builder.root)
    assert done.returncode == 0, done.stdout


@needs_pep660
def test_editable_install_of_a_drifting_tool_fails(builder: Builder) -> None:
    project = builder.copy(EXAMPLES / "setuptools-tool", "st-editable-drift")
    manifest = project / "src/acme_sprocket/SMART_TOOL.md"
    manifest.write_text(manifest.read_text().replace("version: 0.3.0", "version: 0.2.9"))
    python = builder.venv("st-editable-drift")
    done = builder.run([str(python), "-m", "pip", "install", "-e", str(project)], cwd=builder.root)
    failed = Build(done.returncode, done.stdout, project.parent / "st-editable-drift-none", project)
    failed.out_dir.mkdir()
    assert_clean_failure(failed, "manifest-version-matches-package")
    assert not list(site_packages(python).glob("acme_sprocket*"))
