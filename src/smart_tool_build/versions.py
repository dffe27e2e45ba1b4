"""Comparing version strings the way the rules do."""

from __future__ import annotations


def same_version(a: str, b: str) -> bool:
    """Equal as PEP 440 versions where both parse, else equal as text."""
    from packaging.version import InvalidVersion, Version

    try:
        return Version(a) == Version(b)
    except InvalidVersion:
        return a == b
