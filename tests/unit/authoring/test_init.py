"""`smart-tool init`: the descriptor and manifest filled from the package definition, whose
only findings are the lines it marks TODO (and, until its lines are put in, the warning that
the build names no smart-tool-build); never an overwrite; the [build-system] lines of each
backend family.

Real builds of initialised projects are in tests/e2e/test_init_builds.py.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import pytest

from smart_tool.authoring.edits import apply
from smart_tool.authoring.scaffold import WRAPPER, InitError, build_setup, plan_init
from smart_tool_build.rules.root import check_root
from support import ROOTS, run_cli

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.9/3.10
    import tomli as tomllib

HATCHLING = '[build-system]\nrequires = ["hatchling>=1.18"]\nbuild-backend = "hatchling.build"\n\n'
PROJECT = """[project]
name = "Acme_Widget"
version = "0.4.0"
description = "Turns widget specs into widgets: fast."

[project.scripts]
acme-widget = "acme_widget.cli:main"
"""


def project(
    tmp_path: Path, pyproject: str = HATCHLING + PROJECT, package: Optional[str] = "src/acme_widget"
) -> Path:
    root = tmp_path / "acme"
    root.mkdir()
    (root / "pyproject.toml").write_text(pyproject)
    if package:
        (root / package).mkdir(parents=True)
        (root / package / "__init__.py").write_text('"""acme-widget."""\n')
    return root


def init(root: Path, **options: str) -> str:
    """Run init in-process; the manifest's relative path."""
    scaffold = plan_init(root, platform=options.pop("platform", "linux"), **options)  # type: ignore[arg-type]
    apply(scaffold.edits)
    return scaffold.manifest


def findings(root: Path) -> list[tuple[str, Optional[str], Optional[int]]]:
    return [(d.code, d.path, d.line) for d in check_root(root).diagnostics]


def complete(root: Path, manifest: str) -> None:
    """What the author does after init: every line marked TODO given its content."""
    path = root / manifest
    path.write_text(path.read_text().replace("TODO: ", ""))


#: the use case init cannot know, on its line of the manifest
USE_CASE = ("manifest-placeholders", "src/acme_widget/SMART_TOOL.md", 7)
#: HATCHLING's requires, which names no smart-tool-build until init's lines are put in
UNGUARDED = ("build-system-names-plugin", "pyproject.toml", 2)


def test_hatchling_project(tmp_path: Path) -> None:
    root = project(tmp_path)
    manifest = init(root, platform="darwin")
    assert manifest == "src/acme_widget/SMART_TOOL.md"
    assert json.loads((root / "smart-tool.json").read_text()) == {
        "manifest": manifest,
        "cli_argv": ["acme-widget"],
        "deterministic_smoke": ["--version"],  # a run smoke judges, until a capability is named
    }
    text = (root / manifest).read_text()
    assert text.startswith(
        "---\n"
        "smart_tool_format: 1\n"
        "name: acme-widget\n"  # normalised from Acme_Widget
        "version: 0.4.0\n"
        'description: "Turns widget specs into widgets: fast."\n'
        "use_cases:\n"
        '  - "TODO: a job someone wants done with acme-widget, one item a job"\n'
        "platforms:\n"
        "  - macos\n"  # the machine it ran on, in the spec's spelling
        "---\n"
    )
    assert "requires" not in text
    assert "$ acme-widget --help" in text
    assert findings(root) == [UNGUARDED, USE_CASE]
    complete(root, manifest)
    assert findings(root) == [UNGUARDED]
    lines = build_setup(tomllib.loads((root / "pyproject.toml").read_text())).lines
    (root / "pyproject.toml").write_text("\n".join(lines) + "\n\n" + PROJECT)
    assert check_root(root).diagnostics == []


def test_flat_layout_and_a_version_quoted_as_written(tmp_path: Path) -> None:
    pyproject = PROJECT.replace('version = "0.4.0"', 'version = "1.10"')
    root = project(tmp_path, pyproject, package="acme_widget")
    manifest = init(root)
    assert manifest == "acme_widget/SMART_TOOL.md"
    assert 'version: "1.10"\n' in (root / manifest).read_text()
    assert findings(root) == [("manifest-placeholders", manifest, 7)]  # no [build-system]: not judged


