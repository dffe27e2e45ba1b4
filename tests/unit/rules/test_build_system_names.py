"""build-system-names-plugin: a tool whose [build-system] asks for no smart-tool-build is
told, by `check` and the pre-commit hook (not by a build, which is running the checks), the
very lines `smart-tool init` prints for its backend.

The fixture root (fixtures/roots/build-system-names-plugin) is in tests/unit/diagnostics/test_codes.py.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
import yaml

from smart_tool_build.rules.build_lines import build_setup
from smart_tool_build.rules.build_system import plugin_named_rule
from smart_tool_build.rules.root import check_root
from support import REPO, ROOTS, run_cli

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.9/3.10
    import tomli as tomllib


LISTED = 'list smart-tool-build in [build-system].requires as the README\'s "Getting smart-tool-build" shows'


@pytest.mark.parametrize(
    ("build_system", "hint"),
    [
        pytest.param(
            'requires = ["hatchling>=1.18"]\nbuild-backend = "hatchling.build"\n',
            'list smart-tool-build in [build-system].requires as the README\'s "Getting smart-tool-build" '
            "shows, and add the empty table [tool.hatch.build.hooks.smart-tool]",
            id="hatchling",
        ),
        pytest.param(
            'requires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n',
            LISTED,
            id="setuptools",
        ),
        pytest.param(
            'requires = ["uv_build>=0.8,<0.9"]\nbuild-backend = "uv_build"\n',
            'set build-backend = "smart_tool_build.backend", keep uv-build in requires and list '
            'smart-tool-build in [build-system].requires as the README\'s "Getting smart-tool-build" shows: '
            "the wrapper builds with uv_build and checks the tool",
            id="uv_build",
        ),
        pytest.param(
            'requires = ["flit_core>=3.4"]\nbuild-backend = "flit_core.buildapi"\n',
            'set build-backend = "smart_tool_build.backend", keep flit-core in requires and list '
            'smart-tool-build in [build-system].requires as the README\'s "Getting smart-tool-build" shows: '
            "the wrapper builds with flit_core and checks the tool",
            id="flit_core",
        ),
        pytest.param(
            'requires = ["setuptools"]\n',  # PEP 517's fallback
            LISTED,
            id="no-build-backend",
        ),
    ],
)
def test_the_hint_is_one_sentence_of_lines_as_pasted(build_system: str, hint: str) -> None:
    """One sentence; each TOML line as the user pastes it, none flattened onto another with
    "; "; and never the bare name, which resolves only once smart-tool-build is released."""
    text = "[build-system]\n" + build_system
    document = tomllib.loads(text)
    (finding,) = plugin_named_rule(document, text, "pyproject.toml")
    assert build_setup(document).lines, "init prints lines for every known backend"
    assert (finding.code, finding.path, finding.line) == ("build-system-names-plugin", "pyproject.toml", 2)
    assert finding.hint == hint
    assert "; " not in finding.hint and ". " not in finding.hint and "(" not in finding.hint
    assert '"smart-tool-build"' not in finding.hint
    assert finding.message.startswith("[build-system] names neither smart-tool-build nor its wrapper backend")


def test_an_unknown_backend_is_told_what_init_tells_it() -> None:
    text = '[build-system]\nrequires = ["enscons"]\nbuild-backend = "enscons.api"\n'
    (finding,) = plugin_named_rule(tomllib.loads(text), text, "pyproject.toml")
    assert finding.hint == build_setup(tomllib.loads(text)).note
    assert "'enscons.api'" in finding.hint


@pytest.mark.parametrize(
    "text",
    [
        pytest.param('[build-system]\nrequires = ["hatchling", "smart-tool-build"]\n', id="names-us"),
        pytest.param('[build-system]\nrequires = ["Smart_Tool.Build>=0.1"]\n', id="names-us-unnormalised"),
        pytest.param(
            '[build-system]\nrequires = ["uv_build"]\nbuild-backend = "smart_tool_build.backend"\n',
            id="wrapper-without-us",  # build-system-opt-in's to say
        ),
        pytest.param('[project]\nname = "x"\n', id="no-build-system"),
    ],
)
def test_not_said(text: str) -> None:
    assert plugin_named_rule(tomllib.loads(text), text, "pyproject.toml") == []


def test_a_build_does_not_say_it_and_a_root_without_descriptor_is_not_told(tmp_path: Path) -> None:
    root = ROOTS / "build-system-names-plugin"
    assert [d.code for d in check_root(root).diagnostics] == ["build-system-names-plugin"]
    assert check_root(root, building=True).diagnostics == []
    bare = shutil.copytree(root, tmp_path / "bare")
    (bare / "smart-tool.json").unlink()
    assert [d.code for d in check_root(bare).diagnostics] == ["descriptor-present"]


def test_the_pre_commit_hook_warns(tmp_path: Path) -> None:
    (hook,) = [
        h
        for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
        if h["id"] == "smart-tool-check"
    ]
    tree = tmp_path / "repo"
    shutil.copytree(ROOTS / "build-system-names-plugin", tree / "tools" / "demo")
    done = run_cli(*hook["entry"].split()[1:], *hook["args"], cwd=tree)
    assert done.returncode == 0, done.stdout  # a warning: the commit goes through
    assert done.stdout.splitlines()[0].startswith(
        "tools/demo/pyproject.toml:2: build-system-names-plugin (warning): "
    )
