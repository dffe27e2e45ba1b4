"""The wrapping backend on real builds that succeed: six backends, every frontend.

Each fixture under fixtures/wrapper/ is a small smart tool whose own backend settings would
leave its manifest (and, for some, the descriptor and the install document) out; it builds
through ``build-backend = "smart_tool_build.backend"``. Each is built once per module with
``python -m build`` (the sdist, then the wheel from the unpacked sdist) and many tests read
the result (the session's builds, adapterkit.py, which the adapter contract reads too:
test_adapter_contract.py, where both archives, the checks on each and ``pip wheel`` are);
the other frontends (``pip install -e``, ``uv build``, ``uv tool install git+...``) run once
each.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from adapterkit import WRAPPED_FAMILIES as FAMILIES
from adapterkit import built as session_build
from buildkit import (
    FIXTURES,
    PEP660_SKIP,
    Build,
    Builder,
    assert_tool_built,
    git,
    setuptools_at_least,
    zip_names,
)
from smartkit import cli_env, pip_install, run_in_venv, script, smart_tool, venv_env

from budgets import WRAPPER_CHEAP_HOOKS

pytestmark = pytest.mark.build

WRAPPER = FIXTURES / "wrapper"


def package_of(family: str) -> str:
    return family.replace("-", "_") + "_tool"


def dist_info_of(family: str) -> str:
    return f"{package_of(family)}-0.4.0.dist-info"


@pytest.fixture(params=FAMILIES)
def built(request: pytest.FixtureRequest, builder: Builder) -> tuple[str, Build]:
    family = str(request.param)
    return family, session_build(builder, f"wrapper-{family}")


def record_rows(wheel: Path) -> list[list[str]]:
    with zipfile.ZipFile(wheel) as archive:
        (record,) = [n for n in archive.namelist() if n.endswith(".dist-info/RECORD")]
        return list(csv.reader(io.StringIO(archive.read(record).decode("utf-8"))))


def uv() -> list[str]:
    """The uv command (from the test environment), or skip where it is not installed."""
    pytest.importorskip("uv")
    return [sys.executable, "-m", "uv"]


def uv_env(builder: Builder, name: str) -> dict[str, str]:
    env = venv_env(builder)
    env.update(
        {
            "UV_CACHE_DIR": str(builder.root / "uv-cache"),
            "UV_NO_INDEX": "1",
            "UV_FIND_LINKS": str(builder.wheelhouse),
            "UV_TOOL_DIR": str(builder.root / f"uv-tools-{name}"),
            "UV_TOOL_BIN_DIR": str(builder.root / f"uv-bin-{name}"),
            "UV_PYTHON": sys.executable,
            "UV_NO_CONFIG": "1",
        }
    )
    return env


# --- what lands where --------------------------------------------------------------------


def test_record_lists_every_member_once_with_its_hash_and_size(built: tuple[str, Build]) -> None:
    _, build = built
    rows = record_rows(build.wheel)
    names = zip_names(build.wheel)
    with zipfile.ZipFile(build.wheel) as archive:
        for name, digest, size in rows:
            if name.endswith(".dist-info/RECORD"):
                assert (digest, size) == ("", "")
                continue
            data = archive.read(name)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).decode().rstrip("=")
            assert digest == f"sha256={expected}", name
            assert int(size) == len(data), name
    assert sorted(row[0] for row in rows) == sorted(names)
    assert len(names) == len(set(names))


def test_the_wheel_keeps_the_backends_own_members_as_written(built: tuple[str, Build]) -> None:
    """Amending adds; the backend's members keep their order, times and compression."""
    family, build = built
    with zipfile.ZipFile(build.wheel) as archive:
        infos = archive.infolist()
    names = [i.filename for i in infos]
    dist_info = dist_info_of(family)
    assert names[-1] == f"{dist_info}/RECORD"
    assert names.index(f"{dist_info}/smart-tool.json") > names.index(f"{dist_info}/METADATA")
    assert {i.compress_type for i in infos if not i.is_dir()} == {zipfile.ZIP_DEFLATED}


def test_inspect_passes_both_archives(built: tuple[str, Build]) -> None:
    _, build = built
    done = smart_tool("inspect", build.wheel, build.sdist)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_wheel_installs_and_the_tool_reads_its_manifest(
    built: tuple[str, Build], builder: Builder
) -> None:
    family, build = built
    python = builder.venv(f"wrapped-install-{family}")
    pip_install(builder, python, build.wheel)
    done = run_in_venv(builder, python, [script(python, f"{family}-tool")])
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.split() == [f"{family}-tool", "0.4.0", "0.4.0"]


