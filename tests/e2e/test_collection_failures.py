"""Collections on real builds that must fail: the code, no traceback, no artifact left.

Each case is a copy of a fixture from fixtures/collections/ (their unit-level verdicts are in
tests/unit/rules/test_collection.py), built with ``python -m build`` (isolated: the backend and this
plugin from the session's wheelhouse), with setuptools as the fixture is and with hatchling
after :func:`as_hatchling`. Then: wheels that lose a resource *after* the plugin put it in, so
that only the check of the finished wheel can see it, are removed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from buildkit import FIXTURES, Build, Builder, assert_clean_failure

pytestmark = pytest.mark.build

COLLECTIONS = FIXTURES / "collections"
SETUPTOOLS_SYSTEM = (
    'requires = ["setuptools>=61.0", "smart-tool-build"]\nbuild-backend = "setuptools.build_meta"\n'
)
HATCHLING_SYSTEM = 'requires = ["hatchling", "smart-tool-build"]\nbuild-backend = "hatchling.build"\n'


def as_hatchling(project: Path) -> None:
    """The same collection built by hatchling: its backend, and the hook's table to opt in."""
    pyproject = project / "pyproject.toml"
    text = pyproject.read_text()
    if SETUPTOOLS_SYSTEM in text:
        text = text.replace(SETUPTOOLS_SYSTEM, HATCHLING_SYSTEM, 1)
    else:  # already hatchling, without the plugin
        text = text.replace('requires = ["hatchling"]', 'requires = ["hatchling", "smart-tool-build"]', 1)
    assert HATCHLING_SYSTEM in text, text
    pyproject.write_text(text + "\n[tool.hatch.build.hooks.smart-tool]\n")


def error_codes(output: str) -> set[str]:
    """The codes of the error lines (``[error: ]path[:line]: code: message``), not warnings'."""
    found = re.findall(r"(?m)^(?:error: )?\S+?: ([a-z][a-z0-9]*(?:-[a-z0-9]+)+): ", output)
    return set(found) - {"smart-tool"}


def assert_error_line(build: Build, path: str, code: str) -> None:
    """Shown the documented way, ``path:line: code: message`` on one line (setuptools puts
    ``error: `` before it)."""
    pattern = rf"(?m)^(?:error: )?{re.escape(path)}(:\d+)?: {re.escape(code)}: \S"
    assert re.search(pattern, build.output), f"no `{path}: {code}:` line in:\n{build.output}"


#: case -> (fixture, the code, the path its line names)
FAILURES: dict[str, tuple[str, str, str]] = {
    # the embedded copy says version 0.9.0, the root 1.0.0
    "embedded-drift": ("collection-embedded-drift", "collection-embedded-drift", "tiny_kit/pyproject.toml"),
    # __version__ = "0.9.0" in the package, 1.0.0 in [project]
    "version-attr": ("collection-version-attr", "collection-version-attr", "tiny_kit/__init__.py"),
    # scenario-tools/drifty: its SMART_TOOL.md says one version, its own pyproject.toml another
    "scenario-tool-manifest-drift": (
        "nested-smart-tool--version-drift",
        "manifest-version-matches-package",
        "scenario-tools/drifty/src/drifty/SMART_TOOL.md",
    ),
    # shape errors
    "metadata": ("collection-metadata", "collection-metadata", "pyproject.toml"),  # version "1.0"
    "package": ("collection-package", "collection-package", "pyproject.toml"),  # kit/, not tiny_kit/
    "profile": ("collection-profile", "collection-profile", "profiles/broken.md"),
    "agent-no-frontmatter": ("collection-agent--no-frontmatter", "collection-agent", "agents/prose.md"),
    "scenario-tool": ("collection-scenario-tool", "collection-scenario-tool", "scenario-tools/no-pyproject"),
    "module": ("collection-module", "collection-module", "modules/hooks-x"),
    "requires": ("collection-requires", "collection-requires", "pyproject.toml"),
    "table": ("collection-table", "collection-table", "pyproject.toml"),
    # hatchling's packages = ["."]: no package folder, wheel members would start with ./
    "package-root-init": ("collection-package--root-init", "collection-package", "pyproject.toml"),
}
#: every drift case on both backends; the shape errors split between them
BACKENDS: dict[str, tuple[str, ...]] = {
    "embedded-drift": ("setuptools", "hatchling"),
    "version-attr": ("setuptools", "hatchling"),
    "scenario-tool-manifest-drift": ("setuptools", "hatchling"),
    "metadata": ("setuptools",),
    "package": ("setuptools",),
    "scenario-tool": ("setuptools",),
    "requires": ("setuptools",),
    # (setuptools refuses these three itself: its flat-layout discovery finds profiles/, agents/
    # or modules/ as a second top-level package when [tool.setuptools] names none)
    "profile": ("hatchling",),
    "agent-no-frontmatter": ("hatchling",),
    "module": ("hatchling",),
    "table": ("hatchling",),
    "package-root-init": ("hatchling",),
}
PARAMS = [
    pytest.param(case, backend, id=f"{backend}-{case}") for case in FAILURES for backend in BACKENDS[case]
]


