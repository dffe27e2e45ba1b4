"""Edits: only the named bytes change, writes are atomic and keep the mode, a file that cannot
be written stops everything (nothing half-written), and diffs show exactly the edits."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from smart_tool.authoring.edits import Edit, EditError, apply, creation, unified_diff
from support import unprivileged


def span_edit(path: Path, old: bytes, new: bytes, shown: str = "f.txt") -> Edit:
    data = path.read_bytes()
    start = data.index(old)
    return Edit(path, shown, start, start + len(old), old, new, "manifest-platforms-known", 1, "m")


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_only_the_span_changes_and_the_mode_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes(b"\xef\xbb\xbfa: darwin\r\nb: darwin # c\r\n")
    path.chmod(0o640)
    data = path.read_bytes()
    start = data.rindex(b"darwin")
    edit = Edit(path, "f.txt", start, start + 6, b"darwin", b"macos", "manifest-platforms-known", 2, "m")
    assert apply([edit]) == ["f.txt"]
    assert path.read_bytes() == b"\xef\xbb\xbfa: darwin\r\nb: macos # c\r\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert listing(tmp_path) == ["f.txt"], "no temporary file left behind"


def test_several_edits_of_one_file(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes(b"one two three")
    edits = [span_edit(path, b"three", b"3"), span_edit(path, b"one", b"1")]
    apply(edits)
    assert path.read_bytes() == b"1 two 3"


def test_a_symlink_stays_a_symlink(tmp_path: Path) -> None:
    target = tmp_path / "real.txt"
    target.write_bytes(b"x = 1, y = 1\n")
    link = tmp_path / "link.txt"
    link.symlink_to("real.txt")
    edits = [span_edit(link, b"x = 1", b"x = 2"), span_edit(target, b"y = 1", b"y = 2")]
    assert apply(edits) == ["f.txt"], "a link and its target are one file: both edits land"
    assert link.is_symlink() and target.read_bytes() == b"x = 2, y = 2\n"


def test_a_file_changed_since_it_was_read_stops_everything(tmp_path: Path) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_bytes(b"alpha")
    second.write_bytes(b"beta")
    edits = [span_edit(first, b"alpha", b"ALPHA", "a.txt"), span_edit(second, b"beta", b"BETA", "b.txt")]
    second.write_bytes(b"gamma")
    with pytest.raises(EditError, match=r"^b\.txt changed since it was read"):
        apply(edits)
    assert first.read_bytes() == b"alpha" and second.read_bytes() == b"gamma"
    assert listing(tmp_path) == ["a.txt", "b.txt"]


def test_overlapping_edits_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes(b"abcdef")
    with pytest.raises(EditError):
        apply([span_edit(path, b"abcd", b"x"), span_edit(path, b"cdef", b"y")])
    assert path.read_bytes() == b"abcdef"


def test_a_read_only_file_stops_every_write(tmp_path: Path) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_bytes(b"alpha")
    second.write_bytes(b"beta")
    second.chmod(0o444)
    edits = [span_edit(first, b"alpha", b"ALPHA", "a.txt"), span_edit(second, b"beta", b"BETA", "b.txt")]
    with pytest.raises(EditError) as caught:
        apply(edits)
    assert str(caught.value) == "b.txt is read-only (no write permission); nothing was changed"
    assert first.read_bytes() == b"alpha" and second.read_bytes() == b"beta"
    assert listing(tmp_path) == ["a.txt", "b.txt"]


@pytest.mark.parametrize(
    ("file_mode", "folder_mode", "message"),
    [
        # the folder is open: only the file's own permission stops the write
        pytest.param(0o644, 0o777, r"f\.txt cannot be written: Permission denied", id="file"),
        # the file is open, but no temporary file can be made beside it
        pytest.param(0o666, 0o555, r"f\.txt: cannot write in tool: Permission denied", id="folder"),
    ],
)
def test_what_this_user_may_not_write(open_tmp: Path, file_mode: int, folder_mode: int, message: str) -> None:
    folder = open_tmp / "tool"
    folder.mkdir()
    path = folder / "f.txt"
    path.write_bytes(b"alpha")
    path.chmod(file_mode)
    folder.chmod(folder_mode)
    edit = span_edit(path, b"alpha", b"ALPHA")
    with unprivileged():
        effective = os.access in os.supports_effective_ids
        if os.access(path, os.W_OK, effective_ids=effective) and os.access(
            folder, os.W_OK, effective_ids=effective
        ):
            pytest.skip("this user may write the file and the folder")
        with pytest.raises(EditError, match=message + "; nothing was changed"):
            apply([edit])
    assert path.read_bytes() == b"alpha"
    assert listing(folder) == ["f.txt"]


def test_creation_never_overwrites(tmp_path: Path) -> None:
    path = tmp_path / "new.json"
    edit = creation(path, "new.json", b"{}\n", "descriptor-present", "m")
    path.write_bytes(b"mine")
    with pytest.raises(EditError, match=r"new\.json already exists; it is never overwritten"):
        apply([edit])
    assert path.read_bytes() == b"mine"
    path.unlink()
    apply([edit])
    assert path.read_bytes() == b"{}\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~_umask()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_diff_of_crlf_a_missing_final_newline_and_a_new_file(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes(b"a\r\nb\r\nlast")
    edits = [
        span_edit(path, b"b", b"B"),
        span_edit(path, b"last", b"LAST"),
        creation(tmp_path / "n.json", "n.json", b"{}\n", "descriptor-present", "m"),
    ]
    assert unified_diff(edits) == (
        "--- a/f.txt\n+++ b/f.txt\n@@ -1,3 +1,3 @@\n a\r\n-b\r\n-last\n\\ No newline at end of file\n"
        "+B\r\n+LAST\n\\ No newline at end of file\n"
        "--- /dev/null\n+++ b/n.json\n@@ -0,0 +1 @@\n+{}\n"
    )
    assert path.read_bytes() == b"a\r\nb\r\nlast", "a diff writes nothing"
