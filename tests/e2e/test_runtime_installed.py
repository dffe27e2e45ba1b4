"""The manifest accessor on regular installs: built wheels of both backends, installed into
fresh virtual environments, read by `load_manifest` and `smart-tool show` in a subprocess
there (nothing of this checkout on the path; smart-tool-build from the wheelhouse).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from buildkit import Builder
from smartkit import (
    ACCESSOR_PROBE,
    ARTIFACT_FIXTURES,
    HATCHLING_EXAMPLE,
    SETUPTOOLS_EXAMPLE,
    expected_accessor,
    pip_install,
    probe_accessor,
    probe_not_found,
    run_in_venv,
    script,
    shared_build,
    split_manifest,
    venv_env,
    venv_with,
)

from unit.runtime.test_projection import PROJECTION_BUDGET

#: backend -> (the example, its distribution, its manifest's source path)
TOOLS = {
    "hatchling": (HATCHLING_EXAMPLE, "acme-widget", "src/acme_widget/SMART_TOOL.md"),
    "setuptools": (SETUPTOOLS_EXAMPLE, "acme-sprocket", "src/acme_sprocket/SMART_TOOL.md"),
}
ROOTED = {"hatchling": "root-manifest-hatchling", "setuptools": "root-manifest-setuptools"}
PLAIN = {"hatchling": "plain-hatchling", "setuptools": "plain-setuptools"}


class Installed:
    """A venv with one backend's tools installed from their wheels."""

    def __init__(
        self, backend: str, builder: Builder, python: Path, dist: str, manifest: bytes, rooted_manifest: bytes
    ) -> None:
        self.backend = backend
        self.builder = builder
        self.python = python
        self.dist = dist
        self.manifest = manifest
        self.rooted_manifest = rooted_manifest


@pytest.fixture(scope="module", params=sorted(TOOLS))
def installed(request: pytest.FixtureRequest, builder: Builder) -> Installed:
    """One venv per backend: the example tool, the root-manifest tool, the plain tool."""
    backend = request.param
    example, dist, manifest_source = TOOLS[backend]
    tool = shared_build(builder, example)
    rooted = shared_build(builder, ARTIFACT_FIXTURES / ROOTED[backend])
    plain = shared_build(builder, ARTIFACT_FIXTURES / PLAIN[backend])
    # both backends installed too, so "imports neither" is a real check, not a vacuous one;
    # the command line too, for `smart-tool show`
    python = venv_with(
        builder,
        f"installed-{backend}",
        tool.wheel,
        rooted.wheel,
        plain.wheel,
        "hatchling",
        "setuptools",
        "smart-tool",
    )
    return Installed(
        backend,
        builder,
        python,
        dist,
        (tool.project / manifest_source).read_bytes(),
        (rooted.project / "SMART_TOOL.md").read_bytes(),
    )


def test_load_manifest_gives_every_field(installed: Installed) -> None:
    found = probe_accessor(installed.builder, installed.python, installed.dist)
    venv = installed.python.parents[1]
    assert Path(found.pop("module_file")).is_relative_to(venv)  # the installed smart-tool-build
    read_from = Path(found.pop("read_from"))
    assert read_from.is_relative_to(venv)  # the copy built into the wheel, not a source tree
    assert read_from.read_bytes() == installed.manifest
    assert found.pop("optional_type") == "bool"
    assert found == expected_accessor(installed.manifest)
    assert found["requires"][0]["optional"] is True


def test_accessor_imports_no_backend_and_no_checks(installed: Installed) -> None:
    found = probe_accessor(installed.builder, installed.python, installed.dist)
    assert found["heavy_modules"] == []


def test_to_dict_is_a_fresh_copy(installed: Installed) -> None:
    """The probe mutates the first to_dict(); the second is still the frontmatter."""
    found = probe_accessor(installed.builder, installed.python, installed.dist)
    frontmatter, _ = split_manifest(installed.manifest)
    assert found["to_dict"] == frontmatter


def test_root_manifest_is_found(installed: Installed) -> None:
    found = probe_accessor(installed.builder, installed.python, "rooted-widget")
    assert Path(found["read_from"]).parent.name == "rooted_widget-0.2.0.dist-info"
    for key in ("module_file", "read_from", "optional_type"):
        found.pop(key)
    assert found == expected_accessor(installed.rooted_manifest)


