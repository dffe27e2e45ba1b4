"""The runtime accessor in this process: a distribution not installed or without a manifest,
and hand-made installs (files, .dist-info, RECORD, direct_url.json) in a folder on sys.path."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Optional

import pytest

from archive_kit import (
    MANIFEST,
)


def test_load_manifest_not_installed() -> None:
    from smart_tool_build import ManifestNotFound, load_manifest

    with pytest.raises(ManifestNotFound) as raised:
        load_manifest("no-such-distribution-xyz")
    assert raised.value.distribution == "no-such-distribution-xyz"
    assert "'no-such-distribution-xyz'" in str(raised.value)
    assert "not installed" in str(raised.value)
    assert isinstance(raised.value, LookupError)


def test_load_manifest_of_a_distribution_without_one() -> None:
    from smart_tool_build import ManifestNotFound, load_manifest

    with pytest.raises(ManifestNotFound) as raised:
        load_manifest("pytest")
    assert "'pytest'" in str(raised.value)
    assert "SMART_TOOL.md" in str(raised.value)


# ---------------------------------------------------------------- the accessor on hand-made installs


def fake_install(
    site: Path,
    name: str,
    files: dict[str, bytes],
    *,
    direct_url: Optional[dict[str, object]] = None,
    record: bool = True,
) -> Path:
    """A distribution as an installer leaves it in site-packages: files, .dist-info, RECORD."""
    dist_info = site / f"{name.replace('-', '_')}-1.0.0.dist-info"
    dist_info.mkdir(parents=True)
    (dist_info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0.0\n")
    for relative, data in files.items():
        target = site / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    if direct_url is not None:
        (dist_info / "direct_url.json").write_text(json.dumps(direct_url))
    if record:
        listed = [*files, f"{dist_info.name}/METADATA", f"{dist_info.name}/RECORD"]
        (dist_info / "RECORD").write_text("".join(f"{name},,\n" for name in listed))
    return dist_info


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    from smart_tool_build.runtime.accessor import load_manifest

    folder = tmp_path / "site-packages"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    load_manifest.cache_clear()
    yield folder
    load_manifest.cache_clear()


def _manifest_named(name: str, body: str = "Body.\n") -> bytes:
    return MANIFEST.replace(b"name: demo-tool", f"name: {name}".encode()).split(b"---\n\n")[0] + (
        f"---\n\n{body}".encode()
    )


def test_accessor_skips_a_nested_tools_manifest(site: Path) -> None:
    from smart_tool_build import load_manifest

    fake_install(
        site,
        "unit-nested",
        {
            # the nested tool comes first in RECORD and has the shorter name
            "unit_nested/a/SMART_TOOL.md": _manifest_named("helper"),
            "unit_nested/SMART_TOOL.md": _manifest_named("unit-nested"),
            "unit_nested-1.0.0.dist-info/smart-tool.json": (
                b'{"manifest": "src/unit_nested/SMART_TOOL.md", "cli_argv": ["unit-nested"]}'
            ),
        },
    )
    assert load_manifest("unit-nested").name == "unit-nested"


def test_accessor_prefers_the_dist_info_copy(site: Path) -> None:
    from smart_tool_build import load_manifest

    fake_install(
        site,
        "unit-rooted",
        {
            "unit_rooted/data/SMART_TOOL.md": _manifest_named("other"),
            "unit_rooted-1.0.0.dist-info/SMART_TOOL.md": _manifest_named("unit-rooted"),
        },
    )
    assert load_manifest("unit-rooted").name == "unit-rooted"


def test_root_layout_skill_directory_is_the_dist_info_folder(site: Path) -> None:
    """A root manifest is installed in ``.dist-info`` with its install documents beside it, so
    the skill's relative paths resolve from there, as they did from the source manifest."""
    from smart_tool_build import render_skill, skill_directory

    info = fake_install(
        site,
        "unit-rootdocs",
        {
            "unit_rootdocs/__init__.py": b"",
            "unit_rootdocs-1.0.0.dist-info/SMART_TOOL.md": _manifest_named("unit-rootdocs"),
            "unit_rootdocs-1.0.0.dist-info/docs/setup.md": b"# Setup\n",
        },
    )
    assert skill_directory("unit-rootdocs") == info
    assert (skill_directory("unit-rootdocs") / "docs/setup.md").is_file()
    text = render_skill("unit-rootdocs", resources=["docs/setup.md"])
    assert f"Skill directory: {info}\n" in text


def test_accessor_editable_source_path_with_percent_and_space(site: Path, tmp_path: Path) -> None:
    """direct_url.json percent-encodes the path once; it must be decoded once (a folder
    named ``tool%41`` is not ``toolA``)."""
    from smart_tool_build import load_manifest
    from smart_tool_build.runtime.accessor import manifest_bytes

    source = tmp_path / "my tool%41"
    (source / "src" / "unit_edit").mkdir(parents=True)
    (source / "smart-tool.json").write_bytes(
        b'{"manifest": "src/unit_edit/SMART_TOOL.md", "cli_argv": ["unit-edit"]}'
    )
    (source / "src/unit_edit/SMART_TOOL.md").write_bytes(_manifest_named("unit-edit", "From the source.\n"))
    decoy = tmp_path / "my toolA"  # where a second decoding would look
    (decoy / "src/unit_edit").mkdir(parents=True)
    (decoy / "smart-tool.json").write_bytes((source / "smart-tool.json").read_bytes())
    (decoy / "src/unit_edit/SMART_TOOL.md").write_bytes(_manifest_named("unit-edit", "From the decoy.\n"))
    url = source.as_uri()
    assert "%2541" in url and "%20" in url
    fake_install(site, "unit-edit", {}, direct_url={"url": url, "dir_info": {"editable": True}})
    assert manifest_bytes("unit-edit")[1] == str(source / "src/unit_edit/SMART_TOOL.md")
    assert load_manifest("unit-edit").body == "\nFrom the source.\n"


def test_accessor_non_editable_directory_install_reads_the_copy(site: Path, tmp_path: Path) -> None:
    from smart_tool_build import load_manifest

    fake_install(
        site,
        "unit-dir",
        {"unit_dir/SMART_TOOL.md": _manifest_named("unit-dir", "Installed copy.\n")},
        direct_url={"url": (tmp_path / "nowhere").as_uri(), "dir_info": {}},
    )
    assert load_manifest("unit-dir").body == "\nInstalled copy.\n"


def test_accessor_without_record(site: Path) -> None:
    from smart_tool_build import ManifestNotFound, load_manifest

    fake_install(site, "unit-norecord", {"unit_norecord/SMART_TOOL.md": MANIFEST}, record=False)
    with pytest.raises(ManifestNotFound, match=r"'unit-norecord'.*SMART_TOOL\.md"):
        load_manifest("unit-norecord")


def test_accessor_manifest_deleted_after_install(site: Path) -> None:
    from smart_tool_build import ManifestNotFound, load_manifest

    fake_install(site, "unit-deleted", {"unit_deleted/SMART_TOOL.md": MANIFEST})
    (site / "unit_deleted/SMART_TOOL.md").unlink()
    with pytest.raises(ManifestNotFound, match=r"'unit-deleted'.*cannot be read"):
        load_manifest("unit-deleted")


def test_render_help_is_the_body_without_outer_blank_lines(site: Path) -> None:
    from smart_tool_build import render_help

    fake_install(site, "unit-help", {"unit_help/SMART_TOOL.md": _manifest_named("unit-help", "Use it.\n\n")})
    assert render_help("unit-help") == "Use it."
