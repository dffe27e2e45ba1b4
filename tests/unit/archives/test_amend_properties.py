"""Properties of archive amending (hypothesis, the profiles of tests/conftest.py).

Arbitrary wheels and sdists (unicode, nested and CSV-hostile member names, any order, every
zip compression method, directory entries, modes, times, extra fields, pax and GNU tars) and
arbitrary members to add, some at names the archive already has (with its bytes or others):
after amending, RECORD lists every file once with its sha256 and size, every member the
backend wrote is exactly as it was (amending only adds: a planned file at a taken name never
replaces the backend's), added ones sit where they belong, and the wheel passes an
independent validator (``wheel``'s, which checks every member against RECORD); a sample
installs with pip.
"""

from __future__ import annotations

import base64
import csv
import gzip
import hashlib
import io
import os
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import pytest
from hypothesis import Phase, assume, given, settings
from hypothesis import strategies as st

from smart_tool_build.archives.amend import Addition
from smart_tool_build.archives.amend_sdist import amend_sdist
from smart_tool_build.archives.amend_wheel import amend_wheel

DIST_INFO = "demo-1.0.dist-info"
RECORD = f"{DIST_INFO}/RECORD"
METADATA = b"Metadata-Version: 2.1\nName: demo\nVersion: 1.0\n"
WHEEL = b"Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
TOP = "demo-1.0"
ZIP_EPOCH, ZIP_LAST = 315532800, 4354819198

# ---- names: unicode, spaces, commas and quotes (RECORD is CSV), nested; never . or ..

SEGMENT = st.text(
    st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp"), blacklist_characters="/\\\x00")
    | st.sampled_from(list(",\"' ;#=")),
    min_size=1,
    max_size=10,
).filter(lambda s: s not in (".", "..") and not s.lower().endswith((".dist-info", ".data")))
PATH = st.lists(SEGMENT, min_size=1, max_size=3).map("/".join)


def without_clashes(paths: list[str], taken: frozenset[str] = frozenset()) -> list[str]:
    """Paths none of which is a folder of another (a file ``a`` beside a file ``a/b``)."""
    kept: list[str] = []
    for path in paths:
        others = [*taken, *kept]
        if all(path != o and not o.startswith(path + "/") and not path.startswith(o + "/") for o in others):
            kept.append(path)
    return kept


def some_of(draw: st.DrawFn, items: list[str], most: Optional[int] = None) -> list[str]:
    return draw(st.lists(st.sampled_from(items), unique=True, max_size=most)) if items else []


def folders_of(paths: list[str]) -> list[str]:
    return sorted({"/".join(p.split("/")[:i]) for p in paths for i in range(1, p.count("/") + 1)})


CONTENT = st.binary(max_size=300) | st.builds(
    lambda n, b: b * n, st.integers(1, 20_000), st.binary(min_size=1, max_size=4)
)

# ---- wheels

COMPRESSION = st.sampled_from([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA])
DATE_TIME = st.builds(lambda t: time.gmtime(t)[:6], st.integers(ZIP_EPOCH, ZIP_LAST))
MODE = st.sampled_from([0o100644, 0o100755, 0o100600, 0o100444])
EXTRA = st.lists(st.tuples(st.sampled_from([0x5455, 0x7875, 0xCAFE]), st.binary(max_size=8)), max_size=2).map(
    lambda fields: b"".join(k.to_bytes(2, "little") + len(d).to_bytes(2, "little") + d for k, d in fields)
)


@dataclass
class Member:
    info: zipfile.ZipInfo
    data: bytes


@st.composite
def zip_info(draw: st.DrawFn, name: str, folder: bool = False) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name + ("/" if folder else ""), date_time=draw(DATE_TIME))
    info.compress_type = zipfile.ZIP_STORED if folder else draw(COMPRESSION)
    info.external_attr = ((0o40755 if folder else draw(MODE)) << 16) | (0x10 if folder else 0)
    info.create_system = draw(st.sampled_from([0, 3]))
    info.comment = draw(st.binary(max_size=6))
    info.extra = draw(EXTRA)
    return info


@dataclass
class WheelCase:
    members: list[Member]
    additions: dict[str, bytes]
    epoch: Optional[int]


