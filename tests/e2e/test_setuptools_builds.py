"""The setuptools plugin on real builds: what lands where, byte for byte, and what fails.

Isolated builds (``python -m build``, ``pip wheel``) get setuptools from the session's
wheelhouse, so they run on exactly the version ``SMART_TOOL_TEST_SETUPTOOLS`` names. Builds
without isolation run in the session's venv (``noiso_python``, conftest.py) with that same
setuptools, ``wheel``, ``build`` and this project's wheel. Each fixture project is built once
per module; many tests read the result. The example's isolated build is the session's
(adapterkit.py); what every adapter keeps (both archives, the checks, ``pip wheel``, every
class of problem failing on its line) is the adapter contract's (test_adapter_contract.py).
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from adapterkit import build_no_isolation, built
from buildkit import (
    EXAMPLES,
    FIXTURES,
    Build,
    Builder,
    assert_clean_failure,
    assert_tool_built,
    edit,
    git,
    setuptools_at_least,
    tar_names,
    zip_names,
)

pytestmark = pytest.mark.build

TOOLS = FIXTURES / "setuptools"
MANIFEST = "SMART_TOOL.md"
DESCRIPTOR = "smart-tool.json"


# --- helpers ----------------------------------------------------------------------------


def outside_egg_info(names: list[str], basename: str) -> list[str]:
    """Members named ``basename``, leaving out setuptools' own .egg-info copies in an sdist."""
    return [
        n
        for n in names
        if n.rsplit("/", 1)[-1] == basename and not any(p.endswith(".egg-info") for p in n.split("/")[:-1])
    ]


# --- the src-layout example: nothing configured beyond [project] ---------------------------


@pytest.fixture(scope="module")
def example_isolated(builder: Builder) -> Build:
    return built(builder, "setuptools-plugin")


@pytest.fixture(scope="module")
def example_no_isolation(builder: Builder, noiso_python: Path) -> Build:
    project = builder.copy(EXAMPLES / "setuptools-tool", "st-example-no-isolation")
    return build_no_isolation(builder, noiso_python, project)


EXAMPLE = {
    "manifest_source": "src/acme_sprocket/SMART_TOOL.md",
    "wheel_manifest": "acme_sprocket/SMART_TOOL.md",
    "dist_info": "acme_sprocket-0.3.0.dist-info",
    "sdist_also": ("docs/installing-inkscape.md",),
}


def test_src_layout_tool_ships_both_files_without_isolation(example_no_isolation: Build) -> None:
    assert_tool_built(example_no_isolation, **EXAMPLE)


def test_the_plugin_only_adds(example_isolated: Build) -> None:
    """The package's own files are all there (what lands where: the adapter contract)."""
    assert {"acme_sprocket/__init__.py", "acme_sprocket/cli.py"} <= set(zip_names(example_isolated.wheel))


# --- hostile MANIFEST.in, package-data and a user build_py ---------------------------------

HOSTILE = {
    "manifest_source": "src/acme_hostile/SMART_TOOL.md",
    "wheel_manifest": "acme_hostile/SMART_TOOL.md",
    "dist_info": "acme_hostile-2.0.0.dist-info",
    "sdist_also": ("docs/installing-jq.md",),
}


@pytest.fixture(scope="module")
def hostile_isolated(builder: Builder) -> Build:
    return builder.build(builder.copy(TOOLS / "hostile", "st-hostile-isolated"))


@pytest.fixture(scope="module")
def hostile_no_isolation(builder: Builder, noiso_python: Path) -> Build:
    # both archives straight from the source tree
    project = builder.copy(TOOLS / "hostile", "st-hostile-no-isolation")
    return build_no_isolation(builder, noiso_python, project, targets=("sdist", "wheel"))


@pytest.mark.parametrize("flavour", ["hostile_isolated", "hostile_no_isolation"])
def test_hostile_settings_do_not_drop_the_files(request: pytest.FixtureRequest, flavour: str) -> None:
    assert_tool_built(request.getfixturevalue(flavour), **HOSTILE)


