"""Collections on real builds (issue 5): every resource in wheel and sdist, with both backends,
and where the collection spec's discovery looks once the wheel is installed.

Four build-ready fixtures, none with a MANIFEST.in or package-data of its own:

- ``valid-flat`` (setuptools) and ``valid-hatchling-flat``: resource folders at the root, which
  must land at the wheel's top level;
- ``valid-setuptools-nested`` and ``valid-hatchling-nested`` (src layout): resource folders
  inside the package, which must land under ``<package>/``.

Each is built as it is and with hostile settings written over it (a MANIFEST.in that prunes
every resource folder and excludes their file types, ``exclude-package-data``; hatchling's
``exclude``, ``only-include`` and a ``.gitignore``), isolated (``python -m build``: the sdist,
then the wheel from the sdist) and once per backend without isolation. What each artifact must
hold is worked out here from the source tree alone, not from the plugin's plan. Each wheel is
then installed the way the collections spec installs one (``pip install --target``), and the
spec's discovery algorithm is run on the installed tree and on the source.
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest
from buildkit import FIXTURES, SETUPTOOLS, Build, Builder, edit, pip_download

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.9/3.10
    import tomli as tomllib

pytestmark = pytest.mark.build

COLLECTIONS = FIXTURES / "collections"
#: the folders of the spec's installed layout, in its order
RESOURCE_FOLDERS = ("profiles", "agents", "context", "scenario-tools", "modules", "templates", "docs")
_JUNK = ("__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache")


# --- the source's view: what the artifacts must hold ------------------------------------


@dataclass(frozen=True)
class Source:
    """A collection's source tree, read independently of the code under test."""

    root: Path
    name: str
    version: str
    package: str  # the import name: [project] name with hyphens as underscores
    package_dir: Path  # <root>/<package> or <root>/src/<package>
    nested: bool  # resource folders inside the package (else at the root)

    @property
    def base(self) -> Path:
        """The folder holding the resource folders."""
        return self.package_dir if self.nested else self.root

    @property
    def prefix(self) -> str:
        """Where the resource folders go in the wheel and the installed tree."""
        return f"{self.package}/" if self.nested else ""

    @property
    def embedded(self) -> Path:
        """The pyproject.toml the wheel must carry as ``<package>/pyproject.toml``."""
        own = self.package_dir / "pyproject.toml"
        return own if own.is_file() else self.root / "pyproject.toml"

    def resources(self) -> dict[str, Path]:
        """Every resource file, by its path below :attr:`base` (``context/deep/notes.md``)."""
        found: dict[str, Path] = {}
        for folder in RESOURCE_FOLDERS:
            for path in sorted((self.base / folder).rglob("*")):
                relative = path.relative_to(self.base)
                if path.is_file() and not path.name.endswith(".pyc") and not set(relative.parts) & set(_JUNK):
                    found[relative.as_posix()] = path
        return found

    def wheel_members(self) -> dict[str, bytes]:
        """Every member the wheel must carry outside its .dist-info, with its bytes."""
        expected = {self.prefix + rel: path.read_bytes() for rel, path in self.resources().items()}
        expected[f"{self.package}/pyproject.toml"] = self.embedded.read_bytes()
        expected[f"{self.package}/__init__.py"] = (self.package_dir / "__init__.py").read_bytes()
        return expected

    def sdist_members(self) -> dict[str, bytes]:
        """Every file the sdist must carry (relative to its top folder), with its bytes."""
        files = [path for path in self.resources().values()]
        files += [p for p in self.package_dir.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
        files.append(self.root / "pyproject.toml")
        return {p.relative_to(self.root).as_posix(): p.read_bytes() for p in files}

    def scenario_tools(self) -> list[str]:
        """Each scenario tool that is a smart tool: its smart-tool.json and SMART_TOOL.md."""
        found = []
        for descriptor in sorted((self.base / "scenario-tools").glob("*/smart-tool.json")):
            found.append(descriptor.relative_to(self.base).as_posix())
            manifest = descriptor.parent.rglob("SMART_TOOL.md")
            found += [m.relative_to(self.base).as_posix() for m in manifest]
        return found


def read_source(root: Path) -> Source:
    project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    package = project["name"].replace("-", "_")
    package_dir = root / package if (root / package).is_dir() else root / "src" / package
    nested = any((package_dir / folder).is_dir() for folder in RESOURCE_FOLDERS)
    flat = any((root / folder).is_dir() for folder in RESOURCE_FOLDERS)
    assert nested != flat, "a fixture here uses one layout"
    return Source(root, project["name"], project["version"], package, package_dir, nested)


def discover(base: Path) -> dict[str, list[str]]:
    """The collections spec's discovery algorithm, run on ``base`` (a source or installed tree)."""
    found: dict[str, list[str]] = {}
    if (base / "profiles").is_dir():
        found["profiles"] = sorted(p.name for p in (base / "profiles").glob("*.md"))
    if (base / "agents").is_dir():
        found["agents"] = sorted(p.name for p in (base / "agents").glob("*.md"))
    if (base / "context").is_dir():
        found["context"] = sorted(
            p.relative_to(base / "context").as_posix() for p in (base / "context").glob("**/*.md")
        )
    if (base / "scenario-tools").is_dir():
        tools = [d for d in (base / "scenario-tools").glob("*/") if d.is_dir()]
        found["scenario-tools"] = sorted(d.name for d in tools if (d / "pyproject.toml").is_file())
    if (base / "modules").is_dir():
        modules = [d for d in (base / "modules").glob("*/") if d.is_dir()]
        found["modules"] = sorted(
            d.name for d in modules if (d / "__init__.py").is_file() or (d / "pyproject.toml").is_file()
        )
    return found


# --- reading artifacts ---------------------------------------------------------------------


def zip_names(path: Path) -> list[str]:
    """Every member name of a wheel, duplicates included (a dict would hide them)."""
    with zipfile.ZipFile(path) as archive:
        return [name for name in archive.namelist() if not name.endswith("/")]


def zip_contents(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist() if not name.endswith("/")}


def tar_contents(path: Path) -> tuple[list[str], dict[str, bytes]]:
    """The raw member names, and the files by their path below the sdist's top folder."""
    names: list[str] = []
    files: dict[str, bytes] = {}
    with tarfile.open(path) as archive:
        for member in archive.getmembers():
            names.append(member.name)
            if member.isfile():
                handle = archive.extractfile(member)
                assert handle is not None
                files[member.name.split("/", 1)[1]] = handle.read()
    return names, files


def outside_dist_info(names: list[str]) -> list[str]:
    return [n for n in names if not n.split("/", 1)[0].endswith(".dist-info")]


# --- hostile settings ------------------------------------------------------------------------


def keep_embedded_in_step(project: Path) -> None:
    """After editing the root pyproject.toml, copy it over the embedded one (if any)."""
    source = read_source(project)
    embedded = source.package_dir / "pyproject.toml"
    if embedded.is_file():
        embedded.write_bytes((project / "pyproject.toml").read_bytes())


def git_init(project: Path) -> None:
    """hatchling reads a .gitignore up to the repository's root: make the copy one."""
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)


