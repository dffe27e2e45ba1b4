"""Amending finished archives when things go wrong: a damaged archive, a folder that cannot
be written, an interrupt, an archive far larger than memory should hold.

Each ends in an :class:`AmendError` (the archive) or an ``OSError`` (the disk), with no
half-written archive under the target's name and no temporary file left beside it.
"""

from __future__ import annotations

import gzip
import io
import os
import signal
import subprocess
import sys
import tarfile
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from smart_tool_build.archives.amend import Addition, AmendError
from smart_tool_build.archives.amend_sdist import amend_sdist
from smart_tool_build.archives.amend_wheel import amend_wheel
from support import cli_env, interruptible, unprivileged

DIST_INFO = "demo-1.0.dist-info"
METADATA = b"Metadata-Version: 2.1\nName: demo\nVersion: 1.0\n"


def write_wheel(
    path: Path, data: bytes = b"print('hi')\n" * 50, compression: int = zipfile.ZIP_DEFLATED
) -> Path:
    with zipfile.ZipFile(path, "w", compression) as wheel:
        wheel.writestr("demo/__init__.py", data)
        wheel.writestr(f"{DIST_INFO}/METADATA", METADATA)
        wheel.writestr(f"{DIST_INFO}/RECORD", b"")
    return path


def write_sdist(path: Path, data: bytes = b"print('hi')\n" * 50) -> Path:
    with tarfile.open(path, "w:gz") as sdist:
        for name, content in (("demo-1.0/PKG-INFO", METADATA), ("demo-1.0/demo/__init__.py", data)):
            info = tarfile.TarInfo(name)
            info.size, info.mtime = len(content), 1_700_000_000
            sdist.addfile(info, io.BytesIO(content))
    return path


def flip_byte_in(path: Path, member: str) -> None:
    """One byte in the middle of ``member``'s stored data: still listed, its CRC fails."""
    with zipfile.ZipFile(path) as wheel:
        info = wheel.getinfo(member)
    with path.open("r+b") as handle:
        handle.seek(info.header_offset + 26)
        name_length, extra_length = (int.from_bytes(handle.read(2), "little") for _ in range(2))
        handle.seek(info.header_offset + 30 + name_length + extra_length + info.compress_size // 2)
        byte = handle.read(1)[0]
        handle.seek(-1, os.SEEK_CUR)
        handle.write(bytes([byte ^ 0xFF]))


def truncate(path: Path, keep: float = 0.5) -> None:
    with path.open("r+b") as handle:
        handle.truncate(int(path.stat().st_size * keep))


def leftovers(folder: Path, *expected: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p not in expected)


@pytest.fixture
def manifest(tmp_path: Path) -> Path:
    path = tmp_path / "source" / "SMART_TOOL.md"
    path.parent.mkdir()
    path.write_bytes(b"---\nname: demo\n---\n")
    return path


# --- a damaged archive --------------------------------------------------------------------

COMPRESSIONS = {
    "stored": zipfile.ZIP_STORED,
    "deflated": zipfile.ZIP_DEFLATED,
    "bzip2": zipfile.ZIP_BZIP2,
    "lzma": zipfile.ZIP_LZMA,
}


@pytest.mark.parametrize("compression", sorted(COMPRESSIONS))
@pytest.mark.parametrize("adds", [True, False], ids=["rewritten", "moved"])
def test_a_member_failing_its_crc_is_an_amend_error(
    tmp_path: Path, manifest: Path, compression: str, adds: bool
) -> None:
    """Whether the wheel is rewritten or moved as it is, every member is read whole first."""
    built = write_wheel(tmp_path / "demo-1.0-py3-none-any.whl", os.urandom(4096), COMPRESSIONS[compression])
    flip_byte_in(built, "demo/__init__.py")
    target = tmp_path / "out" / built.name
    target.parent.mkdir()
    if adds:
        addition = Addition("demo/SMART_TOOL.md", manifest)
    else:  # the wheel already carries these bytes: nothing to rewrite
        addition = Addition(f"{DIST_INFO}/METADATA", manifest.with_name("METADATA"))
        addition.source.write_bytes(METADATA)
    with pytest.raises(AmendError, match=r"^cannot be read: "):
        amend_wheel(built, target, [addition])
    assert leftovers(target.parent) == []


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda p: truncate(p), "File is not a zip file"),
        (lambda p: p.write_bytes(b"not a zip"), "File is not a zip file"),
    ],
    ids=["truncated", "garbage"],
)
def test_a_wheel_that_is_no_zip_is_an_amend_error(
    tmp_path: Path, manifest: Path, damage: Callable[[Path], None], message: str
) -> None:
    built = write_wheel(tmp_path / "demo-1.0-py3-none-any.whl")
    damage(built)
    with pytest.raises(AmendError, match=message):
        amend_wheel(built, tmp_path / "target.whl", [Addition("demo/SMART_TOOL.md", manifest)])
    assert leftovers(tmp_path, built, manifest.parent) == []


