"""The release workflow's build job, run here step by step as GitHub would run it (each
``run:`` script under ``bash -eo pipefail``, from a copy of this checkout, ``GITHUB_REF_NAME``
the tag of this version), with no index: the steps build smart-tool-build's sdist and wheel,
check them (scripts/check-release, twine check), build, inspect and smoke a smart tool that
needs smart-tool-build at run time with the release's own wheel, and write the release notes.
Then scripts/check-release refuses archives that would make a bad release.

The ``uses:`` steps are GitHub's (checkout, setup-python, the artifacts, the upload to PyPI):
a copy of the checkout and a fresh venv stand in for the first two; the rest is not run here.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from buildkit import REPO, Builder
from releasekit import TAG, source_copy, tools_wheelhouse, without_us
from smartkit import venv_env

from smart_tool_build import __version__

pytestmark = pytest.mark.build

WORKFLOW = REPO / ".github" / "workflows" / "release.yml"
WHEEL = f"smart_tool_build-{__version__}-py3-none-any.whl"
SDIST = f"smart_tool_build-{__version__}.tar.gz"
#: the command line's distribution, released with it
CLI_WHEEL = f"smart_tool-{__version__}-py3-none-any.whl"
CLI_SDIST = f"smart_tool-{__version__}.tar.gz"


def build_steps() -> list[dict[str, Any]]:
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    steps: list[dict[str, Any]] = workflow["jobs"]["build"]["steps"]
    return steps


class Job:
    """The build job's checkout, runner folders and environment."""

    def __init__(self, builder: Builder, root: Path) -> None:
        self.work = source_copy(root / "checkout")
        self.temp = root / "runner-temp"
        self.temp.mkdir()
        self.python = builder.venv("release-setup-python")
        env = venv_env(builder)
        for name in [n for n in env if n.startswith(("PIP_", "UV_", "GITHUB_"))]:
            del env[name]
        folders = [p for p in env["PATH"].split(os.pathsep) if p and not (Path(p) / "uv").exists()]
        env.update(
            {
                "GITHUB_REF_NAME": TAG,
                "GITHUB_REF": f"refs/tags/{TAG}",
                "RUNNER_TEMP": str(self.temp),
                "PATH": os.pathsep.join([str(self.python.parent), *folders]),
                "PIP_NO_INDEX": "1",
                "PIP_DISABLE_PIP_VERSION_CHECK": "1",
                "PIP_FIND_LINKS": f"{tools_wheelhouse(builder)} {without_us(builder)}",
                "TMPDIR": str(self.temp),
            }
        )
        self.env = env

    def run(self, script: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
            cwd=self.work,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=900,
        )


@pytest.fixture(scope="module")
def job(builder: Builder, tmp_path_factory: pytest.TempPathFactory) -> Job:
    job = Job(builder, tmp_path_factory.mktemp("release"))
    for step in build_steps():
        if "run" in step:
            done = job.run(step["run"])
            assert done.returncode == 0, f"step {step.get('name')!r}:\n{done.stdout}{done.stderr}"
    return job


def test_the_job_builds_one_wheel_and_one_sdist_of_each_distribution(job: Job) -> None:
    assert sorted(p.name for p in (job.work / "dist").iterdir()) == sorted(
        [WHEEL, SDIST, CLI_WHEEL, CLI_SDIST]
    )


def test_the_release_notes_are_the_changelogs_entry(job: Job) -> None:
    notes = (job.work / "notes" / "release-notes.md").read_text(encoding="utf-8")
    changelog = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    heading = next(line for line in changelog.splitlines() if line.startswith(f"## {__version__}"))
    entry = changelog.split(heading + "\n", 1)[1].split("\n## ", 1)[0].strip("\n")
    assert notes == entry + "\n"
    assert "## " not in notes.replace("### ", "")


def test_the_release_wheel_is_what_is_installed(job: Job) -> None:
    release = job.temp / "release" / "bin" / "smart-tool"
    done = subprocess.run(
        [str(release), "--version"], env=job.env, capture_output=True, text=True, timeout=60
    )
    assert done.stdout.strip() == f"smart-tool {__version__} (smart-tool-build {__version__})"


def check_release(job: Job, dist: Path, *args: str) -> subprocess.CompletedProcess[str]:
    python = job.temp / "release" / "bin" / "python"
    return subprocess.run(
        [str(python), str(job.work / "scripts" / "check-release"), *args, str(dist)],
        env=job.env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def dist_copy(job: Job, name: str) -> Path:
    target = job.temp / name
    shutil.copytree(job.work / "dist", target)
    return target


def test_check_release_refuses_another_tag(job: Job) -> None:
    done = check_release(job, job.work / "dist", "--tag", "v99.0.0")
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        f"{WHEEL}: version {__version__} but the tag is v99.0.0: set __version__ = '99.0.0'",
        f"{CLI_WHEEL}: version {__version__} but the tag is v99.0.0: set __version__ = '99.0.0'",
    ]
    assert "not releasing" in done.stderr


def test_check_release_refuses_a_wheel_that_lost_a_module(job: Job) -> None:
    dist = dist_copy(job, "dist-lost-module")
    wheel = dist / WHEEL
    lost = "smart_tool_build/rules/manifest.py"
    with zipfile.ZipFile(job.work / "dist" / WHEEL) as source, zipfile.ZipFile(wheel, "w") as target:
        for info in source.infolist():
            if info.filename != lost:
                target.writestr(info, source.read(info))
    done = check_release(job, dist)
    assert done.returncode == 1
    assert done.stdout.splitlines() == [f"{WHEEL}: {lost} is in the sdist's source but not in the wheel"]


def test_check_release_refuses_a_second_wheel(job: Job) -> None:
    dist = dist_copy(job, "dist-two-wheels")
    shutil.copy(dist / WHEEL, dist / WHEEL.replace(__version__, "0.0.1"))
    done = check_release(job, dist)
    assert done.returncode == 1
    assert "expected one wheel and one sdist of smart-tool-build, found 2 wheel(s)" in done.stdout


def test_check_release_refuses_a_command_line_pinned_to_another_build(job: Job) -> None:
    """smart-tool X must require smart-tool-build==X: a wheel whose METADATA pins another
    version would install a command line beside rules of another release."""
    dist = dist_copy(job, "dist-other-pin")
    wheel = dist / CLI_WHEEL
    with zipfile.ZipFile(job.work / "dist" / CLI_WHEEL) as source, zipfile.ZipFile(wheel, "w") as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename.endswith(".dist-info/METADATA"):
                data = data.replace(f"smart-tool-build=={__version__}".encode(), b"smart-tool-build==0.0.9")
            target.writestr(info, data)
    done = check_release(job, dist)
    assert done.returncode == 1
    assert (
        f"{CLI_WHEEL}: Requires-Dist pins ['smart-tool-build==0.0.9']: smart-tool {__version__} needs "
        f"smart-tool-build=={__version__} (cli/pyproject.toml)"
    ) in done.stdout.splitlines(), done.stdout


def test_the_checks_pass_on_the_release_as_built(job: Job) -> None:
    done = check_release(job, job.work / "dist", "--tag", TAG)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().endswith("are ready")


def test_nothing_of_this_checkout_was_used(job: Job) -> None:
    """The job's smart-tool is the release's wheel, not this checkout's source."""
    python = job.temp / "release" / "bin" / "python"
    where = subprocess.run(
        [str(python), "-c", "import smart_tool_build; print(smart_tool_build.__file__)"],
        env=job.env,
        cwd=job.temp,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert where.stdout.strip().startswith(str(job.temp / "release")), where.stdout + where.stderr
