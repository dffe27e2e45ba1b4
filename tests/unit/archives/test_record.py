"""artifact-record-matches: `inspect` holds a wheel's RECORD to its members.

Each case is a wheel of tests/archive_kit.py with one thing wrong in RECORD or beside it,
and the whole list of (code, path, line) that `inspect` reports for it: the path is RECORD's
inside the wheel, the line is RECORD's own line number where one line is wrong. A tampered
copy of a real build is in tests/e2e/test_artifacts_tampered.py.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Callable, Optional

import pytest

from archive_kit import DIST_INFO, MANIFEST_PATH, record_of, wheel_members, write_wheel
from smart_tool.cli import main
from smart_tool.sweep.inspection import inspect_artifacts
from smart_tool_build.archives.record import check_record
from smart_tool_build.archives.verify import verify
from smart_tool_build.project.manifest_model import record_digest

RECORD = f"{DIST_INFO}/RECORD"
NAME = "demo_tool-1.0.0-py3-none-any.whl"
INIT = "demo_tool/__init__.py"  # the first line of RECORD
Found = tuple[str, str, Optional[int]]


def good_record() -> list[str]:
    """The lines of the RECORD a backend writes for archive_kit's valid wheel."""
    return record_of(wheel_members(), RECORD).decode().splitlines()


def lines_of(members: dict[str, bytes]) -> list[str]:
    return record_of(members, RECORD).decode().splitlines()


def with_record(lines: list[str], extra: Optional[dict[str, bytes]] = None) -> dict[str, bytes]:
    members = wheel_members()
    members.update(extra or {})
    members[RECORD] = "".join(f"{line}\n" for line in lines).encode()
    return members


def where(line: Optional[int] = None) -> Found:
    return ("artifact-record-matches", f"{NAME}/{RECORD}", line)


def swap(index: int, new: str) -> list[str]:
    lines = good_record()
    lines[index] = new
    return lines


MANIFEST_LINE = next(i for i, line in enumerate(good_record()) if line.startswith(MANIFEST_PATH))

