"""The hatchling plugin as an installed package: cheap to load, inert unless configured.

Hatchling imports every ``hatch`` entry point on every build in an environment, so a
project that never asked for the hook must not pay for it, nor see any change.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tarfile
import zipfile
from importlib.metadata import version as installed_version
from pathlib import Path

import pytest
from buildkit import EXAMPLES, FIXTURES, Build, Builder, assert_clean_failure, pip_download

from budgets import HATCH_HOOK, HATCH_HOOK_PROCESS

PLAIN = FIXTURES / "hatchling" / "plain"

_PROBE = """
import json, sys
import hatchling.builders.hooks.plugin.interface, hatchling.plugin
before = set(sys.modules)
import smart_tool_build.hatch_hook as hook
hook.hatch_register_build_hook()
print(json.dumps({"new": sorted(set(sys.modules) - before), "all": sorted(sys.modules)}))
"""


def test_entry_point_module_keeps_its_import_budget() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE],
        check=True,
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parent,
    )
    modules = json.loads(done.stdout)
    HATCH_HOOK.check(modules["new"])
    HATCH_HOOK_PROCESS.check(modules["all"])


def test_entry_point_is_registered() -> None:
    from importlib.metadata import entry_points

    everything = entry_points()
    # Python 3.9's importlib.metadata has no select(): a dict of groups instead
    group = everything.select(group="hatch") if hasattr(everything, "select") else everything.get("hatch", [])
    found = [ep for ep in group if ep.name == "smart-tool"]
    assert [ep.value for ep in found] == ["smart_tool_build.hatch_hook"]


def _with_plugin(builder: Builder, name: str) -> Path:
    project = builder.copy(PLAIN, name)
    pyproject = project / "pyproject.toml"
    text = pyproject.read_text()
    assert 'requires = ["hatchling"]' in text
    pyproject.write_text(
        text.replace('requires = ["hatchling"]', 'requires = ["hatchling", "smart-tool-build"]')
    )
    return project


@pytest.fixture(scope="module")
def plain_without(builder: Builder) -> Build:
    return builder.build(builder.copy(PLAIN, "plain-without-plugin"))


@pytest.fixture(scope="module")
def plain_with(builder: Builder) -> Build:
    return builder.build(_with_plugin(builder, "plain-with-plugin"))


def _sdist_files(path: Path) -> dict[str, bytes]:
    with tarfile.open(path) as archive:
        out = {}
        for member in archive.getmembers():
            if member.isfile():
                handle = archive.extractfile(member)
                assert handle is not None
                out[member.name] = handle.read()
        return out


def test_plugin_installed_but_not_configured_changes_nothing(plain_without: Build, plain_with: Build) -> None:
    assert plain_without.ok, plain_without.output
    assert plain_with.ok, plain_with.output
    # the plugin was installed into the build environment (it is a build requirement, and the
    # build succeeded); frontends list it, with its version where their pip can report one
    assert "- smart-tool-build" in plain_with.output
    assert "smart-tool-build" not in plain_without.output
    assert "smart-tool:" not in plain_with.output
    # byte for byte the same wheel (SOURCE_DATE_EPOCH makes the builds reproducible)
    assert plain_with.wheel.name == plain_without.wheel.name
    assert plain_with.wheel.read_bytes() == plain_without.wheel.read_bytes()
    # the sdists differ only in the requirement the user wrote into pyproject.toml
    with_files = _sdist_files(plain_with.sdist)
    without_files = _sdist_files(plain_without.sdist)
    assert with_files.keys() == without_files.keys()
    differ = sorted(name for name in with_files if with_files[name] != without_files[name])
    assert differ == ["plain_pkg-1.0.0/pyproject.toml"]


def test_plain_project_gets_no_smart_tool_files(plain_with: Build) -> None:
    with zipfile.ZipFile(plain_with.wheel) as archive:
        names = archive.namelist()
    assert "plain_pkg/SMART_TOOL.md" in names  # ordinary package data, shipped as it is
    assert not [n for n in names if n.endswith("smart-tool.json")]


def test_no_isolation_build_with_the_plugin_installed_is_untouched(
    builder: Builder, plain_without: Build
) -> None:
    """The test environment has the plugin installed (editable): hatchling loads it, it does nothing."""
    build = builder.build(builder.copy(PLAIN, "plain-no-isolation"), isolated=False, targets=("wheel",))
    assert build.ok, build.output
    assert "smart-tool:" not in build.output
    with zipfile.ZipFile(build.wheel) as archive:
        assert not [n for n in archive.namelist() if n.endswith("smart-tool.json")]
    if f"hatchling=={installed_version('hatchling')}" in plain_without.output:
        # the isolated build ran the same hatchling, without the plugin: every byte is the same
        assert build.wheel.read_bytes() == plain_without.wheel.read_bytes()


OLD_HATCHLING = "hatchling==1.3.1"


def test_hatchling_too_old_is_refused_before_anything_is_written(
    builder: Builder, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Before 1.4.0 a forced file did not replace the file's own copy: SMART_TOOL.md went into
    the wheel twice under one name. The hook says so instead of building such a wheel."""
    extra = tmp_path_factory.mktemp("old-hatchling")
    pip_download(["--no-deps", OLD_HATCHLING], extra)
    project = builder.copy(EXAMPLES / "hatchling-tool", "example-old-hatchling")
    pyproject = project / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace('"hatchling"', f'"{OLD_HATCHLING}"', 1))
    links = {"PIP_FIND_LINKS": f"{builder.wheelhouse} {extra}"}
    build = builder.build(project, extra_env=links)
    assert_clean_failure(build)
    assert "hatchling 1.3.1 is too old for the smart-tool hook: require hatchling>=1.5" in build.output
    # the source checks still run first: a broken manifest is reported as such
    broken = builder.copy(EXAMPLES / "hatchling-broken", "broken-old-hatchling")
    pyproject = broken / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace('"hatchling"', f'"{OLD_HATCHLING}"', 1))
    build = builder.build(broken, extra_env=links)
    assert_clean_failure(build, "manifest-version-matches-package")
    assert "too old" not in build.output
