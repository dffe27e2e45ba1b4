"""What other spellings of the platforms a manifest may list mean: for a finding's hint and the
command line's fixes, so a valid build never loads it."""

from __future__ import annotations

from .manifest_format import PLATFORMS as PLATFORMS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Optional

_ALIASES = {
    "darwin": "macos",
    "osx": "macos",
    "mac": "macos",
    "macosx": "macos",
    "mac-os": "macos",
    "apple": "macos",
    "win": "windows",
    "win32": "windows",
    "win64": "windows",
    "cygwin": "windows",
    "ubuntu": "linux",
    "debian": "linux",
    "gnu/linux": "linux",
    "linux2": "linux",  # sys.platform before Python 3.3
}


def canonical_platform(spelling: str) -> Optional[str]:
    """The platform of :data:`PLATFORMS` a spelling means (``darwin`` -> ``macos``, ``Linux``
    -> ``linux``, ``sys.platform`` values too), or None when it names none of them."""
    word = spelling.strip().lower()
    word = _ALIASES.get(word, word)
    return word if word in PLATFORMS else None
