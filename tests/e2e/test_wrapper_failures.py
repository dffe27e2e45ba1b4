"""The wrapping backend on real builds that must fail, and the builds that must not be silent.

Every failing case: the code on a ``path:line: code: message`` line, no traceback, no
artifact left in the output folder (not even a scratch folder). The wrapped backend's own
errors pass through as it wrote them.
"""

from __future__ import annotations

import hashlib
import re
import zipfile

import pytest
from buildkit import FIXTURES, Build, Builder, assert_clean_failure, assert_line, edit, put_backend
from smartkit import smart_tool

pytestmark = pytest.mark.build

WRAPPER = FIXTURES / "wrapper"


def assert_nothing_left(build: Build) -> None:
    assert_clean_failure(build)
    assert list(build.out_dir.iterdir()) == [], "no artifact and no scratch folder left behind"


def manifest(family: str) -> str:
    return f"src/{family.replace('-', '_')}_tool/SMART_TOOL.md"


# --- problems only the wrapper meets ---------------------------------------------------------
# (a problem on each wrapped backend, a missing descriptor, a second manifest and a drift
# through pip: the adapter contract, test_adapter_contract.py)


def test_drift_from_a_dynamic_version_fails_with_the_version_the_backend_resolved(builder: Builder) -> None:
    """flit reads a dynamic version from ``__version__``: the wrapper compares with METADATA."""
    project = builder.copy(WRAPPER / "flit-core", "wrapper-dynamic-drift")
    edit(project / "pyproject.toml", 'version = "0.4.0"\n', 'dynamic = ["version"]\n')
    edit(project / "src/flit_core_tool/__init__.py", '__version__ = "0.4.0"', '__version__ = "0.4.1"')
    build = builder.build(project)
    assert_nothing_left(build)
    assert_line(build, manifest("flit-core"), "manifest-version-matches-package")
    assert "'0.4.1' from flit_core.buildapi's build" in build.output


def test_an_editable_install_of_a_drifted_tool_fails(builder: Builder) -> None:
    project = builder.copy(WRAPPER / "uv-build", "wrapper-editable-drift")
    edit(project / manifest("uv-build"), 'version: "0.4.0"', 'version: "0.3.9"')
    python = builder.venv("wrapper-editable-drift")
    done = builder.run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "--no-index",
            "--find-links",
            str(builder.wheelhouse),
            "-e",
            str(project),
        ],
        cwd=project,
    )
    assert done.returncode != 0, done.stdout
    assert "manifest-version-matches-package" in done.stdout


# --- which backend --------------------------------------------------------------------------


def test_two_known_backends_and_no_backend_key_is_one_line_naming_the_key(builder: Builder) -> None:
    project = builder.copy(WRAPPER / "flit-core", "wrapper-ambiguous")
    edit(project / "pyproject.toml", '"flit_core"]', '"flit_core", "setuptools>=64"]')
    build = builder.build(project)
    assert_nothing_left(build)
    (line,) = [line for line in build.output.splitlines() if "build-system-opt-in" in line]
    # one coded line, at build-backend (the wrapper's own line): the problem, then the key to set
    start = "pyproject.toml:3: build-system-opt-in: smart_tool_build.backend cannot tell"
    assert line.startswith(start), line
    assert "flit_core.buildapi, setuptools.build_meta" in line
    hint = '(set [tool.smart-tool] backend = "..." to the backend smart_tool_build.backend wraps)'
    assert line.endswith(hint), line
    assert not [line for line in build.output.splitlines() if line.startswith("smart-tool: ")]


def test_the_backend_key_picks_the_backend(builder: Builder) -> None:
    project = builder.copy(WRAPPER / "flit-core", "wrapper-backend-key")
    edit(project / "pyproject.toml", '"flit_core"]', '"flit_core", "setuptools>=64"]')
    (project / "pyproject.toml").write_text(
        (project / "pyproject.toml").read_text() + '\n[tool.smart-tool]\nbackend = "flit_core.buildapi"\n'
    )
    build = builder.build(project)
    assert build.ok, build.output
    with zipfile.ZipFile(build.wheel) as wheel:
        assert "Generator: flit" in wheel.read("flit_core_tool-0.4.0.dist-info/WHEEL").decode()


#: family: (the pyproject.toml line naming the module, what it becomes, a pattern of what the
#: backend says)
BACKEND_ERRORS = {
    # uv_build's Rust binary prints its error and exits: SystemExit passes through
    "uv-build": (
        "[tool.uv.build-backend]\n",
        '[tool.uv.build-backend]\nmodule-name = "nowhere"\n',
        r"Expected a Python module at: (`?)src/nowhere/__init__\.py\1",  # uv_build 0.8 quotes it
    ),
    # flit_core raises: its traceback is printed from its own frame down
    "flit-core": (
        'name = "flit_core_tool"\n',
        'name = "nowhere"\n',
        r"ValueError: No file/folder found for module nowhere",
    ),
}


