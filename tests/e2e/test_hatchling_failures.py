"""The hatchling hook on real builds that must fail: the code, no traceback, no artifact.

Every case is a copy of a fixture with one thing broken, built with ``python -m build``
(isolated: the backend and this plugin come from the session's wheelhouse). What every
adapter fails the same way is the adapter contract's (test_adapter_contract.py).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from buildkit import EXAMPLES, FIXTURES, Builder, assert_clean_failure, assert_line, edit

HATCHLING = FIXTURES / "hatchling"
EXAMPLE_MANIFEST = "src/acme_widget/SMART_TOOL.md"


def example(builder: Builder, name: str) -> Path:
    return builder.copy(EXAMPLES / "hatchling-tool", name)


# --- drift, where only the hatchling hook sees it ------------------------------------------
# (every class of manifest error, a drift in a wheel-only build, a missing descriptor and a
# second manifest: the adapter contract, test_adapter_contract.py)


def test_drift_fails_a_no_isolation_build(builder: Builder) -> None:
    project = example(builder, "drift-no-isolation")
    edit(project / EXAMPLE_MANIFEST, "version: 0.1.0", "version: 0.0.9")
    assert_clean_failure(builder.build(project, isolated=False), "manifest-version-matches-package")


def test_drift_from_a_regex_sourced_version_fails(builder: Builder) -> None:
    project = builder.copy(HATCHLING / "regex-version", "regex-drift")
    edit(project / "src/regex_tool/__about__.py", '"1.2.0"', '"1.3.0"')
    build = builder.build(project)
    assert_clean_failure(build, "manifest-version-matches-package")
    assert_line(build, "src/regex_tool/SMART_TOOL.md", "manifest-version-matches-package")
    assert "'1.2.0'" in build.output and "'1.3.0'" in build.output


# --- the descriptor and the root --------------------------------------------------------


def _escaping_path(project: Path) -> None:
    outside = project.parent / f"{project.name}-x"
    outside.mkdir()
    (outside / "SMART_TOOL.md").write_bytes((project / EXAMPLE_MANIFEST).read_bytes())
    edit(project / "smart-tool.json", EXAMPLE_MANIFEST, f"../{outside.name}/SMART_TOOL.md")


def _escaping_symlink(project: Path) -> None:
    outside = project.parent / f"{project.name}-outside"
    outside.mkdir()
    target = outside / "SMART_TOOL.md"
    manifest = project / EXAMPLE_MANIFEST
    target.write_bytes(manifest.read_bytes())
    manifest.unlink()
    os.symlink(target, manifest)


def _excluded_copy(project: Path) -> None:
    """A package copy of the tool's own manifest, hidden by ``exclude``: still a second manifest."""
    copy = project / "src" / "acme_widget" / "data" / "SMART_TOOL.md"
    copy.parent.mkdir()
    copy.write_bytes((project / EXAMPLE_MANIFEST).read_bytes())
    with (project / "pyproject.toml").open("a") as handle:
        handle.write('\n[tool.smart-tool]\nexclude = ["src/acme_widget/data"]\n')


ROOT_ERRORS: dict[str, tuple[Callable[[Path], None], str, str]] = {
    # id: (how to break the example, the code, the path the diagnostic names)
    "manifest-path-escapes": (_escaping_path, "descriptor-shape", "smart-tool.json"),
    "manifest-symlink-escapes": (_escaping_symlink, "descriptor-shape", "smart-tool.json"),
    "manifest-excluded-copy": (
        _excluded_copy,
        "manifest-single-per-root",
        "src/acme_widget/data/SMART_TOOL.md",
    ),
}


@pytest.mark.parametrize("case", sorted(ROOT_ERRORS))
def test_root_error_fails_the_build(builder: Builder, case: str) -> None:
    breaks, code, path = ROOT_ERRORS[case]
    project = example(builder, case)
    breaks(project)
    build = builder.build(project)
    assert_clean_failure(build, code)
    assert_line(build, path, code)


def test_escaping_paths_are_named(builder: Builder) -> None:
    project = example(builder, "escape-message")
    _escaping_symlink(project)
    build = builder.build(project)
    assert "leads outside the distribution root through a symlink" in build.output


# --- the options table ------------------------------------------------------------------

HOOK_TABLE = "[tool.hatch.build.hooks.smart-tool]\n"
HATCHLING_KEYS = (
    "dependencies = []\n"
    "require-runtime-dependencies = false\n"
    "require-runtime-features = []\n"
    "enable-by-default = true\n"
)


