"""`smart-tool snapshot --format json`: the single-document snapshot, from fixture roots."""

from __future__ import annotations

import json
import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from archive_kit import (
    ROOTS,
)
from smart_tool.cli import main


def _snapshot(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """The single-document snapshot of earlier versions, now behind ``--format json`` (the
    catalog entry it became the default for is tested in tests/unit/registry/test_snapshot.py)."""
    code = main(["snapshot", "--format", "json", *args])
    out, err = capsys.readouterr()
    return code, out, err


def _split(path: Path) -> tuple[dict[str, object], str]:
    import yaml

    text = path.read_text(encoding="utf-8")
    _, front, body = text.split("---\n", 2)
    return yaml.safe_load(front), body


def test_snapshot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "valid"  # outside any repository: the path is the tool's own
    shutil.copytree(ROOTS / "valid", root)
    before = datetime.now(timezone.utc).replace(microsecond=0)
    code, out, err = _snapshot(
        capsys, str(root), "--repository", "https://example.org/demo.git", "--revision", "0123abc"
    )
    after = datetime.now(timezone.utc)
    assert (code, err) == (0, "")
    document = json.loads(out)
    frontmatter, body = _split(root / "src/demo_tool/SMART_TOOL.md")
    assert document["frontmatter"] == frontmatter
    assert list(document["frontmatter"]) == list(frontmatter)  # order as written
    assert document["body"] == body
    source = document["source"]
    assert source["repository"] == "https://example.org/demo.git"
    assert source["revision"] == "0123abc"
    assert source["manifest_path"] == "src/demo_tool/SMART_TOOL.md"
    stamp = source["refreshed_at"]
    assert stamp.endswith("Z")
    parsed = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    assert parsed.utcoffset() is not None and parsed.utcoffset().total_seconds() == 0
    assert before <= parsed <= after


def test_snapshot_names_the_path_in_the_repository(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / ".git").mkdir()
    root = tmp_path / "tools" / "demo"
    shutil.copytree(ROOTS / "valid", root)
    code, out, _ = _snapshot(
        capsys, str(root), "--repository", "https://example.org/mono.git", "--revision", "1"
    )
    assert code == 0
    assert json.loads(out)["source"]["manifest_path"] == "tools/demo/src/demo_tool/SMART_TOOL.md"


def test_snapshot_output_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "snapshot.json"
    code, out, err = _snapshot(
        capsys, str(ROOTS / "valid"), "--repository", "R", "--revision", "S", "--output", str(target)
    )
    assert (code, out, err) == (0, "", "")
    document = json.loads(target.read_text(encoding="utf-8"))
    assert document["source"]["revision"] == "S"
    assert document["frontmatter"]["name"] == "demo-tool"


def test_snapshot_refuses_an_invalid_manifest(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "snapshot.json"
    root = ROOTS / "manifest-required-fields"
    code, out, err = _snapshot(
        capsys, str(root), "--repository", "R", "--revision", "S", "--output", str(target)
    )
    assert code == 1
    assert out == ""
    assert not target.exists()
    lines = err.strip().splitlines()
    assert any("manifest-required-fields" in line for line in lines)
    assert lines[-1] == "smart-tool: error: refusing to snapshot an invalid manifest"
    assert "Traceback" not in err


def test_snapshot_of_a_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _snapshot(capsys, str(tmp_path / "nope"), "--repository", "R", "--revision", "S")
    assert (code, out) == (2, "")
    assert "not a folder" in err


def test_snapshot_requires_repository_and_revision(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["snapshot", "--format", "json", str(ROOTS / "valid"), "--repository", "R"])
    assert exited.value.code == 2
    assert "--revision" in capsys.readouterr().err
