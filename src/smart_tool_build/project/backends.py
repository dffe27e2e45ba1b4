"""Which build backend the wrapping backend wraps, and how each backend family opts in.

Standard library only: the wrapper's cheap hooks (``get_requires_for_build_*``) need the
answer and must import nothing of the core. The rule, once for the wrapper and ``check``:
``[tool.smart-tool] backend`` names it as ``build-backend`` would (``uv_build``,
``flit_core.buildapi``, ``pkg.module:object``); without the key, ``[build-system].requires``
must name exactly one backend of :data:`KNOWN_BACKENDS`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from .optin import build_requires

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Optional

#: how ``build-backend`` names the wrapper
WRAPPER = "smart_tool_build.backend"
#: distribution name (PEP 503) -> how ``build-backend`` names that backend
KNOWN_BACKENDS = {
    "uv-build": "uv_build",
    "flit-core": "flit_core.buildapi",
    "pdm-backend": "pdm.backend",
    "poetry-core": "poetry.core.masonry.api",
    "hatchling": "hatchling.build",
    "setuptools": "setuptools.build_meta",
    "maturin": "maturin",
    "scikit-build-core": "scikit_build_core.build",
    "meson-python": "mesonpy",
}
#: backends with a plugin of ours: the wrapper is not needed there (but works)
PLUGIN_BACKENDS = ("hatchling.build", "setuptools.build_meta")
_OBJECT_REFERENCE = re.compile(
    r"[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*(?::[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)?\Z"
)


class Choice:
    """The backend to wrap (``module`` or ``module:object``), or why none can be chosen.

    A plain class rather than a NamedTuple, so that the wrapper's cheap hooks import no typing."""

    __slots__ = ("backend", "origin", "problem")

    def __init__(self, backend: Optional[str], origin: str, problem: Optional[str] = None) -> None:
        self.backend = backend
        #: where the answer came from, for messages
        self.origin = origin
        #: one line naming the key to set, when ``backend`` is None
        self.problem = problem


def choose(document: Mapping[str, Any]) -> Choice:
    """The backend the wrapper wraps for the pyproject.toml ``document``."""
    tool = document.get("tool")
    table = tool.get("smart-tool") if isinstance(tool, dict) else None
    if isinstance(table, dict) and "backend" in table:
        value = table["backend"]
        origin = "[tool.smart-tool] backend"
        if not isinstance(value, str) or not _OBJECT_REFERENCE.match(value.strip()):
            return Choice(
                None,
                origin,
                f"{origin} must name a build backend as build-backend does "
                f'(e.g. "uv_build" or "flit_core.buildapi"), not {value!r}',
            )
        if value.strip().split(":", 1)[0] == WRAPPER:
            return Choice(None, origin, f"{origin} names the wrapper itself: name the backend it wraps")
        return Choice(value.strip(), origin)
    names = build_requires(document)
    known = list(dict.fromkeys(KNOWN_BACKENDS[n] for n in names if n in KNOWN_BACKENDS))
    if len(known) == 1:
        return Choice(known[0], f"[build-system].requires names {known[0].split('.', 1)[0]}")
    listed = ", ".join(sorted(KNOWN_BACKENDS.values()))
    if not known:
        why = f"[build-system].requires names none of the backends it knows: {listed}"
    else:
        why = f"[build-system].requires names several backends: {', '.join(known)}"
    return Choice(
        None,
        "[tool.smart-tool] backend",
        f'set [tool.smart-tool] backend = "..." to the backend {WRAPPER} wraps: {why}',
    )


#: a wheel's ``Generator`` (its WHEEL file) -> the backend family that wrote it
_GENERATORS = (
    ("hatchling", "hatchling.build"),
    ("setuptools", "setuptools.build_meta"),
    ("bdist_wheel", "setuptools.build_meta"),
    ("uv", "uv_build"),
    ("flit", "flit_core.buildapi"),
    ("pdm-backend", "pdm.backend"),
    ("poetry", "poetry.core.masonry.api"),
    ("maturin", "maturin"),
    ("scikit-build-core", "scikit_build_core.build"),
    ("meson", "mesonpy"),
)


def family_of(generator: Optional[str]) -> Optional[str]:
    """The backend (as build-backend names it) whose wheel says ``Generator: generator``."""
    if not generator:
        return None
    word = generator.strip().split()[0].lower() if generator.strip() else ""
    for prefix, backend in _GENERATORS:
        if word == prefix or word.startswith(prefix + "-"):
            return backend
    return None


def opt_in_hint(backend: Optional[str]) -> str:
    """How a project on ``backend`` gets its manifest and descriptor built in."""
    if backend == "hatchling.build":
        return (
            "add smart-tool-build to [build-system].requires and a "
            "[tool.hatch.build.hooks.smart-tool] table to pyproject.toml"
        )
    if backend == "setuptools.build_meta":
        return "add smart-tool-build to [build-system].requires"
    if backend is not None:
        name = backend.split(".", 1)[0]
        return (
            f"{name} has no plugins: build through the wrapper, "
            f'build-backend = "{WRAPPER}" with requires = ["smart-tool-build", <your {name} requirement>]'
        )
    return "build with smart-tool-build in [build-system].requires (see the README for your backend)"
