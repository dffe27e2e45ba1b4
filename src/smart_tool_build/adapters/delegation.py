"""The wrapped backend the wrapping backend (:mod:`smart_tool_build.backend`) delegates to:
chosen once a process from pyproject.toml, imported, and called with the plugins of ours
stepped aside. Loaded by every hook of the wrapper, the cheap ones too: it imports the
backends' table and the opt-in's reader, nothing of the core."""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Iterator, Mapping

from ..project.backends import choose
from ..project.names import PYPROJECT, WRAPPER_ENVIRONMENT
from ..project.requires import read_toml

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, NoReturn, Optional


def _document() -> Mapping[str, Any]:
    try:
        with open(PYPROJECT, "rb") as handle:
            return read_toml(handle.read())
    except OSError:
        return {}


@functools.cache
def wrapped() -> tuple[str, Any]:
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
        from .refusal import install_hint

        _refuse(choice, f"{named} cannot be imported, {exc}", install_hint(module))
    except AttributeError:
        _refuse(
            choice, f"{named} names no object in {module}", "name the backend as its build-backend line does"
        )
    if not all(callable(getattr(backend, hook, None)) for hook in ("build_wheel", "build_sdist")):
        _refuse(choice, f"{named} has no build_wheel and build_sdist hooks: it is not a PEP 517 backend")
    return choice.backend, backend


def _refuse(choice: Any, problem: str, hint: Optional[str] = None) -> NoReturn:
    from .refusal import refuse

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


def delegate(hook: str, *args: Any) -> Any:
    """Call the wrapped backend's ``hook``. Its own errors pass through as it raised them,
    with its traceback but without the wrapper's frames above it."""
    function = getattr(wrapped()[1], hook)
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
