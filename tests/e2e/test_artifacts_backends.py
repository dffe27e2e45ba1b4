"""`smart-tool inspect` on real artifacts from both backends, with and without the plugin.

With the plugin (hatchling hook, setuptools plugin) every artifact is clean and carries the
descriptor and the manifest where the layout says. Without it (a project with smart-tool.json
and SMART_TOOL.md that does not use smart-tool-build) `smart-tool check` warns on the source,
and `inspect` tells what the archives lack where they carry a smart-tool file; archives that
carry none are judged as what they carry.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from buildkit import Build, Builder, sdist_members, wheel_members
from smartkit import (
    ARTIFACT_FIXTURES,
    HATCHLING_EXAMPLE,
    SETUPTOOLS_EXAMPLE,
    inspect_codes,
    shared_build,
    smart_tool,
)

#: project -> (backend, manifest's source path, its wheel member ({di}: the .dist-info))
WITH_PLUGIN = {
    "hatchling-example": (HATCHLING_EXAMPLE, "src/acme_widget/SMART_TOOL.md", "acme_widget/SMART_TOOL.md"),
    "setuptools-example": (
        SETUPTOOLS_EXAMPLE,
        "src/acme_sprocket/SMART_TOOL.md",
        "acme_sprocket/SMART_TOOL.md",
    ),
    "hatchling-root-manifest": (
        ARTIFACT_FIXTURES / "root-manifest-hatchling",
        "SMART_TOOL.md",
        "{di}/SMART_TOOL.md",
    ),
    "setuptools-root-manifest": (
        ARTIFACT_FIXTURES / "root-manifest-setuptools",
        "SMART_TOOL.md",
        "{di}/SMART_TOOL.md",
    ),
}


def dist_info(build: Build) -> str:
    (folder,) = {
        n.split("/")[0] for n in wheel_members(build.wheel) if n.split("/")[0].endswith(".dist-info")
    }
    return folder


@pytest.fixture(scope="module", params=sorted(WITH_PLUGIN))
def plugin_build(request: pytest.FixtureRequest, builder: Builder) -> tuple[str, Build]:
    source, _, _ = WITH_PLUGIN[request.param]
    return request.param, shared_build(builder, source)


def test_plugin_artifacts_are_clean(plugin_build: tuple[str, Build]) -> None:
    _, build = plugin_build
    code, found = inspect_codes(build.wheel, build.sdist)
    assert (code, found) == (0, {"error": [], "warning": [], "info": []})
    done = smart_tool("inspect", build.wheel, build.sdist)
    assert done.returncode == 0
    assert done.stdout.strip() == "2 artifacts checked: 0 errors, 0 warnings, 0 info"


def test_plugin_artifacts_carry_the_files(plugin_build: tuple[str, Build]) -> None:
    name, build = plugin_build
    _, manifest_source, wheel_member = WITH_PLUGIN[name]
    folder = dist_info(build)
    manifest = (build.project / manifest_source).read_bytes()
    descriptor = (build.project / "smart-tool.json").read_bytes()
    wheel = wheel_members(build.wheel)
    member = wheel_member.format(di=folder)
    assert wheel[member] == manifest
    assert [n for n in wheel if n.endswith("/SMART_TOOL.md") or n == "SMART_TOOL.md"] == [member]
    assert wheel[f"{folder}/smart-tool.json"] == descriptor
    sdist = sdist_members(build.sdist)
    assert sdist[manifest_source] == manifest
    assert sdist["smart-tool.json"] == descriptor


def test_root_manifest_lands_in_dist_info(builder: Builder) -> None:
    for project in ("root-manifest-hatchling", "root-manifest-setuptools"):
        build = shared_build(builder, ARTIFACT_FIXTURES / project)
        wheel = wheel_members(build.wheel)
        assert "rooted_widget-0.2.0.dist-info/SMART_TOOL.md" in wheel, sorted(wheel)
        assert "rooted_widget/SMART_TOOL.md" not in wheel
        assert "SMART_TOOL.md" not in wheel  # never at the top of site-packages


# ---------------------------------------------------------------- without the plugin


@pytest.fixture(scope="module")
def plain_hatchling(builder: Builder) -> Build:
    return shared_build(builder, ARTIFACT_FIXTURES / "plain-hatchling")


@pytest.fixture(scope="module")
def plain_setuptools(builder: Builder) -> Build:
    return shared_build(builder, ARTIFACT_FIXTURES / "plain-setuptools")


LISTED = 'list smart-tool-build in [build-system].requires as the README\'s "Getting smart-tool-build" shows'


@pytest.mark.parametrize(
    ("project", "lines"),
    [
        ("plain-hatchling", f"{LISTED}, and add the empty table [tool.hatch.build.hooks.smart-tool]"),
        ("plain-setuptools", LISTED),
    ],
)
def test_plain_source_is_told_its_build_guarantees_nothing(project: str, lines: str) -> None:
    """The source tree is a valid smart tool, but its build names no smart-tool-build: `check`
    warns (the wheel below lacks the descriptor) and says, in one sentence, what its backend
    needs (not the bare name, which resolves only once released)."""
    done = smart_tool("check", ARTIFACT_FIXTURES / project)
    assert done.returncode == 0, done.stdout + done.stderr
    warning, summary = done.stdout.splitlines()
    assert warning.startswith(
        f"{ARTIFACT_FIXTURES / project}/pyproject.toml:2: build-system-names-plugin (warning): "
    )
    assert warning.endswith(f"the sdist ({lines})"), warning
    assert summary == "1 root checked: 0 errors, 1 warning, 0 info"


def test_plain_hatchling_wheel_has_no_descriptor(plain_hatchling: Build) -> None:
    """Hatchling ships package data (the manifest) but knows nothing of the descriptor."""
    assert "plain_widget/SMART_TOOL.md" in wheel_members(plain_hatchling.wheel)
    code, found = inspect_codes(plain_hatchling.wheel)
    assert (code, found["error"]) == (1, ["artifact-descriptor-present"])
    done = smart_tool("inspect", plain_hatchling.wheel)
    # the hint names how a hatchling project opts in (the wheel's Generator says hatchling)
    assert (
        "add smart-tool-build to [build-system].requires and a [tool.hatch.build.hooks.smart-tool] table"
        in done.stdout
    )


def test_plain_hatchling_sdist_passes(plain_hatchling: Build) -> None:
    """Hatchling's sdist holds every file of the project, so it happens to be complete."""
    assert inspect_codes(plain_hatchling.sdist) == (0, {"error": [], "warning": [], "info": []})


