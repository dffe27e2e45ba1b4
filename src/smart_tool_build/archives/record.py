"""A wheel's RECORD against its members: every file listed once, each hash and size right.

pip checks RECORD only while it installs, and then only the hashes of what it unpacks; a
wheel whose RECORD is stale (a member rewritten after the build, one added by hand) is
published without a word. The binary distribution format asks for a line per file with
``algorithm=urlsafe-base64-digest`` (no padding) and the size, RECORD's own line with
neither, and allows the signature files ``RECORD.jws`` and ``RECORD.p7s`` to go unlisted.
Members are hashed as they stream out of the archive: nothing is held whole.
"""

from __future__ import annotations

import csv
import hashlib
import io
import posixpath
import zipfile
from pathlib import Path
from typing import Optional

from ..diagnostics.diagnostic import Diagnostic, make
from ..project.manifest_model import record_digest
from .archive import read_errors
from .contents import READ_HINT

#: RECORD larger than this is not read (a wheel of a million files is not a smart tool)
MAX_RECORD_BYTES = 16 * 1024 * 1024
#: algorithms the format forbids: too weak to say a file is the one built
WEAK = frozenset({"md5", "sha1"})
SIGNATURES = ("RECORD.jws", "RECORD.p7s")
#: what a RECORD may hash with: every algorithm hashlib always has, less the weak ones and
#: the variable-length shake digests
_ALGORITHMS = frozenset(
    a for a in hashlib.algorithms_guaranteed if a not in WEAK and not a.startswith("shake")
)
_CHUNK = 1024 * 1024
_HINT = (
    "rebuild the wheel; a file changed after its build, or the tool that changed it did not rewrite RECORD"
)


def _digest(handle: zipfile.ZipFile, info: zipfile.ZipInfo, algorithm: str) -> tuple[str, int]:
    digest = hashlib.new(algorithm)
    size = 0
    with handle.open(info) as member:
        while chunk := member.read(_CHUNK):
            digest.update(chunk)
            size += len(chunk)
    return record_digest(algorithm, digest.digest()), size


def check_record(path: Path, shown: str, dist_info: str) -> list[Diagnostic]:
    """Findings of ``dist_info/RECORD`` against the wheel at ``path`` (shown as ``shown``)."""
    record = f"{dist_info}/RECORD"
    where = f"{shown}/{record}"
    try:
        with zipfile.ZipFile(path) as handle:
            members = {i.filename: i for i in handle.infolist() if not i.is_dir()}
            info = members.get(record)
            if info is None:
                return [_found(where, None, "the wheel has no RECORD: installers cannot check a file")]
            if info.file_size > MAX_RECORD_BYTES:
                return [_found(where, None, f"RECORD is larger than {MAX_RECORD_BYTES} bytes; not read")]
            with handle.open(info) as raw:
                data = raw.read(MAX_RECORD_BYTES + 1)
            return _compare(handle, members, data, record, shown)
    except read_errors() as exc:  # the archive itself cannot be read
        return [make("artifact-readable", where, None, f"RECORD cannot be read: {exc}", READ_HINT)]


def _compare(
    handle: zipfile.ZipFile, members: dict[str, zipfile.ZipInfo], data: bytes, record: str, shown: str
) -> list[Diagnostic]:
    where = f"{shown}/{record}"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return [_found(where, None, f"RECORD is not UTF-8: {exc.reason} at byte {exc.start}")]
    out: list[Diagnostic] = []
    listed: set[str] = set()
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        for row in reader:
            line = reader.line_num
            if not row or row == [""]:
                continue
            try:
                finding = _row(handle, members, row, record, listed)
            except read_errors() as exc:  # a corrupt member: not RECORD's fault
                out.append(
                    make(
                        "artifact-readable",
                        f"{shown}/{row[0]}",
                        None,
                        f"member cannot be read: {exc}",
                        READ_HINT,
                    )
                )
                continue
            if finding is not None:
                out.append(_found(where, line, finding))
    except csv.Error as exc:
        out.append(_found(where, reader.line_num, f"RECORD is not CSV: {exc}"))
    folder = posixpath.dirname(record)
    for name in members:
        if name not in listed and name not in {f"{folder}/{s}" for s in SIGNATURES}:
            out.append(_found(where, None, f"{name} is in the wheel but not in RECORD"))
    return out


def _row(
    handle: zipfile.ZipFile,
    members: dict[str, zipfile.ZipInfo],
    row: list[str],
    record: str,
    listed: set[str],
) -> Optional[str]:
    """What is wrong with one RECORD line, or None."""
    if len(row) != 3:
        listed.add(row[0])  # said once: the line is wrong, the member is not also unlisted
        return f"a RECORD line has {len(row)} fields, not 3 (path, hash, size)"
    name, hashed, size = row
    if name in listed:
        return f"{name} is listed twice"
    listed.add(name)
    if name == record:
        if hashed or size:
            return f"{name} is listed with a hash or size; RECORD's own line has neither"
        return None
    signature = posixpath.basename(name) in SIGNATURES and posixpath.dirname(name) == posixpath.dirname(
        record
    )
    if signature and not hashed and not size:
        return None  # a signature of RECORD cannot be in the RECORD it signs: unhashed is right
    info = members.get(name)
    if info is None:
        return f"{name} is listed but not in the wheel"
    algorithm, _, digest = hashed.partition("=")
    if not digest:
        return f"{name} has no hash (algorithm=digest)"
    if algorithm in WEAK or algorithm not in _ALGORITHMS:
        return f"{name} is hashed with {algorithm!r}; use sha256"
    actual, length = _digest(handle, info, algorithm)
    if hashed != actual:
        return f"{name} does not match its hash: RECORD says {hashed}, the member is {actual}"
    if size != str(length):
        return f"{name} is {length} bytes; RECORD says {size or 'nothing'}"
    return None


def _found(where: str, line: Optional[int], message: str) -> Diagnostic:
    return make("artifact-record-matches", where, line, message, _HINT)