def test_package_found_from_the_console_script(tmp_path: Path) -> None:
    pyproject = PROJECT.replace('"acme_widget.cli:main"', '"widgets.cli:main"')
    root = project(tmp_path, pyproject, package="src/widgets")
    assert init(root) == "src/widgets/SMART_TOOL.md"


def test_dynamic_version_read_statically(tmp_path: Path) -> None:
    pyproject = PROJECT.replace('version = "0.4.0"', 'dynamic = ["version"]')
    pyproject += '\n[tool.hatch.version]\npath = "src/acme_widget/__init__.py"\n'
    root = project(tmp_path, HATCHLING + pyproject)
    (root / "src/acme_widget/__init__.py").write_text('__version__ = "2.3.4"\n')
    assert "version: 2.3.4\n" in (root / init(root)).read_text()


def test_version_known_only_to_a_build(tmp_path: Path) -> None:
    pyproject = PROJECT.replace('version = "0.4.0"', 'dynamic = ["version"]')
    pyproject += '\n[tool.hatch.version]\nsource = "vcs"\n'
    root = project(tmp_path, HATCHLING + pyproject)
    with pytest.raises(InitError, match="--manifest-version"):
        plan_init(root)
    assert "version: 0.9.0\n" in (root / init(root, version="0.9.0")).read_text()


def test_a_given_version_must_be_the_package_s(tmp_path: Path) -> None:
    with pytest.raises(InitError, match=r"--manifest-version '1\.0' is not the package's version '0\.4\.0'"):
        plan_init(project(tmp_path), version="1.0")


def test_several_commands_need_one_chosen(tmp_path: Path) -> None:
    pyproject = PROJECT + 'acme-widget-mcp = "acme_widget.mcp:main"\n'
    root = project(tmp_path, pyproject)
    with pytest.raises(InitError) as caught:
        plan_init(root)
    assert str(caught.value) == (
        "pyproject.toml declares 2 commands (acme-widget, acme-widget-mcp): choose the tool's with --command"
    )
    init(root, command="acme-widget")
    assert json.loads((root / "smart-tool.json").read_text())["cli_argv"] == ["acme-widget"]


def test_a_python_m_command(tmp_path: Path) -> None:
    pyproject = PROJECT.split("[project.scripts]")[0]
    root = project(tmp_path, pyproject)
    with pytest.raises(InitError, match="declares no command"):
        plan_init(root)
    init(root, command="python -m acme_widget")
    assert json.loads((root / "smart-tool.json").read_text())["cli_argv"] == ["python", "-m", "acme_widget"]
    assert findings(root) == [USE_CASE]  # no [build-system] table: not judged
    complete(root, "src/acme_widget/SMART_TOOL.md")
    assert check_root(root).diagnostics == []


def test_package_json(tmp_path: Path) -> None:
    root = tmp_path / "tool"
    (root / "src").mkdir(parents=True)
    definition = {
        "name": "log-triage",
        "version": "2.0.0",
        "bin": "src/cli.js",
        "description": "Triage logs.",
    }
    (root / "package.json").write_text(json.dumps(definition))
    scaffold = plan_init(root, platform="win32")
    apply(scaffold.edits)
    assert scaffold.manifest == "src/SMART_TOOL.md"
    assert json.loads((root / "smart-tool.json").read_text())["cli_argv"] == ["log-triage"]
    text = (root / "src/SMART_TOOL.md").read_text()
    assert "name: log-triage\n" in text and "  - windows\n" in text
    assert scaffold.setup.backend == "npm" and scaffold.setup.lines == ()
    assert findings(root) == [("manifest-placeholders", "src/SMART_TOOL.md", 7)]
    complete(root, "src/SMART_TOOL.md")
    assert check_root(root).diagnostics == []


