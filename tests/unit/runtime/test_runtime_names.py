"""`load_manifest` by the tool's name: a distribution whose installed manifest carries it.

Installs are laid out by hand as an installer leaves them (a ``.dist-info`` folder with
METADATA, RECORD and the descriptor beside the package), in a folder put on ``sys.path``;
``importlib.metadata`` reads them as it reads site-packages. Real installs from real wheels
are in tests/e2e/test_runtime_installed.py.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from smart_tool_build.runtime.accessor import ManifestNotFound, load_manifest, manifest_bytes

MANIFEST = """---
smart_tool_format: 1
name: {name}
version: 0.1.0
description: Runs shows.
use_cases:
  - Run a show
platforms:
  - linux
---

# {name}
"""


def install(site: Path, dist: str, tool: str, package: str) -> Path:
    """A regular install of ``dist`` whose manifest names the tool ``tool``."""
    folder = site / package
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text("")
    (folder / "SMART_TOOL.md").write_text(MANIFEST.format(name=tool))
    info = site / f"{dist.replace('-', '_')}-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1.0\n")
    (info / "smart-tool.json").write_text(
        json.dumps({"manifest": f"src/{package}/SMART_TOOL.md", "cli_argv": [tool]})
    )
    records = [
        f"{package}/__init__.py",
        f"{package}/SMART_TOOL.md",
        f"{info.name}/METADATA",
        f"{info.name}/RECORD",
    ]
    (info / "RECORD").write_text("".join(f"{r},,\n" for r in records))
    return folder / "SMART_TOOL.md"


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "site-packages"
    folder.mkdir()
    sys.path.insert(0, str(folder))
    load_manifest.cache_clear()
    try:
        yield folder
    finally:
        sys.path.remove(str(folder))
        load_manifest.cache_clear()


def test_the_tool_name_finds_its_distribution(site: Path) -> None:
    manifest = install(site, "amplifier-smart-tool-showrun", "showrun", "showrun")
    assert load_manifest("showrun").name == "showrun"
    assert manifest_bytes("showrun") == (manifest.read_bytes(), str(manifest))
    assert load_manifest("amplifier-smart-tool-showrun").name == "showrun"  # the distribution's name too


def test_an_unknown_name_says_which_names_were_tried(site: Path) -> None:
    install(site, "amplifier-smart-tool-showrun", "showrun", "showrun")
    with pytest.raises(ManifestNotFound) as raised:
        load_manifest("showrunner-nowhere")
    message = str(raised.value)
    assert "'showrunner-nowhere'" in message and "not installed" in message
    assert "amplifier-smart-tool-showrun (manifest 'showrun')" in message
    assert raised.value.distribution == "showrunner-nowhere"


def test_two_distributions_with_one_tool_name_are_not_guessed_between(site: Path) -> None:
    install(site, "showrun-a", "showrun", "showrun_a")
    install(site, "showrun-b", "showrun", "showrun_b")
    with pytest.raises(ManifestNotFound) as raised:
        load_manifest("showrun")
    assert "showrun-a, showrun-b" in str(raised.value)


def test_an_editable_install_is_found_by_its_tool_name(site: Path, tmp_path: Path) -> None:
    source = tmp_path / "source"
    (source / "src" / "showrun").mkdir(parents=True)
    (source / "src" / "showrun" / "SMART_TOOL.md").write_text(MANIFEST.format(name="showrun"))
    (source / "smart-tool.json").write_text(
        '{"manifest": "src/showrun/SMART_TOOL.md", "cli_argv": ["showrun"]}'
    )
    info = site / "amplifier_smart_tool_showrun-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: amplifier-smart-tool-showrun\nVersion: 0.1.0\n"
    )
    (info / "direct_url.json").write_text(
        json.dumps({"url": source.as_uri(), "dir_info": {"editable": True}})
    )
    (info / "RECORD").write_text("")
    assert manifest_bytes("showrun")[1] == str(source / "src" / "showrun" / "SMART_TOOL.md")
