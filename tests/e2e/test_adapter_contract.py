"""The contract every adapter keeps, on real builds: the hatchling hook, the setuptools plugin
and the wrapping backend (over each backend it wraps).

- Both archives carry the manifest and the descriptor once, byte-identical to the source,
  whatever the backend's own settings leave out; the wheel is built from the sdist and the
  checks run on each.
- ``pip wheel`` gets the same wheel contents.
- A problem fails the build: its code on a ``path:line: code: message`` line, the reporter's
  ``not building`` line, no traceback, nothing left in the output folder.

The tools and the session's shared builds are in adapterkit.py; what only one adapter does
stays in its own file (test_hatchling_builds.py, test_setuptools_builds.py, ...).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple, Optional

import pytest
from adapterkit import TOOLS, WRAPPED_FAMILIES, build_no_isolation, built, copy_tool
from buildkit import (
    DESCRIPTOR,
    MANIFEST,
    Build,
    Builder,
    assert_clean_failure,
    assert_line,
    assert_tool_built,
    edit,
    named,
    wheel_members,
    zip_names,
)

pytestmark = pytest.mark.build

WRAPPED = tuple(f"wrapper-{family}" for family in WRAPPED_FAMILIES)
#: the adapters whose builds of their example every success test reads
BUILT = ("hatchling-hook", "setuptools-plugin", *WRAPPED)

# --- what lands where -------------------------------------------------------------------


@pytest.mark.parametrize("key", [*BUILT, "setuptools-flat"])
def test_both_archives_carry_the_manifest_and_the_descriptor(builder: Builder, key: str) -> None:
    tool = TOOLS[key]
    assert_tool_built(
        built(builder, key),
        manifest_source=tool.manifest_source,
        wheel_manifest=tool.wheel_manifest,
        dist_info=tool.dist_info,
        sdist_also=tool.sdist_also,
    )


#: how many times a build says the manifest was checked: the sdist, then the wheel from it
#: (None: at least once; setuptools' commands may run the check more than once a build)
CHECKS: dict[str, Optional[int]] = {
    "hatchling-hook": 2,
    "setuptools-plugin": None,
    **dict.fromkeys(WRAPPED, 2),
}


@pytest.mark.parametrize("key", BUILT)
def test_the_wheel_is_built_from_the_sdist_and_checked_with_the_final_version(
    builder: Builder, key: str
) -> None:
    """Through the wrapper, hatchling's hook and setuptools' plugin step aside: the checks run
    once for each artifact, on the version the backend resolved."""
    tool, build = TOOLS[key], built(builder, key)
    output = build.output
    assert "Building wheel from sdist" in output
    assert "Traceback" not in output
    checked = f"smart-tool: {tool.manifest_source} checked ({tool.name} {tool.version})"
    said = [line for line in output.splitlines() if "SMART_TOOL.md checked (" in line]
    expected = CHECKS[key]
    if expected is None:
        assert checked in said, output
    else:
        assert said == [checked] * expected, output
    metadata = wheel_members(build.wheel)[f"{tool.dist_info}/METADATA"].decode()
    assert re.search(rf"^Version: {re.escape(tool.version)}$", metadata, re.MULTILINE)


@pytest.mark.parametrize("key", ["hatchling-hook", "setuptools-flat", "wrapper-uv-build"])
def test_pip_wheel_carries_the_manifest_and_the_descriptor(builder: Builder, key: str) -> None:
    tool = TOOLS[key]
    project = copy_tool(builder, key, f"contract-pip-{key}")
    build = builder.pip_wheel(project)
    assert build.ok, build.output
    names = zip_names(build.wheel)
    assert named(names, MANIFEST) == [tool.wheel_manifest]
    assert f"{tool.dist_info}/{DESCRIPTOR}" in names
    wheel = wheel_members(build.wheel)
    assert wheel[tool.wheel_manifest] == (project / tool.manifest_source).read_bytes()
    assert wheel[f"{tool.dist_info}/{DESCRIPTOR}"] == (project / DESCRIPTOR).read_bytes()


#: a manifest's version one patch below its package's, as each tool writes it
DRIFTS = {
    "setuptools-flat": ("version: 1.4.0", "version: 1.3.9"),
    "wrapper-pdm-backend": ('version: "0.4.0"', 'version: "0.3.9"'),
}


@pytest.mark.parametrize("key", sorted(DRIFTS))
def test_pip_wheel_of_a_drifted_tool_fails(builder: Builder, key: str) -> None:
    """pip asks for the metadata first: through the wrapper, the version comes from the
    frontend's metadata folder."""
    tool = TOOLS[key]
    project = copy_tool(builder, key, f"contract-pip-drift-{key}")
    edit(project / tool.manifest_source, *DRIFTS[key])
    build = builder.pip_wheel(project)
    assert_clean_failure(build, "manifest-version-matches-package")


# --- what fails --------------------------------------------------------------------------

