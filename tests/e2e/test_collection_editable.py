"""Collections installed editable (``pip install -e`` into a fresh venv from the wheelhouse).

A nested collection's resources live in its package folder, so they are reachable through the
installed package (``importlib.resources``, the package's ``__file__`` folder): with hatchling,
with setuptools' default (lenient) mode, which serves the source folder, and with its strict
mode, which serves a link tree built from build_py's output mapping, where the plugin maps the
collection's package data. A flat collection's resources are at the project root, outside any
package: no editable install can put them in site-packages, and the build output says so; so
does it when the package folder has no pyproject.toml of its own (a wheel gets the root's).
"""

from __future__ import annotations

import hashlib
import json
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from buildkit import FIXTURES, SETUPTOOLS, Builder, setuptools_at_least
from smartkit import run_in_venv, venv_env
from test_collection_builds import RESOURCE_FOLDERS, Source, discover, read_source

pytestmark = pytest.mark.build

COLLECTIONS = FIXTURES / "collections"
RESOURCE_NOTE = "smart-tool: editable install of a collection: the resource folders at the project root ("
EMBEDDED_NOTE = (
    "smart-tool: editable install of a collection: {package_dir}/ has no pyproject.toml of its own"
)


#: mode -> (fixture, extra pip arguments)
MODES: dict[str, tuple[str, tuple[str, ...]]] = {
    "setuptools-nested-lenient": ("valid-setuptools-nested", ("--config-settings", "editable_mode=lenient")),
    "setuptools-nested-strict": ("valid-setuptools-nested", ("--config-settings", "editable_mode=strict")),
    "setuptools-nested-no-copy": ("valid-nested", ()),  # no embedded pyproject.toml
    "setuptools-nested-no-copy-strict": ("valid-nested", ("--config-settings", "editable_mode=strict")),
    "hatchling-nested": ("valid-hatchling-nested", ()),
    "setuptools-flat": ("valid-flat", ()),
    "hatchling-flat": ("valid-hatchling-flat", ()),  # no embedded pyproject.toml
}


@dataclass
class Editable:
    mode: str
    source: Source
    python: Path
    output: str


@pytest.fixture(scope="module", params=sorted(MODES))
def editable(request: pytest.FixtureRequest, builder: Builder) -> Editable:
    mode = request.param
    if mode.startswith("setuptools") and not setuptools_at_least(64):
        pytest.skip(f"{SETUPTOOLS} has no PEP 660 editable installs")
    fixture, extra = MODES[mode]
    project = builder.copy(COLLECTIONS / fixture, f"collection-editable-{mode}")
    python = builder.venv(f"collection-editable-{mode}")
    args = [str(python), "-m", "pip", "install", "-v", "--find-links", str(builder.wheelhouse), *extra]
    done = subprocess.run(
        [*args, "-e", str(project)],
        cwd=python.parents[1],
        env=venv_env(builder),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout
    return Editable(mode, read_source(project), python, done.stdout)


PROBE = """
import hashlib, importlib, importlib.resources, json, os, sys
package, wanted = sys.argv[1], json.loads(sys.argv[2])
module = importlib.import_module(package)
files = importlib.resources.files(package)
def digest(relative):
    try:
        return hashlib.sha256(files.joinpath(relative).read_bytes()).hexdigest()
    except OSError:
        return None
print(json.dumps({
    "folder": os.path.dirname(module.__file__),
    "read": {relative: digest(relative) for relative in wanted},
}))
"""


def probe_in(builder: Builder, editable: Editable, wanted: list[str]) -> dict[str, object]:
    done = run_in_venv(
        builder,
        editable.python,
        [str(editable.python), "-c", PROBE, editable.source.package, json.dumps(wanted)],
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# One test per install, in steps: with pytest-xdist, tests that share a module fixture can land
# on both workers, and each would install the case again.


def test_collection_editable_install(editable: Editable, builder: Builder) -> None:
    source = editable.source
    assert "Traceback" not in editable.output
    assert f"smart-tool: building {source.name} {source.version} as a collection" in editable.output
    if source.nested:
        assert_nested_resources_are_reachable_through_the_package(editable, builder)
    assert_metadata_copy_is_reachable_where_the_source_has_one(editable, builder)
    assert_notes_say_what_an_editable_install_cannot_reach(editable)


def assert_nested_resources_are_reachable_through_the_package(editable: Editable, builder: Builder) -> None:
    source = editable.source
    resources = source.resources()
    found = probe_in(builder, editable, sorted(resources))
    folder = Path(str(found["folder"]))
    read = found["read"]
    assert isinstance(read, dict)
    assert {rel: read[rel] for rel in resources} == {rel: sha(path) for rel, path in resources.items()}
    # the spec's discovery, run on the folder the installed package is imported from
    assert discover(folder) == discover(source.base)
    assert discover(folder) and all(discover(folder).values())


def assert_metadata_copy_is_reachable_where_the_source_has_one(editable: Editable, builder: Builder) -> None:
    source = editable.source
    read = probe_in(builder, editable, ["pyproject.toml", "__init__.py"])["read"]
    assert isinstance(read, dict)
    assert read["__init__.py"] == sha(source.package_dir / "__init__.py")
    embedded = source.package_dir / "pyproject.toml"
    if embedded.is_file():
        assert read["pyproject.toml"] == sha(embedded)
    elif editable.mode.endswith("strict"):  # the link tree carries the root's, as a wheel does
        assert read["pyproject.toml"] == sha(source.root / "pyproject.toml")
    else:  # the source folder has none: the note says so
        assert read["pyproject.toml"] is None


def assert_notes_say_what_an_editable_install_cannot_reach(editable: Editable) -> None:
    source, output = editable.source, editable.output
    folders = sorted(f for f in RESOURCE_FOLDERS if (source.root / f).is_dir())
    if source.nested:
        assert RESOURCE_NOTE not in output
    else:
        assert f"{RESOURCE_NOTE}{', '.join(folders)}) stay in the source tree" in output, output
    package_dir = source.package_dir.relative_to(source.root).as_posix()
    note = EMBEDDED_NOTE.format(package_dir=package_dir)
    if (source.package_dir / "pyproject.toml").is_file():
        assert note not in output
    else:
        assert note in output, output
