"""Helpers for the artifact and runtime tests (test_artifacts_*.py, test_runtime_*.py).

- :func:`shared_build`: one ``python -m build`` per project per session, shared by modules.
- :func:`smart_tool`, :func:`inspect_codes`: the ``smart-tool`` CLI of the code under test.
- :func:`rewrite_wheel`, :func:`rewrite_sdist`: tampered copies of real artifacts.
- :func:`venv_with`, :func:`run_python`: fresh virtual environments that install from the
  session's wheelhouse only, and Python run there with nothing of this checkout on its path.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Any, Optional

import yaml
from buildkit import EXAMPLES, FIXTURES, REPO, Build, Builder

from archive_kit import record_of

SRC = REPO / "src"
ARTIFACT_FIXTURES = FIXTURES / "artifacts"
HATCHLING_EXAMPLE = EXAMPLES / "hatchling-tool"
SETUPTOOLS_EXAMPLE = EXAMPLES / "setuptools-tool"

Changes = dict[str, Optional[bytes]]

_BUILDS: dict[tuple[int, Path], Build] = {}


def shared_build(builder: Builder, source: Path) -> Build:
    """``python -m build`` of a private copy of ``source``, once per session; must succeed."""
    key = (id(builder), source)
    if key not in _BUILDS:
        build = builder.build(builder.copy(source))
        assert build.ok, build.output
        _BUILDS[key] = build
    return _BUILDS[key]


#: ``python -c WITHOUT_UV ARGS``: smart-tool's main with the uv package out of reach, as where
#: it is not installed (with no uv on PATH either, smoke uses venv and pip)
WITHOUT_UV = """
import sys
sys.modules["uv"] = None  # import uv raises ImportError
from smart_tool.cli import main
raise SystemExit(main(sys.argv[1:]))
"""


def cli_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONSTARTUP", None)
    if env.get("SMART_TOOL_TEST_INSTALLED") != "1":
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SRC), env.get("PYTHONPATH")]))
    return env


def smart_tool(*args: str | Path, cwd: Optional[Path] = None) -> subprocess.CompletedProcess[str]:
    """``python -m smart_tool ARGS`` (the code under test); never raises on an exit code."""
    return subprocess.run(
        [sys.executable, "-m", "smart_tool", *map(str, args)],
        cwd=cwd or REPO,
        env=cli_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )


def inspect_codes(*artifacts: Path) -> tuple[int, dict[str, list[str]]]:
    """``smart-tool inspect --format json``: the exit code, and the codes found per severity."""
    done = smart_tool("inspect", "--format", "json", *artifacts)
    assert "Traceback" not in done.stderr, done.stderr
    if done.returncode == 2:
        return 2, {}
    document = json.loads(done.stdout)
    found: dict[str, list[str]] = {"error": [], "warning": [], "info": []}
    for diagnostic in document["diagnostics"]:
        found[diagnostic["severity"]].append(diagnostic["code"])
    return done.returncode, {severity: sorted(codes) for severity, codes in found.items()}


def errors_of(*artifacts: Path) -> tuple[int, list[str]]:
    code, found = inspect_codes(*artifacts)
    return code, found.get("error", [])


def split_manifest(data: bytes) -> tuple[dict[str, Any], str]:
    """A SMART_TOOL.md's frontmatter (plain YAML, read independently of the code under test) and body."""
    text = data.decode("utf-8")
    assert text.startswith("---\n"), text[:40]
    front, body = text[4:].split("\n---\n", 1)
    loaded = yaml.safe_load(front)
    assert isinstance(loaded, dict)
    return loaded, body


# ---------------------------------------------------------------- tampering with real artifacts


def rewrite_wheel(source: Path, target: Path, changes: Changes, *, record: bool = True) -> Path:
    """A copy of a wheel, member by member: ``changes`` replaces (bytes), drops (None) or adds.

    RECORD is written anew for the members as changed, as a careful tamperer (or a tool that
    amends wheels) would, so that each case meets the rule it is about; ``record=False``, or
    a change to RECORD itself, keeps the RECORD given (artifact-record-matches' cases).
    """
    left = dict(changes)
    written: dict[str, bytes] = {}
    record_info: Optional[zipfile.ZipInfo] = None
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            renew = record and info.filename.endswith(".dist-info/RECORD") and info.filename not in changes
            if renew:
                record_info = info
                continue
            if info.filename in left:
                data = left.pop(info.filename)
                if data is not None:
                    new.writestr(info, data)
                    written[info.filename] = data
            else:
                data = old.read(info)
                new.writestr(info, data)
                written[info.filename] = data
        for name, data in left.items():
            assert data is not None, f"{name} is not in {source.name}"
            new.writestr(name, data)
            written[name] = data
        if record_info is not None:
            new.writestr(record_info, record_of(written, record_info.filename))
    return target


def sdist_top(path: Path) -> str:
    with tarfile.open(path) as archive:
        return archive.getmembers()[0].name.split("/", 1)[0]


