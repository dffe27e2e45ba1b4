"""What the build path imports: an isolated build compiles every module it imports from source.

Every frontend builds in an isolated environment, where uv writes no bytecode: each module the
hook imports is compiled in each build process. These budgets keep the build path to what it
needs (BENCHMARKS.md, "Isolated builds").
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from budgets import MCP_MODULES, SKILL_MODULES

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "hatchling-tool"

PROBE = """
import json, sys
before = set(sys.modules)
{body}
print(json.dumps(sorted(m for m in sys.modules if m not in before)))
"""


def imported(body: str, cwd: Path) -> list[str]:
    """The modules a fresh interpreter imports running ``body`` (after its own start)."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(body=body)], capture_output=True, text=True, cwd=cwd, check=True
    )
    return list(json.loads(done.stdout.splitlines()[-1]))


def test_entry_points_import_no_core(tmp_path: Path) -> None:
    pytest.importorskip("hatchling")
    names = imported(
        "import hatchling.plugin\n"
        "import smart_tool_build.hatch_hook\n"
        "import smart_tool_build.setuptools_plugin",
        tmp_path,
    )
    ours = [n for n in names if n.startswith("smart_tool_build.")]
    # the opt-in test (a file's presence, a table's name) and nothing of the core
    assert sorted(ours) == [
        "smart_tool_build.hatch_hook",
        "smart_tool_build.project",
        "smart_tool_build.project.names",
        "smart_tool_build.project.optin",
        "smart_tool_build.setuptools_plugin",
    ]
    assert not [n for n in names if n.split(".")[0] in {"yaml", "packaging", "tomli"}]


def test_a_setuptools_project_that_never_opted_in_loads_only_the_entry_modules(tmp_path: Path) -> None:
    """setuptools loads every ``distutils.commands`` entry point on each build that applies a
    pyproject.toml, opted in or not: ``check_smart_tool``'s module must cost no more than the
    plugin's own entry module (it once loaded the plugin's commands, the reporter and the
    manifest model into every such build)."""
    pytest.importorskip("setuptools")
    project = tmp_path / "plain"
    (project / "src" / "plain").mkdir(parents=True)
    (project / "src" / "plain" / "__init__.py").write_text("")
    (project / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n'
        '[project]\nname = "plain"\nversion = "1.0"\n'
    )
    out = tmp_path / "out"
    body = (
        "import setuptools.build_meta as backend\n"
        f"backend.build_sdist({str(out)!r})\n"
        f"backend.build_wheel({str(out)!r})\n"
    )
    names = imported(body, project)
    ours = sorted(n for n in names if n.split(".")[0] == "smart_tool_build")
    assert "smart_tool_build.adapters.setuptools_check" in ours  # setuptools did load it
    assert ours == [
        "smart_tool_build",
        "smart_tool_build.adapters",
        "smart_tool_build.adapters.setuptools_check",
        "smart_tool_build.project",
        "smart_tool_build.project.names",
        "smart_tool_build.project.optin",
        "smart_tool_build.setuptools_plugin",
    ]


def test_plan_and_verify_import_one_kind_of_checks_and_no_yaml(tmp_path: Path) -> None:
    """A build plans, then verifies the one archive it wrote: the other kind's rules, PyYAML
    (the example's manifest is read by the subset reader) and packaging stay unimported."""
    pytest.importorskip("hatchling")
    out = tmp_path / "out"
    body = (
        "import hatchling.build\n"
        f"wheel = hatchling.build.build_wheel({str(out)!r})\n"
        "from smart_tool_build.plan.build_plan import plan_build\n"
        "from smart_tool_build.archives.verify import verify\n"
        "from pathlib import Path\n"
        "report = verify(Path({out!r}) / wheel)\n"
        "assert not report.failed(), report.diagnostics\n"
    ).replace("{out!r}", repr(str(out)))
    # build_wheel runs the example's hook, which plans and verifies in this process
    project = tmp_path / "project"
    shutil.copytree(EXAMPLE, project)
    names = imported(body, project)
    assert "smart_tool_build.archives.wheel_checks" in names
    assert "smart_tool_build.archives.sdist_checks" not in names
    assert "tarfile" not in names  # hatchling writes the wheel with zipfile; the verifier reads no tar
    assert "yaml" not in names
    assert not [n for n in names if n.startswith(("smart_tool.cli", "smart_tool.smoke"))]
    assert not [n for n in names if n.startswith(("smart_tool.registry", "smart_tool.authoring"))]
    sdist = imported(f"import hatchling.build\nhatchling.build.build_sdist({str(out)!r})\n", project)
    # a valid build's sdist is confirmed by names and bytes: no archive rule is loaded
    assert "smart_tool_build.archives.confirm" in sdist
    assert not [
        n for n in sdist if n.endswith(("archives.sdist_checks", "archives.wheel_checks", "archives.verify"))
    ]
    assert "yaml" not in sdist
    # the example ships no library skill: no skill module on either build path
    assert not SKILL_MODULES.intersection(names) and not SKILL_MODULES.intersection(sdist)
    # nor a server.json: no MCP module either
    assert not MCP_MODULES.intersection(names) and not MCP_MODULES.intersection(sdist)