#: a file in the package that is no resource: the hostile settings keep it out of the wheel
CANARY = "canary.md"


def hostile_setuptools(project: Path) -> None:
    """A MANIFEST.in that drops every resource, and package-data settings that exclude them."""
    source = read_source(project)
    (source.package_dir / CANARY).write_text("package data, but excluded by the user\n")
    base = "" if not source.nested else source.package_dir.relative_to(project).as_posix() + "/"
    lines = [f"prune {base}{folder}" for folder in RESOURCE_FOLDERS]
    lines.append("global-exclude *.md *.toml *.json *.yaml *.csv")
    (project / "MANIFEST.in").write_text("\n".join(lines) + "\n")
    edit(
        project / "pyproject.toml",
        f'packages = ["{source.package}"]\n',
        f'packages = ["{source.package}"]\n'
        "include-package-data = true\n\n"
        "[tool.setuptools.package-data]\n"
        f'{source.package} = ["*.md"]\n\n'
        "[tool.setuptools.exclude-package-data]\n"
        f'"*" = ["*.md", "*.toml", "*.json", "*.yaml", "*.csv"]\n'
        f'{source.package} = ["*.md", "*.toml", "*.json", "*.yaml", "*.csv"]\n',
    )
    keep_embedded_in_step(project)


def hostile_hatchling(project: Path) -> None:
    """``exclude`` of every resource folder and file type, ``only-include`` for the sdist, and a
    .gitignore of the resource folders."""
    source = read_source(project)
    (source.package_dir / CANARY).write_text("in the package, but excluded by the user\n")
    base = "" if not source.nested else source.package_dir.relative_to(project).as_posix() + "/"
    folders = [f"{base}{folder}" for folder in RESOURCE_FOLDERS]
    patterns = [*folders, "*.md", "*.json", "*.yaml", "*.csv", f"{base}pyproject.toml"]
    quoted = ", ".join(f'"{p}"' for p in patterns)
    text = (project / "pyproject.toml").read_text()
    text += f"\n[tool.hatch.build]\nexclude = [{quoted}]\n"
    if not source.nested:  # the nested fixture's src/ layout already names its wheel table
        text += f'\n[tool.hatch.build.targets.sdist]\nonly-include = ["{source.package}"]\n'
    (project / "pyproject.toml").write_text(text)
    (project / ".gitignore").write_text("".join(f"/{folder}/\n" for folder in folders))
    keep_embedded_in_step(project)
    git_init(project)