def test_plain_setuptools_artifacts_carry_nothing_of_a_smart_tool(plain_setuptools: Build) -> None:
    """Without package data setuptools ships neither the manifest nor the descriptor, in the
    wheel or the sdist: archives that carry no smart-tool file (nor require smart-tool-build)
    are judged as what they carry, as a library's or a meta-package's are, and pass. What
    catches this tool is ``check`` on its source (``build-system-names-plugin``, above)."""
    members = [*wheel_members(plain_setuptools.wheel), *sdist_members(plain_setuptools.sdist)]
    assert not [m for m in members if m.rsplit("/", 1)[-1] in ("SMART_TOOL.md", "smart-tool.json")]
    assert inspect_codes(plain_setuptools.wheel) == (0, {"error": [], "warning": [], "info": []})
    assert inspect_codes(plain_setuptools.sdist) == (0, {"error": [], "warning": [], "info": []})


def test_plain_artifacts_together(plain_hatchling: Build, plain_setuptools: Build) -> None:
    """One run over a mixed dist/ folder: every finding of every artifact, exit 1."""
    artifacts = [plain_hatchling.wheel, plain_hatchling.sdist, plain_setuptools.wheel, plain_setuptools.sdist]
    code, found = inspect_codes(*artifacts)
    assert code == 1
    assert found["error"] == ["artifact-descriptor-present"]  # the hatchling wheel's: it carries the manifest
    # two tools of the same version are not a wheel/sdist pair of one release
    assert "artifact-pair-identical" not in found["error"]


def test_inspect_github_format_on_a_real_wheel(plain_hatchling: Build) -> None:
    done = smart_tool("inspect", "--format", "github", plain_hatchling.wheel)
    assert done.returncode == 1
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("::error ")
    assert lines[0].split("title=")[1].split("::")[0] == "artifact-descriptor-present"
    # an annotation names a file only where one exists: the wheel itself, never a member in it
    properties = lines[0].split("::")[1]
    if "file=" in properties:
        named = properties.split("file=")[1].split(",")[0].replace("%3A", ":").replace("%2C", ",")
        assert Path(named).is_file(), lines[0]
    assert lines[1] == "1 artifact checked: 1 error, 0 warnings, 0 info"


def test_inspect_missing_file_exits_2(plain_hatchling: Build, tmp_path: Path) -> None:
    done = smart_tool("inspect", plain_hatchling.wheel, tmp_path / "gone.whl")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip() == f"smart-tool: error: {tmp_path / 'gone.whl'}: no such file"