def test_a_library_with_skills_imports_the_skill_modules(tmp_path: Path) -> None:
    """The budget's other side: a project with skills does load the modules that place,
    judge and verify them (so the check above is not vacuous)."""
    pytest.importorskip("hatchling")
    project = tmp_path / "project"
    shutil.copytree(REPO / "fixtures" / "skills" / "library", project)
    out = tmp_path / "out"
    names = imported(f"import hatchling.build\nhatchling.build.build_wheel({str(out)!r})\n", project)
    assert set(names) >= SKILL_MODULES, sorted(SKILL_MODULES - set(names))
    # valid skills: none of their words, inspect's path, skillmeta's rules, the manifest's or
    # a smart tool's half of the root check and of the layout
    rare = (
        "_words",
        ".skill_inspect",
        ".skillmeta",
        ".rules.manifest",
        ".rules.descriptor",
        ".rules.root_manifest",
        ".plan.tool_layout",
    )
    assert not [n for n in names if n.startswith("smart_tool_build.") and n.endswith(rare)]
    assert "smart_tool_build.diagnostics.diagnostic" not in names  # no finding, no Diagnostic record


def test_an_mcp_server_imports_the_mcp_modules_and_no_table(tmp_path: Path) -> None:
    """The budget's other side: a server with a server.json does load the modules that read
    and verify it (so the check above is not vacuous), and a valid one no code table."""
    pytest.importorskip("hatchling")
    project = tmp_path / "project"
    shutil.copytree(REPO / "fixtures" / "roots" / "valid-mcp-server", project)
    out = tmp_path / "out"
    names = imported(f"import hatchling.build\nhatchling.build.build_wheel({str(out)!r})\n", project)
    assert set(names) >= MCP_MODULES, sorted(MCP_MODULES - set(names))
    assert "smart_tool_build.diagnostics.codes" not in names
    assert not SKILL_MODULES.intersection(names)


#: what a valid project's build never needs: the code table (only a project that names codes
#: in ``ignore``, or a finding, reads it), a collection's rules (it is none), the build
#: system's rules (a build that runs them was opted in), the
#: backends' table, a version pattern's search and the module parser (its version is static
#: and its ``__version__`` plainly agrees) with the look at a line that only reads it, the
#: hints' suggestions, the lines `check` prints for ``build-system-names-plugin``, and the rules
#: of library skills (the example has none). The build path's value types are the standard
#: library's dataclasses and NamedTuples, one idiom (CONTRIBUTING.md, "Import rules")
NOT_ON_A_VALID_BUILD = (
    "smart_tool_build.diagnostics.codes",
    "smart_tool_build.diagnostics.diagnostic",
    "smart_tool_build.archives.verify",
    "smart_tool_build.archives.contents",
    "smart_tool_build.archives.options",
    "smart_tool_build.archives.wheel_checks",
    "smart_tool_build.archives.sdist_checks",
    "smart_tool_build.rules.collection",
    "smart_tool_build.plan.collection_plan",
    "smart_tool_build.rules.build_system",
    "smart_tool_build.rules.manifest_copies",
    "smart_tool_build.rules.version_drift",
    "smart_tool_build.rules.manifest_words",
    "smart_tool_build.rules.root_words",
    "smart_tool_build.rules.descriptor_words",
    "smart_tool_build.rules.install_docs_words",
    "smart_tool_build.rules.placeholders_words",
    "smart_tool_build.rules.placeholder_patterns",
    "smart_tool_build.rules.semver",
    "smart_tool_build.rules.version_attr_words",
    "smart_tool_build.rules.version_reads",
    "smart_tool_build.rules.version_ast",
    "smart_tool_build.rules.requirements_words",
    "smart_tool_build.rules.platforms",
    "smart_tool_build.rules.cli_argv",
    "smart_tool_build.rules.runners",
    "smart_tool_build.project.backends",
    "smart_tool_build.project.backends_words",
    "smart_tool_build.project.backend_hints",
    "smart_tool_build.project.backend_named",
    "smart_tool_build.project.config_words",
    "smart_tool_build.project.config_checks",
    "smart_tool_build.project.package_dirs",
    "smart_tool_build.project.files_words",
    "smart_tool_build.project.paths_words",
    "smart_tool_build.project.other_definitions",
    "smart_tool_build.project.deep_parse",
    "smart_tool_build.parsing.frontmatter_words",
    "smart_tool_build.parsing.yaml_hints",
    "smart_tool_build.parsing.json_problems",
    "smart_tool_build.parsing.toml_lines",
    "smart_tool_build.project.patterns",
    "smart_tool_build.project.python_source",
    "smart_tool_build.project.skills",
    "smart_tool_build.project.skills_words",
    "smart_tool_build.project.skill_entries",
    "smart_tool_build.project.skill_oddities",
    "smart_tool_build.project.module_version",
    "smart_tool_build.plan.skill_files",
    "smart_tool_build.plan.skill_editable",
    "smart_tool_build.archives.skill_checks",
    "smart_tool_build.archives.skill_checks_words",
    "smart_tool_build.archives.skill_inspect",
    "smart_tool_build.archives.wheel_skills",
    "smart_tool_build.archives.read_errors",
    "smart_tool_build.archives.tar_links",
    "smart_tool_build.adapters.reporter_words",
    "smart_tool_build.adapters.stop_words",
    "smart_tool_build.plan.collection_checks",
    "smart_tool_build.rules.skills",
    "smart_tool_build.rules.skills_words",
    "smart_tool_build.rules.skill_format",
    "smart_tool_build.rules.skillmeta",
    "smart_tool_build.rules.suggestions",
    "smart_tool_build.rules.build_lines",
)


