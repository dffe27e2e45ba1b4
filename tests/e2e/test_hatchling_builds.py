"""The hatchling hook on real builds that succeed: what lands where, byte for byte.

Each fixture project is built once per module (``python -m build``: the sdist, then the
wheel from the unpacked sdist, as a user's build does) and many tests read the result; the
example's isolated build is the session's (adapterkit.py), which the adapter contract
(test_adapter_contract.py: both archives, the checks on each, ``pip wheel``) reads too.
"""

from __future__ import annotations

import json
import subprocess
import tarfile
from pathlib import Path

import pytest
from adapterkit import built
from buildkit import (
    EXAMPLES,
    FIXTURES,
    Build,
    Builder,
    assert_tool_built,
    git,
    sdist_members,
    tar_names,
    wheel_members,
    zip_names,
)

HATCHLING = FIXTURES / "hatchling"
MANIFEST = "SMART_TOOL.md"
Done = subprocess.CompletedProcess[str]
DESCRIPTOR = "smart-tool.json"


# --- the src-layout example -------------------------------------------------------------


@pytest.fixture(scope="module")
def example_isolated(builder: Builder) -> Build:
    return built(builder, "hatchling-hook")


@pytest.fixture(scope="module")
def example_no_isolation(builder: Builder) -> Build:
    return builder.build(builder.copy(EXAMPLES / "hatchling-tool", "example-no-isolation"), isolated=False)


EXAMPLE = {
    "manifest_source": "src/acme_widget/SMART_TOOL.md",
    "wheel_manifest": "acme_widget/SMART_TOOL.md",
    "dist_info": "acme_widget-0.1.0.dist-info",
    "sdist_also": ("docs/installing-graphviz.md",),
}


def test_src_layout_tool_ships_both_files_without_isolation(example_no_isolation: Build) -> None:
    assert_tool_built(example_no_isolation, **EXAMPLE)


def test_sdist_builds_a_passing_wheel_on_its_own(builder: Builder, example_isolated: Build) -> None:
    """What an installer does with an sdist from an index: unpack, build a wheel, no source tree."""
    unpacked = builder.root / "example-from-sdist"
    with tarfile.open(example_isolated.sdist) as archive:
        if hasattr(tarfile, "data_filter"):
            archive.extractall(unpacked, filter="data")
        else:  # pragma: no cover - Python before 3.9.17/3.10.12/3.11.4
            archive.extractall(unpacked)
    (top,) = unpacked.iterdir()
    build = builder.build(top, targets=("wheel",))
    assert build.ok, build.output
    assert "smart-tool: src/acme_widget/SMART_TOOL.md checked" in build.output
    assert wheel_members(build.wheel) == wheel_members(example_isolated.wheel)


# --- hostile settings: exclude, only-include, .gitignore -----------------------------------


def hostile_copy(builder: Builder, name: str) -> Path:
    project = builder.copy(HATCHLING / "hostile", name)
    (project / "dot-gitignore").rename(project / ".gitignore")
    git(project, "init", "-q")  # hatchling reads .gitignore up to the repository's root
    return project


@pytest.fixture(scope="module")
def hostile_isolated(builder: Builder) -> Build:
    return builder.build(hostile_copy(builder, "hostile-isolated"))


@pytest.fixture(scope="module")
def hostile_no_isolation(builder: Builder) -> Build:
    # both archives straight from the source tree, where the .gitignore is
    return builder.build(
        hostile_copy(builder, "hostile-no-isolation"), isolated=False, targets=("sdist", "wheel")
    )


HOSTILE = {
    "manifest_source": "src/hostile_tool/SMART_TOOL.md",
    "wheel_manifest": "hostile_tool/SMART_TOOL.md",
    "dist_info": "hostile_tool-0.3.0.dist-info",
    "sdist_also": ("docs/installing-jq.md",),
}


@pytest.mark.parametrize("flavour", ["hostile_isolated", "hostile_no_isolation"])
def test_hostile_settings_do_not_drop_the_files(request: pytest.FixtureRequest, flavour: str) -> None:
    build = request.getfixturevalue(flavour)
    assert_tool_built(build, **HOSTILE)


@pytest.mark.parametrize("flavour", ["hostile_isolated", "hostile_no_isolation"])
def test_hostile_settings_still_apply_to_everything_else(
    request: pytest.FixtureRequest, flavour: str
) -> None:
    """The hook adds its files; it does not switch the user's exclusions off."""
    build = request.getfixturevalue(flavour)
    assert (build.project / ".gitignore").read_text().count("SMART_TOOL.md") == 1
    sdist = set(tar_names(build.sdist))
    assert "notes.txt" not in sdist  # only-include = ["src"]
    assert "src/hostile_tool/data.json" not in sdist  # exclude = ["*.json"]
    assert {"src/hostile_tool/__init__.py", "pyproject.toml", "PKG-INFO"} <= sdist
    wheel = set(zip_names(build.wheel))
    assert "hostile_tool/__init__.py" in wheel
    assert "hostile_tool/data.json" not in wheel


