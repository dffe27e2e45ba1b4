"""Collections: every ``collection-*`` code from a fixture, the package data plan of the valid
fixtures, the archive check against the plan, and the verdicts on the real collections in
``shared/corpus/collections``.

Each fixture under fixtures/collections/ triggers only what it is named after: the expected
list is the *whole* output of ``check_collection`` for it. Lines in pyproject.toml are the
line of the key (or of its table's header when the key is missing), as config.key_line finds
them; lines in Markdown are file lines.
"""

from __future__ import annotations

import io
import os
import shutil
import tarfile
import zipfile
from pathlib import Path
from typing import Optional

import pytest

from smart_tool_build.archives.facts import SourceFacts
from smart_tool_build.archives.verify import verify
from smart_tool_build.diagnostics.diagnostic import CODES, Diagnostic, Severity
from smart_tool_build.project.config import Options
from smart_tool_build.project.distribution import read
from smart_tool_build.rules.collection import (
    CollectionPlan,
    check_collection,
    constraint_problem,
    is_collection,
    read_version_attr,
)
from support import FIXTURES, unprivileged

COLLECTIONS = FIXTURES / "collections"
CORPUS = Path(__file__).resolve().parents[4] / "shared" / "corpus" / "collections"
E, W = Severity.ERROR, Severity.WARNING
P = "pyproject.toml"

Expected = tuple[str, Severity, Optional[str], Optional[int]]


def e(code: str, path: Optional[str], line: Optional[int]) -> Expected:
    return (code, E, path, line)


def w(code: str, path: Optional[str], line: Optional[int]) -> Expected:
    return (code, W, path, line)


# fixture folder -> every diagnostic check_collection gives for it, nothing more
FIXTURE_CASES: dict[str, list[Expected]] = {
    # ---- valid: nothing at all
    "valid-flat": [],  # setuptools, resources at the root, identical embedded copy, a nested smart tool
    "valid-nested": [],  # resources inside the package, no embedded copy (the root's is shipped)
    "valid-hatchling": [],  # hatchling, src/ layout, identical embedded copy
    # build-ready fixtures for the real builds in tests/e2e/test_collection_*.py: every kind of
    # resource, and neither MANIFEST.in nor package-data
    "valid-setuptools-nested": [],  # setuptools, resources in the package, identical embedded copy
    "valid-hatchling-flat": [],  # hatchling, resources at the root, no embedded copy
    "valid-hatchling-nested": [],  # hatchling, src/ layout, resources in the package, embedded copy
    # ---- collection-metadata
    "collection-metadata": [e("collection-metadata", P, 7)],  # version "1.0"
    "collection-metadata--name-underscore": [e("collection-metadata", P, 6)],  # tiny_kit
    "collection-metadata--no-description": [e("collection-metadata", P, 8)],  # ""
    "collection-metadata--dynamic-version": [e("collection-metadata", P, 5)],  # at [project]
    "collection-metadata--no-pyproject": [e("collection-metadata", P, None)],
    "collection-metadata--urls-not-strings": [e("collection-metadata", P, 10)],  # homepage = 42
    # ---- collection-table / collection-table-keys / collection-requires
    "collection-table": [e("collection-table", P, 12)],  # capabilities = "one string"
    "collection-table--requires-value-not-string": [e("collection-table", P, 14)],  # foundation = 1
    "collection-table-keys": [w("collection-table-keys", P, 12)],  # modules = [...]
    "collection-requires": [e("collection-requires", P, 14)],  # "1.0.0": a bare version
    "collection-requires--caret-not-a-version": [e("collection-requires", P, 12)],  # inline table
    "collection-requires--bad-name": [e("collection-requires", P, 14)],  # Foundation_Core
    # ---- collection-package
    "collection-package": [e("collection-package", P, 6)],  # the folder is kit/, not tiny_kit/
    "collection-package--no-init": [e("collection-package", "tiny_kit", None)],
    "collection-package--root-init": [e("collection-package", P, 6)],  # hatchling packages = ["."]
    # ---- collection-version-attr
    "collection-version-attr": [e("collection-version-attr", "tiny_kit/__init__.py", 3)],
    # ---- the embedded copy
    "collection-embedded-drift": [e("collection-embedded-drift", "tiny_kit/pyproject.toml", 7)],
    "collection-embedded-differs": [w("collection-embedded-differs", "tiny_kit/pyproject.toml", 9)],
    # ---- profiles and agents
    "collection-profile": [e("collection-profile", "profiles/broken.md", 2)],  # no name under profile:
    "collection-profile--code-fence": [e("collection-profile", "profiles/fenced.md", 5)],
    "collection-profile--invalid-yaml": [e("collection-profile", "profiles/dup.md", 4)],  # duplicate key
    "collection-agent": [e("collection-agent", "agents/half.md", 2)],  # no description under meta:
    "collection-agent--no-frontmatter": [e("collection-agent", "agents/prose.md", 1)],
    "collection-agent--blank-lines-first": [e("collection-agent", "agents/late.md", 5)],  # description: 42
    # ---- scenario tools and modules
    "collection-scenario-tool": [e("collection-scenario-tool", "scenario-tools/no-pyproject", None)],
    "collection-module": [e("collection-module", "modules/hooks-x", None)],
    # a scenario tool with smart-tool.json is a smart tool: its manifest against its own pyproject
    "nested-smart-tool--version-drift": [
        e("manifest-version-matches-package", "scenario-tools/drifty/src/drifty/SMART_TOOL.md", 4)
    ],
}


