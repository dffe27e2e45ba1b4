"""The whole tool, through every adapter: a build never takes away what the project ships, and
ships what the installed tool reads.

- **Only add.** The wheel and the sdist built with smart-tool-build contain the ones built
  without it, member for member and byte for byte (the archives' own file lists, RECORD and
  setuptools' SOURCES.txt, list the added files too), for the hatchling hook, the setuptools
  plugin and the wrapper over hatchling, uv_build, flit_core, pdm-backend and poetry-core.
- **Copies of the manifest stay** where the project's own settings put them (team-pulse's
  force-include, hatchling's shared-data, setuptools' data-files) and are checked to be the
  same bytes; a copy kept by hand that drifted fails the build.
- **Install documents ship** where the installed manifest's relative paths reach them,
  whatever hatchling's exclude, setuptools' missing package data or uv_build's wheel-exclude
  say; the kit's samplegood, built with the setuptools plugin, then passes ``smart-tool smoke``.
- **One output path.** A broken project prints the same lines through all three adapters;
  only the parenthesis naming where the version came from differs.

Fixtures: ``fixtures/whole/`` (and the wrapped backends' tools of ``fixtures/wrapper/``).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from buildkit import (
    FIXTURES,
    Build,
    Builder,
    assert_clean_failure,
    assert_line,
    edit,
    sdist_members,
    wheel_members,
)
from smartkit import pip_install, probe_accessor, run_in_venv, run_python, script, smart_tool, venv_with

WHOLE = FIXTURES / "whole"
WRAPPER = FIXTURES / "wrapper"

#: the backend each wrapped fixture names in its requires, and its own build-backend value
WRAPPED_BACKENDS = {
    "hatchling": "hatchling.build",
    "uv_build": "uv_build",
    "flit_core": "flit_core.buildapi",
    "pdm-backend": "pdm.backend",
    "poetry-core": "poetry.core.masonry.api",
    "setuptools": "setuptools.build_meta",
}


def _as_wrapped(project: Path) -> None:
    """A hatchling-hook project turned into one built through the wrapping backend."""
    edit(
        project / "pyproject.toml",
        'build-backend = "hatchling.build"',
        'build-backend = "smart_tool_build.backend"',
    )
    edit(project / "pyproject.toml", "[tool.hatch.build.hooks.smart-tool]", "")


def _without_plugin(project: Path) -> None:
    """The same project as its backend alone builds it: smart-tool-build out of requires, the
    hook table gone, the wrapped backend named directly."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    path = project / "pyproject.toml"
    text = path.read_text()
    system = tomllib.loads(text)["build-system"]
    if system["build-backend"] == "smart_tool_build.backend":
        wrapped = next(
            WRAPPED_BACKENDS[r]
            for r in (re.split(r"[<>=! ;\[]", req, maxsplit=1)[0] for req in system["requires"])
            if r in WRAPPED_BACKENDS
        )
        text = text.replace('build-backend = "smart_tool_build.backend"', f'build-backend = "{wrapped}"')
    text = text.replace('"smart-tool-build", ', "").replace(', "smart-tool-build"', "")
    text = text.replace("[tool.hatch.build.hooks.smart-tool]", "")
    path.write_text(text)
    requires = tomllib.loads(text)["build-system"]["requires"]
    assert not [r for r in requires if r.startswith("smart-tool-build")], requires


# ------------------------------------------------------------------ only add, never take away

