"""Which backend wrote a wheel (its ``Generator``), and how a project on it opts in: the hint of a
finished wheel that carries no descriptor, loaded only for that finding."""

from __future__ import annotations

from .backends import HOOK, PLUGIN, TABLE, WRAPPER, Backend

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Optional


def family_of(generator: Optional[str]) -> Optional[Backend]:
    """The backend whose wheel says ``Generator: generator``."""
    if not generator or not generator.strip():
        return None
    word = generator.strip().split()[0].lower()
    for row in TABLE.values():
        for prefix in row.generators:
            if word == prefix or word.startswith(prefix + "-"):
                return row
    return None


def opt_in_hint(backend: Optional[Backend]) -> str:
    """How a project on ``backend`` gets its manifest and descriptor built in."""
    if backend is None:
        return "build with smart-tool-build in [build-system].requires (see the README for your backend)"
    if backend.opt_in == HOOK:
        return (
            "add smart-tool-build to [build-system].requires and a "
            "[tool.hatch.build.hooks.smart-tool] table to pyproject.toml"
        )
    if backend.opt_in == PLUGIN:
        return "add smart-tool-build to [build-system].requires"
    return (
        f"{backend.name} has no plugins: build through the wrapper, "
        f'build-backend = "{WRAPPER}" with smart-tool-build and {backend.distribution} in requires'
    )
