"""`smart-tool inspect`, the artifact verifier and `smart-tool snapshot`, on tiny archives
built in memory: no build backend, no network, no extraction.

The real builds (hatchling, setuptools, plain backends, tampered copies of real artifacts)
are in tests/e2e/test_artifacts_*.py; this file covers what is quicker and more exact to
build by hand: corrupt compression, size limits, memory bounds, path tricks, the formats
and exit codes of the CLI.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import struct
import tarfile
import tracemalloc
import zipfile
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import Optional

import pytest

from smart_tool_build import archive as archive_module
from smart_tool_build.artifacts import verify
from smart_tool_build.cli import main
from smart_tool_build.inspection import compare_pair

REPO = Path(__file__).resolve().parents[1]
ROOTS = REPO / "fixtures" / "roots"

MANIFEST_PATH = "demo_tool/SMART_TOOL.md"
MANIFEST = b"""---
smart_tool_format: 1
name: demo-tool
version: 1.0.0
description: Shows what a valid manifest looks like.
use_cases:
  - Check a manifest before publishing it
platforms:
  - linux
---

# demo-tool

Run `demo-tool --help` to see what it does.
"""
DESCRIPTOR = b'{"manifest": "src/demo_tool/SMART_TOOL.md", "cli_argv": ["demo-tool"]}\n'
DIST_INFO = "demo_tool-1.0.0.dist-info"
SDIST_TOP = "demo_tool-1.0.0"


def metadata(name: str = "demo-tool", version: str = "1.0.0") -> bytes:
    return f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode()


Changes = Optional[dict[str, Optional[bytes]]]


def wheel_members(changes: Changes = None) -> dict[str, bytes]:
    """The members of a valid wheel; ``changes`` maps a member to new bytes, or to None to drop it."""
    members: dict[str, bytes] = {
        "demo_tool/__init__.py": b"",
        MANIFEST_PATH: MANIFEST,
        f"{DIST_INFO}/METADATA": metadata(),
        f"{DIST_INFO}/WHEEL": b"Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        f"{DIST_INFO}/smart-tool.json": DESCRIPTOR,
        f"{DIST_INFO}/RECORD": b"",
    }
    return _apply(members, changes)


def sdist_members(changes: Changes = None) -> dict[str, bytes]:
    """The members of a valid sdist, named below its top folder; ``changes`` as for wheels."""
    members: dict[str, bytes] = {
        "PKG-INFO": metadata(),
        "pyproject.toml": b'[project]\nname = "demo-tool"\nversion = "1.0.0"\n',
        "smart-tool.json": DESCRIPTOR,
        "src/demo_tool/__init__.py": b"",
        "src/demo_tool/SMART_TOOL.md": MANIFEST,
    }
    return {f"{SDIST_TOP}/{name}": data for name, data in _apply(members, changes).items()}


def _apply(members: dict[str, bytes], changes: Changes) -> dict[str, bytes]:
    out = dict(members)
    for name, value in (changes or {}).items():
        if value is None:
            del out[name]
        else:
            out[name] = value
    return out


def write_wheel(path: Path, members: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> Path:
    with zipfile.ZipFile(path, "w", compression) as handle:
        for name, data in members.items():
            handle.writestr(name, data)
    return path


def write_sdist(path: Path, members: dict[str, bytes]) -> Path:
    with tarfile.open(path, "w:gz") as handle:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            handle.addfile(info, io.BytesIO(data))
    return path


def codes(report_or_diagnostics: object) -> list[str]:
    diagnostics = getattr(report_or_diagnostics, "diagnostics", report_or_diagnostics)
    return sorted(d.code for d in diagnostics)  # type: ignore[attr-defined]


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


def test_symlink_member_in_sdist(tmp_path: Path) -> None:
    path = write_sdist(tmp_path / "demo_tool-1.0.0.tar.gz", sdist_members())
    with tarfile.open(path, "r:gz") as handle:
        members = [(info, handle.extractfile(info).read() if info.isfile() else None) for info in handle]  # type: ignore[union-attr]
    link = tarfile.TarInfo(f"{SDIST_TOP}/docs/passwd")
    link.type, link.linkname = tarfile.SYMTYPE, "/etc/passwd"
    with tarfile.open(path, "w:gz") as handle:
        for info, data in members:
            handle.addfile(info, io.BytesIO(data) if data is not None else None)
        handle.addfile(link)
    report = verify(path)
    assert [(d.code, d.path) for d in report.diagnostics] == [
        ("artifact-member-paths", f"{path.as_posix()}/{SDIST_TOP}/docs/passwd")
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
    assert check({"demo_tool/data/SMART_TOOL.md": MANIFEST}) == ["manifest-single-per-root"]
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


# ---------------------------------------------------------------- snapshot


def _snapshot(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """The single-document snapshot of earlier versions, now behind ``--format json`` (the
    catalog entry it became the default for is tested in tests/test_snapshot.py)."""
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


# ---------------------------------------------------------------- the accessor, in this process


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


def test_show_not_installed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "no-such-distribution-xyz"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(
        "smart-tool: error: no smart-tool manifest for distribution 'no-such-distribution-xyz'"
    )


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
    from smart_tool_build.runtime import load_manifest

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


def test_accessor_editable_source_path_with_percent_and_space(site: Path, tmp_path: Path) -> None:
    """direct_url.json percent-encodes the path once; it must be decoded once (a folder
    named ``tool%41`` is not ``toolA``)."""
    from smart_tool_build import load_manifest
    from smart_tool_build.runtime import manifest_bytes

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