def test_show_text(installed: Installed) -> None:
    done = run_in_venv(
        installed.builder, installed.python, [script(installed.python, "smart-tool"), "show", installed.dist]
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    shown_frontmatter, shown_body = split_manifest(done.stdout.encode())
    frontmatter, body = split_manifest(installed.manifest)
    assert shown_frontmatter == frontmatter
    assert shown_body == body


def test_show_json_is_the_frontmatter(installed: Installed) -> None:
    done = run_in_venv(
        installed.builder,
        installed.python,
        [script(installed.python, "smart-tool"), "show", installed.dist, "--format", "json"],
    )
    assert done.returncode == 0, done.stderr
    frontmatter, _ = split_manifest(installed.manifest)
    shown = json.loads(done.stdout)
    assert shown == frontmatter
    assert list(shown) == list(frontmatter)  # in the order written


def test_tool_help_is_the_body(installed: Installed) -> None:
    """The example's own `--help` calls render_help and prints the skill, nothing added."""
    done = run_in_venv(
        installed.builder, installed.python, [script(installed.python, installed.dist), "--help"]
    )
    assert done.returncode == 0, done.stderr
    _, body = split_manifest(installed.manifest)
    assert done.stdout == body.strip("\r\n") + "\n"


def test_a_target_install_on_pythonpath_is_found(builder: Builder) -> None:
    """``pip install --target DIR`` and DIR on PYTHONPATH: the accessor's listing of sys.path
    finds the tool there, in a venv that has only smart-tool-build installed."""
    example, dist, manifest_source = TOOLS["hatchling"]
    tool = shared_build(builder, example)
    python = venv_with(builder, "installed-target")
    target = python.parents[1] / "target"
    pip_install(builder, python, "--no-deps", "--target", target, tool.wheel)
    done = subprocess.run(
        [str(python), "-c", ACCESSOR_PROBE.replace("DIST", repr(dist))],
        cwd=python.parents[1],
        env={**venv_env(builder), "PYTHONPATH": str(target)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    found = json.loads(done.stdout)
    read_from = Path(found.pop("read_from"))
    assert read_from.is_relative_to(target)
    manifest = (tool.project / manifest_source).read_bytes()
    assert read_from.read_bytes() == manifest
    for key in ("module_file", "optional_type"):
        found.pop(key)
    assert found == expected_accessor(manifest)


# ---------------------------------------------------------------- nothing to find


def test_not_installed(installed: Installed) -> None:
    found = probe_not_found(installed.builder, installed.python, "acme-nothing")
    assert found["type"] == "ManifestNotFound"
    assert found["lookup_error"] is True
    assert found["distribution"] == "acme-nothing"
    assert "'acme-nothing'" in found["message"]
    assert "not installed" in found["message"]


@pytest.mark.parametrize("dist", ["pip", "pyyaml"])
def test_installed_without_manifest(installed: Installed, dist: str) -> None:
    found = probe_not_found(installed.builder, installed.python, dist)
    assert found["type"] == "ManifestNotFound"
    assert found["distribution"] == dist
    assert f"'{dist}'" in found["message"]
    assert "SMART_TOOL.md" in found["message"]  # what was looked for


def test_plain_install(installed: Installed) -> None:
    """A smart tool built without the plugin: hatchling still ships the package's SMART_TOOL.md
    as package data (the accessor finds it, descriptor or not); setuptools without package
    data ships no manifest at all."""
    if installed.backend == "hatchling":
        assert probe_accessor(installed.builder, installed.python, "plain-widget")["name"] == "plain-widget"
    else:
        found = probe_not_found(installed.builder, installed.python, "plain-gadget")
        assert found["type"] == "ManifestNotFound"
        assert "'plain-gadget'" in found["message"] and "SMART_TOOL.md" in found["message"]


@pytest.mark.parametrize("dist", ["acme-nothing", "pip"])
def test_show_fails_in_one_line(installed: Installed, dist: str) -> None:
    done = run_in_venv(
        installed.builder, installed.python, [script(installed.python, "smart-tool"), "show", dist]
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"smart-tool: error: no smart-tool manifest for distribution '{dist}'")
    assert "Traceback" not in done.stderr


#: run in a venv: the modules of ours render_skill and load_manifest import, and the manifest
RUNTIME_IMPORTS = """
import json, sys
before = set(sys.modules)
import smart_tool_build as s
s.render_skill(sys.argv[1], [("go", "deterministic", "Go.")])
m = s.load_manifest(sys.argv[1])
ours = sorted(k for k in set(sys.modules) - before if k.split(".")[0] == "smart_tool_build")
print(" ".join(ours))
print(json.dumps([m.to_dict(), m.body]))
"""

#: what an installed wheel's --help imports of ours: the projection's reader, no rule (the
#: unit suite's budget, seen from a real install)
PROJECTION_PATH = sorted(PROJECTION_BUDGET)


def _runtime_imports(installed: Installed, dist: str) -> tuple[list[str], list[object]]:
    done = run_in_venv(
        installed.builder, installed.python, [str(installed.python), "-c", RUNTIME_IMPORTS, dist]
    )
    assert done.returncode == 0, done.stderr
    modules, read = done.stdout.splitlines()
    return modules.split(), json.loads(read)


def test_an_installed_wheel_reads_its_projection(installed: Installed) -> None:
    """The wheel carries the checked manifest's projection; --help reads it and imports no rule."""
    for dist, manifest in (
        (installed.dist, installed.manifest),
        ("rooted-widget", installed.rooted_manifest),
    ):
        modules, read = _runtime_imports(installed, dist)
        assert modules == PROJECTION_PATH, dist
        frontmatter, body = split_manifest(manifest)
        assert read == [frontmatter, body], dist


def test_a_wheel_built_without_the_plugin_reads_its_manifest(installed: Installed) -> None:
    if installed.backend != "hatchling":
        pytest.skip("setuptools without the plugin ships no manifest (test_plain_install)")
    modules, read = _runtime_imports(installed, "plain-widget")
    assert "smart_tool_build.rules.manifest" in modules
    assert read[0]["name"] == "plain-widget"