def test_a_wheel_without_metadata_is_an_amend_error(tmp_path: Path, manifest: Path) -> None:
    built = tmp_path / "demo-1.0-py3-none-any.whl"
    with zipfile.ZipFile(built, "w") as wheel:
        wheel.writestr("demo/__init__.py", b"")
    with pytest.raises(AmendError, match=r"^is no wheel: it has 0 \.dist-info/METADATA, not one$"):
        amend_wheel(built, tmp_path / "target.whl", [Addition("demo/SMART_TOOL.md", manifest)])


def _flip_last_byte(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF  # the gzip trailer's length: tarfile alone never reads it
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    "damage",
    [truncate, _flip_last_byte, lambda p: p.write_bytes(b"not a gzip")],
    ids=["truncated", "trailer", "garbage"],
)
@pytest.mark.parametrize("adds", [True, False], ids=["rewritten", "moved"])
def test_a_damaged_sdist_is_an_amend_error(
    tmp_path: Path, manifest: Path, damage: Callable[[Path], None], adds: bool
) -> None:
    built = write_sdist(tmp_path / "demo-1.0.tar.gz", os.urandom(64 * 1024))
    damage(built)
    target = tmp_path / "out" / built.name
    target.parent.mkdir()
    additions = [Addition("demo-1.0/SMART_TOOL.md", manifest)] if adds else []
    with pytest.raises(AmendError, match=r"^cannot be read: "):
        amend_sdist(built, target, additions)
    assert leftovers(target.parent) == []


# --- a folder that cannot be written ---------------------------------------------------------


@pytest.mark.parametrize("kind", ["wheel", "sdist"])
def test_a_target_folder_that_cannot_be_written_is_an_os_error(open_tmp: Path, kind: str) -> None:
    built = (write_wheel if kind == "wheel" else write_sdist)(
        open_tmp / ("demo-1.0-py3-none-any.whl" if kind == "wheel" else "demo-1.0.tar.gz")
    )
    before = built.read_bytes()
    manifest = open_tmp / "SMART_TOOL.md"
    manifest.write_bytes(b"---\n")
    target = open_tmp / "read-only" / built.name
    target.parent.mkdir()
    target.parent.chmod(0o555)
    member = "demo/SMART_TOOL.md" if kind == "wheel" else "demo-1.0/SMART_TOOL.md"
    amend = amend_wheel if kind == "wheel" else amend_sdist
    with unprivileged(), pytest.raises(PermissionError):
        amend(built, target, [Addition(member, manifest)])
    assert leftovers(target.parent) == []
    assert built.read_bytes() == before


# --- an interrupt -----------------------------------------------------------------------------

AMEND = """
import sys
from pathlib import Path
from smart_tool_build.archives.amend import Addition
from smart_tool_build.archives.amend_sdist import amend_sdist
from smart_tool_build.archives.amend_wheel import amend_wheel

kind, built, target, member, source = sys.argv[1:]
amend = amend_wheel if kind == "wheel" else amend_sdist
amend(Path(built), Path(target), [Addition(member, Path(source))])
"""

BIG = 128 * 1024 * 1024


