"""The six real collections of ``shared/corpus/collections``, built with the plugin.

Each is copied, ``smart-tool-build`` is added to its ``[build-system].requires`` (and, for the one
on hatchling, the hook's table, hatchling's opt-in), and it is built with ``python -m build``.
Which of them should build is decided from the collection spec
(``shared/reference/collection-format-spec.md``), not from this tool's output; the reasons are in
:data:`VERDICTS`. Those that should fail must fail with exactly the expected error codes, no
traceback and no artifact; those that build must carry every resource in the wheel. The
verdicts agree with the unit-level ones in tests/unit/rules/test_collection.py (CORPUS_VERDICTS): same
codes, same reasons; the one rule that rests on the spec's example rather than a stated MUST is
``collection-version-attr`` (the spec's ``__init__.py`` carries ``__version__`` equal to the
collection's version; a different one is wrong metadata in the installed package).

Then the before/after the README shows: design-intelligence built by plain setuptools (their
own MANIFEST.in, no plugin) against the plugin's build, and a copy that forgot MANIFEST.in
(as the spec's pyproject advice, followed alone, leaves it).
"""

from __future__ import annotations

import re
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from buildkit import Build, Builder, assert_clean_failure
from test_collection_builds import RESOURCE_FOLDERS, discover

pytestmark = pytest.mark.build

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "collections"
if not CORPUS.is_dir():  # pragma: no cover - the corpus sits beside the repository
    pytest.skip(f"no corpus at {CORPUS}", allow_module_level=True)

DESIGN = "microsoft--amplifier-collection-design-intelligence"

#: folder -> (the error codes its build must fail with, none if it builds; why, from the spec)
VERDICTS: dict[str, tuple[set[str], str]] = {
    DESIGN: (
        set(),
        "Builds. [project] name 'design-intelligence' is lowercase and hyphenated, version 1.0.0 "
        "is X.Y.Z, the description is non-empty. The package folder the spec requires "
        "(project.name with underscores) exists: design_intelligence/ with __init__.py "
        "(__version__ 1.0.0) and the embedded pyproject.toml, whose name, version, "
        "description, urls and [tool.amplifier.collection] equal the root's (it differs only in "
        "[tool.setuptools.package-data], which the application does not read). The profile and "
        "the seven agents begin with --- frontmatter carrying their name (profile: block) and "
        "description. requires foundation = '^1.0.0' is a caret constraint the spec documents.",
    ),
    "microsoft--amplifier-collection-issues": (
        {"collection-package"},
        "Fails. The spec's 'Implementation requirements': a Python package directory named "
        "project.name.replace('-', '_'), amplifier_collection_issues/, with __init__.py and an "
        "embedded copy of pyproject.toml, which the CLI reads after installation. There is no "
        "such folder: the __init__.py sits at the root (hatchling packages = ['.']), so there is "
        "no embedded copy either, and hatchling would build members that start with './'. "
        "Nothing else is wrong by the spec: the profile has frontmatter, agents/ and context/ "
        "hold only .gitkeep (directories are optional), each module has a pyproject.toml.",
    ),
    "microsoft--amplifier-collection-recipes": (
        {"collection-package", "collection-embedded-drift"},
        "Fails. [project] name is 'recipes', so the package folder must be recipes/; it is "
        "amplifier_collection_recipes/. Its pyproject.toml, the runtime metadata copy, lacks the "
        "root's [project.urls] (the spec's optional homepage/repository fields) and the root's "
        "extra [tool.amplifier.collection] keys, so after installation the application reads "
        "other metadata than the source declares. (modules and agents are keys the spec does "
        "not document: a warning, not a failure; the spec lists [tool.amplifier.collection] "
        "fields as optional and does not say unknown ones are invalid.)",
    ),
    "microsoft--amplifier-collection-toolkit": (
        {"collection-package", "collection-embedded-drift"},
        "Fails. [project] name 'toolkit' but the package folder is amplifier_collection_toolkit/, "
        "not toolkit/; its embedded copy lacks the root's [project.urls]. Its other differences "
        "(authors, dependencies, readme path, tool tables) are not metadata the application "
        "reads: warnings.",
    ),
    "robotdad--amplifier-collection-spec-kit": (
        {"collection-agent"},
        "Fails. The spec: agent files MUST begin with a YAML front matter block (first non-empty "
        "line ---) and narrative Markdown that only shows YAML inside code fences is rejected. "
        "agents/implementation-guide.md shows its YAML only in a ```yaml fence; "
        "requirement-clarifier.md and research-architect.md are plain Markdown. Name, version, "
        "package folder spec_kit/ and its identical embedded copy are right.",
    ),
    "samueljklee--amplifier-collection-amplifier-dev": (
        {"collection-version-attr", "collection-agent"},
        "Fails. The nested layout, the package folder and its embedded copy are right, but "
        "agents/session-debugger.md has no frontmatter (a MUST), and __init__.py says "
        "__version__ = '3.0.0' while the collection is 1.0.0: the spec's package carries "
        "__version__ as the collection's version, so a different one is wrong metadata. (The "
        "name keeps the 'amplifier-collection-' prefix the spec's naming guidance advises "
        "against: guidance, not a rule. Its undocumented table keys are warnings.)",
    ),
}