@pytest.mark.parametrize("flavour", ["hostile_isolated", "hostile_no_isolation"])
def test_hostile_settings_still_apply_to_everything_else(
    request: pytest.FixtureRequest, flavour: str
) -> None:
    """The plugin adds its files; the user's settings and command still do the rest."""
    build = request.getfixturevalue(flavour)
    assert build.ok, build.output
    wheel = set(zip_names(build.wheel))
    assert "acme_hostile/data.txt" in wheel  # package-data: *.txt
    assert "acme_hostile/BUILT_BY_USER.txt" in wheel  # the user's build_py ran
    assert "acme_hostile/notes.md" not in wheel  # exclude-package-data: *.md
    sdist = set(tar_names(build.sdist))
    assert "README.md" not in sdist  # global-exclude *.md
    assert "src/acme_hostile/notes.md" not in sdist
    assert {"src/acme_hostile/__init__.py", "src/acme_hostile/data.txt", "pyproject.toml"} <= sdist


# --- a manifest outside every package --------------------------------------------------------


@pytest.fixture(scope="module")
def root_manifest(builder: Builder) -> Build:
    return builder.build(builder.copy(TOOLS / "root-manifest", "st-root-manifest"))


def test_root_manifest_goes_to_the_dist_info(root_manifest: Build) -> None:
    assert_tool_built(
        root_manifest,
        manifest_source="SMART_TOOL.md",
        wheel_manifest="acme_rooted-0.9.0.dist-info/SMART_TOOL.md",
        dist_info="acme_rooted-0.9.0.dist-info",
    )
    assert "acme_rooted/__init__.py" in zip_names(root_manifest.wheel)


# --- versions setuptools resolves at build time ----------------------------------------------


@pytest.fixture(scope="module")
def scm_env(builder: Builder, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """setuptools-scm 10 needs setuptools 64+ (on 61 it fails with or without the plugin):
    older setuptools get the last setuptools-scm 8, from a folder beside the wheelhouse."""
    if setuptools_at_least(64):
        return {}
    extra = tmp_path_factory.mktemp("setuptools-scm-8")
    args = ["download", "-q", "--no-deps", "--only-binary=:all:", "-d", str(extra), "setuptools-scm<9"]
    subprocess.run([sys.executable, "-m", "pip", *args], check=True)
    return {"PIP_FIND_LINKS": f"{builder.wheelhouse} {extra}"}


def scm_copy(builder: Builder, name: str, tag: str) -> Path:
    project = builder.copy(TOOLS / "scm-tool", name)
    (project / "dot-gitignore").rename(project / ".gitignore")
    if not setuptools_at_least(64):
        edit(project / "pyproject.toml", '"setuptools-scm"', '"setuptools-scm<9"')
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "first")
    git(project, "tag", tag)
    return project


@pytest.fixture(scope="module")
def scm_tagged(builder: Builder, scm_env: dict[str, str]) -> Build:
    return builder.build(scm_copy(builder, "st-scm-tagged", "v3.1.0"), extra_env=scm_env)


def test_setuptools_scm_version_from_the_tag(scm_tagged: Build) -> None:
    assert_tool_built(
        scm_tagged,
        manifest_source="src/acme_scm/SMART_TOOL.md",
        wheel_manifest="acme_scm/SMART_TOOL.md",
        dist_info="acme_scm-3.1.0.dist-info",
        # not in git, so not in setuptools-scm's file list: the plugin adds it
        sdist_also=("docs/installing-git.md",),
    )
    assert "(acme-scm 3.1.0)" in scm_tagged.output


def test_setuptools_scm_tag_that_drifts_fails(builder: Builder, scm_env: dict[str, str]) -> None:
    build = builder.build(scm_copy(builder, "st-scm-drift", "v3.2.0"), extra_env=scm_env)
    assert_clean_failure(build, "manifest-version-matches-package")
    assert "does not match the package version '3.2.0' from setuptools' build" in build.output


