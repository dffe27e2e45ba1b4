"""Options mean the same in the check, in both build hooks and in `inspect`, on real builds.

Each backend's fixture (fixtures/{hatchling,setuptools}/options-tool) keeps a test fixture's
manifest (another tool's name) under tests/fixtures, shipped in the sdist and listed in
``[tool.smart-tool] exclude``, and ignores an error (its install document is not written yet). Both are built
once with ``python -m build`` (the wheel from the sdist) and the artifacts inspected.
"""

from __future__ import annotations

import re

import pytest
from buildkit import FIXTURES, Build, Builder, assert_clean_failure, tar_names
from smartkit import smart_tool

pytestmark = pytest.mark.build

IGNORED = "ignored by [tool.smart-tool] ignore: "


@pytest.fixture(scope="module")
def hatchling_build(builder: Builder) -> Build:
    return builder.build(builder.copy(FIXTURES / "hatchling" / "options-tool", "opt-hatchling"))


@pytest.fixture(scope="module")
def setuptools_build(builder: Builder) -> Build:
    return builder.build(builder.copy(FIXTURES / "setuptools" / "options-tool", "opt-setuptools"))


@pytest.fixture(params=["hatchling_build", "setuptools_build"])
def build(request: pytest.FixtureRequest) -> Build:
    return request.getfixturevalue(request.param)  # type: ignore[no-any-return]


def test_the_excluded_copy_ships_and_is_no_second_manifest(build: Build) -> None:
    """The archive verifier reads `exclude` as the source check does: the sdist carries the
    fixture's manifest and is not refused (it was: manifest-single-per-root, then removed)."""
    assert build.ok, build.output
    assert "tests/fixtures/SMART_TOOL.md" in tar_names(build.sdist)
    assert "manifest-single-per-root" not in build.output
    for artifact in (build.sdist, build.wheel):
        assert f"smart-tool: {artifact.name} verified" in build.output


def test_an_ignored_error_is_named_once_per_artifact(build: Build) -> None:
    """Not a failure, but never silent: named by the source check of each artifact's build,
    and not again by the check of the finished archive (which finds it too)."""
    named = [line for line in build.output.splitlines() if IGNORED in line]
    assert len(named) == 2, build.output
    for line in named:
        assert "manifest-install-doc-missing: requires[0] install 'docs/running-the-server.md'" in line


def test_inspect_agrees_with_the_build(build: Build) -> None:
    """From another folder: the sdist's own [tool.smart-tool] applies, and the wheel takes
    its sdist's."""
    done = smart_tool(
        "inspect", "--warnings-as-errors", "--ignore", "manifest-platforms-known", *build.artifacts
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1].startswith("2 artifacts checked: 0 errors, 0 warnings, 0 info; ")
    assert "ignored (manifest-install-doc-missing" in done.stdout


def test_setuptools_says_each_line_once_per_artifact(setuptools_build: Build) -> None:
    """The frontend's metadata-only runs (get_requires_for_build_*) stay quiet unless they
    stop the build: the source check's warning shows once for the sdist and once for the
    wheel, and the finished archive's check once for each archive."""
    lines = [line for line in setuptools_build.output.splitlines() if "manifest-platforms-known" in line]
    source = [line for line in lines if line.startswith("smart-tool: src/acme_options/SMART_TOOL.md:10: ")]
    # an older setuptools names its sdist acme-options-0.2.0.tar.gz, a newer acme_options-...
    archives = [
        line for line in lines if re.search(r"smart-tool: acme[-_]options-0\.2\.0[-.].*(whl|tar\.gz)/", line)
    ]
    assert (len(source), len(archives), len(lines)) == (2, 2, 4), setuptools_build.output
    assert setuptools_build.output.count("smart-tool: src/acme_options/SMART_TOOL.md checked") == 2


def test_setuptools_says_once_what_it_added_against_manifest_in(setuptools_build: Build) -> None:
    notes = [line for line in setuptools_build.output.splitlines() if "left out by MANIFEST.in" in line]
    assert notes == [
        "smart-tool: smart-tool.json, src/acme_options/SMART_TOOL.md: left out by MANIFEST.in; added to "
        "the sdist anyway, since a smart tool's sdist must carry them"
    ]


def test_a_failing_build_names_the_command_that_explains_its_codes(builder: Builder) -> None:
    project = builder.copy(FIXTURES / "hatchling" / "options-tool", "opt-hatchling-failing")
    pyproject = project / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace('ignore = ["manifest-install-doc-missing"]\n', ""))
    build = builder.build(project)
    assert_clean_failure(build, "manifest-install-doc-missing")
    assert (
        "smart-tool: not building options-tool 0.2.0: fix the problems above "
        "(its entry is smart-tool-build's docs/codes.md#manifest-install-doc-missing; "
        "`uvx smart-tool codes manifest-install-doc-missing` explains it)"
    ) in build.output
    assert "codes are explained in the README" not in build.output
    explained = smart_tool("codes", "manifest-install-doc-missing")
    assert explained.returncode == 0 and explained.stdout.startswith("manifest-install-doc-missing (error)")