@st.composite
def wheel_cases(draw: st.DrawFn, installable: bool = False) -> WheelCase:
    """A wheel and what to amend it with (``installable``: METADATA and WHEEL kept valid)."""
    package = without_clashes(draw(st.lists(PATH, max_size=6, unique=True)), frozenset({DIST_INFO}))
    meta_names = draw(
        st.lists(SEGMENT.filter(lambda s: s not in ("RECORD", "METADATA", "WHEEL")), max_size=2, unique=True)
    )
    files: dict[str, bytes] = {p: draw(CONTENT) for p in package}
    files.update({f"{DIST_INFO}/{n}": draw(CONTENT) for n in meta_names})
    files[f"{DIST_INFO}/METADATA"] = METADATA
    files[f"{DIST_INFO}/WHEEL"] = WHEEL
    if draw(st.booleans()):
        files[RECORD] = draw(st.sampled_from([b"", b"stale,sha256=x,1\n", b"\xff\xfe not csv"]))
    folders = some_of(draw, folders_of(package))
    members = [Member(draw(zip_info(n)), d) for n, d in files.items()]
    members += [Member(draw(zip_info(f, folder=True)), b"") for f in folders]
    members = draw(st.permutations(members))
    kept = {RECORD, f"{DIST_INFO}/METADATA", f"{DIST_INFO}/WHEEL"} if installable else {RECORD}
    replaced = some_of(draw, [n for n in files if n not in kept], 3)
    additions = {n: draw(st.just(files[n]) | CONTENT) for n in replaced}
    new = without_clashes(draw(st.lists(PATH, max_size=3, unique=True)), frozenset([*files, DIST_INFO]))
    new += [
        f"{DIST_INFO}/{n}"
        for n in draw(st.lists(SEGMENT, max_size=2, unique=True))
        if f"{DIST_INFO}/{n}" not in files
    ]
    additions.update({n: draw(CONTENT) for n in new})
    epoch = draw(st.none() | st.integers(0, 2**33))
    return WheelCase(members, additions, epoch)


def write_wheel(path: Path, members: list[Member]) -> None:
    with zipfile.ZipFile(path, "w") as wheel:
        for member in members:
            wheel.writestr(member.info, member.data)


def sources(folder: Path, additions: dict[str, bytes]) -> list[Addition]:
    out = []
    for index, (member, data) in enumerate(additions.items()):
        path = folder / f"source-{index}"
        path.write_bytes(data)
        out.append(Addition(member, path))
    return out


def record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).decode().rstrip("=")


def same_fields(info: zipfile.ZipInfo) -> tuple[object, ...]:
    return (
        info.filename,
        info.date_time,
        info.external_attr,
        info.compress_type,
        info.create_system,
        info.comment,
        info.extra,
    )


def amended_wheel(case: WheelCase, folder: Path) -> tuple[Path, Path, list[str]]:
    built = folder / "demo-1.0-py3-none-any.whl"
    write_wheel(built, case.members)
    before = built.read_bytes()
    target = folder / "out" / built.name
    target.parent.mkdir()
    changed = amend_wheel(built, target, sources(folder, case.additions), epoch=case.epoch)
    (folder / "before.whl").write_bytes(before)
    return folder / "before.whl", target, changed