def test_development_version_passes_with_dev_versions_warn(builder: Builder, scm_env: dict[str, str]) -> None:
    project = scm_copy(builder, "st-scm-dev", "v3.1.0")
    with (project / "pyproject.toml").open("a") as handle:
        handle.write('\n[tool.smart-tool]\ndev-versions = "warn"\n')
    git(project, "commit", "-q", "-am", "after the tag: a development version")
    build = builder.build(project, extra_env=scm_env)
    assert build.ok, build.output
    assert "manifest-version-matches-package (warning)" in build.output
    assert re.match(r"acme_scm-3\.1\.1\.dev1\+", build.wheel.name), build.wheel.name
    assert "Traceback" not in build.output


@pytest.fixture(scope="module")
def attr_version(builder: Builder, noiso_python: Path) -> Build:
    project = builder.copy(TOOLS / "attr-version", "st-attr")
    return build_no_isolation(builder, noiso_python, project)


def test_attr_dynamic_version_is_resolved(attr_version: Build) -> None:
    assert_tool_built(
        attr_version,
        manifest_source="src/acme_attr/SMART_TOOL.md",
        wheel_manifest="acme_attr/SMART_TOOL.md",
        dist_info="acme_attr-5.2.0.dist-info",
    )


def test_attr_dynamic_version_drift_fails(builder: Builder) -> None:
    project = builder.copy(TOOLS / "attr-version", "st-attr-drift")
    edit(project / "src/acme_attr/__init__.py", '"5.2.0"', '"5.3.0"')
    build = builder.build(project)
    assert_clean_failure(build, "manifest-version-matches-package")
    assert "'5.3.0' from src/acme_attr/__init__.py __version__, by setuptools attr:" in build.output


# --- failing builds ------------------------------------------------------------------------
# (every class of problem without isolation, and a drift in a wheel-only build: the adapter
# contract, test_adapter_contract.py)


def _manifest(old: str, new: str) -> Callable[[Path], None]:
    return lambda project: edit(project / "acme_flat/SMART_TOOL.md", old, new)


def _duplicate(project: Path) -> None:
    (project / "acme_flat/extra").mkdir()
    (project / "acme_flat/extra/SMART_TOOL.md").write_bytes(
        (project / "acme_flat/SMART_TOOL.md").read_bytes()
    )


def test_exclude_option_skips_another_tools_manifest(builder: Builder, noiso_python: Path) -> None:
    """A second manifest that is not the tool's (a test fixture's) may be excluded."""
    project = builder.copy(TOOLS / "flat-tool", "st-exclude")
    (project / "acme_flat/extra").mkdir()
    fixture = (project / "acme_flat/SMART_TOOL.md").read_text(encoding="utf-8")
    (project / "acme_flat/extra/SMART_TOOL.md").write_text(
        fixture.replace("name: acme-flat", "name: fixture-tool", 1), encoding="utf-8"
    )
    with (project / "pyproject.toml").open("a") as handle:
        handle.write('\n[tool.smart-tool]\nexclude = ["acme_flat/extra"]\n')
    build = build_no_isolation(builder, noiso_python, project)
    assert build.ok, build.output
    assert "manifest-single-per-root" not in build.output
    assert outside_egg_info(zip_names(build.wheel), MANIFEST) == ["acme_flat/SMART_TOOL.md"]


def test_exclude_option_does_not_hide_a_copy_of_the_tools_manifest(
    builder: Builder, noiso_python: Path
) -> None:
    """A copy of the tool's own manifest stays an error when excluded; its hint is the accessor."""
    project = builder.copy(TOOLS / "flat-tool", "st-exclude-copy")
    _duplicate(project)
    with (project / "pyproject.toml").open("a") as handle:
        handle.write('\n[tool.smart-tool]\nexclude = ["acme_flat/extra"]\n')
    build = build_no_isolation(builder, noiso_python, project)
    assert_clean_failure(build, "manifest-single-per-root")
    line = next(line for line in build.output.splitlines() if "manifest-single-per-root: " in line)
    assert line.startswith("acme_flat/extra/SMART_TOOL.md: manifest-single-per-root: ")
    assert 'smart_tool_build.load_manifest, given the name "acme-flat"' in line


