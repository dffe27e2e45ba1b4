"""Ready to release: one version, said in one place and read everywhere else; the
documentation's references name this version's tag and the project's address; the release
notes are the changelog's entry (scripts/release-notes); the release workflow publishes by
trusted publishing, from the archives it checked, with those notes; and every CI example in
the documentation takes smart-tool-build by a route that works and actions that still run.

The workflow's build job itself runs in tests/e2e/test_release.py; the routes, end to end,
in tests/e2e/test_getting.py.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from packaging.version import Version

import smart_tool_build
from smart_tool_build import __version__
from support import REPO, documented_ref, run_cli

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.9/3.10
    import tomli as tomllib

PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
VERSION_FILE = REPO / "src" / "smart_tool_build" / "__init__.py"
WORKFLOW = REPO / ".github" / "workflows" / "release.yml"
RELEASE_NOTES = REPO / "scripts" / "release-notes"
PAGES = sorted(
    [REPO / "README.md", REPO / "CONTRIBUTING.md", REPO / "RELEASING.md", *(REPO / "docs").glob("*.md")]
)
#: the project's address, as [project.urls] gives it
SOURCE = PYPROJECT["project"]["urls"]["Source"]
#: a git reference to this project in the documentation, and the tag it names
#: a reference to this repository at a tag; the command line's distribution is its ``cli``
#: folder (``#subdirectory=cli``), the only fragment a reference may carry
_OUR_GIT_REFERENCE = re.compile(
    r"git\+(https://[^\s\"'@`]+/smart-tool-build)@([^\s\"'`#]+)(?:#subdirectory=cli\b)?"
)
#: the oldest major of each action that runs on a runtime GitHub still has (node 24)
CURRENT_ACTIONS = {
    "actions/checkout": 5,
    "actions/setup-python": 6,
    "actions/upload-artifact": 6,
    "actions/download-artifact": 7,
}
_FENCED_YAML = re.compile(r"^```ya?ml\n(.*?)^```", re.M | re.S)


# ---- one version


def test_the_version_is_said_once_in_init_and_hatchling_reads_it() -> None:
    project = PYPROJECT["project"]
    assert "version" not in project, "[project] version repeats __version__: keep it dynamic"
    assert "version" in project["dynamic"]
    assert PYPROJECT["tool"]["hatch"]["version"] == {"path": "src/smart_tool_build/__init__.py"}
    # hatchling's default pattern for a version file
    found = re.findall(r"(?im)^(?:__version__|VERSION) *= *(['\"])v?(.+?)\1", VERSION_FILE.read_text())
    assert [value for _, value in found] == [__version__]


def test_the_version_is_pep_440_in_its_normal_form() -> None:
    assert str(Version(__version__)) == __version__


def test_no_other_file_of_the_package_writes_the_version() -> None:
    literal = re.compile(rf"""["']v?{re.escape(__version__)}["']""")
    writers = [
        path.relative_to(REPO).as_posix()
        for path in sorted((REPO / "src").rglob("*.py"))
        if literal.search(path.read_text(encoding="utf-8"))
    ]
    assert writers == ["src/smart_tool_build/__init__.py"]


def test_the_command_line_says_the_version() -> None:
    version = smart_tool_build.__version__
    assert run_cli("--version").stdout.strip() == f"smart-tool {version} (smart-tool-build {version})"


def test_the_installed_metadata_says_the_version() -> None:
    from importlib import metadata

    try:
        installed = metadata.version("smart-tool-build")
    except metadata.PackageNotFoundError:  # pragma: no cover - the suite runs with it installed
        pytest.skip("smart-tool-build is not installed")
    assert installed == __version__, "reinstall: the installed metadata is of another version"


# ---- the documentation names this version's tag and the project's address


def _references() -> list[tuple[str, str, str]]:
    found = []
    for page in PAGES:
        for address, tag in _OUR_GIT_REFERENCE.findall(page.read_text(encoding="utf-8")):
            found.append((page.relative_to(REPO).as_posix(), address, tag))
    return found


def test_the_documentation_gives_git_references() -> None:
    pages = {page for page, _, _ in _references()}
    assert {"README.md", "docs/smoke.md"} <= pages


@pytest.mark.parametrize(("page", "address", "tag"), _references())
def test_every_git_reference_is_this_versions_tag_of_the_project(page: str, address: str, tag: str) -> None:
    """The tag once this version is released; ``main`` before, when the repository carries
    no tag a reader could take (RELEASING.md, step 3)."""
    assert (address, tag) == (SOURCE, documented_ref()), page


def test_the_pre_commit_example_names_this_versions_tag() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert f"  - repo: {SOURCE}\n    rev: {documented_ref()}\n" in readme


def test_the_project_urls_are_https_and_the_same_address() -> None:
    urls = PYPROJECT["project"]["urls"]
    assert set(urls) >= {"Homepage", "Source", "Issues", "Changelog", "Documentation"}
    assert all(url.startswith(SOURCE) for url in urls.values()), urls


# ---- the release notes are the changelog's entry


def release_notes(
    *args: str, changelog: str | None = None, tmp: Path | None = None
) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(RELEASE_NOTES), *args]
    if changelog is not None:
        assert tmp is not None
        (tmp / "CHANGELOG.md").write_text(changelog, encoding="utf-8")
        command += ["--file", str(tmp / "CHANGELOG.md")]
    return subprocess.run(command, capture_output=True, text=True, timeout=60)