def check_amended_wheel(case: WheelCase, before: Path, target: Path, changed: list[str]) -> None:
    with zipfile.ZipFile(before) as old:
        originals = {i.filename: (i, old.read(i)) for i in old.infolist()}
    expected = sorted(m for m in case.additions if m not in originals)
    assert changed == expected
    assert list(target.parent.iterdir()) == [target]
    if not changed:
        assert target.read_bytes() == before.read_bytes()
        return
    with zipfile.ZipFile(target) as new:
        assert new.testzip() is None
        infos = new.infolist()
        names = [i.filename for i in infos]
        content = {i.filename: new.read(i) for i in infos}
    assert names[-1] == RECORD and names.count(RECORD) == 1
    assert [n for n in names if n in originals and n != RECORD] == [n for n in originals if n != RECORD]
    added = [n for n in names if n not in originals]
    new_record = [] if RECORD in originals else [RECORD]
    assert sorted(added) == sorted([m for m in case.additions if m not in originals] + new_record)
    like = originals[f"{DIST_INFO}/METADATA"][0]
    for info in infos:
        name = info.filename
        if name == RECORD:
            continue
        if name in originals:
            old_info, old_data = originals[name]
            assert same_fields(info) == same_fields(old_info), name
            assert content[name] == old_data, name  # never replaced, whatever the plan says
        else:
            assert content[name] == case.additions[name], name
            assert info.external_attr == 0o100644 << 16 and info.compress_type == like.compress_type
            when = (
                like.date_time
                if case.epoch is None
                else time.gmtime(min(max(case.epoch, ZIP_EPOCH), ZIP_LAST))[:6]
            )
            assert info.date_time == (*when[:5], when[5] // 2 * 2), name
    first_meta = min(i for i, n in enumerate(names) if n.startswith(DIST_INFO + "/"))
    assert all(names.index(m) < first_meta for m in added if not m.startswith(DIST_INFO + "/"))
    rows = list(csv.reader(io.StringIO(content[RECORD].decode("utf-8"))))
    assert sorted(r[0] for r in rows) == sorted(n for n in names if not n.endswith("/"))
    for name, digest, size in rows:
        expected_row = ("", "") if name == RECORD else (record_hash(content[name]), str(len(content[name])))
        assert (digest, size) == expected_row, name


@given(wheel_cases())
def test_amend_wheel_keeps_every_member_and_rewrites_record(case: WheelCase) -> None:
    with tempfile.TemporaryDirectory() as folder:
        before, target, changed = amended_wheel(case, Path(folder))
        check_amended_wheel(case, before, target, changed)
        if not changed:  # moved as it was: its RECORD is the backend's
            return
        wheelfile = pytest.importorskip("wheel.wheelfile")
        with wheelfile.WheelFile(target) as checked:  # raises on a member RECORD does not match
            for info in checked.infolist():
                if not info.is_dir():
                    checked.read(info)


#: how many amended wheels pip installs (each a pip run of about a second)
INSTALLS = 25 if os.environ.get("HYPOTHESIS_PROFILE") == "long" else 2


# no shrinking: each example is a pip run, and a failing one is plain enough as drawn
@settings(max_examples=INSTALLS, phases=[Phase.explicit, Phase.generate], database=None)
@given(wheel_cases(installable=True))
def test_an_amended_wheel_installs_with_pip(case: WheelCase) -> None:
    with tempfile.TemporaryDirectory() as folder:
        _, target, changed = amended_wheel(case, Path(folder))
        assume(changed)  # a wheel moved as it was carries the backend's RECORD, or none
        installed = Path(folder) / "site"
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "install",
                "-q",
                "--no-deps",
                "--no-index",
                "--no-compile",
                "--disable-pip-version-check",
                "--target",
                str(installed),
                str(target),
            ],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        with zipfile.ZipFile(target) as wheel:
            for info in wheel.infolist():
                if not info.is_dir() and not info.filename.startswith(DIST_INFO + "/"):
                    assert (installed / info.filename).read_bytes() == wheel.read(info), info.filename


# ---- sdists

FILE_MODE = st.sampled_from([0o644, 0o755, 0o600, 0o444])
OWNER = st.text(st.characters(min_codepoint=0x61, max_codepoint=0x7A), max_size=8)
MTIME = st.integers(0, 2**33)


@dataclass
class TarMember:
    info: tarfile.TarInfo
    data: bytes


@st.composite
def tar_info(draw: st.DrawFn, name: str, kind: bytes, size: int, pax: bool) -> tarfile.TarInfo:
    info = tarfile.TarInfo(f"{TOP}/{name}" if name else TOP)
    if pax and draw(st.booleans()):  # as uv_build writes them: every member's path and size
        info.pax_headers = {"path": info.name, "size": str(size)}
    info.type = kind
    info.size = size
    info.mode = 0o755 if kind == tarfile.DIRTYPE else draw(FILE_MODE)
    info.mtime = draw(MTIME)
    info.uid, info.gid = draw(st.integers(0, 2**21)), draw(st.integers(0, 2**21))
    info.uname, info.gname = draw(OWNER), draw(OWNER)
    if kind == tarfile.SYMTYPE:
        info.linkname = draw(PATH)
    return info


@dataclass
class SdistCase:
    members: list[TarMember]
    additions: dict[str, bytes]
    epoch: Optional[int]
    format: int
    gzip_mtime: int