#: (fixture, how it is built): every adapter, each with a setting that copies or drops a file
CONTAINMENT = [
    (WHOLE / "team-pulse", "hook"),  # a root manifest the project force-includes into its package
    (WHOLE / "team-pulse", "wrapper"),  # the same, through the wrapper over hatchling
    (WHOLE / "hatchling-shared-data", "hook"),  # shared-data and force-include copies
    (WHOLE / "hatchling-exclude", "hook"),  # exclude drops the install document
    (WHOLE / "samplegood", "plugin"),  # setuptools, no package data
    (WHOLE / "setuptools-data", "plugin"),  # package data and data-files copies
    (WHOLE / "uv-build-docs", "wrapper"),  # uv_build's wheel-exclude
    (WRAPPER / "flit-core", "wrapper"),  # flit's sdist exclude
    (WRAPPER / "pdm-backend", "wrapper"),  # pdm's excludes
    (WRAPPER / "poetry-core", "wrapper"),  # poetry's exclude
]
#: members that list the archive's own files (so they list the added ones too), and the one
#: file the two projects differ in by construction: pyproject.toml, which names the plugin or not
#: (uv_build keeps the file as written beside the one it writes, as pyproject.toml.orig)
NOT_COMPARED = re.compile(r"(^|/)(RECORD|SOURCES\.txt)$|^pyproject\.toml(\.orig)?$")


def _pair(builder: Builder, source: Path, adapter: str) -> tuple[Build, Build]:
    ours = builder.copy(source, f"{source.name}-{adapter}-ours")
    if (
        adapter == "wrapper"
        and source.parent == WHOLE
        and "hatchling.build" in (ours / "pyproject.toml").read_text()
    ):
        _as_wrapped(ours)
    plain = builder.copy(ours, f"{source.name}-{adapter}-plain")
    _without_plugin(plain)
    return builder.build(ours), builder.build(plain)


@pytest.mark.parametrize(("source", "adapter"), CONTAINMENT, ids=[f"{s.name}-{a}" for s, a in CONTAINMENT])
def test_the_plugin_only_adds(builder: Builder, source: Path, adapter: str) -> None:
    ours, plain = _pair(builder, source, adapter)
    assert ours.ok, ours.output
    assert plain.ok, plain.output
    for kind, members in (("wheel", wheel_members), ("sdist", sdist_members)):
        with_plugin = members(getattr(ours, kind))
        without = members(getattr(plain, kind))
        assert getattr(ours, kind).name == getattr(plain, kind).name
        lost = sorted(set(without) - set(with_plugin))
        assert lost == [], f"{kind}: the plugin took away {lost}"
        changed = sorted(n for n in without if with_plugin[n] != without[n] and not NOT_COMPARED.search(n))
        assert changed == [], f"{kind}: the plugin rewrote {changed}"


# ------------------------------------------------------------------ the project's own copies


@pytest.fixture(scope="module")
def team_pulse(builder: Builder) -> dict[str, Build]:
    hook = builder.copy(WHOLE / "team-pulse", "team-pulse-hook")
    wrapped = builder.copy(WHOLE / "team-pulse", "team-pulse-wrapped")
    _as_wrapped(wrapped)
    return {"hook": builder.build(hook), "wrapper": builder.build(wrapped)}


@pytest.mark.parametrize("adapter", ["hook", "wrapper"])
def test_team_pulse_keeps_its_copy_and_gets_ours(
    builder: Builder, team_pulse: dict[str, Build], adapter: str
) -> None:
    build = team_pulse[adapter]
    assert build.ok, build.output
    manifest = (build.project / "SMART_TOOL.md").read_bytes()
    wheel = wheel_members(build.wheel)
    assert wheel["team_pulse/_packaged/SMART_TOOL.md"] == manifest  # the project's own copy
    assert wheel["team_pulse-0.1.0.dist-info/SMART_TOOL.md"] == manifest  # where the accessor looks
    assert (
        wheel["team_pulse/_packaged/retrieval-strategy.md"]
        == (build.project / "prompts/retrieval-strategy.md").read_bytes()
    )
    # the root manifest's install document, where its path reaches from the installed manifest
    assert (
        wheel["team_pulse-0.1.0.dist-info/docs/configuring.md"]
        == (build.project / "docs/configuring.md").read_bytes()
    )
    python = venv_with(builder, f"team-pulse-{adapter}")
    pip_install(builder, python, build.wheel)
    done = run_in_venv(builder, python, [script(python, "team-pulse-reports"), "manifest"])
    assert (done.returncode, done.stdout.strip()) == (0, "team-pulse 0.1.0"), done.stderr
    found = probe_accessor(builder, python, "team-pulse")
    assert (found["name"], found["version"]) == ("team-pulse", "0.1.0")
    assert found["read_from"].endswith("team_pulse-0.1.0.dist-info/SMART_TOOL.md")
    # the skill's relative paths resolve from the installed manifest: its install document
    skill = run_python(
        builder,
        python,
        "import smart_tool_build as s\n"
        "d = s.skill_directory('team-pulse')\n"
        "print(d.name, (d / 'docs/configuring.md').is_file())\n"
        "print(s.render_skill('team-pulse', resources=['docs/configuring.md']))\n",
    )
    assert skill.returncode == 0, skill.stderr
    assert skill.stdout.splitlines()[0] == "team_pulse-0.1.0.dist-info True"
    assert "<file>docs/configuring.md</file>" in skill.stdout


