"""``manifest-name-matches-package``: the manifest's ``name`` against the package's name.

One rule for the source tree (the package definition's name) and the finished archives
(their METADATA / PKG-INFO ``Name``), so ``inspect`` says what ``check`` says.
"""

from __future__ import annotations

from ..diagnostics.diagnostic import Diagnostic, make
from ..project.distribution import normalize_name
from .manifest import NAME_PATTERN

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Optional


def name_rule(fm: Any, path: str, package_name: Optional[str]) -> list[Diagnostic]:
    """A warning when the manifest's valid ``name`` differs from ``package_name`` normalised
    (PEP 503); nothing when either is missing or the name is one the manifest's own rules refuse."""
    name = fm.get("name") if isinstance(fm, dict) else None
    if not package_name or not isinstance(name, str) or not NAME_PATTERN.match(name):
        return []
    expected = normalize_name(package_name)
    if name == expected:
        return []
    line = fm.line_of("name") if hasattr(fm, "line_of") else None
    return [
        make(
            "manifest-name-matches-package",
            path,
            line,
            f"manifest name {name!r} differs from the package name {package_name!r}, normalised {expected!r}",
            f"rename it name: {expected}, or, if the difference is deliberate, add "
            '"manifest-name-matches-package" to [tool.smart-tool] ignore',
        )
    ]