CHANGELOG = """# Changelog

## Unreleased

- next

## 1.2.0 (the second)

### Added

- a thing
- ```text
  ## 0.9.0 inside a fence is no heading
  ```

## 1.1.0

- first
"""


def test_the_changelog_has_this_versions_entry() -> None:
    done = release_notes(__version__)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() and "\n## " not in done.stdout


@pytest.mark.parametrize("asked", ["1.2.0", "v1.2.0"])
def test_the_entry_is_what_stands_under_its_heading(tmp_path: Path, asked: str) -> None:
    done = release_notes(asked, changelog=CHANGELOG, tmp=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        "### Added\n\n- a thing\n- ```text\n  ## 0.9.0 inside a fence is no heading\n  ```\n"
    )
    assert release_notes("1.1.0", changelog=CHANGELOG, tmp=tmp_path).stdout == "- first\n"


@pytest.mark.parametrize(
    ("asked", "changelog", "message"),
    [
        ("1.3.0", CHANGELOG, "has no entry `## 1.3.0`: rename `## Unreleased` to `## 1.3.0`"),
        ("1.2", CHANGELOG, "has no entry `## 1.2`"),  # no prefix match of 1.2.0
        ("0.9.0", CHANGELOG, "has no entry `## 0.9.0`"),  # a fenced line is no heading
        ("1.0.0", "## 1.0.0\n\n## 0.9.0\n- old\n", "the entry `## 1.0.0` of CHANGELOG.md is empty"),
    ],
)
def test_no_entry_no_release(tmp_path: Path, asked: str, changelog: str, message: str) -> None:
    done = release_notes(asked, changelog=changelog, tmp=tmp_path)
    assert (done.returncode, done.stdout) == (1, "")
    assert message in done.stderr


# ---- the workflow


