"""The wrapping backend when something other than the project goes wrong, on real builds.

A backend that writes a truncated or corrupt archive, an output folder that cannot be
written, two builds at once into one folder, an interrupt while the archive is amended.
Each ends in a finding or one clean line, never a traceback of ours, and never with a
half-written archive (or any leftover) in the output folder.
"""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Optional

import pytest
from buildkit import FIXTURES, Build, Builder, assert_clean_failure, assert_tool_built, pep625, put_backend

from support import interruptible

pytestmark = pytest.mark.build

WRAPPER = FIXTURES / "wrapper"

#: a backend that builds with flit_core, then damages what it wrote as ``-C fault=...`` says
FAULTY = '''
import os
import zipfile

from flit_core import buildapi
from flit_core.buildapi import *  # noqa: F401,F403


def _truncate(path):
    with open(path, "r+b") as handle:
        handle.truncate(os.path.getsize(path) // 2)


def _flip_a_byte_of(path, member):
    """One byte in the middle of ``member``'s data: the archive still lists it, its CRC fails."""
    with zipfile.ZipFile(path) as wheel:
        info = wheel.getinfo(member)
    with open(path, "r+b") as handle:
        handle.seek(info.header_offset + 26)
        name_length, extra_length = (int.from_bytes(handle.read(2), "little") for _ in range(2))
        handle.seek(info.header_offset + 30 + name_length + extra_length + info.compress_size // 2)
        byte = handle.read(1)[0]
        handle.seek(-1, os.SEEK_CUR)
        handle.write(bytes([byte ^ 0xFF]))


def build_wheel(directory, config_settings=None, metadata_directory=None):
    name = buildapi.build_wheel(directory, None, metadata_directory)
    fault = (config_settings or {}).get("fault")
    if fault == "truncate":
        _truncate(os.path.join(directory, name))
    elif fault == "corrupt":
        _flip_a_byte_of(os.path.join(directory, name), "flit_core_tool/__init__.py")
    return name


def build_sdist(directory, config_settings=None):
    name = buildapi.build_sdist(directory, None)
    if (config_settings or {}).get("fault") == "truncate":
        _truncate(os.path.join(directory, name))
    return name
'''


def faulty_project(builder: Builder, name: str) -> Path:
    put_backend(builder.wheelhouse, "faulty", FAULTY)
    project = builder.copy(WRAPPER / "flit-core", name)
    pyproject = project / "pyproject.toml"
    text = pyproject.read_text().replace('"flit_core"]', '"flit_core", "faulty-backend"]', 1)
    pyproject.write_text(text + '\n[tool.smart-tool]\nbackend = "faulty"\n')
    return project


@pytest.mark.parametrize(
    ("fault", "target", "artifact", "problem"),
    [
        ("truncate", "wheel", "flit_core_tool-0.4.0-py3-none-any.whl", "File is not a zip file"),
        ("corrupt", "wheel", "flit_core_tool-0.4.0-py3-none-any.whl", "flit_core_tool/__init__.py"),
        ("truncate", "sdist", "flit_core_tool-0.4.0.tar.gz", "cannot be read"),
    ],
)
def test_a_damaged_archive_from_the_backend_is_a_finding_and_is_not_kept(
    builder: Builder, fault: str, target: str, artifact: str, problem: str
) -> None:
    project = faulty_project(builder, f"wrapper-faulty-{fault}-{target}")
    build = builder.build(project, targets=(target,), config_settings={"fault": fault})
    assert_clean_failure(build, "artifact-readable")
    (finding,) = [line for line in build.output.splitlines() if ": artifact-readable: " in line]
    written = finding.split(": ", 1)[0]  # the name the backend under test gave it
    assert pep625(written) == artifact, finding
    assert finding.startswith(f"{written}: artifact-readable: artifact "), finding
    assert problem in finding, finding
    assert f"smart-tool: removed {written}: it failed the smart-tool checks" in build.output
    assert list(build.out_dir.iterdir()) == [], "no artifact and no scratch folder left behind"


def start_build(
    builder: Builder, project: Path, out: Path, *flags: str, **popen: Any
) -> subprocess.Popen[str]:
    """``python -m build FLAGS -o OUT PROJECT`` started, output and errors in one pipe."""
    return subprocess.Popen(
        [sys.executable, "-m", "build", *flags, "-o", str(out), str(project)],
        cwd=project,
        env={**os.environ, **builder.env},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        **popen,
    )


# --- an output folder that cannot be written -----------------------------------------------

CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER = 1, 2, 3
PR_CAPBSET_DROP = 24