# --- the builds ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    fixture: str
    backend: str  # "setuptools" or "hatchling"
    hostile: bool = False
    isolated: bool = True


CASES = {
    "setuptools-flat": Case("valid-flat", "setuptools"),
    "setuptools-nested": Case("valid-setuptools-nested", "setuptools"),
    "setuptools-flat-hostile": Case("valid-flat", "setuptools", hostile=True),
    "setuptools-nested-hostile": Case("valid-setuptools-nested", "setuptools", hostile=True),
    "setuptools-nested-hostile-no-isolation": Case(
        "valid-setuptools-nested", "setuptools", hostile=True, isolated=False
    ),
    "hatchling-flat": Case("valid-hatchling-flat", "hatchling"),
    "hatchling-nested": Case("valid-hatchling-nested", "hatchling"),
    "hatchling-flat-hostile": Case("valid-hatchling-flat", "hatchling", hostile=True),
    "hatchling-nested-hostile": Case("valid-hatchling-nested", "hatchling", hostile=True),
    "hatchling-flat-hostile-no-isolation": Case(
        "valid-hatchling-flat", "hatchling", hostile=True, isolated=False
    ),
}
HOSTILE: dict[str, Callable[[Path], None]] = {
    "setuptools": hostile_setuptools,
    "hatchling": hostile_hatchling,
}


def build_no_isolation(builder: Builder, python: Path, project: Path) -> Build:
    """``python -m build --no-isolation --sdist --wheel`` with ``python``: both from the source tree."""
    out_dir = project.parent / f"{project.name}-dist"
    out_dir.mkdir()
    args = [str(python), "-m", "build", "--no-isolation", "--sdist", "--wheel", "-o", str(out_dir)]
    done = builder.run([*args, str(project)], cwd=project)
    return Build(done.returncode, done.stdout, out_dir, project)


