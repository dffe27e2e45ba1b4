"""MCP servers on PyPI, real builds: a publishable server builds on the hatchling hook, the
setuptools plugin and the wrapper over uv_build, and its wheel's METADATA and sdist's PKG-INFO
carry the registry's claim; each refusal fails the build with its line and leaves no archive.
uv_build's own build, without the plugin, is judged by ``smart-tool inspect --server-json``;
a readme hatch-fancy-pypi-readme assembles at build time is judged as what it becomes.

The server is ``fixtures/roots/valid-mcp-server`` (its readme claims the server in an HTML
comment) and ``valid-mcp-server-last-line`` (the claim is the readme's last text, with no
newline after it: the registry's other accepted form), with each backend's tables. Each
project is built once per module; every test reads those builds.
"""

from __future__ import annotations

import re
import tarfile
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from buildkit import (
    FIXTURES,
    HATCHLING,
    WRAPPED,
    Build,
    Builder,
    assert_clean_failure,
    assert_line,
    build_system,
    pip_download,
)
from smartkit import smart_tool

ROOTS = FIXTURES / "roots"
NAME = "io.github.Acme/acme-mcp"
CLAIM = f"mcp-name: {NAME}"


def project(builder: Builder, fixture: str, family: str, name: str) -> Path:
    """A copy of the fixture with ``family``'s [build-system] (and hook table)."""
    root = builder.copy(ROOTS / fixture, name)
    pyproject = root / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8")
    kept = text[text.index("[project]") :].replace("[tool.hatch.build.hooks.smart-tool]\n", "")
    pyproject.write_text(build_system(family) + "\n" + kept, encoding="utf-8")
    return root


#: the publishable server on each adapter: (fixture, backend family)
GOOD = {
    "hatchling": ("valid-mcp-server", "hatchling"),
    "setuptools": ("valid-mcp-server", "setuptools"),
    "wrapper": ("valid-mcp-server-last-line", "uv-build"),
}


@pytest.fixture(scope="module")
def good(builder: Builder) -> dict[str, Build]:
    return {key: builder.build(project(builder, *GOOD[key], f"mcp-{key}")) for key in GOOD}


def _metadata(build: Build) -> tuple[str, str]:
    with zipfile.ZipFile(build.wheel) as wheel:
        [member] = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
        metadata = wheel.read(member).decode("utf-8")
    with tarfile.open(build.sdist) as sdist:
        [info] = [m for m in sdist.getmembers() if m.name.count("/") == 1 and m.name.endswith("/PKG-INFO")]
        handle = sdist.extractfile(info)
        assert handle is not None
        pkg_info = handle.read().decode("utf-8")
    return metadata, pkg_info


@pytest.mark.parametrize("key", sorted(GOOD))
def test_a_publishable_server_builds_and_its_metadata_claims_it(good: dict[str, Build], key: str) -> None:
    build = good[key]
    assert build.ok and "Traceback" not in build.output, build.output
    assert f"server.json checked (MCP server {NAME} 1.2.0)" in build.output, build.output
    for text in _metadata(build):
        description = text.replace("\r\n", "\n").split("\n\n", 1)[1]
        assert CLAIM in description, text


@pytest.mark.parametrize("key", sorted(GOOD))
def test_the_sdist_carries_server_json(good: dict[str, Build], key: str) -> None:
    """So the wheel built from the sdist is checked as the sdist was."""
    with tarfile.open(good[key].sdist) as sdist:
        assert [n for n in sdist.getnames() if n.endswith("/server.json") and n.count("/") == 1]


def _unclaimed(root: Path) -> None:
    (root / "README.md").write_text("# acme-mcp\n\nAn MCP server for Acme.\n", encoding="utf-8")


def _drifted(root: Path) -> None:
    path = root / "server.json"
    path.write_text(path.read_text(encoding="utf-8").replace('"1.2.0"', '"1.1.0"'), encoding="utf-8")


def _deprecated_schema(root: Path) -> None:
    path = root / "server.json"
    path.write_text(path.read_text(encoding="utf-8").replace("2025-12-11", "2025-10-17"), encoding="utf-8")


def _assembled_without_claim(root: Path) -> None:
    """A readme the backend assembles at build time (setuptools' dynamic readme) from a file
    without the claim: only the finished archive can tell."""
    (root / "OTHER.md").write_text("# acme-mcp\n\nNo claim here.\n", encoding="utf-8")
    pyproject = root / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8").replace('readme = "README.md"\n', 'dynamic = ["readme"]\n')
    text += '\n[tool.setuptools.dynamic]\nreadme = {file = ["OTHER.md"], content-type = "text/markdown"}\n'
    pyproject.write_text(text, encoding="utf-8")