def test_unknown_hook_options_are_errors(builder: Builder) -> None:
    project = example(builder, "unknown-options")
    edit(
        project / "pyproject.toml",
        HOOK_TABLE,
        HOOK_TABLE + HATCHLING_KEYS + 'dev_versions = "warn"\nexcludes = ["docs/*"]\n',
    )
    build = builder.build(project)
    assert_clean_failure(build, "config-valid")
    bad = [line for line in build.output.splitlines() if ": config-valid: " in line]
    assert len(bad) == 2, build.output
    assert "'dev_versions'" in bad[0] and "'excludes'" in bad[1]
    assert all(line.startswith("pyproject.toml:") for line in bad)
    for key in (
        "dependencies",
        "require-runtime-dependencies",
        "require-runtime-features",
        "enable-by-default",
    ):
        assert f"'{key}'" not in build.output


def test_bad_option_values_are_errors(builder: Builder) -> None:
    project = example(builder, "bad-option-values")
    edit(project / "pyproject.toml", HOOK_TABLE, HOOK_TABLE + 'dev-versions = "ignore"\nexclude = "docs"\n')
    build = builder.build(project)
    assert_clean_failure(build, "config-valid")
    assert "dev-versions must be" in build.output and "exclude must be" in build.output


def test_hatchling_keys_and_valid_options_are_accepted(builder: Builder) -> None:
    project = example(builder, "known-options")
    edit(
        project / "pyproject.toml",
        HOOK_TABLE,
        HOOK_TABLE + HATCHLING_KEYS + 'dev-versions = "error"\nexclude = ["build-*"]\n',
    )
    build = builder.build(project)
    assert build.ok, build.output
    assert "config-valid" not in build.output
    assert len(build.artifacts) == 2


# --- a finished archive that fails its check is removed ---------------------------------


@pytest.mark.parametrize(
    ("tamper", "target", "code", "member"),
    [
        ("replace", "wheel", "artifact-matches-source", "tamper_tool/SMART_TOOL.md"),
        # a second copy of the manifest with other bytes: a copy that drifted
        ("extra", "wheel", "artifact-manifest-copies-match", "tamper_tool/extra/SMART_TOOL.md"),
        ("extra-sdist", "sdist", "manifest-single-per-root", "extra/SMART_TOOL.md"),
    ],
)
def test_artifact_failing_verification_is_removed(
    builder: Builder, tamper: str, target: str, code: str, member: str
) -> None:
    project = builder.copy(HATCHLING / "tampering", f"tampering-{tamper}")
    build = builder.build(project, targets=(target,), extra_env={"TAMPER": tamper})
    assert_clean_failure(build, code)
    # the source checks passed: it is the finished archive that failed, and was removed
    assert "smart-tool: src/tamper_tool/SMART_TOOL.md checked" in build.output
    suffix = "-py3-none-any.whl" if target == "wheel" else ".tar.gz"
    artifact = f"tamper_tool-0.1.0{suffix}"
    assert f"smart-tool: removed {artifact}: it failed the smart-tool checks" in build.output
    assert re.search(rf"^{re.escape(artifact)}/\S*{re.escape(member)}: {code}: ", build.output, re.MULTILINE)


def test_tampering_fixture_builds_when_nothing_tampers(builder: Builder) -> None:
    """The control: the same project, with the second hook doing nothing, builds."""
    build = builder.build(builder.copy(HATCHLING / "tampering", "tampering-none"), targets=("wheel",))
    assert build.ok, build.output


# --- the broken example ------------------------------------------------------------------


def test_broken_example_shows_both_problems(builder: Builder) -> None:
    build = builder.build(builder.copy(EXAMPLES / "hatchling-broken"))
    assert_clean_failure(build, "manifest-version-matches-package", "manifest-install-doc-missing")
    assert_line(build, EXAMPLE_MANIFEST, "manifest-version-matches-package")
    assert_line(build, EXAMPLE_MANIFEST, "manifest-install-doc-missing")
    # the lines the example's README shows are the lines a user sees
    readme = (EXAMPLES / "hatchling-broken" / "README.md").read_text()
    for line in build.output.splitlines():
        if line.startswith(EXAMPLE_MANIFEST) or line.startswith("smart-tool: not building"):
            assert line in readme, line
