"""The wrapping PEP 517 backend, for build backends without plugins: the hooks, each delegated
to the chosen backend (docs/architecture.md, "How each adapter builds").
"""

from __future__ import annotations

from .adapters.delegation import delegate as _delegate
from .adapters.delegation import wrapped as _wrapped

#: typing and pathlib are imported only where a build needs them: over a backend as light as
#: uv_build's shim, they are most of what a ``get_requires_for_build_*`` process imports
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Optional

    from .plan.layout import ArtifactKind

__all__ = ["build_sdist", "build_wheel", "get_requires_for_build_sdist", "get_requires_for_build_wheel"]


# ----------------------------------------------------------------------------- the cheap hooks


def get_requires_for_build_wheel(config_settings: Optional[dict[str, Any]] = None) -> list[str]:
    hook = getattr(_wrapped()[1], "get_requires_for_build_wheel", None)
    return [] if hook is None else list(_delegate("get_requires_for_build_wheel", config_settings))


def get_requires_for_build_sdist(config_settings: Optional[dict[str, Any]] = None) -> list[str]:
    hook = getattr(_wrapped()[1], "get_requires_for_build_sdist", None)
    return [] if hook is None else list(_delegate("get_requires_for_build_sdist", config_settings))


def _get_requires_for_build_editable(config_settings: Optional[dict[str, Any]] = None) -> list[str]:
    return list(_delegate("get_requires_for_build_editable", config_settings))


def _prepare_metadata_for_build_wheel(
    metadata_directory: str, config_settings: Optional[dict[str, Any]] = None
) -> str:
    return str(_delegate("prepare_metadata_for_build_wheel", metadata_directory, config_settings))


def _prepare_metadata_for_build_editable(
    metadata_directory: str, config_settings: Optional[dict[str, Any]] = None
) -> str:
    return str(_delegate("prepare_metadata_for_build_editable", metadata_directory, config_settings))


# ----------------------------------------------------------------------------- the builds


def build_wheel(
    wheel_directory: str,
    config_settings: Optional[dict[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    return _build("wheel", wheel_directory, config_settings, metadata_directory)


def build_sdist(sdist_directory: str, config_settings: Optional[dict[str, Any]] = None) -> str:
    return _build("sdist", sdist_directory, config_settings, None)


def _build_editable(
    wheel_directory: str,
    config_settings: Optional[dict[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    return _build("editable", wheel_directory, config_settings, metadata_directory)


_OPTIONAL_HOOKS = {
    "get_requires_for_build_editable": _get_requires_for_build_editable,
    "prepare_metadata_for_build_wheel": _prepare_metadata_for_build_wheel,
    "prepare_metadata_for_build_editable": _prepare_metadata_for_build_editable,
    "build_editable": _build_editable,
}


def __getattr__(name: str) -> Any:
    """An optional hook exists here exactly when the wrapped backend has it."""
    if name in _OPTIONAL_HOOKS and hasattr(_wrapped()[1], name):
        return _OPTIONAL_HOOKS[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _build(
    kind: ArtifactKind, directory: str, config_settings: Optional[dict[str, Any]], metadata: Optional[str]
) -> str:
    from .adapters.wrapper import Wrapped, build

    name, backend = _wrapped()
    wrapped = Wrapped(name, lambda hook: hasattr(backend, hook), _delegate)
    return build(wrapped, kind, directory, config_settings, metadata)
