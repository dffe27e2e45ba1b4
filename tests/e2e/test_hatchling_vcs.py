"""The hatchling hook with hatch-vcs: the version the build resolves from git tags.

The fixture's manifest says 0.4.0. Each test makes a copy of it a git repository, tags it,
and builds it isolated (hatch-vcs and setuptools-scm come from the session's wheelhouse).
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from buildkit import FIXTURES, Build, Builder, assert_clean_failure, git

PROJECT = FIXTURES / "hatchling" / "vcs-tool"
MANIFEST = "src/vcs_tool/SMART_TOOL.md"
CODE = "manifest-version-matches-package"


def repository(builder: Builder, name: str, tag: str, *, commits_after: int = 0) -> Path:
    project = builder.copy(PROJECT, name)
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "first")
    git(project, "tag", tag)
    for number in range(commits_after):
        (project / "CHANGES.txt").write_text(f"change {number}\n")
        git(project, "add", "-A")
        git(project, "commit", "-q", "-m", f"change {number}")
    assert git(project, "status", "--porcelain") == ""
    return project


def allow_dev_versions(project: Path) -> None:
    pyproject = project / "pyproject.toml"
    table = "[tool.hatch.build.hooks.smart-tool]\n"
    pyproject.write_text(pyproject.read_text().replace(table, table + 'dev-versions = "warn"\n'))
    git(project, "commit", "-q", "-am", "allow development versions")


def wheel_version(build: Build) -> str:
    with zipfile.ZipFile(build.wheel) as archive:
        (metadata,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        text = archive.read(metadata).decode()
    return next(line.split(": ", 1)[1] for line in text.splitlines() if line.startswith("Version: "))


@pytest.fixture(scope="module")
def tagged_release(builder: Builder) -> Build:
    return builder.build(repository(builder, "vcs-tagged", "v0.4.0"))


@pytest.fixture(scope="module")
def dev_build_allowed(builder: Builder) -> Build:
    project = repository(builder, "vcs-dev-warn", "v0.4.0", commits_after=1)
    allow_dev_versions(project)
    return builder.build(project)


def test_tag_matching_the_manifest_builds(tagged_release: Build) -> None:
    assert tagged_release.ok, tagged_release.output
    assert wheel_version(tagged_release) == "0.4.0"
    assert "(vcs-tool 0.4.0)" in tagged_release.output
    assert tagged_release.sdist.name == "vcs_tool-0.4.0.tar.gz"


def test_tag_ahead_of_the_manifest_fails(builder: Builder) -> None:
    build = builder.build(repository(builder, "vcs-drift", "v0.5.0"))
    assert_clean_failure(build, CODE)
    assert "manifest version '0.4.0' does not match the package version '0.5.0'" in build.output
    assert f"{MANIFEST}:4: {CODE}:" in build.output


def test_development_version_fails_by_default_and_names_the_way_out(builder: Builder) -> None:
    build = builder.build(repository(builder, "vcs-dev", "v0.4.0", commits_after=1))
    assert_clean_failure(build, CODE)
    assert "package version '0.4.1.dev1+g" in build.output
    assert "is a development version" in build.output
    assert 'dev-versions = "warn"' in build.output
    # a user who did tag the release is told how far past it the build is, and where the
    # option goes, not to tag it
    assert "the build is 1 commit past the last tag" in build.output
    assert "in the [tool.smart-tool] table of pyproject.toml" in build.output
    assert "tag the release the manifest names" not in build.output


def test_development_version_passes_with_dev_versions_warn(dev_build_allowed: Build) -> None:
    build = dev_build_allowed
    assert build.ok, build.output
    assert wheel_version(build).startswith("0.4.1.dev2+g")
    # the decision is visible: the build says the manifest and the package differ, and why
    # that was let through, for the sdist, the wheel built from it, and each finished archive
    warnings = [line for line in build.output.splitlines() if f": {CODE} (warning): " in line]
    assert len(warnings) == 4, build.output
    for line in warnings:
        assert line.startswith("smart-tool: "), line
        assert 'allowed for a development version by dev-versions = "warn"' in line


def test_development_build_ships_both_files(dev_build_allowed: Build) -> None:
    project = dev_build_allowed.project
    with zipfile.ZipFile(dev_build_allowed.wheel) as archive:
        names = archive.namelist()
        assert archive.read("vcs_tool/SMART_TOOL.md") == (project / MANIFEST).read_bytes()
        (descriptor,) = [n for n in names if n.endswith(".dist-info/smart-tool.json")]
        assert archive.read(descriptor) == (project / "smart-tool.json").read_bytes()
    assert [n for n in names if n.endswith("SMART_TOOL.md")] == ["vcs_tool/SMART_TOOL.md"]