@pytest.fixture(scope="module")
def setuptools_python(builder: Builder, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv with the setuptools under test, wheel, build and this project: for --no-isolation."""
    extra = tmp_path_factory.mktemp("collection-frontend-wheels")
    pip_download(["build"], extra)
    python = builder.venv("collection-setuptools-no-isolation")
    args = [str(python), "-m", "pip", "install", "-q", "--upgrade", "--find-links", str(extra)]
    done = builder.run([*args, SETUPTOOLS, "wheel", "build", "smart-tool-build"], cwd=builder.root)
    assert done.returncode == 0, done.stdout
    return python


@dataclass
class Built:
    case: Case
    source: Source
    build: Build
    #: where the wheel was installed with ``pip install --target``
    target: Path


def pip_install_target(builder: Builder, wheel: Path, target: Path) -> None:
    """``pip install --target``, as the collections spec installs a collection (wheelhouse only)."""
    args = [sys.executable, "-m", "pip", "install", "--no-deps", "--target", str(target), str(wheel)]
    done = builder.run(args, cwd=target.parent)
    assert done.returncode == 0, done.stdout


@pytest.fixture(scope="module", params=sorted(CASES))
def built(
    request: pytest.FixtureRequest, builder: Builder, tmp_path_factory: pytest.TempPathFactory
) -> Built:
    """The case built (sdist and wheel), and its wheel installed with ``pip install --target``."""
    case = CASES[request.param]
    project = builder.copy(COLLECTIONS / case.fixture, f"collection-{request.param}")
    if case.hostile:
        HOSTILE[case.backend](project)
    if case.isolated:
        build = builder.build(project)
    elif case.backend == "setuptools":
        build = build_no_isolation(builder, request.getfixturevalue("setuptools_python"), project)
    else:  # hatchling and this project from the test's own environment
        build = builder.build(project, isolated=False, targets=("sdist", "wheel"))
    assert build.ok, build.output
    source = read_source(project)
    target = tmp_path_factory.mktemp(f"installed-{request.param}") / source.name
    pip_install_target(builder, build.wheel, target)
    return Built(case, source, build, target)


# One test per build, in steps: with pytest-xdist, tests that share a module fixture can land
# on both workers, and each would build the case again.


def test_collection_build(built: Built) -> None:
    assert_built_as_a_collection(built)
    assert_wheel_holds_every_resource_where_the_source_has_it(built)
    assert_sdist_holds_everything_a_wheel_build_needs(built)
    if built.case.hostile:
        assert_hostile_settings_still_apply_to_everything_else(built)
    assert_installed_resources_are_where_discovery_looks(built)
    assert_installed_metadata_copy_parses(built)


def assert_built_as_a_collection(built: Built) -> None:
    source, output = built.source, built.build.output
    assert "Traceback" not in output
    assert f"smart-tool: building {source.name} {source.version} as a collection" in output, output
    layout = "nested" if source.nested else "flat"
    assert f"([tool.amplifier.collection]; {layout}; " in output
    for artifact in built.build.artifacts:
        assert f"smart-tool: {artifact.name} verified" in output


def assert_wheel_holds_every_resource_where_the_source_has_it(built: Built) -> None:
    source, wheel = built.source, built.build.wheel
    names = zip_names(wheel)
    assert len(names) == len(set(names)), f"duplicate members in {wheel.name}"
    assert [n for n in names if n.startswith(("./", "/"))] == []
    contents = zip_contents(wheel)
    expected = source.wheel_members()
    missing = sorted(set(expected) - set(contents))
    assert missing == [], f"{wheel.name} lacks {missing}"
    changed = sorted(m for m, data in expected.items() if contents[m] != data)
    assert changed == [], f"{wheel.name}: not the source's bytes: {changed}"
    # flat resources at the wheel's top level and nowhere else; nested ones in the package only
    tops = {n.split("/", 1)[0] for n in outside_dist_info(names)}
    if source.nested:
        assert tops == {source.package}, tops
    else:
        assert tops == {source.package, *(f for f in RESOURCE_FOLDERS if (source.root / f).is_dir())}
        assert not any(n.startswith(f"{source.package}/{f}/") for n in names for f in RESOURCE_FOLDERS)
    assert source.scenario_tools(), "each fixture carries a scenario tool that is a smart tool"
    for member in source.scenario_tools():
        assert source.prefix + member in contents, member


def assert_sdist_holds_everything_a_wheel_build_needs(built: Built) -> None:
    source, sdist = built.source, built.build.sdist
    names, contents = tar_contents(sdist)
    assert [n for n in names if n.startswith(("./", "/"))] == []
    assert len({n.split("/", 1)[0] for n in names}) == 1
    expected = source.sdist_members()
    missing = sorted(set(expected) - set(contents))
    assert missing == [], f"{sdist.name} lacks {missing}"
    assert sorted(m for m, data in expected.items() if contents[m] != data) == []


def assert_hostile_settings_still_apply_to_everything_else(built: Built) -> None:
    """The plugin adds the resources; it does not switch the user's exclusions off."""
    assert (built.source.package_dir / CANARY).is_file()
    assert f"{built.source.package}/{CANARY}" not in zip_names(built.build.wheel)


def assert_installed_resources_are_where_discovery_looks(built: Built) -> None:
    source, target = built.source, built.target
    base = target / source.package if source.nested else target
    found = discover(base)
    assert found == discover(source.base)
    # every kind the fixture has is found, not just the same emptiness
    assert set(found) == {"profiles", "agents", "context", "scenario-tools", "modules"}
    assert all(found.values()), found
    assert any("/" in name for name in found["context"]), "context is discovered recursively"
    for relative, path in source.resources().items():
        assert (base / relative).read_bytes() == path.read_bytes(), relative


def assert_installed_metadata_copy_parses(built: Built) -> None:
    source, target = built.source, built.target
    embedded = target / source.package / "pyproject.toml"
    project = tomllib.loads(embedded.read_text())["project"]
    assert (project["name"], project["version"]) == (source.name, source.version)
    assert (target / source.package / "__init__.py").is_file()
