"""Getting smart-tool-build by each route the README's "Getting smart-tool-build" gives, end
to end, with a local git repository standing in for the project's (this checkout's files as
they are now, committed on ``main``, and tagged ``v<version>`` only once that version is
released, as the project's repository is), and no index: every frontend sees only the
session's wheelhouse *without* smart-tool-build, so a build that succeeds got
smart-tool-build by the route under test. ``REF`` is what the documentation names: ``main``
before the release, the tag after.

- the README's own lines, as written (its code blocks read from README.md, git's URL
  rewriting pointing its address at the local repository): the build requirement, the
  command line by ``uv tool install`` and ``pip install``, and the folder of wheels;
- as a build requirement, ``"smart-tool-build @ git+file:///...@REF"``: ``python -m build``
  (isolated), ``pip wheel`` (pip 24.1, the first to take it; 24.0 refusing it), ``pip install
  -e``, ``uv build``;
- the README's ``git+https://github.com/...@REF`` form: the oldest pip that takes it (19.3),
  and the new user's way, ``uv tool install`` then ``smart-tool init`` then ``uv build`` with
  the lines init printed;
- as a command-line tool: ``uv tool install git+file:///...@REF``;
- ``smart-tool smoke --find-links DIR`` installing a tool that needs smart-tool-build at run
  time, with pip and with uv.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from buildkit import EXAMPLES, FIXTURES, REPO, Build, Builder, assert_tool_built, edit, wheel_members
from releasekit import (
    FIRST_PIP_WITH_HOSTLESS_URLS,
    LAST_PIP_WITHOUT_HOSTLESS_URLS,
    OLD_PIP_PYTHON,
    OLDEST_PIP,
    PUBLIC,
    REF,
    frontends,
    offline_env,
    rewrite_public_to,
    source_repository,
    without_us,
)
from smartkit import WITHOUT_UV, cli_env

from smart_tool.authoring.scaffold import build_setup
from smart_tool_build import __version__

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.9/3.10
    import tomli as tomllib

pytestmark = pytest.mark.build

EXAMPLE = EXAMPLES / "hatchling-tool"
BARE = '"smart-tool-build"'


def uv() -> list[str]:
    pytest.importorskip("uv")
    return [sys.executable, "-m", "uv"]


def uv_folder() -> str:
    """The folder holding the ``uv`` executable, for a PATH on which the README's lines run."""
    found = pytest.importorskip("uv").find_uv_bin()
    return str(Path(found).parent)


