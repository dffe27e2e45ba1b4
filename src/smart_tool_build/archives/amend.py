"""Amending a finished wheel or sdist with the files its plan says it must carry: only adding,
RECORD rewritten, reproducible (docs/architecture.md, "How each adapter builds").
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO, NamedTuple, Optional

from .archive import read_errors

CHUNK = 1024 * 1024
#: the earliest time a zip member can carry (1980-01-01)
ZIP_EPOCH = 315532800


class Addition(NamedTuple):
    """One file the finished archive must carry: its full member path and its source."""

    member: str
    source: Path


class AmendError(Exception):
    """The built archive cannot be amended: it is truncated, corrupt, or not a wheel or sdist.

    The message reads after "artifact", as the verifier's ``artifact-readable`` does."""


def source_date_epoch() -> Optional[int]:
    value = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    return int(value) if value.isdigit() else None


@contextlib.contextmanager
def reading() -> Iterator[None]:
    """Around a read of the built archive: whatever it raises, the archive is unreadable."""
    try:
        yield
    except read_errors() as exc:
        raise AmendError(f"cannot be read: {exc}") from None


@contextlib.contextmanager
def replacing(target: Path) -> Iterator[IO[bytes]]:
    """A temporary file beside ``target`` that becomes ``target`` only when written whole.

    Its (random) name is chosen before it is created, so an interrupt arriving the moment it
    is created still finds it to remove (``tempfile.mkstemp`` names it only once it exists)."""
    name = target.parent / f".{target.name}.{os.urandom(16).hex()}.part"
    try:
        descriptor = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
        with os.fdopen(descriptor, "wb") as handle:
            yield handle
        os.chmod(name, 0o644)
        os.replace(name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise


def file_mode(path: Path) -> int:
    """The mode a file added from ``path`` gets: 0o755 when its source is executable (a
    skill's ``scripts/run.sh`` stays runnable), else 0o644."""
    return 0o755 if path.stat().st_mode & 0o111 else 0o644