def workflow() -> dict[Any, Any]:
    loaded: dict[Any, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    return loaded


def _steps(job: str) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = workflow()["jobs"][job]["steps"]
    return steps


def test_it_runs_on_a_version_tag_only() -> None:
    triggers = workflow()[True]  # YAML 1.1 reads the key `on` as true
    assert triggers == {"push": {"tags": ["v*"]}}


def test_no_token_or_password_is_kept_or_asked_for() -> None:
    lines = WORKFLOW.read_text(encoding="utf-8").splitlines()
    text = "\n".join(line.split(" #")[0] for line in lines if not line.lstrip().startswith("#"))
    assert "secrets." not in text
    assert not re.search(r"(?i)password|api[-_]token|TWINE_", text)
    assert workflow()["permissions"] == {}, "every job says what it may do; the default is nothing"


def test_publishing_is_trusted_publishing_from_an_environment() -> None:
    publish = workflow()["jobs"]["publish"]
    assert publish["needs"] == "build"
    assert publish["permissions"] == {"id-token": "write"}
    assert publish["environment"]["name"] == "pypi"
    uses = [step["uses"] for step in publish["steps"]]
    assert uses[-1] == "pypa/gh-action-pypi-publish@release/v1"
    assert "with" not in publish["steps"][-1], "trusted publishing needs no input"
    assert publish["steps"][0]["with"]["name"] == "dist", "publishes the archives the build job checked"


def test_the_build_job_checks_before_anything_is_published() -> None:
    build = workflow()["jobs"]["build"]
    assert build["permissions"] == {"contents": "read"}
    scripts = "\n".join(step.get("run", "") for step in build["steps"])
    for needed in (
        "python -m build -o dist .",
        "python -m build -o dist cli",
        'scripts/check-release --tag "$GITHUB_REF_NAME" dist',
        "python -m twine check --strict dist/*",
        'smart-tool" inspect',
        'smart-tool" smoke --find-links dist',
        'scripts/release-notes "$GITHUB_REF_NAME" > notes/release-notes.md',
    ):
        assert needed in scripts, needed
    assert _steps("build")[0]["with"] == {"persist-credentials": False}


def test_the_github_release_has_the_changelogs_notes() -> None:
    release = workflow()["jobs"]["github-release"]
    assert release["needs"] == "publish"
    assert release["permissions"] == {"contents": "write"}
    script = release["steps"][-1]["run"]
    assert "--notes-file notes/release-notes.md" in script and "--verify-tag" in script


def test_every_script_the_workflow_runs_exists() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    named = set(re.findall(r"(?:scripts|fixtures|examples)/[\w./-]+", text))
    assert named and sorted(name for name in named if not (REPO / name).exists()) == []


# ---- CI examples: actions that run, a route to smart-tool-build that works


def _uses(text: str) -> list[str]:
    return re.findall(r"uses:\s*([\w.-]+/[\w.-]+@[\w./-]+)", text)


def ci_examples() -> list[tuple[str, str]]:
    """Every YAML block of the documentation that is a CI job or steps, with its page."""
    found = []
    for page in PAGES:
        for block in _FENCED_YAML.findall(page.read_text(encoding="utf-8")):
            if "uses:" in block or "run:" in block:
                found.append((page.relative_to(REPO).as_posix(), block))
    return found


@pytest.mark.parametrize(
    "action",
    sorted({a for _, block in ci_examples() for a in _uses(block)} | set(_uses(WORKFLOW.read_text()))),
)
def test_every_action_is_a_current_major(action: str) -> None:
    name, _, ref = action.partition("@")
    if name in CURRENT_ACTIONS:
        major = re.fullmatch(r"v(\d+)(?:\.\d+)*", ref)
        assert major and int(major[1]) >= CURRENT_ACTIONS[name], f"{action}: node 20 actions no longer run"


@pytest.mark.parametrize(("page", "block"), ci_examples(), ids=lambda v: v if v.endswith(".md") else "")
def test_every_ci_example_installs_smart_tool_build_by_a_route_that_works(page: str, block: str) -> None:
    """The package index has no smart-tool-build yet (RELEASING.md: relax this with the
    first upload): a CI step that installs it names the git reference."""
    for line in block.splitlines():
        if re.search(r"\b(pip|uv pip|pipx|uv tool) install\b", line) and "smart-tool-build" in line:
            assert f"smart-tool-build @ git+{SOURCE}@{documented_ref()}" in line or (
                f"git+{SOURCE}@{documented_ref()}" in line
            ), f"{page}: {line.strip()}"


def test_the_two_distributions_are_of_one_version() -> None:
    """smart-tool and smart-tool-build are released in lockstep: one version, and the
    command line pins the build distribution at exactly it."""
    import smart_tool

    pyproject = tomllib.loads((REPO / "cli" / "pyproject.toml").read_text(encoding="utf-8"))
    assert smart_tool.__version__ == smart_tool_build.__version__
    assert f"smart-tool-build=={smart_tool_build.__version__}" in pyproject["project"]["dependencies"]