@pytest.mark.parametrize("family", sorted(BACKEND_ERRORS))
def test_the_wrapped_backends_own_error_passes_through(builder: Builder, family: str) -> None:
    """A backend that refuses a project whose module is missing: its words reach the user as
    it wrote them, the checks found nothing, and no frame of the wrapper is shown."""
    old, new, said = BACKEND_ERRORS[family]
    project = builder.copy(WRAPPER / family, f"wrapper-backend-error-{family}")
    edit(project / "pyproject.toml", old, new)
    build = builder.build(project)
    assert not build.ok
    assert re.search(said, build.output), build.output
    assert "smart_tool_build/" not in build.output, build.output  # no frame of ours, at any depth
    assert not re.search(r"^\S+: [a-z-]+: ", build.output, re.MULTILINE), build.output  # no finding
    if family == "flit-core":
        assert "Traceback (most recent call last):" in build.output
        assert "flit_core/common.py" in build.output, build.output
    assert list(build.out_dir.iterdir()) == []


TAMPER = (
    "import zipfile\n"
    "from flit_core import buildapi\n"
    "from flit_core.buildapi import *  # noqa\n\n"
    "def build_wheel(directory, config_settings=None, metadata_directory=None):\n"
    "    name = buildapi.build_wheel(directory, config_settings, metadata_directory)\n"
    "    with zipfile.ZipFile(f'{directory}/{name}', 'a') as wheel:\n"
    "        wheel.writestr('flit_core_tool/extra/SMART_TOOL.md', 'x')\n"
    "    return name\n"
)


def test_a_tampering_backend_is_caught_and_its_wheel_removed(builder: Builder) -> None:
    """A backend that wraps flit and slips a second manifest into the wheel: the verifier
    refuses the finished wheel and removes it."""
    put_backend(builder.wheelhouse, "tamper", TAMPER)
    project = builder.copy(WRAPPER / "flit-core", "wrapper-tampering")
    edit(project / "pyproject.toml", '"flit_core"]', '"flit_core", "tamper-backend"]')
    (project / "pyproject.toml").write_text(
        (project / "pyproject.toml").read_text() + '\n[tool.smart-tool]\nbackend = "tamper"\n'
    )
    build = builder.build(project)
    assert not build.ok, build.output
    assert "manifest-single-per-root" in build.output
    assert "removed flit_core_tool-0.4.0-py3-none-any.whl" in build.output
    assert not list(build.out_dir.glob("*.whl"))
    assert "Traceback" not in build.output


# --- reproducible --------------------------------------------------------------------------


@pytest.mark.parametrize("family", ["uv-build", "flit-core"])
def test_two_builds_give_identical_bytes(builder: Builder, family: str) -> None:
    """Under SOURCE_DATE_EPOCH (the session's builds set it) the amended archives are
    byte-identical from one build to the next."""
    first = builder.build(builder.copy(WRAPPER / family, f"wrapper-repro-a-{family}"))
    second = builder.build(builder.copy(WRAPPER / family, f"wrapper-repro-b-{family}"))
    assert first.ok and second.ok, first.output + second.output
    for one, other in zip(first.artifacts, second.artifacts):
        assert one.name == other.name
        assert hashlib.sha256(one.read_bytes()).digest() == hashlib.sha256(other.read_bytes()).digest(), (
            one.name
        )


# --- never a silent no-op ----------------------------------------------------------------------


def test_setuptools_naming_smart_tool_build_without_a_descriptor_fails(builder: Builder) -> None:
    """Naming smart-tool-build in [build-system].requires is asking: no descriptor is a finding."""
    project = builder.copy(WRAPPER / "setuptools", "setuptools-asked-no-descriptor")
    # the plugin's rule, on every setuptools it serves (the fixture asks 64+ for its editable case)
    edit(project / "pyproject.toml", '"setuptools>=64"', '"setuptools>=61"')
    edit(
        project / "pyproject.toml",
        'build-backend = "smart_tool_build.backend"',
        'build-backend = "setuptools.build_meta"',
    )
    (project / "smart-tool.json").unlink()
    build = builder.build(project)
    assert_clean_failure(build, "descriptor-present")


def test_a_backend_without_plugins_naming_smart_tool_build_is_a_finding_of_check(builder: Builder) -> None:
    """uv_build runs no plugin, so its build cannot refuse; `check` and the pre-commit hook do."""
    project = builder.copy(WRAPPER / "uv-build", "uv-build-unwrapped")
    edit(
        project / "pyproject.toml", 'build-backend = "smart_tool_build.backend"', 'build-backend = "uv_build"'
    )
    done = smart_tool("check", project)
    assert done.returncode == 1
    assert "pyproject.toml:3: build-system-opt-in: " in done.stdout, done.stdout
    assert 'build-backend = "smart_tool_build.backend"' in done.stdout


def test_inspect_of_a_plain_uv_build_wheel_names_the_wrapper(builder: Builder) -> None:
    project = builder.copy(WRAPPER / "uv-build", "uv-build-plain")
    edit(
        project / "pyproject.toml", 'build-backend = "smart_tool_build.backend"', 'build-backend = "uv_build"'
    )
    edit(project / "pyproject.toml", '"smart-tool-build", ', "")
    build = builder.build(project, targets=("wheel",))
    assert build.ok, build.output
    done = smart_tool("inspect", "--format", "json", build.wheel)
    assert done.returncode == 1
    assert "artifact-descriptor-present" in done.stdout
    assert "uv_build has no plugins: build through the wrapper" in done.stdout
    assert "smart_tool_build.backend" in done.stdout