def test_shared_data_and_forced_copies_stay(builder: Builder) -> None:
    build = builder.build(builder.copy(WHOLE / "hatchling-shared-data"))
    assert build.ok, build.output
    manifest = (build.project / "src/acme_shared/SMART_TOOL.md").read_bytes()
    wheel = wheel_members(build.wheel)
    copies = sorted(n for n in wheel if n.endswith("SMART_TOOL.md"))
    assert copies == [
        "acme_shared-0.3.0.data/data/share/acme-shared/SMART_TOOL.md",
        "acme_shared/SMART_TOOL.md",
        "acme_shared/copies/SMART_TOOL.md",
    ]
    assert all(wheel[name] == manifest for name in copies)


@pytest.mark.parametrize("adapter", ["hook", "wrapper"])
def test_a_drifted_copy_fails_the_build(builder: Builder, adapter: str) -> None:
    project = builder.copy(WHOLE / "drifted-copy", f"drifted-copy-{adapter}")
    if adapter == "wrapper":
        _as_wrapped(project)
    build = builder.build(project, targets=("wheel",))
    assert_clean_failure(build, "artifact-manifest-copies-match")
    assert_line(
        build,
        "acme_drifted-0.3.0-py3-none-any.whl/acme_drifted/_packaged/SMART_TOOL.md",
        "artifact-manifest-copies-match",
    )


def test_a_drifted_copy_fails_the_setuptools_build(builder: Builder) -> None:
    """The same drift through the setuptools plugin: a data-files copy one release behind, kept
    by hand in a folder the source walk is told to skip. A copy of the tool's own manifest is
    not the exclude's to hide: the source check stops the build before setuptools runs."""
    project = builder.copy(WHOLE / "setuptools-data", "drifted-copy-plugin")
    manifest = (project / "src/acme_data/SMART_TOOL.md").read_text()
    assert "version: 0.3.0\n" in manifest
    (project / "packaging").mkdir()
    (project / "packaging/SMART_TOOL.md").write_text(manifest.replace("version: 0.3.0\n", "version: 0.2.0\n"))
    edit(project / "pyproject.toml", '["src/acme_data/SMART_TOOL.md"]', '["packaging/SMART_TOOL.md"]')
    with (project / "pyproject.toml").open("a") as pyproject:
        pyproject.write('\n[tool.smart-tool]\nexclude = ["packaging"]\n')
    build = builder.build(project, targets=("wheel",))
    assert_clean_failure(build, "manifest-single-per-root")
    assert_line(build, "packaging/SMART_TOOL.md", "manifest-single-per-root")


# ------------------------------------------------------------------ what the installed tool reads


@pytest.mark.parametrize(
    ("fixture", "member"),
    [
        ("hatchling-exclude", "acme_excluded/docs/installing-jq.md"),
        ("uv-build-docs", "acme_uv_docs/docs/installing-jq.md"),
        ("samplegood", "samplegood/docs/using-samplegood.md"),
    ],
)
def test_install_documents_reach_the_wheel(builder: Builder, fixture: str, member: str) -> None:
    build = builder.build(builder.copy(WHOLE / fixture))
    assert build.ok, build.output
    assert wheel_members(build.wheel)[member] == (build.project / "src" / member).read_bytes()