def _as_an_ordinary_user() -> None:
    """In the child, before exec: root without the capabilities that let it ignore file
    permissions (dropped from the bounding set, so every process the build starts lacks
    them too). The uid stays 0, so the interpreter under root's home still runs."""
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER):
        if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def permissions_apply() -> Optional[Callable[[], None]]:
    """The ``preexec_fn`` that makes file permissions bind a child (None: they already do),
    or skip."""
    if sys.platform != "linux":
        pytest.skip("dropping root's override of file permissions is Linux-only")
    if os.geteuid() != 0:
        return None
    try:
        subprocess.run([sys.executable, "-c", ""], preexec_fn=_as_an_ordinary_user, check=True)
    except (subprocess.SubprocessError, OSError) as exc:
        pytest.skip(f"running as root and cannot drop CAP_DAC_OVERRIDE ({exc})")
    return _as_an_ordinary_user


def test_an_output_folder_that_cannot_be_written_is_one_line(builder: Builder) -> None:
    project = builder.copy(WRAPPER / "uv-build", "wrapper-read-only-output")
    out = builder.root / "read-only-dist"
    out.mkdir()
    out.chmod(0o555)
    process = start_build(builder, project, out, "--sdist", preexec_fn=permissions_apply())
    output = process.communicate(timeout=300)[0]
    out.chmod(0o755)
    assert process.returncode != 0, output
    (line,) = [line for line in output.splitlines() if line.startswith("smart-tool: ")]
    assert line == f"smart-tool: cannot write into the output folder {out}: Permission denied", line
    assert "Traceback" not in output, output
    assert list(out.iterdir()) == []


# --- two builds at once into one folder ------------------------------------------------------


def test_builds_at_once_into_one_folder_all_succeed(builder: Builder) -> None:
    """Two builds of one project (racing for the same artifact names) and one of another,
    all at once into one folder: every one succeeds, and the folder holds the right artifacts
    and nothing else."""
    out = builder.root / "shared-dist"
    out.mkdir()
    projects = [
        builder.copy(WRAPPER / "uv-build", "wrapper-at-once-a"),
        builder.copy(WRAPPER / "uv-build", "wrapper-at-once-b"),
        builder.copy(WRAPPER / "flit-core", "wrapper-at-once-c"),
    ]
    running = [start_build(builder, project, out) for project in projects]
    outputs = [process.communicate(timeout=300)[0] for process in running]
    for process, output in zip(running, outputs):
        assert process.returncode == 0, output
    assert sorted(pep625(p.name) for p in out.iterdir()) == [
        "flit_core_tool-0.4.0-py3-none-any.whl",
        "flit_core_tool-0.4.0.tar.gz",
        "uv_build_tool-0.4.0-py3-none-any.whl",
        "uv_build_tool-0.4.0.tar.gz",
    ]
    for project, output, family in zip(projects, outputs, ["uv_build", "uv_build", "flit_core"]):
        view = Build(0, output, builder.root / f"{project.name}-view", project)
        view.out_dir.mkdir()
        for artifact in out.iterdir():
            if pep625(artifact.name).startswith(f"{family}_tool-"):
                (view.out_dir / artifact.name).symlink_to(artifact)
        package = f"{family}_tool"
        assert_tool_built(
            view,
            manifest_source=f"src/{package}/SMART_TOOL.md",
            wheel_manifest=f"{package}/SMART_TOOL.md",
            dist_info=f"{package}-0.4.0.dist-info",
            sdist_also=("docs/installing-jq.md",),
        )


# --- an interrupt while the archive is amended ---------------------------------------------


def test_an_interrupt_while_amending_leaves_nothing(builder: Builder) -> None:
    """Ctrl-C (SIGINT to the build's process group) once the amended wheel is being written:
    one line from the wrapper, no wheel, no temporary file, no scratch folder."""
    project = builder.copy(WRAPPER / "uv-build", "wrapper-interrupted")
    with (project / "src" / "uv_build_tool" / "blob.bin").open("wb") as blob:
        blob.truncate(300 * 1024 * 1024)  # sparse zeros: cheap to write, slow enough to amend
    out = builder.root / "interrupted-dist"
    out.mkdir()
    process = start_build(builder, project, out, "--wheel", start_new_session=True, preexec_fn=interruptible)
    deadline = time.monotonic() + 300
    while process.poll() is None and not list(out.glob("**/*.part")) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert process.poll() is None, "the build ended before the amended wheel was being written"
    os.killpg(process.pid, signal.SIGINT)
    output = process.communicate(timeout=120)[0]
    assert process.returncode != 0, output
    assert f"smart-tool: interrupted: no wheel written to {out}" in output, output
    assert "smart_tool_build/" not in output, output  # the frontend's traceback, none of ours
    assert list(out.rglob("*")) == []