def _edit(relative: str, old: str, new: str) -> Callable[[Path], None]:
    """A change of one file of the project: ``old`` (which it must hold) replaced by ``new``."""

    def change(root: Path) -> None:
        path = root / relative
        text = path.read_text(encoding="utf-8")
        assert old in text, (relative, old)
        path.write_text(text.replace(old, new), encoding="utf-8")

    return change


CLAIM_LINE = "<!-- mcp-name: io.github.Acme/acme-mcp -->"


def _only_in_keywords(root: Path) -> None:
    """The claim moved from the readme into `keywords`, which the registry never reads."""
    _unclaimed(root)
    _edit("pyproject.toml", 'readme = "README.md"\n', f'readme = "README.md"\nkeywords = ["{CLAIM_LINE}"]\n')(
        root
    )


#: each refusal: (backend family, the change, the line's path (a pattern for an archive's), its code)
REFUSALS: dict[str, tuple[str, Callable[[Path], None], str, str]] = {
    "claim-absent-hatchling": ("hatchling", _unclaimed, "README.md", "mcp-name-claimed"),
    "schema-deprecated-hatchling": ("hatchling", _deprecated_schema, "server.json", "mcp-schema-version"),
    "versions-drifted-wrapper": ("uv-build", _drifted, "server.json", "mcp-version-matches-package"),
    "claim-glued-setuptools": (
        "setuptools",
        _edit("README.md", CLAIM_LINE, "<!-- mcp-name: io.github.Acme/acme-mcp-pro -->"),
        "README.md",
        "mcp-name-claimed",
    ),
    "claim-cased-wrapper": (
        "uv-build",
        _edit("README.md", CLAIM_LINE, "<!-- mcp-name: io.github.acme/acme-mcp -->"),
        "README.md",
        "mcp-name-claimed",
    ),
    "claim-only-in-keywords-hatchling": ("hatchling", _only_in_keywords, "README.md", "mcp-name-claimed"),
    "no-readme-setuptools": (
        "setuptools",
        _edit("pyproject.toml", 'readme = "README.md"\n', ""),
        "pyproject.toml",
        "mcp-readme-declared",
    ),
    "description-too-long-wrapper": (
        "uv-build",
        _edit("server.json", '"An MCP server for Acme"', '"' + "An MCP server for Acme. " * 5 + '"'),
        "server.json",
        "mcp-schema",
    ),
    "registry-base-url-hatchling": (
        "hatchling",
        _edit(
            "server.json",
            '"registryType": "pypi",',
            '"registryType": "pypi",\n      "registryBaseUrl": "https://test.pypi.org",',
        ),
        "server.json",
        "mcp-pypi-package",
    ),
    "claim-absent-in-the-archive-setuptools": (
        "setuptools",
        _assembled_without_claim,
        # the sdist's name as the setuptools under test spells it (PEP 625 from 69.3)
        r"acme[-_]mcp-1\.2\.0\.tar\.gz/acme[-_]mcp-1\.2\.0/PKG-INFO",
        "mcp-name-claimed",
    ),
}


@pytest.fixture(scope="module")
def refused(builder: Builder) -> dict[str, Build]:
    builds = {}
    for key, (family, change, _, _) in REFUSALS.items():
        root = project(builder, "valid-mcp-server", family, f"mcp-refused-{key}")
        change(root)
        builds[key] = builder.build(root)
    return builds


@pytest.mark.parametrize("key", sorted(REFUSALS))
def test_a_refusal_fails_the_build_on_its_line_and_leaves_no_archive(
    refused: dict[str, Build], key: str
) -> None:
    _, _, path, code = REFUSALS[key]
    build = refused[key]
    assert_clean_failure(build, code)
    if "PKG-INFO" in path:  # the finished archive's check: its member, then the archive removed
        assert re.search(rf"^{path}: {code}: \S", build.output, re.MULTILINE), build.output
        assert "removed" in build.output, build.output
    else:
        assert_line(build, path, code)


def test_a_drifted_server_json_names_both_versions(refused: dict[str, Build]) -> None:
    output = refused["versions-drifted-wrapper"].output
    assert (
        "server.json:9: mcp-version-matches-package: `version` '1.1.0' is not the package version" in output
    )
    assert "server.json:14: mcp-version-matches-package: `packages[0].version` '1.1.0'" in output