@pytest.mark.parametrize(("case", "backend"), PARAMS)
def test_collection_problem_fails_the_build(builder: Builder, case: str, backend: str) -> None:
    fixture, code, path = FAILURES[case]
    project = builder.copy(COLLECTIONS / fixture, f"collection-fails-{backend}-{case}")
    if backend == "hatchling":
        as_hatchling(project)
    else:
        assert SETUPTOOLS_SYSTEM in (project / "pyproject.toml").read_text()
    build = builder.build(project)
    assert_clean_failure(build, code)
    assert error_codes(build.output) == {code}, build.output
    assert_error_line(build, path, code)
    assert "smart-tool: not building" in build.output


# --- a wheel that loses a resource after the plugin's copy ----------------------------------

DROP_HOOK = '''"""A second build hook, run after smart-tool's: it takes a resource back out of the wheel."""

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class DropAResource(BuildHookInterface):
    def initialize(self, version, build_data):
        if self.target_name != "wheel":
            return
        forced = build_data["force_include"]
        for source in [s for s, member in forced.items() if member == "agents/writer.md"]:
            del forced[source]
'''

DROP_COMMAND = '''"""A user's install_lib: it runs after build_py (and the plugin's copy) and
deletes a resource from the tree bdist_wheel packs."""

import os

from setuptools import setup
from setuptools.command.install_lib import install_lib


class drop_a_resource(install_lib):
    def run(self):
        super().run()
        os.remove(os.path.join(self.install_dir, "agents", "helper.md"))


setup(cmdclass={"install_lib": drop_a_resource})
'''


def test_hatchling_wheel_losing_a_resource_is_removed(builder: Builder) -> None:
    project = builder.copy(COLLECTIONS / "valid-hatchling-flat", "collection-drop-hatchling")
    # hooks run in the order of their tables: smart-tool's is already there, this one follows
    (project / "pyproject.toml").write_text(
        (project / "pyproject.toml").read_text() + "\n[tool.hatch.build.hooks.custom]\n"
    )
    (project / "hatch_build.py").write_text(DROP_HOOK)
    build = builder.build(project, targets=("wheel",))
    assert_clean_failure(build, "artifact-contents")
    wheel = "broad_kit-0.7.0-py2.py3-none-any.whl"
    assert_error_line(build, f"{wheel}/agents/writer.md", "artifact-contents")
    assert error_codes(build.output) == {"artifact-contents"}
    assert f"smart-tool: removed {wheel}: it failed the smart-tool checks" in build.output


def test_setuptools_wheel_losing_a_resource_is_removed(builder: Builder) -> None:
    project = builder.copy(COLLECTIONS / "valid-flat", "collection-drop-setuptools")
    (project / "setup.py").write_text(DROP_COMMAND)
    build = builder.build(project, targets=("wheel",))
    assert_clean_failure(build, "artifact-contents")
    wheel = "flat_kit-1.2.0-py3-none-any.whl"
    assert "smart-tool: files the wheel must carry placed in" in build.output  # the copy happened
    assert_error_line(build, f"{wheel}/agents/helper.md", "artifact-contents")
    assert error_codes(build.output) == {"artifact-contents"}
    assert f"smart-tool: removed {wheel}: it failed the smart-tool checks" in build.output


@pytest.mark.parametrize("backend", ["setuptools", "hatchling"])
def test_the_controls_build(builder: Builder, backend: str) -> None:
    """The same projects without the step that drops the resource build and pass."""
    fixture = {"setuptools": "valid-flat", "hatchling": "valid-hatchling-flat"}[backend]
    project = builder.copy(COLLECTIONS / fixture, f"collection-drop-control-{backend}")
    if backend == "hatchling":
        text = (project / "pyproject.toml").read_text() + "\n[tool.hatch.build.hooks.custom]\n"
        (project / "pyproject.toml").write_text(text)
        (project / "hatch_build.py").write_text(DROP_HOOK.replace('"agents/writer.md"', '"no/such/member"'))
    else:
        (project / "setup.py").write_text(DROP_COMMAND.replace("os.remove(", "print("))
    build = builder.build(project, targets=("wheel",))
    assert build.ok, build.output
