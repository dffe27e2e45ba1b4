"""`smart-tool inspect` and the artifact verifier on tiny archives built in memory: no build
backend, no network, no extraction.

The real builds (hatchling, setuptools, plain backends, tampered copies of real artifacts)
are in tests/e2e/test_artifacts_*.py; this file covers what is quicker and more exact to
build by hand: corrupt compression, size limits, memory bounds, path tricks, the formats
and exit codes of the CLI.
"""

from __future__ import annotations

import io
import json
import os
import struct
import tarfile
import tracemalloc
import zipfile
from pathlib import Path

import pytest

from archive_kit import (
    DESCRIPTOR,
    DIST_INFO,
    MANIFEST,
    MANIFEST_PATH,
    SDIST_TOP,
    Changes,
    codes,
    metadata,
    sdist_members,
    wheel_members,
    write_sdist,
    write_wheel,
)
from smart_tool.cli import main
from smart_tool.sweep.inspection import compare_pair
from smart_tool_build.archives import reader as archive_module
from smart_tool_build.archives.verify import verify


def inspect(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["inspect", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def good_wheel(tmp_path: Path) -> Path:
    return write_wheel(tmp_path / "demo_tool-1.0.0-py3-none-any.whl", wheel_members())


@pytest.fixture
def good_sdist(tmp_path: Path) -> Path:
    return write_sdist(tmp_path / "demo_tool-1.0.0.tar.gz", sdist_members())


# ---------------------------------------------------------------- the clean baseline


def test_valid_wheel_and_sdist_are_clean(good_wheel: Path, good_sdist: Path) -> None:
    wheel, sdist = verify(good_wheel), verify(good_sdist)
    assert (wheel.kind, wheel.diagnostics, wheel.version) == ("wheel", [], "1.0.0")
    assert (sdist.kind, sdist.diagnostics, sdist.version) == ("sdist", [], "1.0.0")
    assert wheel.manifest_bytes == sdist.manifest_bytes == MANIFEST
    assert compare_pair(wheel, sdist, "pair") == []


# ---------------------------------------------------------------- bounded memory, no extraction


BIG = 64 * 1024 * 1024


def _big_zip(path: Path, big_name: str, members: dict[str, bytes]) -> Path:
    """A wheel with a 64 MiB member of zeros, streamed in (the file on disk stays small)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as handle:
        for name, data in members.items():
            handle.writestr(name, data)
        with handle.open(big_name, "w", force_zip64=True) as member:
            chunk = bytes(1024 * 1024)
            for _ in range(BIG // len(chunk)):
                member.write(chunk)
    return path


def _big_tar(path: Path, big_name: str, members: dict[str, bytes]) -> Path:
    class Zeros(io.RawIOBase):
        def __init__(self, size: int) -> None:
            self.left = size

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
            count = min(len(buffer), self.left)
            buffer[:count] = bytes(count)
            self.left -= count
            return count

    with tarfile.open(path, "w:gz", compresslevel=1) as handle:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            handle.addfile(info, io.BytesIO(data))
        info = tarfile.TarInfo(big_name)
        info.size = BIG
        handle.addfile(info, io.BufferedReader(Zeros(BIG)))
    return path


@pytest.fixture(scope="module")
def big_archives(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("big")
    wheel = _big_zip(folder / "demo_tool-1.0.0-py3-none-any.whl", "demo_tool/model.bin", wheel_members())
    sdist = _big_tar(folder / "demo_tool-1.0.0.tar.gz", f"{SDIST_TOP}/data/model.bin", sdist_members())
    return wheel, sdist


def test_big_member_is_listed_not_read(
    big_archives: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    wheel, sdist = big_archives
    assert wheel.stat().st_size < 1024 * 1024  # zeros compress; the member itself is 64 MiB
    opened: list[str] = []
    real_open = zipfile.ZipFile.open

    def spy(self: zipfile.ZipFile, name: object, *args: object, **kwargs: object) -> object:
        opened.append(getattr(name, "filename", name))  # type: ignore[arg-type]
        return real_open(self, name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(zipfile.ZipFile, "open", spy)
    listed = archive_module.open_archive(wheel)
    assert listed.files["demo_tool/model.bin"] == BIG
    assert "demo_tool/model.bin" not in listed.contents
    assert "demo_tool/model.bin" not in opened
    assert sorted(opened) == sorted([MANIFEST_PATH, f"{DIST_INFO}/METADATA", f"{DIST_INFO}/smart-tool.json"])
    listed_sdist = archive_module.open_archive(sdist)
    assert listed_sdist.files[f"{SDIST_TOP}/data/model.bin"] == BIG
    assert f"{SDIST_TOP}/data/model.bin" not in listed_sdist.contents


@pytest.mark.parametrize("which", ["wheel", "sdist"])
def test_big_member_keeps_memory_bounded(big_archives: tuple[Path, Path], which: str) -> None:
    path = big_archives[0] if which == "wheel" else big_archives[1]
    tracemalloc.start()
    try:
        report = verify(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert report.diagnostics == []
    assert peak < 8 * 1024 * 1024, f"peak {peak} bytes for a {BIG}-byte member"


def test_manifest_over_the_size_limit_is_a_finding(tmp_path: Path) -> None:
    huge = MANIFEST + b"x" * (archive_module.MAX_MEMBER_BYTES + 1)
    wheel = write_wheel(tmp_path / "w-1.0.0-py3-none-any.whl", wheel_members({MANIFEST_PATH: huge}))
    sdist = write_sdist(tmp_path / "s-1.0.0.tar.gz", sdist_members({"src/demo_tool/SMART_TOOL.md": huge}))
    for path in (wheel, sdist):
        report = verify(path)
        assert codes(report) == ["manifest-frontmatter-parses"], report.diagnostics
        assert "size limit" in report.diagnostics[0].message
        assert report.diagnostics[0].path.endswith("SMART_TOOL.md")


def test_manifest_whose_zip_header_understates_its_size(tmp_path: Path) -> None:
    """A member that says it is small but inflates to more is a corrupt archive, not a read."""
    path = write_wheel(tmp_path / "demo_tool-1.0.0-py3-none-any.whl", wheel_members())
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as handle:
        info = handle.getinfo(MANIFEST_PATH)
    # rewrite the uncompressed size in the local and the central header to 10 bytes
    struct.pack_into("<I", data, info.header_offset + 22, 10)
    index = 0
    while True:
        central = data.find(b"PK\x01\x02", index)
        if central < 0:
            break
        length = struct.unpack_from("<H", data, central + 28)[0]
        if data[central + 46 : central + 46 + length] == MANIFEST_PATH.encode():
            struct.pack_into("<I", data, central + 24, 10)
        index = central + 4
    path.write_bytes(bytes(data))
    assert codes(verify(path)) == ["artifact-readable"]


def test_inspect_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """inspect reads in place: no member lands next to the archive, or above it via `..`."""
    folder = tmp_path / "dist"
    folder.mkdir()
    wheel = write_wheel(folder / "demo_tool-1.0.0-py3-none-any.whl", wheel_members({"../evil": b"boo"}))
    sdist = write_sdist(folder / "demo_tool-1.0.0.tar.gz", {**sdist_members(), "../evil-sdist": b"boo"})
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    stamps = {p: p.stat().st_mtime_ns for p in (wheel, sdist)}
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        code, out, _ = inspect(capsys, wheel.name, sdist.name)
    finally:
        os.chdir(cwd)
    assert code == 1
    assert out.count("artifact-member-paths") == 2
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before
    assert {p: p.stat().st_mtime_ns for p in (wheel, sdist)} == stamps


# ---------------------------------------------------------------- corrupt archives: findings, not crashes


def _patch_member(path: Path, member: str, change: str) -> None:
    """Corrupt one member of a zip in place: its data, its method, or its encryption flag."""
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as handle:
        info = handle.getinfo(member)
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    central = []
    index = 0
    while (found := data.find(b"PK\x01\x02", index)) >= 0:
        length = struct.unpack_from("<H", data, found + 28)[0]
        if data[found + 46 : found + 46 + length] == member.encode():
            central.append(found)
        index = found + 4
    if change == "data":
        for offset in range(start + 2, start + info.compress_size):
            data[offset] ^= 0xA5
    elif change == "method":
        struct.pack_into("<H", data, info.header_offset + 8, 99)
        for found in central:
            struct.pack_into("<H", data, found + 10, 99)
    elif change == "encrypted":
        data[info.header_offset + 6] |= 1
        for found in central:
            data[found + 8] |= 1
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    ("compression", "change"),
    [
        (zipfile.ZIP_DEFLATED, "data"),  # zlib.error
        (zipfile.ZIP_LZMA, "data"),  # lzma.LZMAError
        (zipfile.ZIP_BZIP2, "data"),  # OSError
        (zipfile.ZIP_STORED, "data"),  # CRC mismatch: BadZipFile
        (zipfile.ZIP_STORED, "method"),  # NotImplementedError
        (zipfile.ZIP_STORED, "encrypted"),  # RuntimeError
    ],
    ids=["deflate", "lzma", "bzip2", "stored-crc", "unknown-method", "encrypted"],
)
def test_corrupt_manifest_member_is_artifact_readable(
    tmp_path: Path, compression: int, change: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_wheel(tmp_path / "demo_tool-1.0.0-py3-none-any.whl", wheel_members(), compression)
    _patch_member(path, MANIFEST_PATH, change)
    assert codes(verify(path)) == ["artifact-readable"]
    code, out, err = inspect(capsys, str(path))
    assert code == 1
    assert "artifact-readable" in out
    assert "Traceback" not in out + err


@pytest.mark.parametrize(
    "damage",
    ["truncated", "empty", "not-an-archive", "garbage-gzip"],
)
@pytest.mark.parametrize("which", ["wheel", "sdist"])
def test_unreadable_archive(good_wheel: Path, good_sdist: Path, which: str, damage: str) -> None:
    path = good_wheel if which == "wheel" else good_sdist
    data = path.read_bytes()
    if damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "not-an-archive":
        path.write_bytes(b"<html>404 not found</html>\n")
    else:
        path.write_bytes(data[:20] + bytes(b ^ 0x5A for b in data[20:]))
    report = verify(path)
    assert codes(report) == ["artifact-readable"], report.diagnostics


def test_unknown_extension_is_artifact_readable(tmp_path: Path) -> None:
    path = tmp_path / "demo_tool-1.0.0.rpm"
    path.write_bytes(b"x")
    report = verify(path)
    assert codes(report) == ["artifact-readable"]
    assert "neither a wheel" in report.diagnostics[0].message


# ---------------------------------------------------------------- member paths


@pytest.mark.parametrize("name", ["../evil", "demo_tool/../../evil", "/etc/evil", "C:/evil", "..\\evil"])
def test_escaping_member_path_in_wheel(tmp_path: Path, name: str) -> None:
    members = {**wheel_members(), name: b"boo"}
    report = verify(write_wheel(tmp_path / "demo_tool-1.0.0-py3-none-any.whl", members))
    assert codes(report) == ["artifact-member-paths"], report.diagnostics
    assert report.diagnostics[0].path.endswith(name)


@pytest.mark.parametrize("name", ["../evil", f"{SDIST_TOP}/../../evil", "/etc/evil"])
def test_escaping_member_path_in_sdist(tmp_path: Path, name: str) -> None:
    members = {**sdist_members(), name: b"boo"}
    report = verify(write_sdist(tmp_path / "demo_tool-1.0.0.tar.gz", members))
    assert codes(report) == ["artifact-member-paths"], report.diagnostics


def _sdist_with_link(tmp_path: Path, name: str, target: str) -> Path:
    path = write_sdist(tmp_path / "demo_tool-1.0.0.tar.gz", sdist_members())
    with tarfile.open(path, "r:gz") as handle:
        members = [(info, handle.extractfile(info).read() if info.isfile() else None) for info in handle]  # type: ignore[union-attr]
    link = tarfile.TarInfo(f"{SDIST_TOP}/{name}")
    link.type, link.linkname = tarfile.SYMTYPE, target
    with tarfile.open(path, "w:gz") as handle:
        for info, data in members:
            handle.addfile(info, io.BytesIO(data) if data is not None else None)
        handle.addfile(link)
    return path


@pytest.mark.parametrize(
    ("name", "target"),
    [("docs/passwd", "/etc/passwd"), ("docs/up", "../../x"), ("top", ".."), ("docs/self", "..")],
)
def test_symlink_member_in_sdist_leaving_the_tree(tmp_path: Path, name: str, target: str) -> None:
    path = _sdist_with_link(tmp_path, name, target)
    report = verify(path)
    assert [(d.code, d.path) for d in report.diagnostics] == [
        ("artifact-member-paths", f"{path.as_posix()}/{SDIST_TOP}/{name}")
    ]


@pytest.mark.parametrize(("name", "target"), [("CLAUDE.md", "README.md"), ("docs/readme", "../README.md")])
def test_an_in_tree_relative_symlink_in_an_sdist_is_valid(tmp_path: Path, name: str, target: str) -> None:
    """ado-core's sdist: a relative link that stays in the tree, which installers extract
    (tarfile's data filter takes it)."""
    assert verify(_sdist_with_link(tmp_path, name, target)).diagnostics == []


@pytest.mark.parametrize("kind", ["wheel", "sdist"])
def test_a_path_that_is_both_a_file_and_a_folder(tmp_path: Path, kind: str) -> None:
    """pip cannot install a wheel holding ``demo_tool/data`` as a file and as the folder of
    ``demo_tool/data/x.txt``: the verifier checks the archive installs as a tree."""
    if kind == "wheel":
        members = {**wheel_members(), "demo_tool/data": b"a file", "demo_tool/data/x.txt": b"in a folder"}
        path = write_wheel(tmp_path / "demo_tool-1.0.0-py3-none-any.whl", members)
        name = "demo_tool/data"
    else:
        name = f"{SDIST_TOP}/docs"
        members = {**sdist_members(), name: b"a file", f"{name}/x.txt": b"in a folder"}
        path = write_sdist(tmp_path / "demo_tool-1.0.0.tar.gz", members)
    report = verify(path)
    assert [(d.code, d.path) for d in report.diagnostics] == [
        ("artifact-member-paths", f"{path.as_posix()}/{name}")
    ]


def test_duplicate_member_in_wheel(tmp_path: Path) -> None:
    path = write_wheel(tmp_path / "demo_tool-1.0.0-py3-none-any.whl", wheel_members())
    with zipfile.ZipFile(path, "a") as handle, pytest.warns(UserWarning, match="Duplicate name"):
        handle.writestr("demo_tool/__init__.py", b"print('the other copy')\n")
    report = verify(path)
    assert [(d.code, d.path) for d in report.diagnostics] == [
        ("artifact-member-paths", f"{path.as_posix()}/demo_tool/__init__.py")
    ]


def test_wheel_metadata_without_version(tmp_path: Path) -> None:
    members = wheel_members({f"{DIST_INFO}/METADATA": b"Metadata-Version: 2.1\nName: demo-tool\n"})
    report = verify(write_wheel(tmp_path / "demo_tool-1.0.0-py3-none-any.whl", members))
    assert codes(report) == ["artifact-readable"], report.diagnostics


# ---------------------------------------------------------------- the rules inside archives


def test_wheel_rules(tmp_path: Path) -> None:
    def check(changes: Changes) -> list[str]:
        path = tmp_path / "demo_tool-1.0.0-py3-none-any.whl"
        return codes(verify(write_wheel(path, wheel_members(changes))))

    edited = MANIFEST.replace(b"version: 1.0.0", b"version: 1.0.1")
    assert check({MANIFEST_PATH: edited}) == ["manifest-version-matches-package"]
    assert check({f"{DIST_INFO}/smart-tool.json": None}) == ["artifact-descriptor-present"]
    assert check({MANIFEST_PATH: None}) == ["artifact-manifest-present"]
    # a copy the project's own settings put into the wheel stays; one that drifted is an error
    assert check({"demo_tool/data/SMART_TOOL.md": MANIFEST}) == []
    assert check({"demo_tool/data/SMART_TOOL.md": edited}) == ["artifact-manifest-copies-match"]
    unreadable = b"---\nname: [\n---\n"  # not recognisably a copy: a second manifest
    assert check({"demo_tool/data/SMART_TOOL.md": unreadable}) == ["manifest-single-per-root"]
    other = MANIFEST.replace(b"name: demo-tool", b"name: vendored-helper")
    # another tool's manifest, outside every folder with its own descriptor: a second manifest
    assert check({"demo_tool/vendored/SMART_TOOL.md": other}) == ["manifest-single-per-root"]
    # a nested tool (a folder with its own smart-tool.json) may carry its own manifest
    nested = {"demo_tool/sub/smart-tool.json": DESCRIPTOR, "demo_tool/sub/SMART_TOOL.md": MANIFEST}
    assert check(nested) == []
    assert check({f"{DIST_INFO}/smart-tool.json": b"{not json"}) == ["descriptor-shape"]
    assert check({MANIFEST_PATH: MANIFEST.replace(b"name: demo-tool", b"name: Demo_Tool")}) == [
        "manifest-name-format"
    ]


def test_wheel_rules_use_the_manifest_line(tmp_path: Path) -> None:
    edited = MANIFEST.replace(b"version: 1.0.0", b"version: 2.0.0")
    path = write_wheel(tmp_path / "d-1.0.0-py3-none-any.whl", wheel_members({MANIFEST_PATH: edited}))
    (diagnostic,) = verify(path).diagnostics
    assert diagnostic.line == 4  # the version line of the file
    assert diagnostic.path == f"{path.as_posix()}/{MANIFEST_PATH}"
    assert "'2.0.0'" in diagnostic.message and "'1.0.0'" in diagnostic.message


def test_sdist_rules(tmp_path: Path) -> None:
    def check(changes: Changes) -> list[str]:
        path = tmp_path / "demo_tool-1.0.0.tar.gz"
        return codes(verify(write_sdist(path, sdist_members(changes))))

    edited = MANIFEST.replace(b"version: 1.0.0", b"version: 1.0.1")
    assert check({"src/demo_tool/SMART_TOOL.md": edited}) == ["manifest-version-matches-package"]
    assert check({"smart-tool.json": None}) == ["descriptor-present"]
    assert check({"src/demo_tool/SMART_TOOL.md": None}) == ["manifest-present"]
    assert check({"docs/SMART_TOOL.md": MANIFEST}) == ["manifest-single-per-root"]
    assert check({"PKG-INFO": None}) == ["artifact-readable"]


# ---------------------------------------------------------------- wheel + sdist pairs


def test_pair_with_different_manifests(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wheel = write_wheel(tmp_path / "demo_tool-1.0.0-py3-none-any.whl", wheel_members())
    body_edited = MANIFEST.replace(b"to see what it does", b"to see what it really does")
    sdist = write_sdist(
        tmp_path / "demo_tool-1.0.0.tar.gz", sdist_members({"src/demo_tool/SMART_TOOL.md": body_edited})
    )
    assert codes(compare_pair(verify(wheel), verify(sdist), "pair")) == ["artifact-pair-identical"]
    code, out, _ = inspect(capsys, str(wheel), str(sdist))
    assert code == 1
    assert "artifact-pair-identical" in out


def test_pair_of_different_releases_is_not_compared(tmp_path: Path) -> None:
    wheel = write_wheel(tmp_path / "demo_tool-1.0.0-py3-none-any.whl", wheel_members())
    newer = MANIFEST.replace(b"version: 1.0.0", b"version: 1.1.0").replace(b"what it does", b"what it did")
    sdist = write_sdist(
        tmp_path / "demo_tool-1.1.0.tar.gz",
        sdist_members({"src/demo_tool/SMART_TOOL.md": newer, "PKG-INFO": metadata(version="1.1.0")}),
    )
    assert compare_pair(verify(wheel), verify(sdist), "pair") == []


def test_pair_of_different_tools_is_not_compared(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`smart-tool inspect dist/*` in a monorepo: two tools of the same version are no pair."""
    wheel = write_wheel(tmp_path / "demo_tool-1.0.0-py3-none-any.whl", wheel_members())
    other = MANIFEST.replace(b"demo-tool", b"other-tool")
    sdist = write_sdist(
        tmp_path / "other_tool-1.0.0.tar.gz",
        sdist_members({"src/demo_tool/SMART_TOOL.md": other, "PKG-INFO": metadata(name="other-tool")}),
    )
    assert compare_pair(verify(wheel), verify(sdist), "pair") == []
    code, out, _ = inspect(capsys, str(wheel), str(sdist))
    assert (code, "artifact-pair-identical" in out) == (0, False), out


def test_pair_names_compare_normalised(tmp_path: Path) -> None:
    wheel = write_wheel(tmp_path / "demo_tool-1.0.0-py3-none-any.whl", wheel_members())
    edited = MANIFEST.replace(b"what it does", b"what it did")
    sdist = write_sdist(
        tmp_path / "Demo.Tool-1.0.0.tar.gz",
        sdist_members({"src/demo_tool/SMART_TOOL.md": edited, "PKG-INFO": metadata(name="Demo.Tool")}),
    )
    assert codes(compare_pair(verify(wheel), verify(sdist), "pair")) == ["artifact-pair-identical"]


# ---------------------------------------------------------------- CLI: formats and exit codes


def test_inspect_exit_codes(good_wheel: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = inspect(capsys, str(good_wheel))
    assert (code, err) == (0, "")
    assert out.strip() == "1 artifact checked: 0 errors, 0 warnings, 0 info"
    bad = write_wheel(tmp_path / "bad-1.0.0-py3-none-any.whl", wheel_members({MANIFEST_PATH: None}))
    assert inspect(capsys, str(bad))[0] == 1
    code, out, err = inspect(capsys, str(good_wheel), str(tmp_path / "missing.whl"))
    assert code == 2
    assert out == ""
    assert err.strip() == f"smart-tool: error: {tmp_path / 'missing.whl'}: no such file"
    code, _, err = inspect(capsys, str(tmp_path))  # a folder is not an artifact
    assert code == 2 and "no such file" in err


def test_inspect_warnings_as_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    warned = MANIFEST.replace(b"  - linux", b"  - darwin")
    path = write_wheel(tmp_path / "demo_tool-1.0.0-py3-none-any.whl", wheel_members({MANIFEST_PATH: warned}))
    code, out, _ = inspect(capsys, str(path))
    assert code == 0 and "manifest-platforms-known" in out
    code, _, _ = inspect(capsys, "--warnings-as-errors", str(path))
    assert code == 1


def test_inspect_json_format(good_wheel: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = write_wheel(
        tmp_path / "bad-1.0.0-py3-none-any.whl", wheel_members({f"{DIST_INFO}/smart-tool.json": None})
    )
    code, out, _ = inspect(capsys, "--format", "json", str(good_wheel), str(bad))
    assert code == 1
    document = json.loads(out)
    assert document["schema"] == 1
    assert document["checked"] == [str(good_wheel), str(bad)]
    assert document["summary"] == {"error": 1, "warning": 0, "info": 0}
    (finding,) = document["diagnostics"]
    assert finding["code"] == "artifact-descriptor-present"
    assert finding["severity"] == "error"
    assert finding["path"] == f"{bad.as_posix()}/{DIST_INFO}/smart-tool.json"
    assert finding["line"] is None


def test_inspect_github_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edited = MANIFEST.replace(b"version: 1.0.0", b"version: 1.0.1")
    path = write_wheel(tmp_path / "demo_tool-1.0.0-py3-none-any.whl", wheel_members({MANIFEST_PATH: edited}))
    code, out, _ = inspect(capsys, "--format", "github", str(path))
    assert code == 1
    first, summary = out.strip().splitlines()
    # a member inside an archive is no file a pull request holds: no `file=`, and the text
    # says where; the title is the code, which the text does not repeat
    assert first.startswith(
        "::error title=manifest-version-matches-package::"
        f"{path.as_posix()}/{MANIFEST_PATH}:4: manifest version"
    )
    assert summary == "1 artifact checked: 1 error, 0 warnings, 0 info"


def test_inspect_needs_an_artifact(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["inspect"])
    assert exited.value.code == 2


# ---------------------------------------------------------------- install documents in the wheel

WITH_DOC = MANIFEST.replace(
    b"platforms:\n  - linux\n",
    b"platforms:\n  - linux\n"
    b"requires:\n  - name: git\n    purpose: Reads history.\n    install: docs/git.md\n",
)


def test_a_wheel_carries_the_install_documents_beside_its_manifest(tmp_path: Path) -> None:
    wheel = tmp_path / "demo_tool-1.0.0-py3-none-any.whl"
    write_wheel(wheel, wheel_members({MANIFEST_PATH: WITH_DOC, "demo_tool/docs/git.md": b"# git\n"}))
    assert codes(verify(wheel)) == []
    write_wheel(wheel, wheel_members({MANIFEST_PATH: WITH_DOC}))
    report = verify(wheel)
    assert [(d.code, d.path, d.line) for d in report.diagnostics] == [
        ("artifact-install-docs-present", f"{wheel.as_posix()}/demo_tool/docs/git.md", None)
    ]
    assert "requires[0] install 'docs/git.md'" in report.diagnostics[0].message


def test_a_document_the_sdist_lacks_too_is_the_sources_finding(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Inspected with its sdist, a wheel is not blamed for a document the source never had:
    the sdist's manifest-install-doc-missing says so, once (and ``ignore`` can set it aside)."""
    wheel = write_wheel(
        tmp_path / "demo_tool-1.0.0-py3-none-any.whl", wheel_members({MANIFEST_PATH: WITH_DOC})
    )
    sdist = write_sdist(
        tmp_path / "demo_tool-1.0.0.tar.gz", sdist_members({"src/demo_tool/SMART_TOOL.md": WITH_DOC})
    )
    code, out, _ = inspect(capsys, str(sdist), str(wheel))
    assert code == 1
    assert "manifest-install-doc-missing" in out and "artifact-install-docs-present" not in out
    code, out, _ = inspect(capsys, "--ignore", "manifest-install-doc-missing", str(sdist), str(wheel))
    assert code == 0, out


# ---------------------------------------------------------------- the manifest's projection


def _projection(manifest: bytes = MANIFEST) -> bytes:
    from smart_tool_build.project.manifest_model import projection_bytes
    from smart_tool_build.rules.manifest import load

    return projection_bytes(load(manifest), manifest)


PROJECTION_MEMBER = f"{DIST_INFO}/smart-tool-manifest.json"


def _projection_findings(tmp_path: Path, changes: Changes, source: object = None) -> list[tuple[str, str]]:
    path = write_wheel(tmp_path / "demo_tool-1.0.0-py3-none-any.whl", wheel_members(changes))
    report = verify(path, source=source, display="w.whl")  # type: ignore[arg-type]
    return [(d.code, d.path) for d in report.diagnostics] + [
        ("line", str(d.line)) for d in report.diagnostics
    ]


def test_a_projection_matching_the_manifest_is_clean(tmp_path: Path) -> None:
    assert _projection_findings(tmp_path, {PROJECTION_MEMBER: _projection()}) == []


def test_a_projection_of_another_manifest_is_an_error_of_the_build(tmp_path: Path) -> None:
    """artifact-projection-matches: the build's own projection must be of the manifest it
    carries; `inspect` passes a stale one, which the accessor reads past (its hash differs)."""
    from smart_tool_build.archives.facts import SourceFacts

    other = MANIFEST.replace(b"Shows what", b"Tells what")
    facts = SourceFacts(MANIFEST, DESCRIPTOR, "src/demo_tool/SMART_TOOL.md", wheel_projection=_projection())
    found = _projection_findings(tmp_path, {PROJECTION_MEMBER: _projection(other)}, facts)
    assert found == [("artifact-projection-matches", f"w.whl/{PROJECTION_MEMBER}"), ("line", "None")]
    assert _projection_findings(tmp_path, {PROJECTION_MEMBER: _projection(other)}) == []


def test_a_projection_that_is_not_json_is_an_error(tmp_path: Path) -> None:
    found = _projection_findings(tmp_path, {PROJECTION_MEMBER: b'{"smart_tool_manifest_projection": 1'})
    assert found == [("artifact-projection-matches", f"w.whl/{PROJECTION_MEMBER}"), ("line", "None")]


def test_a_projection_edited_by_hand_is_an_error(tmp_path: Path) -> None:
    data = json.loads(_projection())
    data["frontmatter"]["platforms"] = ["linux", "macos"]
    edited = json.dumps(data).encode()
    report = verify(
        write_wheel(tmp_path / "demo_tool-1.0.0-py3-none-any.whl", wheel_members({PROJECTION_MEMBER: edited}))
    )
    assert codes(report) == ["artifact-projection-matches"]
    assert "frontmatter differ" in report.diagnostics[0].message


def test_a_projection_missing_from_a_wheel_the_build_made_is_an_error(tmp_path: Path) -> None:
    from smart_tool_build.archives.facts import SourceFacts

    facts = SourceFacts(MANIFEST, DESCRIPTOR, "src/demo_tool/SMART_TOOL.md", wheel_projection=_projection())
    found = _projection_findings(tmp_path, None, facts)
    assert found == [("artifact-projection-matches", f"w.whl/{PROJECTION_MEMBER}"), ("line", "None")]
    # with the projection it planned there, the same wheel is clean
    assert _projection_findings(tmp_path, {PROJECTION_MEMBER: _projection()}, facts) == []


def test_a_wheel_built_elsewhere_needs_no_projection(tmp_path: Path) -> None:
    assert _projection_findings(tmp_path, None) == []
