"""The seven public smart tools that build with uv_build, switched to the wrapping backend.

Each tool of the corpus is copied as it is published (pyproject.toml, descriptor, manifest,
install documents), with two changes: ``[build-system]`` names the wrapper over uv_build, and
stubs stand in for what the corpus does not keep (the package's ``__init__.py``, the console
scripts' modules, a readme it names). Built for real with ``python -m build``, each gets the
verdict ``tests/unit/rules/test_corpus.py`` decides from the spec: the valid ones build and carry their
manifest; the drifted one (audio: manifest 0.11.0, package 0.11.1) is refused before
uv_build runs.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest
from buildkit import Builder, assert_clean_failure, zip_names

from support import CORPUS
from unit.rules.test_corpus import VERDICTS

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.9/3.10
    import tomli as tomllib

REAL_WORLD = CORPUS / "real-world"
pytestmark = [
    pytest.mark.build,
    pytest.mark.skipif(
        not REAL_WORLD.is_dir(), reason=f"the shared corpus is not checked out at {REAL_WORLD}"
    ),
]

UV_BUILD_TOOLS = sorted(
    folder.name
    for folder in (REAL_WORLD.iterdir() if REAL_WORLD.is_dir() else ())
    if 'build-backend = "uv_build"' in (folder / "pyproject.toml").read_text(encoding="utf-8")
)
BUILD_SYSTEM = re.compile(r"^\[build-system\]\n(?:(?!\[).*\n)*", re.MULTILINE)
WRAPPED = (
    '[build-system]\nrequires = ["smart-tool-build", "uv_build"]\n'
    'build-backend = "smart_tool_build.backend"\n\n'
)


def switched(builder: Builder, name: str) -> tuple[Path, dict[str, object]]:
    project = builder.root / f"corpus-{name}"
    shutil.copytree(REAL_WORLD / name, project, ignore=shutil.ignore_patterns("SOURCE.json"))
    text = (project / "pyproject.toml").read_text(encoding="utf-8")
    (project / "pyproject.toml").write_text(BUILD_SYSTEM.sub(WRAPPED, text, count=1), encoding="utf-8")
    data = tomllib.loads(text)
    module = data["tool"]["uv"]["build-backend"]["module-name"]
    package = project / "src" / module
    (package / "__init__.py").write_text('"""A stub of the published package."""\n')
    for named in (data["project"].get("readme"), data["project"].get("license")):
        file = named.get("file") if isinstance(named, dict) else named if isinstance(named, str) else None
        if file and not (project / file).exists():  # the corpus keeps no readme or license
            (project / file).write_text("A stub of the published file.\n")
    for target in data["project"].get("scripts", {}).values():
        path, _, function = target.partition(":")
        source = project / "src" / (path.replace(".", "/") + ".py")
        source.write_text(f"def {function}() -> None:\n    pass\n")
    return project, data


def test_the_corpus_has_seven_uv_build_tools() -> None:
    assert len(UV_BUILD_TOOLS) == 7, UV_BUILD_TOOLS


@pytest.mark.parametrize("name", UV_BUILD_TOOLS)
def test_each_gets_its_verdict_through_the_wrapper(builder: Builder, name: str) -> None:
    codes, _ = VERDICTS[name]
    project, data = switched(builder, name)
    build = builder.build(project)
    if codes:
        assert_clean_failure(build, *codes)
        assert "smart-tool: not building" in build.output
        return
    assert build.ok, build.output
    module = data["tool"]["uv"]["build-backend"]["module-name"]  # type: ignore[index]
    names = zip_names(build.wheel)
    assert f"{module}/SMART_TOOL.md" in names
    assert [n for n in names if n.endswith(".dist-info/smart-tool.json")], names
    assert f"smart-tool: {build.wheel.name} verified" in build.output
