"""`smart-tool snapshot`'s default entry passes `smart-tool catalog check`: the pointer
(source.json) is written unless the entry has one, or `--no-pointer` is given.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from smart_tool.cli import main
from support import ROOTS

from .test_snapshot import ORIGIN, commit_all, repository


@pytest.fixture
def single(tmp_path: Path) -> Path:
    top = shutil.copytree(ROOTS / "valid", tmp_path / "demo-tool")
    repository(top)
    commit_all(top)
    return top


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str]:
    code = main([*map(str, args)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out + err


def test_the_default_entry_passes_catalog_check(
    single: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    entry = tmp_path / "catalog" / "tools" / "demo-tool"
    assert run(capsys, "snapshot", single, "-d", entry)[0] == 0
    assert json.loads((entry / "source.json").read_text(encoding="utf-8")) == {"repository": ORIGIN}
    code, out = run(capsys, "catalog", "check", tmp_path / "catalog", "--names-match-folders")
    assert code == 0, out
    assert out.splitlines()[-1] == "1 entry checked: 0 errors, 0 warnings, 0 info"


def test_a_pointer_already_there_is_kept_unless_replaced(
    single: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    entry = tmp_path / "catalog" / "tools" / "demo-tool"
    entry.mkdir(parents=True)
    own = f'{{"repository": "{ORIGIN}", "ref": "main"}}\n'  # the catalog's own spelling
    (entry / "source.json").write_text(own, encoding="utf-8")
    code, out = run(capsys, "snapshot", single, "-d", entry)
    assert code == 0 and "source.json" not in out, out
    assert (entry / "source.json").read_text(encoding="utf-8") == own
    assert run(capsys, "catalog", "check", tmp_path / "catalog")[0] == 0
    code, out = run(capsys, "snapshot", single, "-d", entry, "--pointer")
    assert code == 0 and "source.json" in out, out
    assert (entry / "source.json").read_text(encoding="utf-8") == f'{{\n  "repository": "{ORIGIN}"\n}}\n'


def test_no_pointer_writes_none_and_catalog_check_says_so(
    single: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    entry = tmp_path / "catalog" / "tools" / "demo-tool"
    assert run(capsys, "snapshot", single, "-d", entry, "--no-pointer")[0] == 0
    assert sorted(p.name for p in entry.iterdir()) == ["SMART_TOOL.md", "provenance.json"]
    code, out = run(capsys, "catalog", "check", tmp_path / "catalog")
    assert code == 1
    assert out.splitlines()[0].startswith(
        f"{tmp_path}/catalog/tools/demo-tool/source.json: catalog-pointer-present: "
    )
