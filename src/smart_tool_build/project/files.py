"""The project's own files besides the manifest and descriptor (pyproject.toml, version
sources), read within bounds (:func:`.paths.read_inside`) and parsed without a traceback;
what fails is said by :mod:`.files_words`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

# tomli where it is installed: its compiled build reads a pyproject.toml six times as fast as
# tomllib; tomllib when a backend has imported it already, or without tomli (3.11 and newer)
if "tomllib" in sys.modules:
    tomllib: Any = sys.modules["tomllib"]
else:
    try:
        import tomli as tomllib  # type: ignore[no-redef,unused-ignore]
    except ImportError:  # Python 3.11 or newer without tomli: the standard library's
        import tomllib  # type: ignore[no-redef,import-not-found,unused-ignore]

from .paths import RefusedFile, read_inside
from .paths import Unparsable as Unparsable


def read_text(root: Path, relative: str) -> str:
    """``root/relative`` as UTF-8 text, read by :func:`read_inside`; :class:`Unparsable`."""
    try:
        return read_inside(root, relative).decode("utf-8")
    except (RefusedFile, UnicodeDecodeError) as exc:
        from .files_words import unreadable

        raise unreadable(relative, exc) from None


def loads_toml(text: str) -> dict[str, Any]:
    """A TOML document; :class:`Unparsable` with the line for a syntax error or a limit."""
    try:
        document: dict[str, Any] = tomllib.loads(text)
    except (RecursionError, MemoryError, ValueError) as exc:
        from .files_words import toml_unparsable

        problem = toml_unparsable(exc, text, isinstance(exc, tomllib.TOMLDecodeError))
        if problem is None:
            raise
        raise problem from None
    return document
