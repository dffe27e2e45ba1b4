"""In-memory wheels and sdists for the unit tests: a valid tool's members, and writers that
build archives from a dict of members (no build backend, no extraction)."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import tarfile
import zipfile
from pathlib import Path
from typing import Optional

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


def record_of(members: dict[str, bytes], record: str) -> bytes:
    """RECORD as a backend writes it (CSV): each member's sha256 (urlsafe base64, unpadded)
    and size, RECORD's own line last and empty."""
    rows = [
        [
            name,
            "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode(),
            len(data),
        ]
        for name, data in members.items()
        if name != record
    ]
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerows([*rows, [record, "", ""]])
    return text.getvalue().encode()


def write_wheel(path: Path, members: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> Path:
    """A wheel of ``members``; an empty ``.dist-info/RECORD`` is written filled in, as a
    backend writes it (give RECORD bytes of its own to test a wrong one)."""
    with zipfile.ZipFile(path, "w", compression) as handle:
        for name, data in members.items():
            if name.endswith(".dist-info/RECORD") and name.count("/") == 1 and data == b"":
                data = record_of(members, name)
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
