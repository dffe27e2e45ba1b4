"""What reading a corrupt archive can raise, beyond OSError and the archive modules' own:
loaded only when a read fails, through :func:`.archive.read_errors`."""

from __future__ import annotations

import tarfile
import zipfile
import zlib


def _read_errors() -> tuple[type[BaseException], ...]:
    """zipfile lets a decompressor's error through (zlib.error for deflate, LZMAError for lzma),
    and raises NotImplementedError for an unknown compression method and RuntimeError for an
    encrypted member: each is a corrupt or unusable archive, not a crash."""
    errors: list[type[BaseException]] = [
        OSError,
        EOFError,
        zipfile.BadZipFile,
        tarfile.TarError,
        ValueError,
        zlib.error,
        NotImplementedError,
        RuntimeError,
    ]
    try:
        import lzma
    except ImportError:  # pragma: no cover - a Python built without lzma cannot read it either
        pass
    else:
        errors.append(lzma.LZMAError)
    return tuple(errors)


#: every error reading a member of a corrupt wheel or sdist can raise
READ_ERRORS = _read_errors()