#: breaks a copy of a tool: its folder, and its manifest's path in it
Breaks = Callable[[Path, str], None]


def _manifest(old: str, new: str) -> Breaks:
    """The manifest's ``old`` text made ``new``."""
    return lambda project, manifest: edit(project / manifest, old, new)


def _descriptor(text: str) -> Breaks:
    return lambda project, _: (project / DESCRIPTOR).write_text(text)


def _no_descriptor(project: Path, _: str) -> None:
    (project / DESCRIPTOR).unlink()


def _table_instead_of_descriptor(project: Path, _: str) -> None:
    """Opted in by [tool.smart-tool] alone: the setuptools plugin runs, and finds no descriptor."""
    (project / DESCRIPTOR).unlink()
    with (project / "pyproject.toml").open("a") as handle:
        handle.write("\n[tool.smart-tool]\n")


def _second_manifest(where: str) -> Breaks:
    def breaks(project: Path, manifest: str) -> None:
        (project / where).parent.mkdir(parents=True, exist_ok=True)
        (project / where).write_bytes((project / manifest).read_bytes())

    return breaks


def _bad_option(project: Path, _: str) -> None:
    with (project / "pyproject.toml").open("a") as handle:
        handle.write('\n[tool.smart-tool]\ndev-version = "warn"\n')


def _unlink(path: str) -> Breaks:
    return lambda project, _: os.unlink(project / path)


class Case(NamedTuple):
    """One broken copy of an adapter's tool, and what its build must say."""

    key: str
    breaks: Breaks
    code: str
    #: the path the diagnostic's line names (None: the tool's manifest)
    path: Optional[str] = None
    #: how it is built: "isolated" (sdist, then the wheel from it), "wheel" (a wheel straight
    #: from the source tree) or "no-isolation" (in the session's setuptools venv)
    how: str = "isolated"
    #: the two versions a drift names
    versions: tuple[str, ...] = ()


