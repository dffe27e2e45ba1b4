"""What a code is: a stable id, a severity, what it means and how to fix it."""

from __future__ import annotations

import enum
from typing import NamedTuple

from .ids import CodeId


class Severity(str, enum.Enum):
    """How much a diagnostic matters: errors fail a build, warnings and info do not."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


ERROR, WARNING, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO


class Code(NamedTuple):
    """One stable code: what it means and how to fix it."""

    id: CodeId
    severity: Severity
    means: str
    fix: str