def found(root: Path, **kwargs: str) -> list[Expected]:
    return [(d.code, d.severity, d.path, d.line) for d in check_collection(root, **kwargs).diagnostics]


def _key(item: Expected) -> tuple[str, str, str, int]:
    code, severity, path, line = item
    return (code, severity.value, path or "", line or 0)


@pytest.mark.parametrize("name", sorted(FIXTURE_CASES))
def test_fixture(name: str) -> None:
    assert sorted(found(COLLECTIONS / name), key=_key) == sorted(FIXTURE_CASES[name], key=_key)


@pytest.mark.parametrize("name", sorted(FIXTURE_CASES))
def test_diagnostics_are_complete_and_sorted(name: str) -> None:
    diagnostics = check_collection(COLLECTIONS / name).diagnostics
    for d in diagnostics:
        assert d.message.strip() and d.code in CODES, d
        assert d.path is None or not d.path.startswith("/"), d
        assert d.line is None or d.line >= 1, d
    keys = [(d.path or "", d.line or 0) for d in diagnostics]
    assert keys == sorted(keys)


def test_every_collection_code_has_a_fixture() -> None:
    covered = {item[0] for items in FIXTURE_CASES.values() for item in items}
    ours = {code for code in CODES if code.startswith("collection-")}
    assert ours - covered == set()


def test_every_fixture_folder_is_in_the_table() -> None:
    assert {p.name for p in COLLECTIONS.iterdir() if p.is_dir()} == set(FIXTURE_CASES)


@pytest.mark.parametrize("name", sorted(FIXTURE_CASES))
def test_fixture_name_matches_its_code(name: str) -> None:
    code = name.split("--", 1)[0]
    if code.startswith("collection-"):
        assert code in CODES
        assert {item[0] for item in FIXTURE_CASES[name]} == {code}
    elif code.startswith("valid"):
        assert FIXTURE_CASES[name] == []


def test_messages_say_how_to_fix() -> None:
    (package,) = check_collection(COLLECTIONS / "collection-package").diagnostics
    assert "rename the folder kit/ to tiny_kit/" in (package.hint or "")
    assert 'rename the project to name = "kit"' in (package.hint or "")
    (root_init,) = check_collection(COLLECTIONS / "collection-package--root-init").diagnostics
    assert "start with ./" in root_init.message
    (fence,) = check_collection(COLLECTIONS / "collection-profile--code-fence").diagnostics
    assert "code fence" in fence.message
    (differs,) = check_collection(COLLECTIONS / "collection-embedded-differs").diagnostics
    assert "project.readme" in differs.message


