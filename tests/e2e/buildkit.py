"""Real builds: a builder that runs frontends on copied projects, and archive helpers.

Every isolated build installs its backend from a wheelhouse made once per session
(``pip download``), with the index switched off: builds are faster, and the backend
version under test is exactly the one asked for through the environment:

- ``SMART_TOOL_TEST_HATCHLING``: a hatchling requirement, e.g. ``hatchling==1.18.0``
- ``SMART_TOOL_TEST_SETUPTOOLS``: a setuptools requirement, e.g. ``setuptools==64.0.3``
- ``SMART_TOOL_TEST_UV_BUILD``, ``SMART_TOOL_TEST_FLIT_CORE``, ``SMART_TOOL_TEST_PDM_BACKEND``,
  ``SMART_TOOL_TEST_POETRY_CORE``: the backends the wrapping backend is tested over

This project itself goes into the wheelhouse as a freshly built wheel, as a user's build
would get it from an index.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import yaml

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "fixtures"
EXAMPLES = REPO / "examples"


def _requirement(variable: str, default: str) -> str:
    return os.environ.get(variable) or default


HATCHLING = _requirement("SMART_TOOL_TEST_HATCHLING", "hatchling")
SETUPTOOLS = _requirement("SMART_TOOL_TEST_SETUPTOOLS", "setuptools")


def setuptools_at_least(major: int) -> bool:
    """Whether the setuptools under test (``SMART_TOOL_TEST_SETUPTOOLS``) is ``major`` or newer;
    the default, the newest, is."""
    if "==" not in SETUPTOOLS:
        return True
    return int(SETUPTOOLS.split("==", 1)[1].split(".")[0]) >= major


#: PEP 660 editable installs of a pyproject-only project came with setuptools 64
PEP660_SKIP = "PEP 660 editable installs: setuptools 64+"
#: the backends without plugins, which the wrapping backend serves
WRAPPED = {
    "uv-build": _requirement("SMART_TOOL_TEST_UV_BUILD", "uv-build"),
    "flit-core": _requirement("SMART_TOOL_TEST_FLIT_CORE", "flit-core"),
    "pdm-backend": _requirement("SMART_TOOL_TEST_PDM_BACKEND", "pdm-backend"),
    "poetry-core": _requirement("SMART_TOOL_TEST_POETRY_CORE", "poetry-core"),
}


@dataclass
class Build:
    """The outcome of one frontend run."""

    returncode: int
    output: str
    out_dir: Path
    project: Path

    @property
    def ok(self) -> bool:
        return self.returncode == 0

    @property
    def artifacts(self) -> list[Path]:
        return sorted(p for p in self.out_dir.iterdir() if p.suffix in (".whl", ".gz"))

    @property
    def wheel(self) -> Path:
        (wheel,) = [p for p in self.artifacts if p.suffix == ".whl"]
        return wheel

    @property
    def sdist(self) -> Path:
        (sdist,) = [p for p in self.artifacts if p.name.endswith(".tar.gz")]
        return sdist


@dataclass
class Builder:
    wheelhouse: Path
    root: Path
    env: dict[str, str] = field(default_factory=dict)

    def copy(self, source: Path, name: Optional[str] = None) -> Path:
        """A private copy of a fixture project: builds never touch the repository."""
        target = self.root / (name or source.name)
        counter = 1
        while target.exists():
            counter += 1
            target = self.root / f"{name or source.name}-{counter}"
        shutil.copytree(source, target, symlinks=True)
        return target

    def run(
        self, args: list[str], cwd: Path, extra_env: Optional[dict[str, str]] = None
    ) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, **self.env, **(extra_env or {})}
        return subprocess.run(
            args, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600
        )

    def build(
        self,
        project: Path,
        *,
        isolated: bool = True,
        targets: tuple[str, ...] = (),
        extra_env: Optional[dict[str, str]] = None,
        config_settings: Optional[dict[str, str]] = None,
    ) -> Build:
        """``python -m build`` (sdist, then wheel from it, unless ``targets`` says otherwise)."""
        out_dir = project.parent / f"{project.name}-dist"
        if out_dir.exists():
            shutil.rmtree(out_dir)
        out_dir.mkdir()
        args = [sys.executable, "-m", "build", "-o", str(out_dir)]
        args += [f"--{t}" for t in targets]
        args += [f"--config-setting={key}={value}" for key, value in (config_settings or {}).items()]
        if not isolated:
            args.append("--no-isolation")
        args.append(str(project))
        done = self.run(args, cwd=project, extra_env=extra_env)
        return Build(done.returncode, done.stdout, out_dir, project)

    def pip_wheel(self, project: Path, extra_env: Optional[dict[str, str]] = None) -> Build:
        out_dir = project.parent / f"{project.name}-pipwheel"
        if out_dir.exists():
            shutil.rmtree(out_dir)
        out_dir.mkdir()
        args = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(out_dir), str(project)]
        done = self.run(args, cwd=project, extra_env=extra_env)
        return Build(done.returncode, done.stdout, out_dir, project)

    def venv(self, name: str) -> Path:
        """A fresh virtual environment that installs from the wheelhouse only."""
        path = self.root / f"venv-{name}"
        if not path.exists():
            subprocess.run([sys.executable, "-m", "venv", str(path)], check=True)
        return path / "bin" / "python"


def build_system(family: str) -> str:
    """The ``[build-system]`` table (and hatchling's hook table) that opts a project built by
    ``family`` in: the hook, the plugin, or the wrapper over the wrapped backend."""
    if family == "hatchling":
        return (
            f'[build-system]\nrequires = ["{HATCHLING}", "smart-tool-build"]\n'
            'build-backend = "hatchling.build"\n\n[tool.hatch.build.hooks.smart-tool]\n'
        )
    if family == "setuptools":
        return (
            f'[build-system]\nrequires = ["{SETUPTOOLS}", "smart-tool-build"]\n'
            'build-backend = "setuptools.build_meta"\n'
        )
    return (
        f'[build-system]\nrequires = ["smart-tool-build", "{WRAPPED[family]}"]\n'
        'build-backend = "smart_tool_build.backend"\n'
    )


def pip_download(requirements: list[str], wheelhouse: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "-q",
            "--only-binary=:all:",
            "-d",
            str(wheelhouse),
            *requirements,
        ],
        check=True,
    )


def put_backend(wheelhouse: Path, module: str, source: str) -> None:
    """A one-module build backend distribution of a test's own, written as a wheel into the
    wheelhouse (distribution ``<module>-backend``), for builds that must meet a faulty backend."""
    dist = f"{module}_backend"
    path = wheelhouse / f"{dist}-1.0-py3-none-any.whl"
    if path.exists():
        return
    info = f"{dist}-1.0.dist-info"
    files = {
        f"{module}.py": source,
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {module}-backend\nVersion: 1.0\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: hand\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    with zipfile.ZipFile(path, "w") as wheel:
        for name, text in files.items():
            wheel.writestr(name, text)
        wheel.writestr(f"{info}/RECORD", "".join(f"{name},,\n" for name in [*files, f"{info}/RECORD"]))


def wheel_members(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist() if not name.endswith("/")}


def sdist_members(path: Path) -> dict[str, bytes]:
    out: dict[str, bytes] = {}
    with tarfile.open(path) as archive:
        for member in archive.getmembers():
            if member.isfile():
                handle = archive.extractfile(member)
                assert handle is not None
                out[member.name.split("/", 1)[1]] = handle.read()
    return out


def assert_clean_failure(build: Build, *codes: str) -> None:
    """A failed build: every code named, no traceback, no artifact left behind."""
    assert not build.ok, build.output
    for code in codes:
        assert code in build.output, f"{code} not in output:\n{build.output}"
    assert "Traceback" not in build.output, build.output
    assert build.artifacts == [], build.artifacts


MANIFEST = "SMART_TOOL.md"
DESCRIPTOR = "smart-tool.json"
PROJECTION = "smart-tool-manifest.json"


def zip_names(path: Path) -> list[str]:
    """Every member name of a wheel, duplicates included (a dict would hide them)."""
    with zipfile.ZipFile(path) as archive:
        return [name for name in archive.namelist() if not name.endswith("/")]


def tar_names(path: Path) -> list[str]:
    with tarfile.open(path) as archive:
        return [m.name.split("/", 1)[1] for m in archive.getmembers() if m.isfile()]


def named(names: list[str], basename: str, nested: tuple[str, ...] = ()) -> list[str]:
    """Members named ``basename``, outside nested tools' folders and setuptools' .egg-info."""
    return [
        n
        for n in names
        if n.rsplit("/", 1)[-1] == basename
        and not n.startswith(nested)
        and not any(p.endswith(".egg-info") for p in n.split("/")[:-1])
    ]


def assert_tool_built(
    build: Build,
    *,
    manifest_source: str,
    wheel_manifest: str,
    dist_info: str,
    sdist_also: tuple[str, ...] = (),
    nested: tuple[str, ...] = (),
) -> None:
    """Both archives carry the descriptor and the manifest once, byte-identical to the source."""
    assert build.ok, build.output
    assert "Traceback" not in build.output
    project = build.project
    manifest = (project / manifest_source).read_bytes()
    descriptor = (project / DESCRIPTOR).read_bytes()

    names = zip_names(build.wheel)
    assert len(names) == len(set(names)), f"duplicate wheel members: {names}"
    assert named(names, MANIFEST, nested) == [wheel_manifest]
    assert named(names, DESCRIPTOR, nested) == [f"{dist_info}/{DESCRIPTOR}"]
    wheel = wheel_members(build.wheel)
    assert wheel[wheel_manifest] == manifest
    assert wheel[f"{dist_info}/{DESCRIPTOR}"] == descriptor
    assert_projection(wheel, dist_info, manifest, nested)

    names = tar_names(build.sdist)
    assert len(names) == len(set(names)), f"duplicate sdist members: {names}"
    assert named(names, MANIFEST, nested) == [manifest_source]
    assert named(names, DESCRIPTOR, nested) == [DESCRIPTOR]
    sdist = sdist_members(build.sdist)
    assert sdist[manifest_source] == manifest
    assert sdist[DESCRIPTOR] == descriptor
    for relative in sdist_also:
        assert sdist[relative] == (project / relative).read_bytes(), relative

    for artifact in (build.sdist, build.wheel):
        assert f"smart-tool: {artifact.name} verified" in build.output


def assert_projection(
    wheel: dict[str, bytes], dist_info: str, manifest: bytes, nested: tuple[str, ...] = ()
) -> None:
    """The wheel carries the manifest's projection beside the descriptor, once, listed in
    RECORD with its hash, holding the frontmatter (read here with PyYAML) and the body."""
    import json

    names = [n for n in wheel if not n.startswith(nested)]
    assert named(names, PROJECTION) == [f"{dist_info}/{PROJECTION}"]
    data = wheel[f"{dist_info}/{PROJECTION}"]
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).decode().rstrip("=")
    record = wheel[f"{dist_info}/RECORD"].decode()
    assert f"{dist_info}/{PROJECTION},sha256={digest},{len(data)}" in record.splitlines()
    text = manifest.decode("utf-8")
    front, body = text[4:].split("\n---\n", 1)
    projection = json.loads(data)
    assert projection["frontmatter"] == yaml.safe_load(front)
    assert list(projection["frontmatter"]) == list(yaml.safe_load(front))
    assert projection["body"] == body
    manifest_digest = base64.urlsafe_b64encode(hashlib.sha256(manifest).digest()).decode().rstrip("=")
    assert projection["manifest_hash"] == f"sha256={manifest_digest}"


def pep625(name: str) -> str:
    """An sdist's file name in PEP 625's normal form: an older backend (flit_core 3.4, setuptools
    before 69.3) writes ``flit-core-tool-0.4.0.tar.gz`` where a newer one writes
    ``flit_core_tool-0.4.0.tar.gz``; any other name comes back as it is."""
    match = re.fullmatch(r"(.+)-([^-]+)\.tar\.gz", name)
    return f"{match[1].replace('-', '_')}-{match[2]}.tar.gz" if match else name


def edit(path: Path, old: str, new: str) -> None:
    """Replace the first ``old`` in a fixture copy's file (which must hold it) with ``new``."""
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1))


def git(project: Path, *args: str) -> str:
    """Run git in ``project`` as a throwaway identity; its output."""
    done = subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false", *args],
        cwd=project,
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout


def assert_line(build: Build, path: str, code: str) -> None:
    """The problem is shown the documented way: ``path:line: code: message``, on one line."""
    pattern = rf"^{re.escape(path)}(:\d+)?: {re.escape(code)}: \S"
    assert re.search(pattern, build.output, re.MULTILINE), f"no `{path}: {code}:` line in:\n{build.output}"