CASES: dict[str, tuple[Callable[[], dict[str, bytes]], list[Found]]] = {
    "artifact-record-matches--valid": (wheel_members, []),
    "artifact-record-matches--signature-unlisted": (
        lambda: with_record(good_record(), {f"{DIST_INFO}/RECORD.jws": b"{}"}),  # allowed unlisted
        [],
    ),
    "artifact-record-matches--member-unlisted": (
        lambda: with_record(good_record(), {"demo_tool/extra.py": b"print('added')\n"}),
        [where()],
    ),
    "artifact-record-matches--hash-wrong": (
        lambda: with_record(good_record(), {INIT: b"# edited after the build\n"}),
        [where(1)],
    ),
    "artifact-record-matches--size-wrong": (
        lambda: with_record(swap(MANIFEST_LINE, good_record()[MANIFEST_LINE].rsplit(",", 1)[0] + ",1")),
        [where(MANIFEST_LINE + 1)],
    ),
    "artifact-record-matches--padded-hash": (  # the format's base64 has no padding
        lambda: with_record(swap(0, f"{INIT}," + record_digest("sha256", b"\0" * 32) + "=,0")),
        [where(1)],
    ),
    "artifact-record-matches--no-hash": (lambda: with_record(swap(0, f"{INIT},,0")), [where(1)]),
    "artifact-record-matches--md5": (
        lambda: with_record(swap(0, f"{INIT},md5=1B2M2Y8AsgTpgAmY7PhCfg,0")),
        [where(1)],
    ),
    "artifact-record-matches--record-hashed": (
        lambda: with_record(swap(-1, f"{RECORD},sha256=47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU,0")),
        [where(len(good_record()))],
    ),
    "artifact-record-matches--listed-missing": (
        lambda: with_record([*good_record(), "demo_tool/gone.py,sha256=abc,3"]),
        [where(len(good_record()) + 1)],
    ),
    "artifact-record-matches--listed-twice": (
        lambda: with_record([*good_record(), good_record()[0]]),
        [where(len(good_record()) + 1)],
    ),
    "artifact-record-matches--two-fields": (lambda: with_record(swap(0, f"{INIT},x")), [where(1)]),
    "artifact-record-matches--missing": (lambda: wheel_members({RECORD: None}), [where()]),
    "artifact-record-matches--not-utf8": (
        lambda: {**wheel_members(), RECORD: b"\xff\xfe not csv\n"},
        [where()],
    ),
    # names with spaces, commas and non-ASCII letters are quoted CSV, and match
    "artifact-record-matches--quoted-names": (
        lambda: wheel_members({'demo_tool/a, "b" é.txt': b"x\n"}),
        [],
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_record_case(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    make, expected = CASES[case]
    wheel = write_wheel(tmp_path / NAME, make())
    found, _ = inspect_artifacts([(wheel, NAME)], here=tmp_path)
    assert [(d.code, d.path, d.line) for d in found if d.code == "artifact-record-matches"] == expected
    assert [d.code for d in found if d.code != "artifact-record-matches"] == []
    # as the command says it: the same code, path and line, and exit 1 for any of them
    code = main(["inspect", str(wheel), "--format", "json"])
    document = json.loads(capsys.readouterr().out)
    assert code == (1 if expected else 0)
    shown = [(d["code"], d["path"], d["line"]) for d in document["diagnostics"]]
    assert shown == [(c, p.replace(NAME, wheel.as_posix(), 1), line) for c, p, line in expected]


def test_each_message_names_what_is_wrong(tmp_path: Path) -> None:
    wheel = write_wheel(tmp_path / NAME, with_record(good_record(), {INIT: b"changed\n"}))
    (finding,) = check_record(wheel, NAME, DIST_INFO)
    assert finding.message.startswith(f"{INIT} does not match its hash: RECORD says sha256=")
    assert finding.hint and "rebuild" in finding.hint
    unlisted = write_wheel(tmp_path / "b.whl", with_record(good_record(), {"demo_tool/x.py": b""}))
    (finding,) = check_record(unlisted, "b.whl", DIST_INFO)
    assert finding.message == "demo_tool/x.py is in the wheel but not in RECORD"


def test_a_build_check_does_not_hash_the_wheel(tmp_path: Path) -> None:
    """The verifier a build calls reads only what its rules need: RECORD is inspect's."""
    wheel = write_wheel(tmp_path / NAME, with_record(good_record(), {INIT: b"x\n"}))
    assert "artifact-record-matches" not in {d.code for d in verify(wheel).diagnostics}
    assert "artifact-record-matches" in {d.code for d in verify(wheel, record=True).diagnostics}


def test_ignore_sets_it_aside(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wheel = write_wheel(tmp_path / NAME, with_record(good_record(), {INIT: b"x\n"}))
    assert main(["inspect", str(wheel), "--ignore", "artifact-record-matches"]) == 0
    assert "1 ignored (artifact-record-matches)" in capsys.readouterr().out


def test_a_big_member_is_hashed_in_chunks(tmp_path: Path) -> None:
    big = b"0123456789abcdef" * (300 * 1024)  # 4.8 MB: more than one chunk, more than a read cap
    members = wheel_members({"demo_tool/data.bin": big})
    wheel = write_wheel(tmp_path / NAME, members)
    assert check_record(wheel, NAME, DIST_INFO) == []
    with zipfile.ZipFile(wheel) as handle:
        assert (
            f"demo_tool/data.bin,{record_digest('sha256', __import__('hashlib').sha256(big).digest())}"
            in (handle.read(RECORD).decode())
        )
    assert lines_of(members)[-1] == f"{RECORD},,"


def test_a_corrupt_member_is_unreadable_not_a_wrong_record(tmp_path: Path) -> None:
    """Bytes flipped in a member no other rule reads: its CRC fails while it is hashed."""
    wheel = write_wheel(
        tmp_path / NAME, wheel_members({"demo_tool/data.bin": b"x" * 100}), zipfile.ZIP_STORED
    )
    data = bytearray(wheel.read_bytes())
    with zipfile.ZipFile(wheel) as archive:
        info = archive.getinfo("demo_tool/data.bin")
    data[info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)] ^= 0xFF
    wheel.write_bytes(bytes(data))
    found, _ = inspect_artifacts([(wheel, NAME)], here=tmp_path)
    assert [(d.code, d.path, d.line) for d in found] == [
        ("artifact-readable", f"{NAME}/demo_tool/data.bin", None)
    ]
