"""The two distributions, as the session's wheelhouse holds them (built from this checkout):
the build distribution carries no command-line code and does not pull the command line in;
a fresh environment with only ``smart-tool`` installed checks a tool; and ``smart-tool``
beside a ``smart-tool-build`` of another version says so in one line."""

from __future__ import annotations

import zipfile
from email.parser import HeaderParser
from pathlib import Path

import pytest
from buildkit import EXAMPLES, Builder

from smart_tool_build import __version__

pytestmark = pytest.mark.build

#: what only the command line needs: none of it may reach a build environment
COMMAND_LINE_ROOMS = ("cli/", "smoke/", "registry/", "authoring/")


def _wheel(builder: Builder, name: str) -> Path:
    (wheel,) = builder.wheelhouse.glob(f"{name}-{__version__}-*.whl")
    return wheel


def _metadata(wheel: Path) -> tuple[list[str], str]:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        info = next(n for n in names if n.endswith(".dist-info/METADATA"))
        return names, archive.read(info).decode()


def test_the_build_distribution_holds_no_command_line(builder: Builder) -> None:
    names, metadata = _metadata(_wheel(builder, "smart_tool_build"))
    assert [n for n in names if n.startswith("smart_tool/")] == []
    assert [
        n for n in names if n.startswith(tuple(f"smart_tool_build/{r}" for r in COMMAND_LINE_ROOMS))
    ] == []
    assert not [n for n in names if n.endswith("entry_points.txt") and "console_scripts" in n]
    requires = HeaderParser().parsestr(metadata).get_all("Requires-Dist") or []
    # an isolated build installs what the build distribution requires: never the command line
    assert [r for r in requires if r.split()[0].lower().startswith("smart-tool")] == []
    installed = [r for r in requires if "extra ==" not in r]  # skillmeta is an extra's
    assert sorted(r.split(";")[0].split(">")[0].split("=")[0].strip().lower() for r in installed) == [
        "packaging",
        "pyyaml",
        "tomli",
    ]


def test_the_command_line_pins_the_build_distribution_at_its_own_version(builder: Builder) -> None:
    names, metadata = _metadata(_wheel(builder, "smart_tool"))
    requires = HeaderParser().parsestr(metadata).get_all("Requires-Dist") or []
    assert f"smart-tool-build=={__version__}" in requires
    with zipfile.ZipFile(_wheel(builder, "smart_tool")) as archive:
        entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
        assert "smart-tool = smart_tool.cli:main" in archive.read(entry_points).decode()
    assert [n for n in names if n.startswith("smart_tool_build/")] == []


def test_a_fresh_environment_with_only_smart_tool_checks_a_tool(builder: Builder) -> None:
    python = builder.venv("only-smart-tool")
    done = builder.run([str(python), "-m", "pip", "install", "-q", "smart-tool"], builder.root)
    assert done.returncode == 0, done.stdout
    command = python.parent / "smart-tool"
    checked = builder.run([str(command), "check", str(EXAMPLES / "hatchling-tool")], builder.root)
    assert checked.returncode == 0, checked.stdout
    assert "0 errors" in checked.stdout or "checked" in checked.stdout, checked.stdout


def test_smart_tool_beside_another_smart_tool_build_says_so_in_one_line(
    builder: Builder, tmp_path: Path
) -> None:
    """An environment that holds smart-tool X and smart-tool-build Y (installed with
    ``--no-deps``, as an upgraded build requirement can leave it): one line, exit 2."""
    python = builder.venv("mismatched")
    other = tmp_path / "other"
    package = other / "src" / "smart_tool_build"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text('__version__ = "0.0.1"\n')
    (other / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n'
        '[project]\nname = "smart-tool-build"\nversion = "0.0.1"\n'
        '[tool.hatch.build.targets.wheel]\npackages = ["src/smart_tool_build"]\n'
    )
    for args in (["--no-deps", str(other)], ["--no-deps", "smart-tool"], ["uv"]):
        done = builder.run([str(python), "-m", "pip", "install", "-q", *args], builder.root)
        assert done.returncode == 0, done.stdout
    ran = builder.run(
        [str(python.parent / "smart-tool"), "check", str(EXAMPLES / "hatchling-tool")], builder.root
    )
    assert ran.returncode == 2, ran.stdout
    assert ran.stdout.splitlines() == [
        f"smart-tool: error: smart-tool {__version__} runs with smart-tool-build {__version__}, but "
        f"smart-tool-build 0.0.1 is installed beside it (fix: pip install 'smart-tool-build=={__version__}', "
        "or install smart-tool 0.0.1)"
    ]
