"""What a code is: a stable id, a severity, what it means and how to fix it."""

from __future__ import annotations

from typing import NamedTuple

from ..severity import Severity

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .ids import CodeId

__all__ = ["ERROR", "INFO", "WARNING", "Code", "Severity"]


ERROR, WARNING, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO


class Code(NamedTuple):
    """One stable code: what it means and how to fix it."""

    id: CodeId
    severity: Severity
    means: str
    fix: str
    #: whether ``smart-tool fix`` can fix findings of this code (those with one right answer)
    fixable: bool = False
