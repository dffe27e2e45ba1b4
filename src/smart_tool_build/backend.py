"""The wrapping PEP 517 backend: the third adapter, for build backends without plugins.

```toml
[build-system]
requires = ["smart-tool-build", "uv_build>=0.9"]
build-backend = "smart_tool_build.backend"
```

Every PEP 517 and PEP 660 hook delegates to the backend :mod:`smart_tool_build.project.backends`
chooses. A hook that backend lacks is missing here too (module ``__getattr__``), so a
frontend does what PEP 517 says for a missing optional hook. ``get_requires_for_build_*``
import nothing of the core. ``build_wheel``, ``build_sdist`` and ``build_editable`` run the
pipeline of :mod:`smart_tool_build.adapters.wrapper`: check, build into a scratch folder,
amend with what the plan says the archive must carry, verify, and only then rename into
place. ``build_editable`` checks and copies nothing (the accessor reads the source tree).
While the wrapped backend runs, the plugins of hatchling and setuptools step aside
(:data:`smart_tool_build.project.optin.WRAPPER_ENVIRONMENT`), so the checks run once.

A problem in the project, an output folder that cannot be written or an unreadable archive
ends the build with one line per problem on stderr and exit status 1, an interrupt with one
line and status 130; no traceback of ours. The wrapped backend's own errors pass through as
they are.
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
