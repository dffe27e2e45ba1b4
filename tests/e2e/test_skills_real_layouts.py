"""Library skills in the layouts of real libraries that ship them: the plugin only adds, and
library-skills finds every skill.

Each ``fixtures/skills/real-<name>`` project mirrors, cut down, how one real library lays out
its bundled skills and packages them (its backend, and the include, exclude and package-data
settings that decide what ships): the pdm-backend family (fastapi, typer, sqlmodel, asyncer)
through the wrapper, shiny and streamlit on setuptools, logfire, docling and guard-agent on
hatchling. Each is built twice, once with the plugin opted in as its backend needs (as the
fixture's pyproject.toml says) and once plain (the same project without it), and judged by
the principle: the build passes, the wheel carries every skill file where library-skills'
RECORD rule finds it, library-skills' own scanner finds each skill once with no warning, and
every member of the plain wheel is in the plugin's, byte for byte. (logfire-sdk and ado-core,
the two layouts that disagreed, are in test_skills_builds.py.)
"""

from __future__ import annotations

from typing import NamedTuple

import pytest
from buildkit import FIXTURES, Build, Builder, wheel_members
from test_skills_builds import Found, scan


class Layout(NamedTuple):
    #: the project's folder inside the fixture (streamlit's lives in lib/)
    project: str
    package: str
    distribution: str
    #: the skills the wheel ships, by folder name
    skills: tuple[str, ...]
    #: what the plugin's opt-in adds to pyproject.toml, each removed for the plain build
    opt_in: tuple[tuple[str, str], ...]


WRAPPER = (
    ('"smart-tool-build", ', ""),
    ('build-backend = "smart_tool_build.backend"', 'build-backend = "pdm.backend"'),
)
HATCHLING = ((', "smart-tool-build"', ""), ("\n[tool.hatch.build.hooks.smart-tool]\n", ""))
SETUPTOOLS = ((', "smart-tool-build"', ""),)

LAYOUTS = {
    "fastapi": Layout(".", "fastapi_lite", "fastapi-lite", ("fastapi-lite",), WRAPPER),
    "typer": Layout(".", "typer_lite", "typer-lite", ("typer-lite",), WRAPPER),
    "sqlmodel": Layout(".", "sqlmodel_lite", "sqlmodel-lite", ("sqlmodel-lite",), WRAPPER),
    "asyncer": Layout(".", "asyncer_lite", "asyncer-lite", ("asyncer-lite",), WRAPPER),
    "shiny": Layout(".", "shiny_lite", "shiny-lite", ("shiny-lite-for-python",), SETUPTOOLS),
    "streamlit": Layout(
        "lib", "streamlit_lite", "streamlit-lite", ("developing-with-streamlit-lite",), SETUPTOOLS
    ),
    "logfire": Layout(".", "logfire_lite", "logfire-lite", ("logfire-lite-instrumentation",), HATCHLING),
    "docling": Layout(".", "docling_lite", "docling-lite", ("docling-lite",), HATCHLING),
    "guard-agent": Layout(".", "guard_agent_lite", "guard-agent-lite", ("guard-agent-lite",), HATCHLING),
}

#: wheel members the plugin's build may write differently: RECORD lists what it added
REWRITTEN = (".dist-info/RECORD",)


class Pair(NamedTuple):
    plugin: Build
    plain: Build


_PAIRS: dict[str, Pair] = {}


def built(builder: Builder, key: str) -> Pair:
    """The layout built with the plugin and plain (each sdist, then the wheel from it), once."""
    if key not in _PAIRS:
        layout = LAYOUTS[key]
        source = FIXTURES / "skills" / f"real-{key}"
        plugin = builder.build(builder.copy(source, f"real-{key}") / layout.project)
        plain_root = builder.copy(source, f"real-{key}-plain") / layout.project
        pyproject = plain_root / "pyproject.toml"
        text = pyproject.read_text(encoding="utf-8")
        for opted, plain_text in layout.opt_in:
            assert opted in text, (key, opted)
            text = text.replace(opted, plain_text)
        assert "smart" not in text.split("[project]", 1)[0], text
        pyproject.write_text(text, encoding="utf-8")
        _PAIRS[key] = Pair(plugin, builder.build(plain_root))
    return _PAIRS[key]


