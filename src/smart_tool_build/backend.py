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

import contextlib
import functools
import os
from collections.abc import Iterator, Mapping

from .project.backends import choose
from .project.names import PYPROJECT
from .project.optin import WRAPPER_ENVIRONMENT, read_toml

#: typing and pathlib are imported only where a build needs them: over a backend as light as
#: uv_build's shim, they are most of what a ``get_requires_for_build_*`` process imports
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, NoReturn, Optional

    from .plan.layout import ArtifactKind

__all__ = ["build_sdist", "build_wheel", "get_requires_for_build_sdist", "get_requires_for_build_wheel"]


def _document() -> Mapping[str, Any]:
    try:
        with open(PYPROJECT, "rb") as handle:
            return read_toml(handle.read())
    except OSError:
        return {}


@functools.cache
def _wrapped() -> tuple[str, Any]:
    """(its name, the backend object) of the backend this project's build wraps. A value
    that names no backend, nothing importable, or a module without the two mandatory hooks
    ends the build with one coded line naming the right value."""
    choice = choose(_document())
    if choice.backend is None:
        _refuse(choice, str(choice.problem), choice.hint)
    from importlib import import_module

    module, _, attribute = choice.backend.partition(":")
    named = f"{choice.origin}: {choice.backend!r}"
    try:
        backend: Any = import_module(module)
        for part in filter(None, attribute.split(".")):
            backend = getattr(backend, part)
    except ImportError as exc:
        from .adapters.wrapper import install_hint

        _refuse(choice, f"{named} cannot be imported, {exc}", install_hint(module))
    except AttributeError:
        _refuse(
            choice, f"{named} names no object in {module}", "name the backend as its build-backend line does"
        )
    if not all(callable(getattr(backend, hook, None)) for hook in ("build_wheel", "build_sdist")):
        _refuse(choice, f"{named} has no build_wheel and build_sdist hooks: it is not a PEP 517 backend")
    return choice.backend, backend


def _refuse(choice: Any, problem: str, hint: Optional[str] = None) -> NoReturn:
    from .adapters.wrapper import refuse

    refuse(choice, problem, hint)


@contextlib.contextmanager
def _wrapping() -> Iterator[None]:
    """The wrapped backend runs with the plugins of ours stepped aside."""
    before = os.environ.get(WRAPPER_ENVIRONMENT)
    os.environ[WRAPPER_ENVIRONMENT] = "1"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(WRAPPER_ENVIRONMENT, None)
        else:
            os.environ[WRAPPER_ENVIRONMENT] = before


def _delegate(hook: str, *args: Any) -> Any:
    """Call the wrapped backend's ``hook``. Its own errors pass through as it raised them,
    with its traceback but without the wrapper's frames above it."""
    function = getattr(_wrapped()[1], hook)
    try:
        with _wrapping():
            return function(*args)
    except (SystemExit, KeyboardInterrupt):
        raise
    except BaseException as exc:
        import traceback

        below = exc.__traceback__.tb_next if exc.__traceback__ is not None else None
        traceback.print_exception(type(exc), exc, below)
        raise SystemExit(1) from None


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
