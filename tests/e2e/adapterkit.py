"""The three adapter families as one table, and their builds made once per session.

The hatchling hook, the setuptools plugin and the wrapping backend keep one contract (both
archives carry the manifest and the descriptor, byte for byte; a problem fails the build on
one ``path:line: code: message`` line and leaves nothing behind). ``test_adapter_contract.py``
states it once over this table; the backend-specific files read the same session builds.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from buildkit import EXAMPLES, FIXTURES, Build, Builder, edit, setuptools_at_least
from smartkit import shared_build

WRAPPER = FIXTURES / "wrapper"
#: the backends the wrapper wraps, each a fixture under fixtures/wrapper/
WRAPPED_FAMILIES = ("uv-build", "flit-core", "pdm-backend", "poetry-core", "hatchling", "setuptools")


class Tool(NamedTuple):
    """A fixture project, and where its files are and land."""

    source: Path
    name: str
    version: str
    manifest_source: str
    wheel_manifest: str
    dist_info: str
    sdist_also: tuple[str, ...] = ()


def _wrapped(family: str) -> Tool:
    package = family.replace("-", "_") + "_tool"
    return Tool(
        WRAPPER / family,
        f"{family}-tool",
        "0.4.0",
        f"src/{package}/SMART_TOOL.md",
        f"{package}/SMART_TOOL.md",
        f"{package}-0.4.0.dist-info",
        ("docs/installing-jq.md",),
    )


#: the tool each adapter builds in the contract's tests: the shipped examples, the setuptools
#: flat layout (the plugin's failing builds break it) and each of the wrapper's fixtures
TOOLS: dict[str, Tool] = {
    "hatchling-hook": Tool(
        EXAMPLES / "hatchling-tool",
        "acme-widget",
        "0.1.0",
        "src/acme_widget/SMART_TOOL.md",
        "acme_widget/SMART_TOOL.md",
        "acme_widget-0.1.0.dist-info",
        ("docs/installing-graphviz.md",),
    ),
    "setuptools-plugin": Tool(
        EXAMPLES / "setuptools-tool",
        "acme-sprocket",
        "0.3.0",
        "src/acme_sprocket/SMART_TOOL.md",
        "acme_sprocket/SMART_TOOL.md",
        "acme_sprocket-0.3.0.dist-info",
        ("docs/installing-inkscape.md",),
    ),
    "setuptools-flat": Tool(
        FIXTURES / "setuptools" / "flat-tool",
        "acme-flat",
        "1.4.0",
        "acme_flat/SMART_TOOL.md",
        "acme_flat/SMART_TOOL.md",
        "acme_flat-1.4.0.dist-info",
        ("docs/installing-jq.md",),
    ),
    **{f"wrapper-{family}": _wrapped(family) for family in WRAPPED_FAMILIES},
}


def copy_tool(builder: Builder, key: str, name: str) -> Path:
    """A copy of ``key``'s project. The wrapper's setuptools fixture asks for setuptools>=64
    (for its editable install); on an older setuptools under test, the copy asks for what is there."""
    project = builder.copy(TOOLS[key].source, name)
    if key == "wrapper-setuptools" and not setuptools_at_least(64):
        edit(project / "pyproject.toml", '"setuptools>=64"', '"setuptools>=61"')
    return project


_BUILDS: dict[str, Build] = {}


def built(builder: Builder, key: str) -> Build:
    """``key``'s tool built once per session with ``python -m build`` (the sdist, then the
    wheel from the unpacked sdist), isolated: every test of it reads this one build, and so
    do the other files' tests of the same project (smartkit's ``shared_build``)."""
    if key == "wrapper-setuptools" and not setuptools_at_least(64):
        if key not in _BUILDS:
            _BUILDS[key] = builder.build(copy_tool(builder, key, f"contract-{key}"))
        return _BUILDS[key]
    return shared_build(builder, TOOLS[key].source)


def build_no_isolation(builder: Builder, python: Path, project: Path, targets: tuple[str, ...] = ()) -> Build:
    """``python -m build --no-isolation`` with the venv's python (the builder's uses its own)."""
    out_dir = project.parent / f"{project.name}-dist"
    out_dir.mkdir()
    args = [str(python), "-m", "build", "--no-isolation", "-o", str(out_dir), *[f"--{t}" for t in targets]]
    done = builder.run([*args, str(project)], cwd=project)
    return Build(done.returncode, done.stdout, out_dir, project)
