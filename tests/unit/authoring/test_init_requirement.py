"""How `smart-tool init`'s lines require smart-tool-build: ``--requirement SPEC`` (checked: a
PEP 508 requirement naming smart-tool-build), else the public reference this copy was
installed from (``direct_url.json``, PEP 610), else the bare name.

The new user's whole way (``uv tool install git+https://...``, ``init``, ``uv build``) is
tests/e2e/test_getting.py.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from smart_tool.authoring import origin
from smart_tool.authoring.origin import requirement_from_direct_url
from smart_tool.authoring.scaffold import WRAPPER, InitError, build_setup, requirement_of
from support import run_cli

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.9/3.10
    import tomli as tomllib

GIT = "smart-tool-build @ git+https://github.com/smart-tool-build/smart-tool-build@v0.1.0"
PROJECT = """[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[project]
name = "acme-widget"
version = "0.4.0"
description = "Turns widget specs into widgets."

[project.scripts]
acme-widget = "acme_widget.cli:main"
"""


def lines(pyproject: str, requirement: str) -> tuple[str, ...]:
    return build_setup(tomllib.loads(pyproject), requirement).lines


@pytest.mark.parametrize(
    ("spec", "kept"),
    [
        (GIT, GIT),
        (f"  {GIT}  ", GIT),
        ("smart-tool-build>=0.1,<0.2", "smart-tool-build>=0.1,<0.2"),
        ("Smart_Tool.Build==0.1.0", "Smart_Tool.Build==0.1.0"),  # the name, PEP 503-normalised
        ("smart-tool-build @ https://example.org/smart_tool_build-0.1.0-py3-none-any.whl", None),
        ('smart-tool-build; python_version >= "3.9"', None),
    ],
)
def test_a_requirement_naming_smart_tool_build_is_taken_as_written(spec: str, kept: str | None) -> None:
    assert requirement_of(spec) == (kept or spec)


@pytest.mark.parametrize(
    ("spec", "why"),
    [
        ("hatchling>=1.18", "names 'hatchling', not smart-tool-build"),
        ("smart-tool-builder", "names 'smart-tool-builder', not smart-tool-build"),
        ("smart-tool-build @", "is not a PEP 508 requirement (Expected URL after @)"),
        ("smart tool build", "is not a PEP 508 requirement ("),
        ("", "is not a PEP 508 requirement ("),
    ],
)
def test_anything_else_is_refused_in_one_line(spec: str, why: str) -> None:
    with pytest.raises(InitError) as raised:
        requirement_of(spec)
    message = str(raised.value)
    assert f"--requirement {spec!r} {why}" in message
    assert "\n" not in message
    assert message.endswith('e.g. "smart-tool-build @ git+https://github.com/OWNER/smart-tool-build@TAG"')


def test_the_lines_carry_the_requirement_for_every_backend_family() -> None:
    assert lines(PROJECT, GIT)[1] == f'requires = ["hatchling", "{GIT}"]'
    setuptools = PROJECT.replace('"hatchling"]', '"setuptools"]').replace(
        "hatchling.build", "setuptools.build_meta"
    )
    assert lines(setuptools, GIT)[1] == f'requires = ["setuptools>=61", "{GIT}"]'
    uv_build = PROJECT.replace('"hatchling"]', '"uv_build>=0.8"]').replace('"hatchling.build"', '"uv_build"')
    assert lines(uv_build, GIT)[1:3] == (
        f'requires = ["{GIT}", "uv_build>=0.8"]',
        'build-backend = "smart_tool_build.backend"',
    )


def test_a_project_that_requires_the_bare_name_is_given_the_reference() -> None:
    """Already set up with the bare name (which the index does not have yet): asked for the
    reference, init prints the lines again, with it in place of the bare name."""
    bare = (
        PROJECT.replace('["hatchling"]', '["hatchling", "smart-tool-build"]')
        + "\n[tool.hatch.build.hooks.smart-tool]\n"
    )
    assert build_setup(tomllib.loads(bare)).lines == ()
    assert lines(bare, GIT) == (
        "[build-system]",
        f'requires = ["hatchling", "{GIT}"]',
        'build-backend = "hatchling.build"',
    )
    assert lines(bare.replace('"smart-tool-build"', f'"{GIT}"'), GIT) == ()
    wrapped = (
        '[build-system]\nrequires = ["smart-tool-build", "uv_build"]\n' + f'build-backend = "{WRAPPER}"\n'
    )
    assert build_setup(tomllib.loads(wrapped)).lines == ()
    assert lines(wrapped, GIT)[1] == f'requires = ["{GIT}", "uv_build"]'


# ---- the reference this copy was installed from


@pytest.mark.parametrize(
    ("record", "requirement"),
    [
        pytest.param(
            {
                "url": "https://github.com/o/smart-tool-build",
                "vcs_info": {"vcs": "git", "commit_id": "a" * 40, "requested_revision": "v0.1.0"},
            },
            "smart-tool-build @ git+https://github.com/o/smart-tool-build@v0.1.0",
            id="git-tag",
        ),
        pytest.param(
            {
                "url": "https://github.com/o/smart-tool-build.git",
                "vcs_info": {"vcs": "git", "commit_id": "b" * 40},
            },
            f"smart-tool-build @ git+https://github.com/o/smart-tool-build.git@{'b' * 40}",
            id="git-commit",
        ),
        pytest.param(
            {"url": "https://example.org/smart_tool_build-0.1.0-py3-none-any.whl", "archive_info": {}},
            "smart-tool-build @ https://example.org/smart_tool_build-0.1.0-py3-none-any.whl",
            id="archive",
        ),
        pytest.param(
            {"url": "file:///home/me/smart-tool-build", "vcs_info": {"vcs": "git", "commit_id": "c" * 40}},
            None,
            id="local-git",
        ),
        pytest.param({"url": "file:///home/me/src", "dir_info": {"editable": True}}, None, id="editable"),
        pytest.param(
            {"url": "file:///tmp/smart_tool_build-0.1.0-py3-none-any.whl", "archive_info": {}},
            None,
            id="local-file",
        ),
        pytest.param(
            {"url": "https://token@github.com/o/r", "vcs_info": {"vcs": "git", "commit_id": "d" * 40}},
            None,
            id="credentials",
        ),
        pytest.param({"url": "https://user:pw@github.com/o/r", "archive_info": {}}, None, id="password"),
        pytest.param(
            {"url": "http://github.com/o/r", "vcs_info": {"vcs": "git", "commit_id": "e" * 40}},
            None,
            id="http",
        ),
        pytest.param(
            {"url": "https://hg.example.org/r", "vcs_info": {"vcs": "hg", "commit_id": "f" * 40}},
            None,
            id="not-git",
        ),
        pytest.param({"url": "https://github.com/o/r", "vcs_info": {"vcs": "git"}}, None, id="no-revision"),
        pytest.param(
            {"url": "https://github.com/o/r", "vcs_info": {"vcs": "git", "commit_id": "a b"}},
            None,
            id="odd-revision",
        ),
        pytest.param({"url": "https://github.com/o r", "archive_info": {}}, None, id="space-in-url"),
        pytest.param({"url": 3, "archive_info": {}}, None, id="not-a-string"),
        pytest.param({}, None, id="empty"),
    ],
)
def test_a_public_reference_becomes_the_requirement(record: dict[str, Any], requirement: str | None) -> None:
    assert requirement_from_direct_url(record) == requirement


def test_this_checkout_is_no_public_reference() -> None:
    """The suite runs an editable install or a wheel from a local file: the bare name."""
    assert origin.installed_requirement() is None


def _init(tmp_path: Path, *args: str) -> tuple[int, str, str]:
    root = tmp_path / "acme"
    (root / "src" / "acme_widget").mkdir(parents=True)
    (root / "src" / "acme_widget" / "__init__.py").write_text("")
    (root / "pyproject.toml").write_text(PROJECT)
    done = run_cli("init", "acme", *args, cwd=tmp_path)
    return done.returncode, done.stdout, done.stderr


def test_cli_prints_the_requirement_given(tmp_path: Path) -> None:
    code, out, err = _init(tmp_path, "--requirement", GIT)
    assert (code, err) == (0, "")
    assert f'\nrequires = ["hatchling", "{GIT}"]\n' in out
    assert "--requirement SPEC prints another" not in out, "what was asked for needs no note"


def test_cli_says_where_the_bare_name_comes_from(tmp_path: Path) -> None:
    code, out, _ = _init(tmp_path)
    assert code == 0
    assert '\nrequires = ["hatchling", "smart-tool-build"]\n' in out
    assert (
        'smart-tool: "smart-tool-build" is the name on the package index (or in a folder of wheels); '
        '--requirement SPEC prints another, such as a git reference (README: "Getting smart-tool-build")\n'
    ) in out


def test_cli_refuses_a_requirement_of_something_else_before_writing(tmp_path: Path) -> None:
    code, out, err = _init(tmp_path, "--requirement", "hatchling")
    assert (code, out) == (2, "")
    assert err.startswith(
        "smart-tool: error: --requirement 'hatchling' names 'hatchling', not smart-tool-build"
    )
    assert not (tmp_path / "acme" / "smart-tool.json").exists()


def test_cli_says_what_a_tool_lists_for_run_time(tmp_path: Path) -> None:
    code, out, _ = _init(tmp_path, "--requirement", GIT)
    assert code == 0
    assert (
        f'smart-tool: for the accessor at run time (load_manifest, render_skill), list "{GIT}" in '
        "[project].dependencies too: an installed wheel's --help reads the manifest's projection "
        "and imports neither PyYAML nor packaging (docs/runtime.md)\n"
    ) in out


# ---- hatchling and a direct reference in [project].dependencies


def test_hatchling_is_told_to_allow_the_direct_reference_init_prints(tmp_path: Path) -> None:
    """hatchling refuses a direct reference in [project].dependencies unless
    [tool.hatch.metadata] allow-direct-references = true: init prints those lines under the
    one that tells the tool to list the requirement there, and only then."""
    code, out, err = _init(tmp_path, "--requirement", GIT)
    assert (code, err) == (0, "")
    said = out.index(f'list "{GIT}" in [project].dependencies')
    allowed = out.index("\n[tool.hatch.metadata]\nallow-direct-references = true\n")
    assert said < allowed
    assert "hatchling refuses a direct reference in [project].dependencies unless it is allowed" in out

    code, out, _ = _init(tmp_path / "bare", "--requirement", "smart-tool-build>=0.1")
    assert code == 0 and "allow-direct-references" not in out


@pytest.mark.parametrize(
    ("extra", "printed"),
    [
        ("", ("[tool.hatch.metadata]", "allow-direct-references = true")),
        ("\n[tool.hatch.metadata]\nallow-direct-references = true\n", ()),
        ("\n[tool.hatch.metadata]\nhooks = {}\n", ("allow-direct-references = true",)),
    ],
)
def test_the_allowance_is_printed_only_where_missing(extra: str, printed: tuple[str, ...]) -> None:
    from smart_tool_build.rules.build_lines import runtime_setup

    assert runtime_setup(tomllib.loads(PROJECT + extra), GIT).lines == printed
    setuptools = PROJECT.replace("hatchling.build", "setuptools.build_meta")
    assert runtime_setup(tomllib.loads(setuptools), GIT).lines == ()