def skill_files(build: Build, layout: Layout) -> list[str]:
    """Every file of the layout's shipped skills, relative to the project."""
    base = build.project / layout.package / ".agents" / "skills"
    return sorted(
        p.relative_to(build.project).as_posix()
        for name in layout.skills
        for p in (base / name).rglob("*")
        if p.is_file()
    )


@pytest.mark.parametrize("key", sorted(LAYOUTS))
def test_the_build_passes_and_the_wheel_records_every_skill_file(builder: Builder, key: str) -> None:
    layout, build = LAYOUTS[key], built(builder, key).plugin
    assert build.ok, build.output
    assert "Traceback" not in build.output, build.output
    assert f"smart-tool: {build.wheel.name} verified" in build.output, build.output  # the plugin ran
    members = wheel_members(build.wheel)
    [record] = [name for name in members if name.endswith(".dist-info/RECORD")]
    recorded = {line.split(",", 1)[0] for line in members[record].decode().splitlines()}
    files = skill_files(build, layout)
    assert [f for f in files if f.endswith("/SKILL.md")] == [
        f"{layout.package}/.agents/skills/{name}/SKILL.md" for name in layout.skills
    ], files
    for name in files:
        assert members.get(name) == (build.project / name).read_bytes(), name
        assert name in recorded, name
    skills_in_wheel = sorted({n.split("/")[3] for n in members if "/.agents/skills/" in n})
    assert skills_in_wheel == sorted(layout.skills), skills_in_wheel  # no root development skill


@pytest.mark.parametrize("key", sorted(LAYOUTS))
def test_library_skills_finds_each_skill_once_with_no_warning(builder: Builder, key: str) -> None:
    layout, build = LAYOUTS[key], built(builder, key).plugin
    assert build.ok, build.output
    found = scan(builder, build.wheel, f"real-{key}")
    assert found == Found(
        [(name, layout.distribution, f"{layout.package}/.agents/skills/{name}") for name in layout.skills], []
    )


@pytest.mark.parametrize("key", sorted(LAYOUTS))
def test_the_plugin_only_adds(builder: Builder, key: str) -> None:
    """Every member of the plain wheel is in the plugin's, byte for byte."""
    pair = built(builder, key)
    assert pair.plugin.ok and pair.plain.ok, pair.plugin.output + pair.plain.output
    plugin, plain = wheel_members(pair.plugin.wheel), wheel_members(pair.plain.wheel)
    for name, data in plain.items():
        if not name.endswith(REWRITTEN):
            assert plugin.get(name) == data, name
    assert set(plain) <= set(plugin), sorted(set(plain) - set(plugin))
    assert pair.plugin.wheel.name == pair.plain.wheel.name


def test_the_plain_layouts_that_lose_skills_are_the_ones_the_plugin_completes(builder: Builder) -> None:
    """streamlit's package-data never names .agents: plain setuptools ships no skill, and the
    plugin's wheel has them all, saying so; its maintainers' notes right in the skills folder
    (``AGENTS.md``, which no reader takes for a skill) are a warning, not a failure. The others
    ship their skills plain."""
    for key, layout in LAYOUTS.items():
        plain = wheel_members(built(builder, key).plain.wheel)
        shipped = any(f"{layout.package}/.agents/skills/" in name for name in plain)
        assert shipped == (key != "streamlit"), key
    note = (
        "smart-tool: streamlit_lite/.agents/skills/developing-with-streamlit-lite/: left out by package-data"
        " (its globs never match a hidden folder such as .agents); added to the wheel anyway"
    )
    output = built(builder, "streamlit").plugin.output
    assert note in output, output
    warning = "smart-tool: streamlit_lite/.agents/skills/AGENTS.md: skill-folder (warning): is a plain file"
    assert warning in output, output
