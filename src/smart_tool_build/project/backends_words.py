"""The words of a backend the wrapper cannot choose: what :func:`.backends.choose` says of a
``backend`` value it refuses, or of requirements that name no one backend. Only such a project
loads this."""

from __future__ import annotations

from typing import Any

#: where a refused value comes from
ORIGIN = "[tool.smart-tool] backend"


def refused_value(value: Any, row: Any, named: bool) -> tuple[str, str, str]:
    """(origin, problem, hint) for a ``backend`` value that is a row's other name (``row``), names
    no module (not ``named``), or names the wrapper itself."""
    if row is not None:
        return (
            ORIGIN,
            f'{ORIGIN} = "{value.strip()}" is not how build-backend names {row.name}',
            f'backend = "{row.module}"',
        )
    if not named:
        return (
            ORIGIN,
            f"{ORIGIN} must name a build backend as build-backend does, not {value!r}",
            'name it as build-backend does, e.g. backend = "uv_build" or backend = "flit_core.buildapi"',
        )
    problem = f"{ORIGIN} names the wrapper itself: name the backend it wraps"
    return ORIGIN, problem, 'name the backend it wraps, e.g. backend = "hatchling.build"'


def undecided(known: list[str], modules: list[str], wrapper: str) -> tuple[str, str, str]:
    """(origin, problem, hint) when ``[build-system].requires`` names none of the table's backends
    (``modules``), or several (``known``)."""
    if not known:
        why = f"[build-system].requires names none of the backends it knows: {', '.join(modules)}"
    else:
        why = f"[build-system].requires names several backends: {', '.join(known)}"
    return (
        ORIGIN,
        f"{wrapper} cannot tell which backend it wraps: {why}",
        f'set [tool.smart-tool] backend = "..." to the backend {wrapper} wraps',
    )