@pytest.fixture(scope="module")
def native(builder: Builder) -> dict[str, Build]:
    """uv_build alone (no plugin in [build-system]), the route of those who keep uv's build:
    the server as it should be, and one whose readme lost the claim."""
    builds = {}
    for key in ("claimed", "unclaimed"):
        root = builder.copy(ROOTS / "valid-mcp-server", f"mcp-native-{key}")
        pyproject = root / "pyproject.toml"
        text = pyproject.read_text(encoding="utf-8")
        kept = text[text.index("[project]") :].replace("[tool.hatch.build.hooks.smart-tool]\n", "")
        requires = f'[build-system]\nrequires = ["{WRAPPED["uv-build"]}"]\nbuild-backend = "uv_build"\n\n'
        pyproject.write_text(requires + kept, encoding="utf-8")
        if key == "unclaimed":
            _unclaimed(root)
        builds[key] = builder.build(root)
        assert builds[key].ok, builds[key].output
    return builds


def test_inspect_judges_a_native_uv_build_as_an_mcp_server(native: dict[str, Build]) -> None:
    good = native["claimed"]
    done = smart_tool("inspect", good.wheel, good.sdist, "--server-json", good.project / "server.json")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 artifacts checked: 0 errors, 0 warnings, 0 info" in done.stdout
    bad = native["unclaimed"]
    done = smart_tool("inspect", bad.wheel, bad.sdist, "--server-json", bad.project / "server.json")
    assert done.returncode == 1, done.stdout
    lines = [line for line in done.stdout.splitlines() if ": mcp-name-claimed: " in line]
    assert [line.split(": ", 1)[0].rsplit("/", 1)[-1] for line in lines] == ["METADATA", "PKG-INFO"], (
        done.stdout
    )
    assert "artifact-descriptor-present" not in done.stdout  # judged as what it is, no smart tool


def test_each_claim_refusal_says_which(refused: dict[str, Build]) -> None:
    assert "claims a longer name, not 'io.github.Acme/acme-mcp'" in refused["claim-glued-setuptools"].output
    assert "differs in casing from 'io.github.Acme/acme-mcp'" in refused["claim-cased-wrapper"].output
    assert (
        "is only in `keywords`, which the registry never reads"
        in refused["claim-only-in-keywords-hatchling"].output
    )
    assert "[project] declares no `readme`" in refused["no-readme-setuptools"].output


FANCY = """[build-system]
requires = ["{hatchling}", "hatch-fancy-pypi-readme", "smart-tool-build"]
build-backend = "hatchling.build"

[project]
name = "acme-mcp"
version = "1.2.0"
description = "An MCP server for Acme"
dynamic = ["readme"]

[tool.hatch.metadata.hooks.fancy-pypi-readme]
content-type = "text/markdown"

[[tool.hatch.metadata.hooks.fancy-pypi-readme.fragments]]
path = "README.md"
{claim}
[tool.hatch.build.hooks.smart-tool]
"""
CLAIM_FRAGMENT = f'\n[[tool.hatch.metadata.hooks.fancy-pypi-readme.fragments]]\ntext = "\\n{CLAIM_LINE}\\n"\n'


@pytest.fixture(scope="module")
def assembled(builder: Builder) -> dict[str, Build]:
    """A readme hatch-fancy-pypi-readme assembles at build time: the claim in a fragment of
    pyproject.toml, or in none; only the built METADATA can tell."""
    pip_download(["hatch-fancy-pypi-readme"], builder.wheelhouse)
    builds = {}
    for key, claim in (("claimed", CLAIM_FRAGMENT), ("unclaimed", "")):
        root = builder.copy(ROOTS / "valid-mcp-server", f"mcp-fancy-{key}")
        _unclaimed(root)  # the readme file alone claims nothing
        (root / "pyproject.toml").write_text(FANCY.format(hatchling=HATCHLING, claim=claim), encoding="utf-8")
        builds[key] = builder.build(root)
    return builds


def test_a_readme_assembled_at_build_time_counts_as_what_it_becomes(assembled: dict[str, Build]) -> None:
    good = assembled["claimed"]
    assert good.ok and "Traceback" not in good.output, good.output
    assert "mcp-name-claimed (info): the readme is assembled at build time" in good.output
    for text in _metadata(good):
        assert CLAIM in text.replace("\r\n", "\n").split("\n\n", 1)[1], text
    bad = assembled["unclaimed"]
    assert_clean_failure(bad, "mcp-name-claimed")
    assert re.search(
        r"^acme_mcp-1\.2\.0\.tar\.gz/acme_mcp-1\.2\.0/PKG-INFO: mcp-name-claimed: ", bad.output, re.M
    )