def test_report_facts() -> None:
    flat = check_collection(COLLECTIONS / "valid-flat")
    assert (flat.name, flat.version, flat.package, flat.package_dir) == (
        "flat-kit",
        "1.2.0",
        "flat_kit",
        "flat_kit",
    )
    assert flat.layouts == ("flat",) and flat.embedded
    assert flat.nested_tools == ["scenario-tools/summarize"]
    nested = check_collection(COLLECTIONS / "valid-nested")
    assert nested.layouts == ("nested",) and not nested.embedded
    hatch = check_collection(COLLECTIONS / "valid-hatchling")
    assert hatch.package_dir == "src/hatch_kit"


def test_display_prefixes_every_path() -> None:
    shown = found(COLLECTIONS / "nested-smart-tool--version-drift", display="work/kit/")
    assert [item[2] for item in shown] == ["work/kit/scenario-tools/drifty/src/drifty/SMART_TOOL.md"]
    assert found(COLLECTIONS / "collection-version-attr", display="kit")[0][2] == "kit/tiny_kit/__init__.py"


# ---------------------------------------------------------------------------------------
# The package data plan: (source, wheel member), the members the backend must build, the sdist

PLANS: dict[str, tuple[list[tuple[str, str]], list[str], list[str]]] = {
    "valid-flat": (
        [
            ("agents/helper.md", "agents/helper.md"),
            # discovery is not recursive, the wheel's layout is the source's: shipped, not loaded
            ("agents/notes/not-an-agent.md", "agents/notes/not-an-agent.md"),
            ("agents/reviewer.md", "agents/reviewer.md"),
            ("context/examples/example1.md", "context/examples/example1.md"),
            ("context/patterns.md", "context/patterns.md"),
            ("docs/guide.md", "docs/guide.md"),
            ("flat_kit/pyproject.toml", "flat_kit/pyproject.toml"),  # the source's embedded copy
            ("modules/hooks-audit/__init__.py", "modules/hooks-audit/__init__.py"),
            ("modules/tool-count/pyproject.toml", "modules/tool-count/pyproject.toml"),
            ("profiles/dev.md", "profiles/dev.md"),
            ("profiles/minimal.md", "profiles/minimal.md"),
            ("scenario-tools/plain-tool/main.py", "scenario-tools/plain-tool/main.py"),
            ("scenario-tools/plain-tool/pyproject.toml", "scenario-tools/plain-tool/pyproject.toml"),
            ("scenario-tools/summarize/pyproject.toml", "scenario-tools/summarize/pyproject.toml"),
            ("scenario-tools/summarize/smart-tool.json", "scenario-tools/summarize/smart-tool.json"),
            (
                "scenario-tools/summarize/src/summarize/SMART_TOOL.md",
                "scenario-tools/summarize/src/summarize/SMART_TOOL.md",
            ),
            (
                "scenario-tools/summarize/src/summarize/__init__.py",
                "scenario-tools/summarize/src/summarize/__init__.py",
            ),
            ("templates/basic.yaml", "templates/basic.yaml"),
        ],
        ["flat_kit/__init__.py"],
        [
            "README.md",  # the sdist only: not a resource
            "agents/helper.md",
            "agents/notes/not-an-agent.md",
            "agents/reviewer.md",
            "context/examples/example1.md",
            "context/patterns.md",
            "docs/guide.md",
            "flat_kit/__init__.py",
            "flat_kit/pyproject.toml",
            "modules/hooks-audit/__init__.py",
            "modules/tool-count/pyproject.toml",
            "profiles/dev.md",
            "profiles/minimal.md",
            "pyproject.toml",
            "scenario-tools/plain-tool/main.py",
            "scenario-tools/plain-tool/pyproject.toml",
            "scenario-tools/summarize/pyproject.toml",
            "scenario-tools/summarize/smart-tool.json",
            "scenario-tools/summarize/src/summarize/SMART_TOOL.md",
            "scenario-tools/summarize/src/summarize/__init__.py",
            "templates/basic.yaml",
        ],
    ),
    "valid-nested": (
        [
            ("nested_kit/agents/writer.md", "nested_kit/agents/writer.md"),
            ("nested_kit/context/deep/deeper/notes.md", "nested_kit/context/deep/deeper/notes.md"),
            ("nested_kit/context/style.md", "nested_kit/context/style.md"),
            ("nested_kit/profiles/base.md", "nested_kit/profiles/base.md"),
            ("pyproject.toml", "nested_kit/pyproject.toml"),  # no embedded copy: the root's
        ],
        ["nested_kit/__init__.py"],
        [
            "README.md",
            "nested_kit/__init__.py",
            "nested_kit/agents/writer.md",
            "nested_kit/context/deep/deeper/notes.md",
            "nested_kit/context/style.md",
            "nested_kit/profiles/base.md",
            "pyproject.toml",
        ],
    ),
    "valid-hatchling": (
        [
            ("agents/critic.md", "agents/critic.md"),
            ("context/guide.md", "context/guide.md"),
            ("src/hatch_kit/pyproject.toml", "hatch_kit/pyproject.toml"),  # src/ is not in the wheel
            ("profiles/fast.md", "profiles/fast.md"),
        ],
        ["hatch_kit/__init__.py"],
        [
            "LICENSE",
            "agents/critic.md",
            "context/guide.md",
            "profiles/fast.md",
            "pyproject.toml",
            "src/hatch_kit/__init__.py",
            "src/hatch_kit/pyproject.toml",
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(PLANS))
def test_plan(name: str) -> None:
    pairs, required, sdist = PLANS[name]
    plan = check_collection(COLLECTIONS / name).plan
    assert list(plan.wheel_files) == pairs
    assert list(plan.wheel_required) == required
    assert list(plan.sdist_files) == sdist
    assert plan.wheel_members == tuple(sorted({m for _, m in pairs} | set(required)))


def test_plan_skips_junk_and_symlinked_folders(tmp_path: Path) -> None:
    root = tmp_path / "kit"
    shutil.copytree(COLLECTIONS / "valid-nested", root)
    context = root / "nested_kit" / "context"
    for junk in ("__pycache__", ".git", "build", "dist", "x.egg-info", ".mypy_cache"):
        (context / junk).mkdir()
        (context / junk / "junk.md").write_text("junk\n")
    (context / "venv").mkdir()
    (context / "venv" / "pyvenv.cfg").write_text("home = /usr\n")
    (context / "venv" / "junk.md").write_text("junk\n")
    (context / "compiled.pyc").write_bytes(b"\0")
    (context / "loop").symlink_to(".", target_is_directory=True)
    (context / "slash").symlink_to("/", target_is_directory=True)
    (root / "agents").symlink_to(root / "nested_kit" / "agents", target_is_directory=True)
    report = check_collection(root)
    assert report.diagnostics == []
    assert [m for _, m in report.plan.wheel_files] == [m for _, m in PLANS["valid-nested"][0]]


def test_unreadable_resource_folder_is_reported(open_tmp: Path) -> None:
    root = open_tmp / "kit"
    shutil.copytree(COLLECTIONS / "valid-nested", root)
    (root / "nested_kit" / "context" / "deep").chmod(0)
    try:
        with unprivileged():
            result = found(root)
    finally:
        (root / "nested_kit" / "context" / "deep").chmod(0o755)
    assert result == [w("tree-readable", "nested_kit/context/deep", None)]


def test_unparsable_pyproject_is_reported_not_raised(tmp_path: Path) -> None:
    (tmp_path / P).write_text("[project\nname = 'x'\n")
    assert found(tmp_path) == [e("package-definition-parses", P, 1)]


def test_unparsable_embedded_copy_is_drift(tmp_path: Path) -> None:
    root = tmp_path / "kit"
    shutil.copytree(COLLECTIONS / "collection-embedded-drift", root)
    (root / "tiny_kit" / P).write_text('[project]\nname = "tiny-kit"\nname = "again"\n')
    assert found(root) == [e("collection-embedded-drift", "tiny_kit/pyproject.toml", 3)]


def test_odd_resource_files_are_diagnosed_not_raised(tmp_path: Path) -> None:
    root = tmp_path / "kit"
    shutil.copytree(COLLECTIONS / "valid-nested", root)
    agents = root / "nested_kit" / "agents"
    (agents / "binary.md").write_bytes(b"---\nname: x\0\n---\n")
    (agents / "empty.md").write_text("\n\n")
    (agents / "folder.md").mkdir()  # not a file: not an agent
    (agents / "list.md").write_text("---\n- a\n---\n")
    (agents / "meta-string.md").write_text("---\nmeta: agent\n---\n")
    (agents / "huge.md").write_bytes(b"---\nname: x\n---\n" + b"x" * (2 * 1024 * 1024))
    result = found(root)
    assert sorted(result, key=_key) == sorted(
        [
            e("collection-agent", "nested_kit/agents/binary.md", None),
            e("collection-agent", "nested_kit/agents/empty.md", None),
            e("collection-agent", "nested_kit/agents/huge.md", None),
            e("collection-agent", "nested_kit/agents/list.md", 2),
            e("collection-agent", "nested_kit/agents/meta-string.md", 2),
        ],
        key=_key,
    )


# ---------------------------------------------------------------------------------------
# Verifying an archive against the plan


def _wheel(path: Path, members: list[str]) -> Path:
    """A wheel holding ``members`` (each with a line of text) and a METADATA."""
    with zipfile.ZipFile(path, "w") as archive:
        for member in members:
            data = (
                "Metadata-Version: 2.1\nName: x\nVersion: 1.2.0\n" if member.endswith("/METADATA") else "x\n"
            )
            archive.writestr(member, data)
    return path


def _sdist(path: Path, top: str, members: list[str]) -> Path:
    with tarfile.open(path, "w:gz") as archive:
        for member in members:
            data = b"Metadata-Version: 2.1\nName: x\nVersion: 0.4.1\n" if member == "PKG-INFO" else b"x\n"
            info = tarfile.TarInfo(f"{top}/{member}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return path


def _verify_wheel(path: Path, plan: CollectionPlan) -> list[Diagnostic]:
    return verify(path, source=SourceFacts(None, None, None, wheel_members=plan.wheel_members)).diagnostics


METADATA = "flat_kit-1.2.0.dist-info/METADATA"


def test_wheel_with_every_member_passes(tmp_path: Path) -> None:
    plan = check_collection(COLLECTIONS / "valid-flat").plan
    wheel = _wheel(tmp_path / "flat_kit-1.2.0-py3-none-any.whl", [*plan.wheel_members, METADATA])
    assert _verify_wheel(wheel, plan) == []


def test_wheel_missing_members_are_named(tmp_path: Path) -> None:
    plan = check_collection(COLLECTIONS / "valid-nested").plan
    # what setuptools builds without MANIFEST.in or package-data: the code and nothing else
    wheel = _wheel(tmp_path / "x.whl", ["nested_kit/__init__.py", METADATA])
    result = verify(
        wheel, source=SourceFacts(None, None, None, wheel_members=plan.wheel_members), display="dist/x.whl"
    )
    assert [(d.code, d.path) for d in result.diagnostics] == [
        ("artifact-contents", f"dist/x.whl/{member}")
        for member in plan.wheel_members
        if not member.endswith(".py")
    ]


def test_wheel_members_starting_with_dot_slash_are_named(tmp_path: Path) -> None:
    plan = CollectionPlan(
        package="kit", wheel_files=(("agents/a.md", "agents/a.md"),), wheel_required=("kit/__init__.py",)
    )
    wheel = _wheel(tmp_path / "kit.whl", ["./agents/a.md", "kit/__init__.py", METADATA])
    result = verify(
        wheel, source=SourceFacts(None, None, None, wheel_members=plan.wheel_members), display="kit.whl"
    )
    assert [(d.code, d.path) for d in result.diagnostics] == [("artifact-contents", "kit.whl/agents/a.md")]
    assert "has ./agents/a.md" in result.diagnostics[0].message


def test_sdist_members_are_checked_under_the_top_folder(tmp_path: Path) -> None:
    plan = check_collection(COLLECTIONS / "valid-hatchling").plan
    members = [name for name in plan.sdist_files if name != "LICENSE"]
    sdist = _sdist(tmp_path / "hatch_kit-0.4.1.tar.gz", "hatch_kit-0.4.1", [*members, "PKG-INFO"])
    result = verify(
        sdist, source=SourceFacts(None, None, None, sdist_members=plan.sdist_files), display="x.tar.gz"
    )
    assert [(d.code, d.path) for d in result.diagnostics] == [
        ("artifact-contents", "x.tar.gz/hatch_kit-0.4.1/LICENSE")
    ]


# ---------------------------------------------------------------------------------------
# Small pieces


@pytest.mark.parametrize(
    "constraint", ["^1.0.0", "^1", "~1.2.0", "~ 1.2", ">=1.0.0,<2.0.0", ">=1.0, <2.0", "==1.5.0", "~=1.4"]
)
def test_constraints_that_parse(constraint: str) -> None:
    assert constraint_problem(constraint) is None


@pytest.mark.parametrize("constraint", ["", "  ", "1.0.0", "^", "^1.x", "~latest", "latest", ">=", "=>1.0"])
def test_constraints_that_do_not(constraint: str) -> None:
    assert constraint_problem(constraint)


def test_version_attr_is_read_never_run(tmp_path: Path) -> None:
    init = tmp_path / "__init__.py"
    init.write_text('import os\nos._exit(3)\n__version__ = "2.1.0"\n')
    assert read_version_attr(init) == ("2.1.0", 3)
    init.write_text('from importlib.metadata import version\n__version__ = version("x")\n')
    assert read_version_attr(init) is None
    init.write_text("def (:\n")
    assert read_version_attr(init) is None


def test_is_collection() -> None:
    table, plain = read(COLLECTIONS / "valid-flat")[0], read(FIXTURES / "roots" / "valid")[0]
    assert is_collection(table, Options())
    assert not is_collection(plain, Options())
    assert is_collection(plain, Options(collection=True))
    assert not is_collection(table, Options(collection=False))


# ---------------------------------------------------------------------------------------
# The real collections. Verdicts come from the collection spec, not from this tool's output:
# folder -> (the error codes it must fail with, why).

CORPUS_VERDICTS: dict[str, tuple[set[str], str]] = {
    "microsoft--amplifier-collection-design-intelligence": (
        set(),
        "Builds. design-intelligence -> design_intelligence/ with __init__.py (__version__ 1.0.0 "
        "= [project] version) and an embedded copy whose name, version, description, urls and "
        "[tool.amplifier.collection] equal the root's; it differs only in "
        "[tool.setuptools.package-data], which the application never reads (a warning). Every "
        "profile and agent starts with --- frontmatter carrying its name (and description).",
    ),
    "microsoft--amplifier-collection-issues": (
        {"collection-package"},
        "Fails. The spec's MUST: a package folder named project.name with underscores, "
        "amplifier_collection_issues/, holding __init__.py and the embedded pyproject.toml. There "
        "is none: __init__.py sits at the root (hatchling packages = ['.']), so there is no "
        "embedded copy either. Build-time finding, not checked here: hatchling builds that "
        "root package into a wheel whose members all start with './'.",
    ),
    "microsoft--amplifier-collection-recipes": (
        {"collection-package", "collection-embedded-drift"},
        "Fails. Project 'recipes' but the package folder is amplifier_collection_recipes/ (not "
        "named after the project); that folder's pyproject.toml, the copy the application "
        "reads, lacks [project.urls] and the root's extra [tool.amplifier.collection] keys "
        "(modules, agents: undocumented keys, a warning at the root).",
    ),
    "microsoft--amplifier-collection-toolkit": (
        {"collection-package", "collection-embedded-drift"},
        "Fails. Project 'toolkit' but the package folder is amplifier_collection_toolkit/; its "
        "embedded copy lacks [project.urls], so after installation the application shows none "
        "(the other differences, authors, dependencies, readme, tool tables, are warnings).",
    ),
    "robotdad--amplifier-collection-spec-kit": (
        {"collection-agent"},
        "Fails. Three agents do not begin with --- frontmatter: implementation-guide.md shows its "
        "YAML only inside a ```yaml code fence (which the spec says is rejected), "
        "requirement-clarifier.md and research-architect.md are plain Markdown.",
    ),
    "samueljklee--amplifier-collection-amplifier-dev": (
        {"collection-version-attr", "collection-agent"},
        "Fails. Nested layout, package folder and embedded copy are right, but __init__.py says "
        "__version__ = '3.0.0' while the collection is 1.0.0, and agents/session-debugger.md "
        "has no frontmatter. (Its undocumented [tool.amplifier.collection] keys agents and "
        "dependencies are warnings.)",
    ),
}


def _corpus() -> list[str]:
    if not CORPUS.is_dir():
        return []
    return sorted(p.name for p in CORPUS.iterdir() if p.is_dir())


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no corpus at {CORPUS}")
def test_every_corpus_collection_has_a_verdict() -> None:
    assert set(_corpus()) == set(CORPUS_VERDICTS)


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no corpus at {CORPUS}")
@pytest.mark.parametrize("name", sorted(CORPUS_VERDICTS))
def test_corpus_collection(name: str) -> None:
    expected, why = CORPUS_VERDICTS[name]
    report = check_collection(CORPUS / name)
    errors = {d.code for d in report.diagnostics if d.severity is Severity.ERROR}
    assert errors == expected, why
    if not expected:  # it builds: the plan carries every file of every resource folder
        root = CORPUS / name
        planned = {source for source, _ in report.plan.wheel_files}
        for folder in ("profiles", "agents", "context", "scenario-tools", "modules", "templates", "docs"):
            for path in (root / folder).rglob("*"):
                if path.is_file() and "__pycache__" not in path.parts:
                    assert path.relative_to(root).as_posix() in planned
        assert f"{report.package}/pyproject.toml" in report.plan.wheel_members


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no corpus at {CORPUS}")
def test_corpus_check_writes_nothing() -> None:
    def snapshot() -> list[tuple[str, float]]:
        return sorted(
            (os.path.join(folder, name), os.stat(os.path.join(folder, name)).st_mtime)
            for folder, _, files in os.walk(CORPUS)
            for name in files
        )

    before = snapshot()
    for name in _corpus():
        check_collection(CORPUS / name)
    assert snapshot() == before


def test_build_system_differences_are_not_reported(tmp_path: Path) -> None:
    """Adding smart-tool-build to the root's build requires does not make the copy "differ"."""
    root = tmp_path / "valid-nested"
    shutil.copytree(COLLECTIONS / "valid-nested", root)
    package = next(p for p in root.iterdir() if (p / "__init__.py").is_file())
    text = (root / P).read_text()
    assert '"smart-tool-build"' in text
    (package / P).write_text(text.replace(', "smart-tool-build"', ""))
    assert check_collection(root).diagnostics == []
