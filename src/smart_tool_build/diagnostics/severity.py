"""How much a diagnostic matters: errors fail a build, warnings and info do not."""

from __future__ import annotations

import enum


class Severity(str, enum.Enum):
    """How much a diagnostic matters: errors fail a build, warnings and info do not."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"