HATCH = "hatchling-hook"
FLAT = "setuptools-flat"
CASES: dict[str, Case] = {
    # every class of manifest error through the hatchling hook (the example's manifest)
    "hatchling-frontmatter-parses": Case(
        HATCH, _manifest("---\n\n# acme-widget", "\n# acme-widget"), "manifest-frontmatter-parses"
    ),
    "hatchling-fields-closed": Case(
        HATCH, _manifest("name: acme-widget\n", "name: acme-widget\nauthor: acme\n"), "manifest-fields-closed"
    ),
    "hatchling-required-fields": Case(
        HATCH, _manifest("platforms:\n  - linux\n  - macos\n", ""), "manifest-required-fields"
    ),
    "hatchling-field-shapes": Case(
        HATCH,
        _manifest(
            "use_cases:\n  - Build a widget from a spec file\n"
            "  - Check a spec before handing it to a person\n",
            "use_cases: Build a widget from a spec file\n",
        ),
        "manifest-field-shapes",
    ),
    "hatchling-name-format": Case(
        HATCH, _manifest("name: acme-widget", "name: Acme_Widget"), "manifest-name-format"
    ),
    "hatchling-requires-shape": Case(
        HATCH,
        _manifest("install: docs/installing-graphviz.md", "install: brew install graphviz"),
        "manifest-requires-shape",
    ),
    "hatchling-install-doc-missing": Case(
        HATCH,
        _manifest("install: docs/installing-graphviz.md", "install: docs/missing.md"),
        "manifest-install-doc-missing",
    ),
    "hatchling-version-drift": Case(
        HATCH, _manifest("version: 0.1.0", "version: 0.0.9"), "manifest-version-matches-package"
    ),
    "hatchling-version-drift-wheel-only": Case(
        HATCH,
        _manifest("version: 0.1.0", "version: 0.0.9"),
        "manifest-version-matches-package",
        how="wheel",
        versions=("0.0.9", "0.1.0"),
    ),
    "hatchling-second-manifest": Case(
        HATCH, _second_manifest("docs/SMART_TOOL.md"), "manifest-single-per-root", "docs/SMART_TOOL.md"
    ),
    "hatchling-no-descriptor": Case(HATCH, _no_descriptor, "descriptor-present", DESCRIPTOR),
    # every class of problem through the setuptools plugin, without isolation (the flat layout)
    "setuptools-no-descriptor": Case(
        FLAT, _table_instead_of_descriptor, "descriptor-present", DESCRIPTOR, "no-isolation"
    ),
    "setuptools-descriptor-shape": Case(
        FLAT,
        _descriptor('{"manifest": "acme_flat/SMART_TOOL.md", "cli_argv": []}'),
        "descriptor-shape",
        DESCRIPTOR,
        "no-isolation",
    ),
    "setuptools-manifest-present": Case(
        FLAT,
        _descriptor('{"manifest": "acme_flat/gone/SMART_TOOL.md", "cli_argv": ["acme-flat"]}'),
        "manifest-present",
        DESCRIPTOR,
        "no-isolation",
    ),
    "setuptools-frontmatter-parses": Case(
        FLAT,
        _manifest("platforms:\n", "platforms: [linux\n"),
        "manifest-frontmatter-parses",
        how="no-isolation",
    ),
    "setuptools-fields-closed": Case(
        FLAT,
        _manifest("platforms:\n", "homepage: https://example.com\nplatforms:\n"),
        "manifest-fields-closed",
        how="no-isolation",
    ),
    "setuptools-required-fields": Case(
        FLAT,
        _manifest("use_cases:\n  - Flatten a JSON document into greppable key paths\n", ""),
        "manifest-required-fields",
        how="no-isolation",
    ),
    "setuptools-field-shapes": Case(
        FLAT,
        _manifest("platforms:\n  - linux\n", "platforms: linux\n"),
        "manifest-field-shapes",
        how="no-isolation",
    ),
    "setuptools-name-format": Case(
        FLAT, _manifest("name: acme-flat", "name: Acme_Flat"), "manifest-name-format", how="no-isolation"
    ),
    "setuptools-version-drift": Case(
        FLAT,
        _manifest("version: 1.4.0", "version: 1.3.9"),
        "manifest-version-matches-package",
        how="no-isolation",
        versions=("1.3.9", "1.4.0"),
    ),
    "setuptools-version-drift-wheel-only": Case(
        FLAT,
        _manifest("version: 1.4.0", "version: 1.3.9"),
        "manifest-version-matches-package",
        how="wheel",
        versions=("1.3.9", "1.4.0"),
    ),
    "setuptools-requires-shape": Case(
        FLAT,
        _manifest("install: docs/installing-jq.md", "install: apt-get install jq"),
        "manifest-requires-shape",
        how="no-isolation",
    ),
    "setuptools-install-doc-missing": Case(
        FLAT, _unlink("docs/installing-jq.md"), "manifest-install-doc-missing", how="no-isolation"
    ),
    "setuptools-second-manifest": Case(
        FLAT,
        _second_manifest("acme_flat/extra/SMART_TOOL.md"),
        "manifest-single-per-root",
        "acme_flat/extra/SMART_TOOL.md",
        "no-isolation",
    ),
    "setuptools-config-valid": Case(FLAT, _bad_option, "config-valid", "pyproject.toml", "no-isolation"),
    # and through the wrapper, a problem on each backend it wraps
    "wrapper-version-drift": Case(
        "wrapper-uv-build",
        _manifest('version: "0.4.0"', 'version: "0.3.9"'),
        "manifest-version-matches-package",
        versions=("0.3.9", "0.4.0"),
    ),
    "wrapper-frontmatter-parses": Case(
        "wrapper-flit-core", _manifest("---\n\n#", "\n#"), "manifest-frontmatter-parses"
    ),
    "wrapper-fields-closed": Case(
        "wrapper-pdm-backend",
        _manifest("name: pdm-backend-tool\n", "name: pdm-backend-tool\nauthor: x\n"),
        "manifest-fields-closed",
    ),
    "wrapper-requires-shape": Case(
        "wrapper-poetry-core",
        _manifest("install: docs/installing-jq.md", "install: brew install jq"),
        "manifest-requires-shape",
    ),
    "wrapper-install-doc-missing": Case(
        "wrapper-uv-build",
        _manifest("install: docs/installing-jq.md", "install: docs/missing.md"),
        "manifest-install-doc-missing",
    ),
    "wrapper-no-descriptor": Case("wrapper-poetry-core", _no_descriptor, "descriptor-present", DESCRIPTOR),
    "wrapper-second-manifest": Case(
        "wrapper-uv-build",
        _second_manifest("docs/SMART_TOOL.md"),
        "manifest-single-per-root",
        "docs/SMART_TOOL.md",
    ),
}


def _build(builder: Builder, case: Case, project: Path, request: pytest.FixtureRequest) -> Build:
    if case.how == "no-isolation":
        return build_no_isolation(builder, request.getfixturevalue("noiso_python"), project)
    return builder.build(project, targets=("wheel",) if case.how == "wheel" else ())


@pytest.mark.parametrize("case_id", sorted(CASES))
def test_a_problem_fails_the_build_on_its_line(
    builder: Builder, request: pytest.FixtureRequest, case_id: str
) -> None:
    case = CASES[case_id]
    tool = TOOLS[case.key]
    project = copy_tool(builder, case.key, f"contract-{case_id}")
    case.breaks(project, tool.manifest_source)
    build = _build(builder, case, project, request)
    assert_clean_failure(build, case.code)
    assert list(build.out_dir.iterdir()) == [], "no artifact and no scratch folder left behind"
    # one line per problem, as every adapter prints it (setuptools' own `error:` is the summary's)
    assert_line(build, case.path or tool.manifest_source, case.code)
    assert f"smart-tool: not building {tool.name}" in build.output, build.output
    for version in case.versions:
        assert f"'{version}'" in build.output, build.output