HATCHLING_OPT_IN = "\n[tool.hatch.build.hooks.smart-tool]\n"


def with_plugin(project: Path) -> None:
    """What an author does to use the plugin: add it to the build requirements (and, on
    hatchling, name the hook)."""
    pyproject = project / "pyproject.toml"
    text = pyproject.read_text()
    found = re.search(r'(?m)^requires = \["(setuptools>=61\.0|hatchling)"\]$', text)
    assert found, f"unexpected [build-system] in {project.name}"
    text = text.replace(found.group(0), f'requires = ["{found.group(1)}", "smart-tool-build"]', 1)
    if found.group(1) == "hatchling":
        text += HATCHLING_OPT_IN
    pyproject.write_text(text)


def error_codes(output: str) -> set[str]:
    """The codes of the error lines (``[error: ]path[:line]: code: message``), not warnings'."""
    found = re.findall(r"(?m)^(?:error: )?\S+?: ([a-z][a-z0-9]*(?:-[a-z0-9]+)+): ", output)
    return set(found) - {"smart-tool"}


def wheel_names(path: Path) -> list[str]:
    with zipfile.ZipFile(path) as archive:
        return sorted(name for name in archive.namelist() if not name.endswith("/"))


def resources_of(base: Path, prefix: str = "") -> dict[str, bytes]:
    """Every file of every resource folder under ``base``, as wheel members (``prefix`` + path)."""
    found: dict[str, bytes] = {}
    for folder in RESOURCE_FOLDERS:
        for path in sorted((base / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                found[prefix + path.relative_to(base).as_posix()] = path.read_bytes()
    return found


def outside_dist_info(names: list[str]) -> list[str]:
    return [n for n in names if not n.split("/", 1)[0].endswith(".dist-info")]


@pytest.fixture(scope="module")
def design_with_plugin(builder: Builder) -> Build:
    project = builder.copy(CORPUS / DESIGN, "corpus-design-intelligence")
    with_plugin(project)
    return builder.build(project)


@pytest.mark.parametrize("name", sorted(VERDICTS))
def test_corpus_collection(
    name: str, builder: Builder, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    expected, why = VERDICTS[name]
    if expected:
        project = builder.copy(CORPUS / name, f"corpus-{name.split('--', 1)[1]}")
        with_plugin(project)
        build = builder.build(project)
        assert_clean_failure(build, *expected)
        assert error_codes(build.output) == expected, f"{why}\n{build.output}"
        return
    build = request.getfixturevalue("design_with_plugin")
    assert build.ok, f"{why}\n{build.output}"
    assert "Traceback" not in build.output
    assert "smart-tool: building design-intelligence 1.0.0 as a collection" in build.output
    # flat: every resource file at the wheel's top level, the embedded copy in the package
    root = build.project
    with zipfile.ZipFile(build.wheel) as archive:
        contents = {n: archive.read(n) for n in archive.namelist() if not n.endswith("/")}
    expected_members = resources_of(root)
    expected_members["design_intelligence/pyproject.toml"] = (
        root / "design_intelligence/pyproject.toml"
    ).read_bytes()
    expected_members["design_intelligence/__init__.py"] = (
        root / "design_intelligence/__init__.py"
    ).read_bytes()
    assert {m: contents.get(m) for m in expected_members} == expected_members
    assert not any(n.startswith("./") for n in contents)
    with tarfile.open(build.sdist) as sdist:
        in_sdist = {m.name.split("/", 1)[1] for m in sdist.getmembers() if m.isfile()}
    assert set(expected_members) <= in_sdist
    # installed as the spec installs a collection, everything is where its discovery looks
    target = tmp_path / "design-intelligence"
    # --ignore-requires-python: it asks for 3.11, the suite also runs on 3.9 and 3.10
    args = [
        sys.executable,
        "-m",
        "pip",
        "install",
        "--no-deps",
        "--ignore-requires-python",
        "--target",
        str(target),
    ]
    done = builder.run([*args, str(build.wheel)], cwd=tmp_path)
    assert done.returncode == 0, done.stdout
    found = discover(target)
    assert found == discover(root)
    assert (len(found["agents"]), found["profiles"], len(found["context"])) == (7, ["designer.md"], 14)
    assert (target / "design_intelligence" / "pyproject.toml").read_bytes() == (
        root / "design_intelligence" / "pyproject.toml"
    ).read_bytes()


# --- before/after: plain setuptools against the plugin ----------------------------------------

#: how a copy of design-intelligence is changed: it forgot MANIFEST.in (keeping the spec's
#: package-data advice for the embedded copy), or forgot that and the package-data as well
CHANGES = ("as-published", "no-manifest", "no-manifest-no-package-data")


def design_copy(builder: Builder, change: str, plugin: bool) -> Path:
    project = builder.copy(CORPUS / DESIGN, f"corpus-design-{change}-{'plugin' if plugin else 'plain'}")
    if change != "as-published":
        (project / "MANIFEST.in").unlink()
    if change == "no-manifest-no-package-data":
        pyproject = project / "pyproject.toml"
        text = pyproject.read_text()
        start, end = text.index("[tool.setuptools.package-data]"), text.index("[tool.amplifier.collection]")
        pyproject.write_text(text[:start] + text[end:])
    if plugin:
        with_plugin(project)
    return project


@pytest.mark.parametrize("change", CHANGES)
def test_before_after_design_intelligence(
    builder: Builder, change: str, design_with_plugin: Build, capsys: pytest.CaptureFixture[str]
) -> None:
    """Plain setuptools (no plugin) against the plugin, on design-intelligence as published and
    on copies that forgot MANIFEST.in.

    As published, plain setuptools already ships every resource: ``packages = {find = {}}`` in
    pyproject.toml finds namespace packages, so agents/, context/ and profiles/ are packages,
    and their MANIFEST.in brings the .md files in as package data. Without MANIFEST.in the wheel
    is __init__.py (and the embedded pyproject.toml, if package-data names it) and metadata
    alone. With the plugin, in every case, it is every resource and the embedded copy.
    """
    plain = builder.build(design_copy(builder, change, plugin=False))
    assert plain.ok, plain.output
    assert "smart-tool" not in plain.output  # not opted in: plain setuptools
    before = outside_dist_info(wheel_names(plain.wheel))
    if change == "as-published":
        with_it = design_with_plugin
    else:
        with_it = builder.build(design_copy(builder, change, plugin=True))
    assert with_it.ok, with_it.output
    after = outside_dist_info(wheel_names(with_it.wheel))
    package = {"design_intelligence/__init__.py", "design_intelligence/pyproject.toml"}
    assert set(after) == set(resources_of(with_it.project)) | package
    assert len(after) == 24
    expected_before = {
        "as-published": set(after),
        "no-manifest": package,
        "no-manifest-no-package-data": {"design_intelligence/__init__.py"},
    }[change]
    assert set(before) == expected_before
    with capsys.disabled():  # the figures the README's before/after quotes (seen without -n)
        plain_count, plugin_count = len(wheel_names(plain.wheel)), len(wheel_names(with_it.wheel))
        missing = sorted(set(after) - set(before)) or "nothing"
        print(
            f"\n[before/after] design-intelligence {change}: plain setuptools {plain_count} members "
            f"({len(before)} outside .dist-info), with the plugin {plugin_count} ({len(after)}); "
            f"missing without the plugin: {missing}"
        )