def readme_blocks(language: str) -> list[str]:
    """The code blocks of one language in the README's "Getting smart-tool-build", as written."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    start = text.index("\n## Getting smart-tool-build\n")
    section = text[start : text.index("\n## ", start + 1)]
    return [textwrap.dedent(b) for b in re.findall(rf"^ *```{language}\n(.*?)^ *```", section, re.M | re.S)]


def readme_commands(containing: str) -> list[str]:
    """The shell commands (a line, with its continuation lines) of the README's bash block
    that holds ``containing``."""
    (block,) = [b for b in readme_blocks("bash") if containing in b]
    return [c.strip() for c in re.split(r"(?<!\\)\n", block) if c.strip()]


def shell(command: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """One of the README's command lines, run by bash as a reader's shell runs it."""
    return run(["bash", "-c", command], cwd, env)


@pytest.fixture(scope="module")
def repository(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return source_repository(tmp_path_factory.mktemp("getting") / "smart-tool-build")


@pytest.fixture(scope="module")
def reference(repository: Path) -> str:
    """The requirement of the git route, as a local repository spells it."""
    return f"smart-tool-build @ git+{repository.as_uri()}@{REF}"


@pytest.fixture(scope="module")
def python(builder: Builder) -> Path:
    """The newest pip, and build, in a venv of their own."""
    return frontends(builder, "getting-frontends", "pip", "build")


def tool(builder: Builder, name: str, requirement: str) -> Path:
    """The hatchling example, requiring smart-tool-build as ``requirement`` says."""
    project = builder.copy(EXAMPLE, name)
    edit(project / "pyproject.toml", BARE, f'"{requirement}"')
    return project


def run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)


def output(done: subprocess.CompletedProcess[str]) -> str:
    return done.stdout + done.stderr


def assert_example_built(done: subprocess.CompletedProcess[str], project: Path, out: Path) -> None:
    """Both archives of the example, checked and verified by the hook: the route worked."""
    assert_tool_built(
        Build(done.returncode, output(done), out, project),
        manifest_source="src/acme_widget/SMART_TOOL.md",
        wheel_manifest="acme_widget/SMART_TOOL.md",
        dist_info="acme_widget-0.1.0.dist-info",
    )


def assert_wheel_checked(done: subprocess.CompletedProcess[str], out: Path) -> None:
    assert done.returncode == 0, output(done)
    assert "smart-tool: src/acme_widget/SMART_TOOL.md checked (acme-widget 0.1.0)" in output(done)
    (wheel,) = out.glob("acme_widget-0.1.0-*.whl")
    assert "acme_widget-0.1.0.dist-info/smart-tool.json" in wheel_members(wheel)


# ---- the README's lines, as written


def test_the_readmes_build_requirement_as_written(builder: Builder, python: Path, repository: Path) -> None:
    """The ``requires`` line of the README's hatchling block, word for word, in the example:
    ``python -m build`` fetches smart-tool-build by it (its address is the local repository)."""
    (requires,) = [
        line for b in readme_blocks("toml") for line in b.splitlines() if line.startswith("requires = [")
    ]
    assert f"git+{PUBLIC}@{REF}" in requires, requires
    project = builder.copy(EXAMPLE, "getting-readme-requires")
    edit(project / "pyproject.toml", 'requires = ["hatchling", "smart-tool-build"]', requires)
    out = builder.root / "getting-readme-requires-dist"
    env = offline_env(builder, without_us(builder), **rewrite_public_to(repository))
    done = run([str(python), "-m", "build", "-o", str(out), str(project)], project, env)
    assert_example_built(done, project, out)


def test_the_readmes_command_line_lines_as_written(builder: Builder, repository: Path) -> None:
    """The README's ``uv tool install`` and ``pip install`` lines for the command line, run
    by bash as written: each gives a ``smart-tool`` of this version that checks the example."""
    target = frontends(builder, "getting-readme-cli", "pip")
    bin_dir = builder.root / "getting-readme-bin"
    env = offline_env(
        builder,
        without_us(builder),
        UV_TOOL_DIR=str(builder.root / "getting-readme-tools"),
        UV_TOOL_BIN_DIR=str(bin_dir),
        **rewrite_public_to(repository),
    )
    env["PATH"] = os.pathsep.join([str(target.parent), uv_folder(), env.get("PATH", "")])
    commands = readme_commands("uv tool install")
    assert [c.split()[:2] for c in commands] == [["uv", "tool"], ["pip", "install"]], commands
    for command, smart_tool in zip(commands, (bin_dir / "smart-tool", target.with_name("smart-tool"))):
        done = shell(command, builder.root, env)
        assert done.returncode == 0, f"{command}\n{output(done)}"
        version = run([str(smart_tool), "--version"], builder.root, env)
        assert version.stdout.strip() == f"smart-tool {__version__} (smart-tool-build {__version__})", output(
            version
        )
        checked = run([str(smart_tool), "check", str(EXAMPLE)], builder.root, env)
        assert checked.returncode == 0, output(checked)


def test_the_readmes_folder_of_wheels_as_written(builder: Builder, repository: Path) -> None:
    """The README's offline route, its lines as written and run by bash in the project's
    folder: ``pip wheel`` makes the folder (both distributions, the backend, their
    dependencies, for the Python that ran it), then ``python -m build`` and ``uv build`` see
    that folder and nothing else, and ``pip install`` takes the command line from it."""
    python = frontends(builder, "getting-readme-wheels", "pip", "build")
    project = builder.copy(EXAMPLE, "getting-readme-offline")  # the bare name in requires
    env = offline_env(builder, without_us(builder), **rewrite_public_to(repository))
    env["PATH"] = os.pathsep.join([str(python.parent), uv_folder(), env.get("PATH", "")])
    (make, *uses) = readme_commands("pip wheel -w wheels")
    made = shell(make, project, env)
    assert made.returncode == 0, output(made)
    wheels = project / "wheels"
    ours = sorted(p.name for p in wheels.glob("smart_tool*.whl"))
    assert ours == [
        f"smart_tool-{__version__}-py3-none-any.whl",
        f"smart_tool_build-{__version__}-py3-none-any.whl",
    ]
    # the folder serves the Python that ran pip wheel: PyYAML's wheel is of its version
    (pyyaml,) = [p.name for p in wheels.glob("[Pp]y[Yy][Aa][Mm][Ll]-*.whl")]
    assert f"-cp{sys.version_info[0]}{sys.version_info[1]}-" in pyyaml, pyyaml
    for command in uses:
        done = shell(command, project, env)
        assert done.returncode == 0, f"{command}\n{output(done)}"
        if "build" in command.split():
            assert "smart-tool: acme_widget-0.1.0-py3-none-any.whl verified" in output(done), output(done)
    assert (python.parent / "smart-tool").exists(), "pip install took no smart-tool from the folder"
    version = run([str(python.parent / "smart-tool"), "--version"], builder.root, env)
    assert version.stdout.strip() == f"smart-tool {__version__} (smart-tool-build {__version__})", output(
        version
    )


# ---- the git repository, as a build requirement


def test_python_m_build_isolated(builder: Builder, python: Path, reference: str) -> None:
    project = tool(builder, "getting-build", reference)
    out = builder.root / "getting-build-dist"
    done = run(
        [str(python), "-m", "build", "-o", str(out), str(project)],
        project,
        offline_env(builder, without_us(builder)),
    )
    assert_example_built(done, project, out)


def test_pip_wheel_from_the_first_pip_that_takes_a_reference_without_a_host(
    builder: Builder, reference: str
) -> None:
    """``pip wheel`` with pip 24.1, the first pip whose requirement parser takes a URL
    without a host (``git+file:///path``); 24.0 refuses the same project. (The other pip
    routes here run the newest pip.)"""
    project = tool(builder, "getting-pip-wheel", reference)
    env = offline_env(builder, without_us(builder))
    before = frontends(builder, "getting-pip-24-0", f"pip=={LAST_PIP_WITHOUT_HOSTLESS_URLS}")
    out = builder.root / "getting-pip-wheel-24-0"
    refused = run(
        [str(before), "-m", "pip", "wheel", "--no-deps", "-w", str(out), str(project)], project, env
    )
    assert refused.returncode != 0
    assert "invalid-pyproject-build-system-requires" in output(refused)
    assert f"invalid requirement: '{reference}'" in output(refused)
    first = frontends(builder, "getting-pip-24-0", f"pip=={FIRST_PIP_WITH_HOSTLESS_URLS}")  # the same venv
    out = builder.root / "getting-pip-wheel-24-1"
    args = [str(first), "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(out), str(project)]
    assert_wheel_checked(run(args, project, env), out)


def test_pip_install_editable(builder: Builder, python: Path, reference: str) -> None:
    project = tool(builder, "getting-editable", reference)
    target = builder.venv("getting-editable")
    env = offline_env(builder, without_us(builder))
    # the newest pip installs into a fresh venv (the venv's own pip is whatever ensurepip has)
    args = [str(python), "-m", "pip", "--python", str(target), "install", "-v", "-e", str(project)]
    done = run(args, project, env)
    assert done.returncode == 0, output(done)
    assert "smart-tool: src/acme_widget/SMART_TOOL.md checked (acme-widget 0.1.0)" in output(done)
    where = run([str(target), "-c", "import acme_widget; print(acme_widget.__file__)"], builder.root, env)
    assert where.stdout.strip() == str(project / "src" / "acme_widget" / "__init__.py"), output(where)


def test_uv_build(builder: Builder, reference: str) -> None:
    project = tool(builder, "getting-uv-build", reference)
    out = builder.root / "getting-uv-build-dist"
    done = run(
        [*uv(), "build", "-o", str(out), str(project)], project, offline_env(builder, without_us(builder))
    )
    assert_example_built(done, project, out)


# ---- the git repository, as a command-line tool


def from_git(url: str) -> list[str]:
    """What ``uv tool install`` takes for the README's route: the command line from its
    folder of the repository, and the build distribution it pins, from the same tag."""
    return ["--with", f"smart-tool-build @ git+{url}@{REF}", f"smart-tool @ git+{url}@{REF}#subdirectory=cli"]


def test_uv_tool_install(builder: Builder, repository: Path) -> None:
    env = offline_env(
        builder,
        without_us(builder),
        UV_TOOL_DIR=str(builder.root / "getting-uv-tools"),
        UV_TOOL_BIN_DIR=str(builder.root / "getting-uv-bin"),
    )
    done = run([*uv(), "tool", "install", *from_git(repository.as_uri())], builder.root, env)
    assert done.returncode == 0, output(done)
    smart_tool = builder.root / "getting-uv-bin" / "smart-tool"
    version = run([str(smart_tool), "--version"], builder.root, env)
    assert version.stdout.strip() == f"smart-tool {__version__} (smart-tool-build {__version__})", output(
        version
    )
    checked = run([str(smart_tool), "check", str(EXAMPLE)], builder.root, env)
    assert checked.returncode == 0, output(checked)


def test_the_new_users_way_from_an_empty_folder(builder: Builder, repository: Path) -> None:
    """The README's https reference, as a new user takes it from an empty folder: ``uv tool
    install git+https://...@TAG``, ``uv init --package``, ``smart-tool init``, the lines it
    marked TODO completed, then ``uv build`` with the lines it printed. Installed from a public
    git reference, smart-tool prints that reference, not the bare name the index does not have
    yet."""
    env = offline_env(
        builder,
        without_us(builder),
        UV_TOOL_DIR=str(builder.root / "getting-journey-tools"),
        UV_TOOL_BIN_DIR=str(builder.root / "getting-journey-bin"),
        **rewrite_public_to(repository),
    )
    installed = run([*uv(), "tool", "install", *from_git(PUBLIC)], builder.root, env)
    assert installed.returncode == 0, output(installed)
    project = builder.root / "acme-journey"
    project.mkdir()
    made = run(
        [*uv(), "init", "-q", "--package", "--name", "acme-journey", "--vcs", "none", "."], project, env
    )
    assert made.returncode == 0, output(made)
    pyproject = project / "pyproject.toml"
    # uv init pins uv_build to uv's own version; the session's wheelhouse has the index's newest
    edit(pyproject, re.search(r'"uv_build[^"]*"', pyproject.read_text())[0], '"uv_build"')
    expected = build_setup(
        tomllib.loads(pyproject.read_text()), f"smart-tool-build @ git+{PUBLIC}@{REF}"
    ).lines
    assert expected[1] == f'requires = ["smart-tool-build @ git+{PUBLIC}@{REF}", "uv_build"]'
    started = run([str(builder.root / "getting-journey-bin" / "smart-tool"), "init"], project, env)
    assert started.returncode == 0, output(started)
    assert "\n" + "\n".join(expected) + "\n" in started.stdout, started.stdout
    assert "the requirement is the reference this smart-tool-build was installed from" in started.stdout
    # uv's "Add your description here" became a line to complete, as the use cases are
    manifest = project / "src/acme_journey/SMART_TOOL.md"
    assert "smart-tool: complete the lines marked TODO in src/acme_journey/SMART_TOOL.md (lines 5, 7" in (
        started.stdout
    ), started.stdout
    manifest.write_text(manifest.read_text().replace("TODO: ", ""))  # what the user writes
    text = pyproject.read_text()
    pyproject.write_text(text[: text.index("[build-system]")] + "\n".join(expected) + "\n")
    out = project / "dist"
    built = run([*uv(), "build", "-o", str(out)], project, env)
    assert built.returncode == 0, output(built)
    for artifact in ("acme_journey-0.1.0.tar.gz", "acme_journey-0.1.0-py3-none-any.whl"):
        assert f"smart-tool: {artifact} verified" in output(built), output(built)
    (wheel,) = out.glob("*.whl")
    assert "acme_journey-0.1.0.dist-info/smart-tool.json" in wheel_members(wheel)


# ---- which pip takes a direct reference


@pytest.mark.skipif(
    sys.version_info >= OLD_PIP_PYTHON, reason=f"pip {OLDEST_PIP} needs distutils (Python < 3.12)"
)
def test_the_oldest_pip_takes_the_https_reference(builder: Builder, repository: Path) -> None:
    """pip 19.3 builds with the README's ``git+https://`` reference; the same pip refuses a
    reference without a host (``git+file:///path``), as every pip before 24.1 does."""
    old = frontends(builder, "getting-oldest-pip", f"pip=={OLDEST_PIP}")
    env = offline_env(builder, without_us(builder), **rewrite_public_to(repository))
    project = tool(builder, "getting-oldest-pip", f"smart-tool-build @ git+{PUBLIC}@{REF}")
    out = builder.root / "getting-oldest-pip-dist"
    args = [str(old), "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(out), str(project)]
    assert_wheel_checked(run(args, project, env), out)
    hostless = tool(
        builder, "getting-oldest-pip-hostless", f"smart-tool-build @ git+{repository.as_uri()}@{REF}"
    )
    refused = run([*args[:-1], str(hostless)], hostless, env)
    assert refused.returncode != 0
    assert f"Invalid requirement: 'smart-tool-build @ git+{repository.as_uri()}@{REF}'" in output(refused)


# ---- smoke --find-links: a tool that needs smart-tool-build at run time


@pytest.fixture(scope="module")
def library_wheel(builder: Builder) -> Path:
    """fixtures/smoke/valid-library: ``dependencies = ["smart-tool-build"]``."""
    done = builder.build(
        builder.copy(FIXTURES / "smoke" / "valid-library", "getting-library"), targets=("wheel",)
    )
    assert done.ok, done.output
    return done.wheel


@pytest.mark.parametrize("installer", ["pip", "uv"])
def test_smoke_find_links(builder: Builder, library_wheel: Path, installer: str) -> None:
    """Without the index, the tool's dependency on smart-tool-build resolves only through
    ``--find-links``; without it, the failure's fix names the option."""
    env = cli_env()
    for name in [n for n in env if n.startswith(("PIP_", "UV_"))]:
        del env[name]
    env.update(
        {
            "PIP_NO_INDEX": "1",
            "PIP_CONFIG_FILE": str(Path("/dev/null")),
            "UV_OFFLINE": "1",
            "UV_NO_CONFIG": "1",
            "UV_CACHE_DIR": str(builder.root / f"uv-cache-smoke-{installer}"),
            "TMPDIR": str(builder.root),
        }
    )
    uv_here = Path(sys.executable).with_name("uv")
    folders = [p for p in env.get("PATH", "").split(":") if p and not (Path(p) / "uv").exists()]
    if installer == "uv":
        found = shutil.which("uv") or (str(uv_here) if uv_here.exists() else None)
        if found is None:
            pytest.skip("uv is not installed")
        folders.insert(0, str(Path(found).parent))
    env["PATH"] = ":".join(folders)
    # pip: the uv package out of reach too, as where it is not installed
    start = ["-m", "smart_tool"] if installer == "uv" else ["-c", WITHOUT_UV]
    smoke = [sys.executable, *start, "smoke", "--format", "json"]
    if installer == "uv":  # (pip's failure says the same: tests/unit/smoke/test_find_links.py)
        stuck = run([*smoke, library_wheel.name], library_wheel.parent, env)
        assert stuck.returncode == 2, output(stuck)
        assert "pass --find-links DIR for a folder of wheels" in stuck.stderr
    done = run(
        [*smoke, "--find-links", str(builder.wheelhouse), library_wheel.name], library_wheel.parent, env
    )
    assert done.returncode == 0, output(done)
    assert '"installed-manifest-matches"' not in done.stdout, "the library's smart-tool-build answered"