def big_wheel(path: Path, size: int = BIG) -> Path:
    """A wheel with ``size`` bytes of zeros, deflated: small on disk, slow to rewrite."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
        wheel.writestr("demo/__init__.py", b"")
        with wheel.open(zipfile.ZipInfo("demo/zeros.bin"), "w", force_zip64=True) as member:
            block = bytes(8 * 1024 * 1024)
            for _ in range(size // len(block)):
                member.write(block)
        wheel.writestr(f"{DIST_INFO}/METADATA", METADATA)
        wheel.writestr(f"{DIST_INFO}/RECORD", b"")
    return path


def big_sdist(path: Path, size: int = BIG) -> Path:
    with gzip.open(path, "wb", compresslevel=1) as stream, tarfile.open(fileobj=stream, mode="w|") as sdist:
        info = tarfile.TarInfo("demo-1.0/PKG-INFO")
        info.size = len(METADATA)
        sdist.addfile(info, io.BytesIO(METADATA))
        info = tarfile.TarInfo("demo-1.0/zeros.bin")
        info.size = size
        with open("/dev/zero", "rb") as zeros:
            sdist.addfile(info, zeros)
    return path


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process and /dev/zero are POSIX")
@pytest.mark.parametrize("kind", ["wheel", "sdist"])
def test_an_interrupt_while_amending_leaves_the_target_as_it_was(
    tmp_path: Path, manifest: Path, kind: str
) -> None:
    """SIGINT once the temporary file exists: the earlier artifact under the target's name is
    untouched, and the temporary file is gone."""
    built = (big_wheel if kind == "wheel" else big_sdist)(tmp_path / f"built.{kind}")
    out = tmp_path / "out"
    out.mkdir()
    target = out / ("demo-1.0-py3-none-any.whl" if kind == "wheel" else "demo-1.0.tar.gz")
    target.write_bytes(b"an earlier build")
    member = "demo/SMART_TOOL.md" if kind == "wheel" else "demo-1.0/SMART_TOOL.md"
    process = subprocess.Popen(
        [sys.executable, "-c", AMEND, kind, str(built), str(target), member, str(manifest)],
        env=cli_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        preexec_fn=interruptible,
    )
    deadline = time.monotonic() + 120
    while process.poll() is None and not list(out.glob("*.part")) and time.monotonic() < deadline:
        time.sleep(0.005)
    assert process.poll() is None, "amending ended before its temporary file was seen"
    process.send_signal(signal.SIGINT)
    output = process.communicate(timeout=60)[0]
    assert "KeyboardInterrupt" in output, output
    assert leftovers(out) == [target.name], output
    assert target.read_bytes() == b"an earlier build"


# --- an archive larger than memory should hold ---------------------------------------------

#: the peak resident set of this process's own memory (ru_maxrss would include the parent's,
#: carried over fork and exec)
PEAK = """
import sys
from pathlib import Path
from smart_tool_build.archives.amend import Addition
from smart_tool_build.archives.amend_sdist import amend_sdist
from smart_tool_build.archives.amend_wheel import amend_wheel

kind, built, target, member, source = sys.argv[1:]
if kind != "none":
    amend = amend_wheel if kind == "wheel" else amend_sdist
    amend(Path(built), Path(target), [Addition(member, Path(source))])
with open("/proc/self/status") as status:
    print(next(line.split()[1] for line in status if line.startswith("VmHWM:")))
"""


def peak_kb(*args: str) -> int:
    done = subprocess.run(
        [sys.executable, "-c", PEAK, *args], env=cli_env(), capture_output=True, text=True, check=True
    )
    return int(done.stdout.split()[-1])


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads VmHWM from /proc")
@pytest.mark.parametrize("kind", ["wheel", "sdist"])
def test_amending_a_large_archive_takes_bounded_memory(tmp_path: Path, manifest: Path, kind: str) -> None:
    """128 MB of member data streamed through: the peak grows by a few MB (2 and 7 here), not
    with the size (bench/amend_large.py measures 500 MB of incompressible data)."""
    built = (big_wheel if kind == "wheel" else big_sdist)(tmp_path / f"built.{kind}")
    target = tmp_path / ("demo-1.0-py3-none-any.whl" if kind == "wheel" else "demo-1.0.tar.gz")
    member = "demo/SMART_TOOL.md" if kind == "wheel" else "demo-1.0/SMART_TOOL.md"
    baseline = peak_kb("none", "", "", "", "")
    peak = peak_kb(kind, str(built), str(target), member, str(manifest))
    assert target.exists()
    assert peak - baseline < 32 * 1024, f"peak {peak} KB against {baseline} KB without amending"