def test_scoped_npm_package(tmp_path: Path) -> None:
    root = tmp_path / "tool"
    root.mkdir()
    definition = {"name": "@acme/log-triage", "version": "2.0.0", "bin": {"triage": "cli.js"}}
    (root / "package.json").write_text(json.dumps(definition))
    scaffold = plan_init(root)
    apply(scaffold.edits)
    assert scaffold.manifest == "SMART_TOOL.md"
    assert "name: log-triage\n" in (root / "SMART_TOOL.md").read_text()
    assert json.loads((root / "smart-tool.json").read_text())["cli_argv"] == ["triage"]


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        pytest.param(
            lambda root: (root / "smart-tool.json").write_text("{}"),
            "smart-tool.json already exists",
            id="descriptor",
        ),
        pytest.param(
            lambda root: (root / "src/acme_widget/SMART_TOOL.md").write_text("mine"),
            "src/acme_widget/SMART_TOOL.md already exists",
            id="manifest",
        ),
        pytest.param(
            lambda root: (root / "docs").mkdir() or (root / "docs/SMART_TOOL.md").write_text("mine"),
            "docs/SMART_TOOL.md already exists",
            id="manifest-elsewhere",
        ),
    ],
)
def test_never_overwrites(tmp_path: Path, setup: object, message: str) -> None:
    root = project(tmp_path)
    setup(root)  # type: ignore[operator]
    before = sorted(p.relative_to(root).as_posix() for p in root.rglob("*"))
    with pytest.raises(InitError, match=message):
        plan_init(root)
    assert sorted(p.relative_to(root).as_posix() for p in root.rglob("*")) == before


@pytest.mark.parametrize(
    ("pyproject", "package", "message"),
    [
        pytest.param(None, None, "no pyproject.toml or package.json", id="no-package-definition"),
        pytest.param('[tool.poetry]\nname = "x"\n', None, r"has no \[project\] table", id="no-project-table"),
        pytest.param(HATCHLING + PROJECT, None, "no import package found", id="no-import-package"),
        pytest.param("[project\n", None, "package-definition-parses", id="broken-toml"),
    ],
)
def test_what_init_cannot_start(
    tmp_path: Path, pyproject: Optional[str], package: Optional[str], message: str
) -> None:
    root = tmp_path / "acme"
    root.mkdir()
    if pyproject is not None:
        (root / "pyproject.toml").write_text(pyproject)
    with pytest.raises(InitError, match=message):
        plan_init(root)


def test_package_named_by_hand(tmp_path: Path) -> None:
    (tmp_path / "other").mkdir()
    root = project(tmp_path, package="lib/acme_widget")
    assert init(root, package_dir="lib/acme_widget") == "lib/acme_widget/SMART_TOOL.md"
    with pytest.raises(InitError, match="not a folder inside the root"):
        plan_init(project(tmp_path / "other"), package_dir="../elsewhere")


# ---- the [build-system] lines, per backend family