def test_samplegood_built_with_the_setuptools_plugin_passes_smoke(builder: Builder) -> None:
    build = builder.build(builder.copy(WHOLE / "samplegood"))
    assert build.ok, build.output
    done = smart_tool("smoke", build.wheel)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().splitlines()[-1].startswith("1 wheel checked: 0 errors, 0 warnings"), (
        done.stdout
    )
    assert "skill-resources-ship" not in done.stdout


# ------------------------------------------------------------------ one output path

LOUD = WHOLE / "hatchling-exclude"


def _loud(builder: Builder, adapter: str, *, drift: bool) -> Build:
    """acme-excluded with an ignored error (a missing install document) and, with ``drift``, a
    manifest one release ahead, built by one adapter."""
    project = builder.copy(LOUD, f"loud-{adapter}-{'drift' if drift else 'ignored'}")
    manifest = project / "src/acme_excluded/SMART_TOOL.md"
    edit(manifest, "install: docs/installing-jq.md", "install: docs/missing.md")
    if drift:
        edit(manifest, "version: 0.3.0", "version: 0.3.1")
    pyproject = project / "pyproject.toml"
    edit(
        pyproject,
        "[tool.hatch.build.hooks.smart-tool]",
        '[tool.smart-tool]\nignore = ["manifest-install-doc-missing"]\n',
    )
    if adapter == "hook":
        pyproject.write_text(pyproject.read_text() + "\n[tool.hatch.build.hooks.smart-tool]\n")
    elif adapter == "wrapper":
        edit(pyproject, 'build-backend = "hatchling.build"', 'build-backend = "smart_tool_build.backend"')
    else:
        edit(
            pyproject,
            'requires = ["hatchling", "smart-tool-build"]',
            'requires = ["setuptools>=61", "smart-tool-build"]',
        )
        edit(pyproject, 'build-backend = "hatchling.build"', 'build-backend = "setuptools.build_meta"')
        pyproject.write_text(pyproject.read_text() + '\n[tool.setuptools.packages.find]\nwhere = ["src"]\n')
    return builder.build(project)


def _our_lines(output: str) -> list[str]:
    """What a build printed of ours, in order, without the medium's frame (setuptools' ``error:``)
    and without the version's origin, which each backend resolves its own way."""
    lines = []
    for line in output.splitlines():
        line = line.removeprefix("error: ")
        if line.startswith("smart-tool: ") or re.match(r"\S+:\d+: [a-z-]+: ", line):
            line = re.sub(r" \((the version [^)]*|pyproject\.toml [^)]*)\)", " (VERSION ORIGIN)", line)
            lines.append(re.sub(r"' from [^(]+ \(", "' from VERSION ORIGIN (", line))
    return lines


@pytest.mark.parametrize("drift", [True, False], ids=["failing", "ignored-only"])
def test_every_adapter_says_the_same(builder: Builder, drift: bool) -> None:
    said = {adapter: _loud(builder, adapter, drift=drift) for adapter in ("hook", "plugin", "wrapper")}
    for build in said.values():
        assert build.ok is not drift, build.output
    failures = {
        a: [line for line in _our_lines(b.output) if not line.endswith(" verified")] for a, b in said.items()
    }
    if drift:
        assert failures["hook"] == failures["plugin"] == failures["wrapper"], failures
        lines = failures["hook"]
        assert lines[-1].startswith(
            "smart-tool: not building acme-excluded 0.3.0: fix the problems above ("
        ), lines
        assert "`smart-tool fix` fixes manifest-version-matches-package" in lines[-1]
        assert (
            "its entry is smart-tool-build's docs/codes.md#manifest-version-matches-package; "
            "`uvx smart-tool codes manifest-version-matches-package` explains it"
        ) in lines[-1]
        assert any(
            line.startswith("src/acme_excluded/SMART_TOOL.md:4: manifest-version-matches-package: ")
            for line in lines
        )
    ignored = (
        "smart-tool: ignored by [tool.smart-tool] ignore: "
        "src/acme_excluded/SMART_TOOL.md:13: manifest-install-doc-missing: "
    )
    for adapter, build in said.items():
        assert any(line.startswith(ignored) for line in _our_lines(build.output)), (adapter, build.output)
