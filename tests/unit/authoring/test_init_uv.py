"""`smart-tool init` for uv projects: the `[tool.uv] cache-keys` that make `uv sync` and
`uv pip install .` rebuild when smart-tool.json or the manifest change. uv rebuilds a local
project only when a cache key changes (by default pyproject.toml, setup.py and setup.cfg), and
setting the key replaces that list, so the lines keep what uv watched.

The real `uv pip install .` that rebuilds an edited manifest is in tests/e2e/test_init_builds.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

from smart_tool.authoring.edits import apply
from smart_tool.authoring.scaffold import build_setup, plan_init, uv_cache_keys
from support import run_cli

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.9/3.10
    import tomli as tomllib

UV_BUILD = '[build-system]\nrequires = ["uv_build>=0.8,<0.9"]\nbuild-backend = "uv_build"\n\n'
HATCHLING = '[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n\n'
PROJECT = """[project]
name = "acme-cog"
version = "0.1.0"
description = "Turns cogs."

[project.scripts]
acme-cog = "acme_cog:main"
"""
M = "src/acme_cog/SMART_TOOL.md"
DEFAULT = '{ file = "pyproject.toml" }, { file = "smart-tool.json" }, { file = "src/acme_cog/SMART_TOOL.md" }'


def project(tmp_path: Path, pyproject: str) -> Path:
    root = tmp_path / "cog"
    (root / "src/acme_cog").mkdir(parents=True)
    (root / "src/acme_cog/__init__.py").write_text("")
    (root / "pyproject.toml").write_text(pyproject)
    return root


def keys(tmp_path: Path, pyproject: str) -> tuple[tuple[str, ...], str]:
    root = project(tmp_path, pyproject)
    found = uv_cache_keys(tomllib.loads(pyproject), root, M)
    return found.lines, found.note


def test_a_uv_build_project_gets_the_table(tmp_path: Path) -> None:
    lines, note = keys(tmp_path, UV_BUILD + PROJECT)
    assert lines == ("[tool.uv]", f"cache-keys = [{DEFAULT}]")
    assert note.startswith(
        "uv rebuilds a local project only when a cache key changes (by default pyproject.toml"
    )
    assert note.endswith(", put these lines in pyproject.toml:")


def test_a_uv_lock_makes_a_hatchling_project_uv_s(tmp_path: Path) -> None:
    assert keys(tmp_path, HATCHLING + PROJECT)[0] == ()  # uv is nowhere: nothing to say
    root = project(tmp_path / "locked", HATCHLING + PROJECT)
    (root / "uv.lock").write_text("version = 1\n")
    assert uv_cache_keys(tomllib.loads(HATCHLING + PROJECT), root, M).lines[0] == "[tool.uv]"


def test_setup_files_uv_watched_are_kept(tmp_path: Path) -> None:
    root = project(tmp_path, UV_BUILD + PROJECT)
    (root / "setup.cfg").write_text("[metadata]\n")
    (line,) = uv_cache_keys(tomllib.loads(UV_BUILD + PROJECT), root, M).lines[1:]
    assert line == (
        'cache-keys = [{ file = "pyproject.toml" }, { file = "setup.cfg" }, { file = "smart-tool.json" }, '
        '{ file = "src/acme_cog/SMART_TOOL.md" }]'
    )


def test_a_tool_uv_table_gets_one_line(tmp_path: Path) -> None:
    lines, note = keys(tmp_path, UV_BUILD + PROJECT + "\n[tool.uv]\npackage = true\n")
    assert lines == (f"cache-keys = [{DEFAULT}]",)
    assert note.endswith("add this line to your [tool.uv] table (it replaces uv's list):")


def test_the_cache_keys_a_project_has_are_kept(tmp_path: Path) -> None:
    own = (
        '\n[tool.uv]\ncache-keys = [{ file = "pyproject.toml" }, { git = { commit = true, tags = true } }]\n'
    )
    lines, note = keys(tmp_path, UV_BUILD + PROJECT + own)
    assert lines == (
        'cache-keys = [{ file = "pyproject.toml" }, { git = { commit = true, tags = true } }, '
        '{ file = "smart-tool.json" }, { file = "src/acme_cog/SMART_TOOL.md" }]',
    )
    assert note.endswith("replace cache-keys in your [tool.uv] table with:")
    done = f'\n[tool.uv]\ncache-keys = [{{ file = "smart-tool.json" }}, {{ file = "{M}" }}]\n'
    assert keys(tmp_path / "done", UV_BUILD + PROJECT + done)[0] == ()


def test_the_wrapped_uv_build_is_uv_s_too(tmp_path: Path) -> None:
    wrapped = (
        '[build-system]\nrequires = ["smart-tool-build", "uv_build"]\n'
        'build-backend = "smart_tool_build.backend"\n\n'
    )
    lines, _ = keys(tmp_path, wrapped + PROJECT + '\n[tool.smart-tool]\nbackend = "uv_build"\n')
    assert lines == ("[tool.uv]", f"cache-keys = [{DEFAULT}]")


def test_init_prints_them_and_they_make_valid_toml_with_the_build_lines(tmp_path: Path) -> None:
    root = project(tmp_path, UV_BUILD + PROJECT)
    scaffold = plan_init(root, platform="linux")
    apply(scaffold.edits)
    assert scaffold.cache_keys.lines == ("[tool.uv]", f"cache-keys = [{DEFAULT}]")
    pyproject = (
        "\n".join(scaffold.setup.lines) + "\n\n" + "\n".join(scaffold.cache_keys.lines) + "\n\n" + PROJECT
    )
    document = tomllib.loads(pyproject)
    assert document["tool"]["uv"]["cache-keys"] == [
        {"file": "pyproject.toml"},
        {"file": "smart-tool.json"},
        {"file": M},
    ]
    assert build_setup(document).lines == ()  # and the build lines are in place


def test_the_command_prints_them(tmp_path: Path) -> None:
    project(tmp_path, UV_BUILD + PROJECT)
    done = run_cli("init", "cog", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert f"\n[tool.uv]\ncache-keys = [{DEFAULT}]\n" in done.stdout
    assert "smart-tool: uv rebuilds a local project only when a cache key changes" in done.stdout


def test_package_json_has_none(tmp_path: Path) -> None:
    root = tmp_path / "tool"
    root.mkdir()
    (root / "package.json").write_text('{"name": "log-triage", "version": "2.0.0", "bin": "cli.js"}')
    (root / "uv.lock").write_text("")
    assert plan_init(root).cache_keys.lines == ()