# --- other frontends ---------------------------------------------------------------------


def test_a_build_without_isolation(builder: Builder) -> None:
    pytest.importorskip("flit_core")
    project = builder.copy(WRAPPER / "flit-core", "wrapped-no-isolation")
    build = builder.build(project, isolated=False)
    assert_tool_built(
        build,
        manifest_source="src/flit_core_tool/SMART_TOOL.md",
        wheel_manifest="flit_core_tool/SMART_TOOL.md",
        dist_info=dist_info_of("flit-core"),
        sdist_also=("docs/installing-jq.md",),
    )


@pytest.mark.parametrize("family", ["uv-build", "flit-core", "setuptools"])
def test_an_editable_install_copies_nothing_and_reads_the_source(builder: Builder, family: str) -> None:
    if family == "setuptools" and not setuptools_at_least(64):
        pytest.skip(PEP660_SKIP)
    project = builder.copy(WRAPPER / family, f"wrapped-editable-{family}")
    python = builder.venv(f"wrapped-editable-{family}")
    pip_install(builder, python, "-e", project)
    site = Path(
        run_in_venv(
            builder, python, [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]
        ).stdout.strip()
    )
    assert not list(site.rglob("smart-tool.json")), "an editable install copies nothing"
    assert not [p for p in site.rglob("SMART_TOOL.md")], "an editable install copies nothing"
    manifest = project / "src" / package_of(family) / "SMART_TOOL.md"
    manifest.write_text(manifest.read_text().replace("Filters JSON records", "Filters JSON lines"))
    done = run_in_venv(
        builder,
        python,
        [
            str(python),
            "-c",
            f"import smart_tool_build as s; print(s.load_manifest('{family}-tool').description)",
        ],
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("Filters JSON lines"), "read from the source tree, edits show at once"


def test_uv_build(builder: Builder) -> None:
    project = builder.copy(WRAPPER / "uv-build", "wrapped-uv-build")
    out = project.parent / "wrapped-uv-build-uvdist"
    done = subprocess.run(
        [*uv(), "build", "-o", str(out), str(project)],
        cwd=project,
        env=uv_env(builder, "build"),
        capture_output=True,
        text=True,
        timeout=600,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert output.count("SMART_TOOL.md checked (") == 2, output
    build = Build(0, output, out, project)
    assert_tool_built(
        build,
        manifest_source="src/uv_build_tool/SMART_TOOL.md",
        wheel_manifest="uv_build_tool/SMART_TOOL.md",
        dist_info=dist_info_of("uv-build"),
        sdist_also=("docs/installing-jq.md",),
    )


def test_uv_tool_install_from_the_git_repository(builder: Builder) -> None:
    """The packaging text: installing from the git repository is the one method a tool must
    support. A local repository and the session's wheelhouse serve it offline."""
    project = builder.copy(WRAPPER / "uv-build", "wrapped-uv-tool-repo")
    git(project, "init", "-q", "-b", "main")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "the tool")
    env = uv_env(builder, "git")
    done = subprocess.run(
        [*uv(), "tool", "install", f"git+{project.as_uri()}"],
        cwd=builder.root,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    executable = Path(env["UV_TOOL_BIN_DIR"]) / "uv-build-tool"
    ran = subprocess.run([str(executable)], env=env, capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ran.stdout.split() == ["uv-build-tool", "0.4.0", "0.4.0"]
    shutil.rmtree(env["UV_TOOL_DIR"], ignore_errors=True)


def test_the_cheap_hooks_keep_their_import_budget(builder: Builder) -> None:
    """``get_requires_for_build_*`` run in a process of their own: they stay cheap."""
    project = builder.copy(WRAPPER / "flit-core", "wrapped-cheap-hooks")
    code = (
        "import json, sys, smart_tool_build.backend as b\n"
        "print(b.get_requires_for_build_wheel(), b.get_requires_for_build_sdist())\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    env = {**cli_env(), **builder.env}
    done = subprocess.run([sys.executable, "-c", code], cwd=project, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    WRAPPER_CHEAP_HOOKS.check(json.loads(done.stdout.splitlines()[-1]))