def test_the_hook_says_once_per_target_what_it_adds_against_the_exclude(hostile_isolated: Build) -> None:
    """exclude = ["*.md", "*.json"] would drop the manifest, the descriptor and the install
    document: the hook adds them anyway (the document into the wheel too, beside the
    installed manifest), and says so once for each target."""
    notes = [line for line in hostile_isolated.output.splitlines() if "left out by the" in line]
    assert notes == [
        "smart-tool: smart-tool.json, src/hostile_tool/SMART_TOOL.md, docs/installing-jq.md: left out "
        "by the sdist target's exclude settings (exclude, .gitignore); added to the sdist anyway, "
        "since a smart tool's sdist must carry them",
        "smart-tool: src/hostile_tool/SMART_TOOL.md, docs/installing-jq.md: left out by the wheel "
        "target's exclude settings (exclude, .gitignore); added to the wheel anyway, since a smart "
        "tool's wheel must carry them",
    ], hostile_isolated.output


def test_gitignore_alone_does_not_drop_the_files(builder: Builder) -> None:
    """Only the .gitignore is hostile here: hatchling obeys it (notes.txt stays out), the hook
    still ships what the .gitignore names."""
    project = hostile_copy(builder, "hostile-gitignore-only")
    pyproject = project / "pyproject.toml"
    text = pyproject.read_text()
    start, end = text.index("[tool.hatch.build]\n"), text.index("[tool.hatch.build.hooks.smart-tool]")
    pyproject.write_text(text[:start] + text[end:])
    build = builder.build(project, isolated=False, targets=("sdist", "wheel"))
    assert_tool_built(build, **HOSTILE)
    sdist = set(tar_names(build.sdist))
    assert "notes.txt" not in sdist
    assert {"README.md", "src/hostile_tool/data.json"} <= sdist


# --- a manifest outside every package ---------------------------------------------------


@pytest.fixture(scope="module")
def root_manifest(builder: Builder) -> Build:
    return builder.build(builder.copy(HATCHLING / "root-manifest"))


def test_root_manifest_goes_to_the_dist_info(root_manifest: Build) -> None:
    assert_tool_built(
        root_manifest,
        manifest_source="SMART_TOOL.md",
        wheel_manifest="root_tool-0.2.0.dist-info/SMART_TOOL.md",
        dist_info="root_tool-0.2.0.dist-info",
    )
    names = zip_names(root_manifest.wheel)
    assert "SMART_TOOL.md" not in names
    assert "root_tool/__init__.py" in names


# --- a version hatchling reads with its regex source ------------------------------------


@pytest.fixture(scope="module")
def regex_version(builder: Builder) -> Build:
    return builder.build(builder.copy(HATCHLING / "regex-version"))


def test_regex_sourced_version_is_resolved_and_matches(regex_version: Build) -> None:
    assert_tool_built(
        regex_version,
        manifest_source="src/regex_tool/SMART_TOOL.md",
        wheel_manifest="regex_tool/SMART_TOOL.md",
        dist_info="regex_tool-1.2.0.dist-info",
    )
    assert "(regex-tool 1.2.0)" in regex_version.output


# --- vendored nested tools --------------------------------------------------------------


@pytest.fixture(scope="module")
def vendored(builder: Builder) -> Build:
    return builder.build(builder.copy(HATCHLING / "vendored"))


def test_vendored_nested_tools_are_not_duplicates(vendored: Build) -> None:
    helper = "host_tool/_vendor/helper_tool/"
    assert_tool_built(
        vendored,
        manifest_source="src/host_tool/SMART_TOOL.md",
        wheel_manifest="host_tool/SMART_TOOL.md",
        dist_info="host_tool-2.0.0.dist-info",
        nested=(helper, "src/" + helper, "tools/other-tool/"),
    )
    project = vendored.project
    wheel = wheel_members(vendored.wheel)
    # the nested tools travel as they are: their own files, untouched
    assert wheel[helper + MANIFEST] == (project / "src" / helper / MANIFEST).read_bytes()
    assert wheel[helper + DESCRIPTOR] == (project / "src" / helper / DESCRIPTOR).read_bytes()
    sdist = sdist_members(vendored.sdist)
    other = "tools/other-tool/SMART_TOOL.md"
    assert sdist[other] == (project / other).read_bytes()
    assert "manifest-single-per-root" not in vendored.output