def test_every_problem_is_reported_at_once(builder: Builder) -> None:
    project = builder.copy(TOOLS / "flat-tool", "st-broken-many")
    _manifest("version: 1.4.0", "version: 1.3.9")(project)
    _duplicate(project)
    build = builder.build(project)  # isolated
    assert_clean_failure(build, "manifest-version-matches-package", "manifest-single-per-root")
    lines = build.output.splitlines()
    assert any(
        line.startswith("acme_flat/SMART_TOOL.md:4: manifest-version-matches-package: ") for line in lines
    )
    assert any(line.startswith("acme_flat/extra/SMART_TOOL.md: manifest-single-per-root: ") for line in lines)


def test_warnings_do_not_fail_the_build(builder: Builder, noiso_python: Path) -> None:
    project = builder.copy(TOOLS / "flat-tool", "st-warning")
    _manifest("  - linux\n", "  - darwin\n")(project)
    build = build_no_isolation(builder, noiso_python, project, targets=("wheel",))
    assert build.ok, build.output
    assert "manifest-platforms-known" in build.output
    assert "acme_flat/SMART_TOOL.md" in zip_names(build.wheel)


# --- the archive check after the build: a bad archive is removed -------------------------


@pytest.mark.parametrize("target", ["sdist", "wheel"])
def test_archive_that_fails_verification_is_removed(builder: Builder, target: str) -> None:
    project = builder.copy(TOOLS / "rogue", f"st-rogue-{target}")
    build = builder.build(project, targets=(target,))
    assert_clean_failure(build, "manifest-single-per-root")
    assert "extra/SMART_TOOL.md" in build.output
    assert "it failed the smart-tool checks" in build.output
    # the source itself was fine
    assert "smart-tool: src/acme_rogue/SMART_TOOL.md checked (acme-rogue 0.1.0)" in build.output


# --- check_smart_tool, for users who drive setup commands by hand ------------------------


def run_setup(
    builder: Builder, python: Path, project: Path, *commands: str
) -> subprocess.CompletedProcess[str]:
    return builder.run([str(python), "-c", "from setuptools import setup; setup()", *commands], cwd=project)


def test_check_smart_tool_command(builder: Builder, noiso_python: Path) -> None:
    project = builder.copy(TOOLS / "attr-version", "st-check-command")
    done = run_setup(builder, noiso_python, project, "check_smart_tool")
    assert done.returncode == 0, done.stdout
    assert "smart-tool: src/acme_attr/SMART_TOOL.md checked (acme-attr 5.2.0)" in done.stdout
    assert not (project / "build").exists()

    edit(project / "src/acme_attr/__init__.py", '"5.2.0"', '"5.2.1"')
    done = run_setup(builder, noiso_python, project, "check_smart_tool")
    assert done.returncode == 1, done.stdout
    assert re.search(r"^src/acme_attr/SMART_TOOL.md:4: manifest-version-matches-package: ", done.stdout, re.M)
    assert re.search(r"^error: smart-tool: not building acme-attr 5.2.1: ", done.stdout, re.MULTILINE)
    assert "Traceback" not in done.stdout


def test_check_smart_tool_is_listed(builder: Builder, noiso_python: Path) -> None:
    project = builder.copy(TOOLS / "flat-tool", "st-help-commands")
    done = run_setup(builder, noiso_python, project, "--help-commands")
    assert done.returncode == 0, done.stdout
    assert "check_smart_tool" in done.stdout


def test_no_isolation_venv_runs_the_setuptools_under_test(builder: Builder, noiso_python: Path) -> None:
    """The venv has the wheelhouse's setuptools, not the one venv put there."""
    done = builder.run(
        [str(noiso_python), "-c", "import setuptools; print(setuptools.__version__)"], cwd=builder.root
    )
    assert done.returncode == 0, done.stdout
    (wheel,) = builder.wheelhouse.glob("setuptools-*.whl")
    assert done.stdout.strip() == wheel.name.split("-")[1]
