"""The manifest accessor on editable installs: hatchling, and setuptools in lenient and strict
mode. An editable install reads the source tree's SMART_TOOL.md (through the installer's
direct_url.json), so an edit to the source shows at once: no stale copy.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from buildkit import PEP660_SKIP, Builder, setuptools_at_least
from smartkit import (
    HATCHLING_EXAMPLE,
    SETUPTOOLS_EXAMPLE,
    expected_accessor,
    pip_install,
    probe_accessor,
    run_in_venv,
    run_python,
    script,
    venv_with,
)

#: mode -> (example, distribution, manifest source path, extra pip arguments)
MODES = {
    "hatchling": (HATCHLING_EXAMPLE, "acme-widget", "src/acme_widget/SMART_TOOL.md", ()),
    "setuptools-lenient": (
        SETUPTOOLS_EXAMPLE,
        "acme-sprocket",
        "src/acme_sprocket/SMART_TOOL.md",
        ("--config-settings", "editable_mode=lenient"),
    ),
    "setuptools-strict": (
        SETUPTOOLS_EXAMPLE,
        "acme-sprocket",
        "src/acme_sprocket/SMART_TOOL.md",
        ("--config-settings", "editable_mode=strict"),
    ),
}


class Editable:
    def __init__(self, builder: Builder, python: Path, dist: str, manifest: Path) -> None:
        self.builder = builder
        self.python = python
        self.dist = dist
        self.manifest = manifest  # the source tree's SMART_TOOL.md


@pytest.fixture(scope="module", params=sorted(MODES))
def editable(request: pytest.FixtureRequest, builder: Builder) -> Editable:
    example, dist, manifest_source, extra = MODES[request.param]
    if request.param.startswith("setuptools") and not setuptools_at_least(64):
        pytest.skip(PEP660_SKIP)
    project = builder.copy(example, f"editable-{request.param}")
    python = venv_with(builder, f"editable-{request.param}", "smart-tool")  # the command line, for `show`
    pip_install(builder, python, *extra, "-e", project)
    return Editable(builder, python, dist, project / manifest_source)


def test_reads_the_source_tree(editable: Editable) -> None:
    found = probe_accessor(editable.builder, editable.python, editable.dist)
    assert Path(found.pop("read_from")) == editable.manifest
    found.pop("module_file")
    found.pop("optional_type")
    assert found == expected_accessor(editable.manifest.read_bytes())


def test_nothing_copied_into_site_packages(editable: Editable) -> None:
    """No stale copy: the installed files hold no SMART_TOOL.md of their own."""
    code = (
        "import json, sys; from importlib import metadata;"
        f"d = metadata.distribution({editable.dist!r});"
        "print(json.dumps([str(f) for f in d.files or [] if f.name == 'SMART_TOOL.md']))"
    )
    done = run_python(editable.builder, editable.python, code)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_source_edit_shows_at_once(editable: Editable) -> None:
    original = editable.manifest.read_bytes()
    try:
        editable.manifest.write_bytes(original + b"\nEdited after the install.\n")
        found = probe_accessor(editable.builder, editable.python, editable.dist)
        assert found["body"].endswith("\nEdited after the install.\n")
        done = run_in_venv(
            editable.builder,
            editable.python,
            [script(editable.python, "smart-tool"), "show", editable.dist],
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.endswith("\nEdited after the install.\n")
    finally:
        editable.manifest.write_bytes(original)


def test_invalid_source_manifest_fails_cleanly(editable: Editable) -> None:
    """A source edit that breaks the manifest: ManifestError from the call, exit 1 from show."""
    original = editable.manifest.read_bytes()
    try:
        editable.manifest.write_bytes(original.replace(b"platforms:", b"colour: blue\nplatforms:", 1))
        code = (
            "import smart_tool_build as s\n"
            "try:\n"
            f"    s.load_manifest({editable.dist!r})\n"
            "except s.ManifestError as exc:\n"
            "    print(type(exc).__name__, [d.code for d in exc.diagnostics])\n"
        )
        done = run_python(editable.builder, editable.python, code)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "ManifestError ['manifest-fields-closed']"
        done = run_in_venv(
            editable.builder,
            editable.python,
            [script(editable.python, "smart-tool"), "show", editable.dist],
        )
        assert done.returncode == 1
        assert done.stdout == ""
        assert "manifest-fields-closed" in done.stderr
        assert "Traceback" not in done.stderr
    finally:
        editable.manifest.write_bytes(original)


def test_moved_source_tree_is_not_found(editable: Editable) -> None:
    """The source tree an editable install points at is gone: ManifestNotFound, not OSError."""
    root = editable.manifest.parents[2]
    moved = root.with_name(root.name + "-moved")
    root.rename(moved)
    try:
        code = (
            "import smart_tool_build as s\n"
            "try:\n"
            f"    s.load_manifest({editable.dist!r})\n"
            "except s.ManifestNotFound as exc:\n"
            "    print(exc)\n"
        )
        done = run_python(editable.builder, editable.python, code)
        assert done.returncode == 0, done.stderr
        assert f"'{editable.dist}'" in done.stdout
        assert "editable install" in done.stdout
    finally:
        moved.rename(root)


def test_no_projection_is_installed_and_the_source_is_read(editable: Editable) -> None:
    """An editable install serves the source tree: no projection to go stale; the manifest is read."""
    code = (
        "import json, sys; from importlib import metadata\n"
        "before = set(sys.modules)\n"
        "import smart_tool_build as s\n"
        f"m = s.load_manifest({editable.dist!r})\n"
        f"d = metadata.distribution({editable.dist!r})\n"
        "print(json.dumps([[str(f) for f in d.files or [] if f.name == 'smart-tool-manifest.json'],"
        " 'smart_tool_build.rules.manifest' in set(sys.modules) - before, m.name]))"
    )
    done = run_python(editable.builder, editable.python, code)
    assert done.returncode == 0, done.stderr
    files, parsed, name = json.loads(done.stdout)
    assert (files, parsed) == ([], True)
    assert isinstance(name, str) and name