# --- editable installs ------------------------------------------------------------------


def site_packages(python: Path) -> Path:
    done = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    )
    return Path(done.stdout.strip())


@pytest.fixture(scope="module")
def editable_python(builder: Builder) -> Path:
    return builder.venv("hatchling-editable")


@pytest.fixture(scope="module")
def editable_install(builder: Builder, editable_python: Path) -> tuple[Path, Done]:
    """The example installed editable, beside smart-tool-build (its runtime accessor)."""
    project = builder.copy(EXAMPLES / "hatchling-tool", "example-editable")
    args = [str(editable_python), "-m", "pip", "install", "smart-tool-build", "-e", str(project)]
    return project, builder.run(args, cwd=project)


_ACCESSOR = (
    "import smart_tool_build as s; m = s.load_manifest('acme-widget');print(m.name, m.version); print(m.body)"
)


def test_editable_install_works(
    builder: Builder, editable_python: Path, editable_install: tuple[Path, Done]
) -> None:
    project, done = editable_install
    assert done.returncode == 0, done.stdout
    assert "Successfully installed" in done.stdout and "acme-widget-0.1.0" in done.stdout
    probe = (
        "import acme_widget, importlib.resources as r;"
        "print(acme_widget.__file__);"
        "print(r.files('acme_widget').joinpath('SMART_TOOL.md').read_text())"
    )
    shown = builder.run([str(editable_python), "-c", probe], cwd=builder.root)
    assert shown.returncode == 0, shown.stdout
    first, _, text = shown.stdout.partition("\n")
    # the package is served from the source tree, the manifest with it
    assert Path(first).resolve() == (project / "src/acme_widget/__init__.py").resolve()
    assert text.rstrip("\n") == (project / "src/acme_widget/SMART_TOOL.md").read_text().rstrip("\n")


def test_editable_install_leaves_no_copy_and_no_shadow(
    editable_python: Path, editable_install: tuple[Path, Done]
) -> None:
    project, done = editable_install
    assert done.returncode == 0, done.stdout
    site = site_packages(editable_python)
    assert not (site / "acme_widget").exists(), "a folder in site-packages would shadow the source package"
    for name in (MANIFEST, DESCRIPTOR):
        assert not list(site.rglob(name)), f"a copy of {name} in site-packages goes stale"
    (dist_info,) = site.glob("acme_widget-0.1.0.dist-info")
    # what the runtime accessor needs: the installer's record of where the source tree is
    direct_url = json.loads((dist_info / "direct_url.json").read_text())
    assert direct_url["dir_info"] == {"editable": True}
    assert direct_url["url"] == project.resolve().as_uri()


def test_editable_install_serves_the_live_manifest(
    builder: Builder, editable_python: Path, editable_install: tuple[Path, Done]
) -> None:
    project, done = editable_install
    assert done.returncode == 0, done.stdout
    before = builder.run([str(editable_python), "-c", _ACCESSOR], cwd=builder.root)
    assert before.returncode == 0, before.stdout
    assert before.stdout.startswith("acme-widget 0.1.0\n")
    manifest = project / "src/acme_widget/SMART_TOOL.md"
    manifest.write_text(manifest.read_text() + "\nEdited after the install.\n")
    after = builder.run([str(editable_python), "-c", _ACCESSOR], cwd=builder.root)
    assert after.returncode == 0, after.stdout
    assert "Edited after the install." in after.stdout
    probe = (
        "import importlib.resources as r; print(r.files('acme_widget').joinpath('SMART_TOOL.md').read_text())"
    )
    shown = builder.run([str(editable_python), "-c", probe], cwd=builder.root)
    assert "Edited after the install." in shown.stdout


def test_editable_install_of_an_invalid_manifest_fails(builder: Builder, editable_python: Path) -> None:
    project = builder.copy(EXAMPLES / "hatchling-tool", "example-editable-invalid")
    manifest = project / "src/acme_widget/SMART_TOOL.md"
    manifest.write_text(manifest.read_text().replace("version: 0.1.0", "version: 0.0.9"))
    python = builder.venv("hatchling-editable-invalid")
    done = builder.run([str(python), "-m", "pip", "install", "-e", str(project)], cwd=project)
    assert done.returncode != 0, done.stdout
    assert "manifest-version-matches-package" in done.stdout
    assert "Traceback" not in done.stdout
    assert not list(site_packages(python).glob("acme_widget*"))