def test_a_valid_build_imports_no_table_or_hint(tmp_path: Path) -> None:
    pytest.importorskip("hatchling")
    project = tmp_path / "project"
    shutil.copytree(EXAMPLE, project)
    out = tmp_path / "out"
    body = (
        "import hatchling.build\n"
        f"hatchling.build.build_sdist({str(out)!r})\n"
        f"hatchling.build.build_wheel({str(out)!r})\n"
    )
    names = imported(body, project)
    assert "smart_tool_build.archives.confirm" in names  # the hook ran: planned and verified
    over = [n for n in names if n.startswith(NOT_ON_A_VALID_BUILD)]
    assert not over, over


SETUPTOOLS_EXAMPLE = REPO / "examples" / "setuptools-tool"
#: a frontend's ``get_requires_for_build_wheel`` in its own process, as pyproject-hooks runs it
GET_REQUIRES_FOR_WHEEL = (
    "import setuptools.build_meta\nsetuptools.build_meta.get_requires_for_build_wheel()\n"
)


@pytest.mark.parametrize("unpacked_sdist", [False, True], ids=["source tree", "unpacked sdist"])
def test_setuptools_checks_early_only_in_the_source_tree(tmp_path: Path, unpacked_sdist: bool) -> None:
    """In the source tree the wheel's metadata-only process checks (a failing check stops
    before setuptools writes .egg-info there); in an unpacked sdist it leaves the check to
    build_wheel and imports none of it."""
    pytest.importorskip("setuptools")
    project = tmp_path / "project"
    shutil.copytree(SETUPTOOLS_EXAMPLE, project)
    if unpacked_sdist:
        (project / "PKG-INFO").write_text("Metadata-Version: 2.1\nName: acme-sprocket\nVersion: 0.3.0\n")
    names = imported(GET_REQUIRES_FOR_WHEEL, project)
    assert "smart_tool_build.adapters.setuptools_commands" in names  # the plugin is on, either way
    assert ("smart_tool_build.rules.root" in names) is not unpacked_sdist


#: counts, per file, the opens of SMART_TOOL.md and smart-tool.json made from this package
OPENS = """
import collections, importlib, os, sys
counts = collections.Counter()
root = os.getcwd()
def hook(event, args):
    if event != "open" or not isinstance(args[0], (str, bytes, os.PathLike)):
        return
    path = os.path.abspath(os.fsdecode(args[0]))
    if os.path.basename(path) not in ("SMART_TOOL.md", "smart-tool.json") or not path.startswith(root):
        return
    frame = sys._getframe(1)
    while frame is not None and "smart_tool_build" not in frame.f_code.co_filename:
        frame = frame.f_back
    if frame is not None:
        counts[os.path.relpath(path, root)] += 1
sys.addaudithook(hook)
getattr(importlib.import_module("hatchling.build"), "build_" + {kind!r})({out!r})
print(json.dumps(counts))
"""


@pytest.mark.parametrize("kind", ["sdist", "wheel"])
def test_a_build_reads_the_manifest_and_the_descriptor_once(tmp_path: Path, kind: str) -> None:
    """Each file is read once a process: the check reads it, the plan and the verifier take
    the bytes it read (the backend's own copy into the archive is the backend's)."""
    pytest.importorskip("hatchling")
    project = tmp_path / "project"
    shutil.copytree(EXAMPLE, project)
    body = "import json\n" + OPENS.format(kind=kind, out=str(tmp_path / "out"))
    done = subprocess.run(
        [sys.executable, "-c", body], capture_output=True, text=True, cwd=project, check=True
    )
    counts = json.loads(done.stdout.splitlines()[-1])
    assert counts == {"smart-tool.json": 1, "src/acme_widget/SMART_TOOL.md": 1}, counts