@pytest.mark.parametrize(
    ("build_system", "backend", "lines"),
    [
        pytest.param(
            HATCHLING,
            "hatchling",
            (
                "[build-system]",
                'requires = ["hatchling>=1.18", "smart-tool-build"]',
                'build-backend = "hatchling.build"',
                "",
                "[tool.hatch.build.hooks.smart-tool]",
            ),
            id="hatchling",
        ),
        pytest.param(
            '[build-system]\nrequires = ["setuptools", "setuptools-scm>=8"]\n'
            'build-backend = "setuptools.build_meta"\n',
            "setuptools",
            (
                "[build-system]",
                'requires = ["setuptools>=61", "setuptools-scm>=8", "smart-tool-build"]',
                'build-backend = "setuptools.build_meta"',
            ),
            id="setuptools",
        ),
        pytest.param(
            "",  # no [build-system]: PEP 517's fallback is setuptools
            "setuptools",
            (
                "[build-system]",
                'requires = ["setuptools>=61", "smart-tool-build"]',
                'build-backend = "setuptools.build_meta"',
            ),
            id="setuptools-implied",
        ),
        *(
            pytest.param(
                f'[build-system]\nrequires = ["{requirement}"]\nbuild-backend = "{path}"\n',
                backend,
                (
                    "[build-system]",
                    f'requires = ["smart-tool-build", "{requirement}"]',
                    'build-backend = "smart_tool_build.backend"',
                    "",
                    "[tool.smart-tool]",
                    # the PEP 517 module, as build-backend names it: what the wrapper imports
                    f'backend = "{path}"',
                ),
                id=backend,
            )
            for requirement, path, backend in [
                ("uv_build>=0.7.19,<0.8", "uv_build", "uv_build"),
                ("flit_core >=3.2,<4", "flit_core.buildapi", "flit_core"),
                ("pdm-backend", "pdm.backend", "pdm-backend"),
                ("poetry-core>=2.0.0,<3.0.0", "poetry.core.masonry.api", "poetry-core"),
                ("maturin>=1.0,<2.0", "maturin", "maturin"),
            ]
        ),
    ],
)
def test_build_system_lines(tmp_path: Path, build_system: str, backend: str, lines: tuple[str, ...]) -> None:
    root = project(tmp_path, build_system + PROJECT)
    scaffold = plan_init(root)
    assert (scaffold.setup.backend, scaffold.setup.lines) == (backend, lines)
    result = run_cli("init", "acme", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "\n" + "\n".join(lines) + "\n" in result.stdout


def _setup(pyproject: str) -> tuple[str, tuple[str, ...], str]:
    setup = build_setup(tomllib.loads(pyproject))
    return setup.backend, setup.lines, setup.note


def test_build_system_already_set_up() -> None:
    hatch = HATCHLING.replace('["hatchling>=1.18"]', '["hatchling>=1.18", "smart-tool-build"]')
    assert _setup(hatch + "[tool.hatch.build.hooks.smart-tool]\n")[1] == ()
    assert _setup(hatch)[1][-1] == "[tool.hatch.build.hooks.smart-tool]", "the hook table is still missing"
    wrapped = f'[build-system]\nrequires = ["smart-tool-build", "uv_build"]\nbuild-backend = "{WRAPPER}"\n'
    assert _setup(wrapped)[1] == ()
    uv_build = '[build-system]\nrequires = ["uv_build"]\nbuild-backend = "uv_build"\n'
    _, lines, note = _setup(uv_build + "\n[tool.smart-tool]\nexclude = []\n")
    assert lines[-1] == 'build-backend = "smart_tool_build.backend"'
    assert 'add backend = "uv_build" to your [tool.smart-tool] table' in note
    assert _setup('[build-system]\nrequires = ["enscons"]\nbuild-backend = "enscons.api"\n')[:2] == ("", ())


# ---- the command


def test_cli_init_then_check(tmp_path: Path) -> None:
    root = project(tmp_path)
    result = run_cli("init", "acme", cwd=tmp_path)
    assert result.returncode == 0, result.stderr  # its own placeholders are no failure of init
    out = result.stdout.splitlines()
    assert out[:3] == [
        "smart-tool: wrote acme/smart-tool.json",
        "smart-tool: wrote acme/src/acme_widget/SMART_TOOL.md",
        "smart-tool: hatchling runs the hook of smart-tool-build. Put these lines in pyproject.toml:",
    ]
    # the lines to complete, as check reports them, then which lines and what fails until then;
    # the build-system warning is not repeated under the lines that answer it
    assert out[-3:] == [
        "acme/src/acme_widget/SMART_TOOL.md:7: manifest-placeholders: `use_cases[0]` holds a TODO/TBD "
        "marker where content belongs: 'TODO: a job someone wants done with acme-widget, one item...' "
        "(in its place, write one job someone wants done with the tool, one item a job)",
        "1 root checked: 1 error, 0 warnings, 0 info",
        "smart-tool: complete the lines marked TODO in acme/src/acme_widget/SMART_TOOL.md (lines 7, "
        "14 and 18): until its fields hold content, `smart-tool check` and every build fail with "
        "manifest-placeholders",
    ]
    assert "build-system-names-plugin" not in result.stdout
    # what smoke will ask of the CLI, said before the findings: -V and --version among it
    (said,) = [line for line in out if line.startswith("smart-tool: smart-tool smoke (on the built wheel)")]
    assert "-V and --version exit 0 and print 0.4.0" in said and '"deterministic_smoke" (--version' in said
    checked = run_cli("check", "acme", cwd=tmp_path)
    assert checked.returncode == 1
    assert "acme/src/acme_widget/SMART_TOOL.md:7: manifest-placeholders:" in checked.stdout
    complete(root, "src/acme_widget/SMART_TOOL.md")
    assert run_cli("check", "acme", cwd=tmp_path).returncode == 0  # a warning is left
    strict = run_cli("check", "acme", "--warnings-as-errors", cwd=tmp_path)
    assert strict.returncode == 1
    assert "acme/pyproject.toml:2: build-system-names-plugin (warning):" in strict.stdout


def test_cli_init_fails_on_what_it_did_not_write(tmp_path: Path) -> None:
    """Exit 0 covers only init's own placeholders: any other error of the check is exit 1."""
    root = project(tmp_path, HATCHLING + PROJECT + "\n[tool.smart-tool]\nignore = 3\n")
    result = run_cli("init", "acme", cwd=tmp_path)
    assert result.returncode == 1
    assert "acme/pyproject.toml:14: config-valid:" in result.stdout
    assert (root / "smart-tool.json").is_file()


def test_cli_init_refuses_to_overwrite_in_one_line(tmp_path: Path) -> None:
    project(tmp_path)
    assert run_cli("init", "acme", cwd=tmp_path).returncode == 0
    again = run_cli("init", "acme", cwd=tmp_path)
    assert again.returncode == 2
    assert again.stdout == ""
    assert again.stderr.splitlines() == [
        "smart-tool: error: acme/smart-tool.json already exists; init never overwrites a file"
    ]


def test_cli_init_on_a_fixture_with_a_manifest_points_at_fix() -> None:
    result = run_cli("init", str(ROOTS / "descriptor-present"))
    assert result.returncode == 2
    assert "smart-tool fix adds a descriptor" in result.stderr


def test_a_collection_is_not_initialised() -> None:
    from support import FIXTURES

    with pytest.raises(InitError, match="declares a collection"):
        plan_init(FIXTURES / "collections" / "valid-nested")


def test_the_lines_to_complete_are_init_s_marks_only(tmp_path: Path) -> None:
    """A description that speaks of TODO lists is the project's content, not a line to complete."""
    pyproject = PROJECT.replace("Turns widget specs into widgets: fast.", "Keeps TODO: lists of widgets.")
    scaffold = plan_init(project(tmp_path, pyproject))
    apply(scaffold.edits)
    assert 'description: "Keeps TODO: lists of widgets."\n' in scaffold.edits[-1].new.decode()
    assert scaffold.todo_lines == (7, 14, 18)


@pytest.mark.parametrize(
    "description",
    ["Add your description here", "TODO", "<description>", ""],
)
def test_a_template_s_description_becomes_a_line_to_complete(tmp_path: Path, description: str) -> None:
    pyproject = PROJECT.replace("Turns widget specs into widgets: fast.", description)
    root = project(tmp_path, pyproject)
    scaffold = plan_init(root)
    apply(scaffold.edits)
    text = (root / scaffold.manifest).read_text()
    assert 'description: "TODO: what acme-widget does, then when to reach for it."\n' in text
    assert scaffold.todo_lines == (5, 7, 14, 18)
    assert [d.line for d in check_root(root).diagnostics if d.code == "manifest-placeholders"] == [5, 7]


@pytest.mark.parametrize("named", [None, "src/acme_widget"])
def test_a_package_folder_that_is_a_symlink_out_of_the_root(tmp_path: Path, named: Optional[str]) -> None:
    """init writes nothing through a package folder that leads outside the project."""
    root = project(tmp_path, package=None)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "__init__.py").write_text("")
    (root / "src").mkdir()
    (root / "src" / "acme_widget").symlink_to(outside)
    with pytest.raises(InitError, match="leads outside the root through a symlink"):
        plan_init(root, platform="linux", package_dir=named)
    assert sorted(p.name for p in outside.iterdir()) == ["__init__.py"]
    assert not (root / "smart-tool.json").exists()
