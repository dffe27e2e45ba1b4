"""Diagnostics: the one currency every rule pays in.

Every rule in the core returns :class:`Diagnostic` values; adapters (the CLI, the build
hooks) only decide what a diagnostic does to their medium. The codes and what they mean are
in :mod:`smart_tool_build.diagnostics.codes`.
"""

from __future__ import annotations

from collections import namedtuple

from .severity import Severity

TYPE_CHECKING = False
if TYPE_CHECKING:  # on a smart tool's --help, typing and the table of codes are not imported
    from pathlib import PurePath
    from typing import Any, NamedTuple, Optional

    from .codes import CODES, Code, CodeId

    class _Fields(NamedTuple):
        code: CodeId
        severity: Severity
        path: Optional[str]
        line: Optional[int]
        message: str
        hint: Optional[str] = None
        #: a file that exists, for a medium that can only point at one (a pull request's
        #: annotations) when ``path`` names a missing file: e.g. the package definition of a
        #: root without a descriptor
        anchor: Optional[str] = None

else:
    CodeId = str
    _Fields = namedtuple(
        "_Fields", ("code", "severity", "path", "line", "message", "hint", "anchor"), defaults=(None, None)
    )

__all__ = [
    "CODES",
    "Code",
    "CodeId",
    "Diagnostic",
    "Severity",
    "make",
]


def __getattr__(name: str) -> Any:
    """``CODES`` and ``Code``, from :mod:`smart_tool_build.diagnostics.codes`, when asked for."""
    if name in ("CODES", "Code"):
        from . import codes

        return getattr(codes, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Diagnostic(_Fields):
    """One finding: a code, where it is, and what to do about it."""

    __slots__ = ()

    def __str__(self) -> str:
        where = self.where()
        if self.severity is not Severity.ERROR:
            return f"{where}: {self.code} ({self.severity.value}): {self.said()}"
        return f"{where}: {self.code}: {self.said()}"

    def where(self) -> str:
        """``path:line`` (``path`` without a line, ``<unknown>`` without a path), printable."""
        from .printable import printable  # a valid build prints no finding

        path = self.path or "<unknown>"
        return printable(path if self.line is None else f"{path}:{self.line}")

    def said(self) -> str:
        """``message (hint)``, as one printable line: what every line format shows of it."""
        from .printable import printable

        return printable(self.message + (f" ({self.hint})" if self.hint else ""))

    def to_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "severity": self.severity.value,
            "path": self.path,
            "line": self.line,
            "message": self.message,
            "hint": self.hint,
        }


def make(
    code: CodeId,
    path: Optional[PurePath | str],
    line: Optional[int],
    message: str,
    hint: Optional[str] = None,
    severity: Optional[Severity] = None,
    anchor: Optional[PurePath | str] = None,
) -> Diagnostic:
    """Build a diagnostic for a known code; unknown codes are a programming error."""
    from .codes import CODES

    known = CODES[code]
    return Diagnostic(
        code=code,
        severity=severity or known.severity,
        path=None if path is None else _posix(path),
        line=line,
        message=message,
        hint=hint,
        anchor=None if anchor is None else _posix(anchor),
    )


def _posix(path: PurePath | str) -> str:
    """A path as POSIX text, normalised as :class:`pathlib.PurePath` does (pathlib is imported
    here, not at import: a valid manifest read on ``--help`` makes no diagnostic)."""
    from pathlib import PurePath

    return PurePath(path).as_posix()