def rewrite_sdist(source: Path, target: Path, changes: Changes) -> Path:
    """As :func:`rewrite_wheel` for a .tar.gz; member names include the top folder."""
    left = dict(changes)
    with tarfile.open(source) as old, tarfile.open(target, "w:gz") as new:
        for info in old.getmembers():
            if info.name in left:
                data = left.pop(info.name)
                if data is None:
                    continue
                info.size = len(data)
                new.addfile(info, io.BytesIO(data))
            elif info.isfile():
                new.addfile(info, old.extractfile(info))
            else:
                new.addfile(info)
        for name, data in left.items():
            assert data is not None, f"{name} is not in {source.name}"
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mode = 0o644
            new.addfile(info, io.BytesIO(data))
    return target


def read_member(path: Path, name: str) -> bytes:
    if path.suffix == ".whl":
        with zipfile.ZipFile(path) as archive:
            return archive.read(name)
    with tarfile.open(path) as archive:
        handle = archive.extractfile(name)
        assert handle is not None
        return handle.read()


# ---------------------------------------------------------------- fresh virtual environments


def venv_env(builder: Builder) -> dict[str, str]:
    """The wheelhouse-only pip settings, and nothing of this checkout on the path."""
    env = {**os.environ, **builder.env}
    for name in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV", "SMART_TOOL_TEST_INSTALLED"):
        env.pop(name, None)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def venv_with(builder: Builder, name: str, *requirements: str | Path) -> Path:
    """A fresh venv (its python) with smart-tool-build and ``requirements`` from the wheelhouse."""
    python = builder.venv(name)
    pip_install(builder, python, "smart-tool-build", *requirements)
    return python


def pip_install(builder: Builder, python: Path, *args: str | Path) -> None:
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-index", "--find-links", str(builder.wheelhouse)]
        + [str(a) for a in args],
        cwd=python.parents[1],
        env=venv_env(builder),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def run_python(builder: Builder, python: Path, code: str) -> subprocess.CompletedProcess[str]:
    return run_in_venv(builder, python, [str(python), "-c", code])


def run_in_venv(builder: Builder, python: Path, args: list[str]) -> subprocess.CompletedProcess[str]:
    """Run ``args`` in the venv of ``python``, from the venv's folder (not this checkout)."""
    return subprocess.run(
        args,
        cwd=python.parents[1],
        env=venv_env(builder),
        capture_output=True,
        text=True,
        timeout=120,
    )


def script(python: Path, name: str) -> str:
    return str(python.parent / name)


#: run in a venv: everything the accessor gives for one distribution, as JSON
ACCESSOR_PROBE = """
import json, sys
import smart_tool_build as s
from smart_tool_build.runtime.accessor import manifest_bytes

dist = sys.argv[1] if len(sys.argv) > 1 else DIST
m = s.load_manifest(dist)
first = m.to_dict()
first["name"] = "mutated"
first["use_cases"].append("mutated")
heavy = sorted(
    k for k in sys.modules
    if k.split(".")[0] in ("hatchling", "setuptools", "pkg_resources")
    or k == "smart_tool_build.rules.root" or k.startswith("smart_tool_build.rules.root.")
)
print(json.dumps({
    "module_file": s.__file__,
    "read_from": manifest_bytes(dist)[1],
    "smart_tool_format": m.smart_tool_format,
    "name": m.name,
    "version": m.version,
    "description": m.description,
    "use_cases": list(m.use_cases),
    "platforms": list(m.platforms),
    "requires": [
        {"name": r.name, "purpose": r.purpose, "install": r.install, "optional": r.optional}
        for r in m.requires
    ],
    "optional_type": type(m.requires[0].optional).__name__ if m.requires else None,
    "body": m.body,
    "to_dict": m.to_dict(),
    "help": s.render_help(dist),
    "cached": s.load_manifest(dist) is m,
    "heavy_modules": heavy,
}))
"""


def probe_accessor(builder: Builder, python: Path, dist: str) -> dict[str, Any]:
    done = run_python(builder, python, ACCESSOR_PROBE.replace("DIST", repr(dist)))
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


#: run in a venv: what load_manifest raises for a distribution, as JSON
NOT_FOUND_PROBE = """
import json, sys
import smart_tool_build as s
try:
    s.load_manifest(DIST)
except s.ManifestNotFound as exc:
    print(json.dumps({
        "type": type(exc).__name__,
        "lookup_error": isinstance(exc, LookupError),
        "distribution": exc.distribution,
        "message": str(exc),
    }))
else:
    print(json.dumps({"type": None}))
"""


def probe_not_found(builder: Builder, python: Path, dist: str) -> dict[str, Any]:
    done = run_python(builder, python, NOT_FOUND_PROBE.replace("DIST", repr(dist)))
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def expected_accessor(manifest: bytes) -> dict[str, Any]:
    """What the accessor must give for a manifest, from the file alone."""
    frontmatter, body = split_manifest(manifest)
    return {
        "smart_tool_format": frontmatter["smart_tool_format"],
        "name": frontmatter["name"],
        "version": str(frontmatter["version"]),
        "description": frontmatter["description"],
        "use_cases": frontmatter["use_cases"],
        "platforms": frontmatter["platforms"],
        "requires": [
            {
                "name": r["name"],
                "purpose": r["purpose"],
                "install": r["install"],
                "optional": r.get("optional", False),
            }
            for r in frontmatter.get("requires") or []
        ],
        "body": body,
        "to_dict": frontmatter,
        "help": body.strip("\r\n"),
        "cached": True,
        "heavy_modules": [],
    }
