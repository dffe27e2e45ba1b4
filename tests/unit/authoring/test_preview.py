"""`fix --diff`'s preview: the check of a mirror of the root, with the edits made there, is the
check of the root itself (with no edits: the same findings on every fixture root, and on
what git cannot store), and the root is never written."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from smart_tool.authoring.fixes import plan_fixes
from smart_tool.authoring.preview import check_after
from smart_tool_build.rules.root import check_root
from support import FIXTURES, ROOTS, copy_root


def _found(root: Path, display: str) -> list[tuple[str, str, object, str]]:
    return [(d.code, d.path or "", d.line, d.message) for d in check_root(root, display=display).diagnostics]


def _previewed(root: Path, display: str) -> list[tuple[str, str, object, str]]:
    return [(d.code, d.path or "", d.line, d.message) for d in check_after(root, display, [])]


@pytest.mark.parametrize("name", sorted(p.name for p in ROOTS.iterdir()))
def test_without_edits_the_mirror_checks_as_the_root(name: str) -> None:
    assert _previewed(ROOTS / name, name) == _found(ROOTS / name, name)


def test_symlinks_in_and_out_and_a_fifo_keep_their_verdicts(tmp_path: Path) -> None:
    root = copy_root("valid", tmp_path / "root")
    outside = tmp_path / "outside.md"
    outside.write_text("# outside\n")
    (root / "docs" / "link-in.md").symlink_to("installing-git.md")
    (root / "docs" / "link-out.md").symlink_to(os.path.relpath(outside, root / "docs"))
    manifest = root / "src" / "demo_tool" / "SMART_TOOL.md"
    text = manifest.read_text()
    manifest.write_text(text.replace("install: docs/installing-git.md", "install: docs/link-out.md"))
    os.mkfifo(root / "docs" / "pipe.md")
    found = _found(root, "root")
    assert [code for code, *_ in found] == ["manifest-install-doc-missing"]
    assert _previewed(root, "root") == found


def test_the_edits_are_made_on_the_mirror_only(tmp_path: Path) -> None:
    root = copy_root("manifest-version-matches-package", tmp_path / "root")
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    plan = plan_fixes(root, display="root")
    assert plan.edits and plan.report.diagnostics
    assert check_after(root, "root", plan.edits) == []
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before


def test_an_edit_through_a_link_out_of_the_root_writes_nothing_outside(tmp_path: Path) -> None:
    """The preview writes only in its temporary folder: a package module that is a link to a
    file outside the root is not edited there, and the preview says what stays unfixed."""
    root = tmp_path / "root"
    shutil.copytree(FIXTURES / "fix" / "version-attr-drift", root)
    module = root / "src" / "demo_tool" / "__init__.py"
    outside = tmp_path / "outside.py"
    outside.write_bytes(module.read_bytes())
    module.unlink()
    module.symlink_to(outside)
    before = outside.read_bytes()
    plan = plan_fixes(root, display="root")
    check_after(root, "root", plan.edits)
    assert outside.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["outside.py", "root"]