@st.composite
def sdist_cases(draw: st.DrawFn) -> SdistCase:
    paths = without_clashes(["PKG-INFO", *draw(st.lists(PATH, max_size=6, unique=True))])
    files = {p: (METADATA if p == "PKG-INFO" else draw(CONTENT)) for p in paths}
    links = without_clashes(draw(st.lists(PATH, max_size=1, unique=True)), frozenset(paths))
    folders = ["", *some_of(draw, folders_of(paths))]
    form = draw(st.sampled_from([tarfile.PAX_FORMAT, tarfile.GNU_FORMAT]))
    pax = form == tarfile.PAX_FORMAT
    members = [TarMember(draw(tar_info(p, tarfile.REGTYPE, len(d), pax)), d) for p, d in files.items()]
    members += [TarMember(draw(tar_info(p, tarfile.SYMTYPE, 0, pax)), b"") for p in links]
    members += [TarMember(draw(tar_info(f, tarfile.DIRTYPE, 0, pax)), b"") for f in folders]
    members = draw(st.permutations(members))
    replaced = some_of(draw, paths, 3)
    additions = {f"{TOP}/{p}": draw(st.just(files[p]) | CONTENT) for p in replaced}
    new = without_clashes(draw(st.lists(PATH, max_size=3, unique=True)), frozenset([*paths, *links]))
    additions.update({f"{TOP}/{p}": draw(CONTENT) for p in new})
    return SdistCase(
        members,
        additions,
        draw(st.none() | st.integers(0, 2**33)),
        form,
        draw(st.integers(0, 2**32 - 1)),
    )


def tar_fields(info: tarfile.TarInfo) -> tuple[object, ...]:
    return (
        info.name,
        info.type,
        info.mode,
        info.mtime,
        info.uid,
        info.gid,
        info.uname,
        info.gname,
        info.linkname,
    )


def read_tar(path: Path) -> list[tuple[tarfile.TarInfo, bytes]]:
    with gzip.open(path, "rb") as stream:
        data = stream.read()  # the whole stream, its CRC checked
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        return [(m, archive.extractfile(m).read() if m.isfile() else b"") for m in archive.getmembers()]  # type: ignore[union-attr]


@given(sdist_cases())
def test_amend_sdist_keeps_every_member_and_adds_under_the_top_folder(case: SdistCase) -> None:
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        built = folder / "demo-1.0.tar.gz"
        with (
            built.open("wb") as raw,
            gzip.GzipFile(fileobj=raw, mode="wb", mtime=case.gzip_mtime) as stream,
            tarfile.open(fileobj=stream, mode="w", format=case.format) as sdist,
        ):
            for member in case.members:
                sdist.addfile(member.info, io.BytesIO(member.data) if member.info.isfile() else None)
        before = built.read_bytes()
        originals = read_tar(built)
        target = folder / "out" / built.name
        target.parent.mkdir()
        changed = amend_sdist(built, target, sources(folder, case.additions), epoch=case.epoch)
        every = {i.name for i, _ in originals}
        assert changed == sorted(m for m in case.additions if m not in every)
        assert list(target.parent.iterdir()) == [target]
        if not changed:
            assert target.read_bytes() == before
            return
        amended = read_tar(target)
        new = [m for m in case.additions if m not in every]
        assert [i.name for i, _ in amended] == [i.name for i, _ in originals] + new
        for (info, data), (old_info, old_data) in zip(amended, originals):
            assert tar_fields(info) == tar_fields(old_info), info.name
            assert data == old_data, info.name  # never replaced, whatever the plan says
            assert info.size == len(data)
        files = [i for i, _ in originals if i.isfile()]
        like = max(files, key=lambda i: i.mtime) if files else None
        for info, data in amended[len(originals) :]:
            assert info.name.startswith(TOP + "/") and data == case.additions[info.name]
            assert info.mode == 0o644 and like is not None
            assert (info.uid, info.gid, info.uname, info.gname) == (
                like.uid,
                like.gid,
                like.uname,
                like.gname,
            )
            assert info.mtime == max(like.mtime if case.epoch is None else case.epoch, ZIP_EPOCH)
        header_mtime = int.from_bytes(target.read_bytes()[4:8], "little")
        assert header_mtime == (case.gzip_mtime if case.epoch is None else min(case.epoch, 2**32 - 1))
