"""Options: ``[tool.smart-tool]`` in pyproject.toml, and a backend's own table layered over it.

Every problem is collected and reported together; an unknown key is an error, never
silently ignored, because a misspelt option that does nothing is worse than no option.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Callable, NamedTuple, Optional

from .diagnostics import Diagnostic, make
from .lines import key_line

DEV_VERSION_POLICIES = ("error", "warn")


class Options(NamedTuple):
    """The validated options, with their defaults."""

    #: fnmatch globs (POSIX paths relative to the root) the duplicate walk skips
    exclude: tuple[str, ...] = ()
    #: what a development/local package version that differs from the manifest does
    dev_versions: str = "error"
    #: build as a collection (None: decide from ``[tool.amplifier.collection]``)
    collection: Optional[bool] = None
    #: the backend the wrapping backend wraps (None: the one ``[build-system].requires`` names)
    backend: Optional[str] = None


def _string_list(value: Any) -> Optional[tuple[str, ...]]:
    if isinstance(value, list) and all(isinstance(item, str) and item for item in value):
        return tuple(value)
    return None


_VALIDATORS: dict[str, tuple[str, Callable[[Any], Any], str]] = {
    "exclude": ("exclude", _string_list, "a list of non-empty glob strings"),
    "dev-versions": (
        "dev_versions",
        lambda v: v if v in DEV_VERSION_POLICIES else None,
        'one of "error", "warn"',
    ),
    "collection": ("collection", lambda v: v if isinstance(v, bool) else None, "true or false"),
    "backend": (
        "backend",
        lambda v: v.strip() if isinstance(v, str) and v.strip() else None,
        'a build backend as build-backend names it, e.g. "uv_build"',
    ),
}


class HookOptions(NamedTuple):
    """A build backend's own table of our options (hatchling's hook table), layered over
    ``[tool.smart-tool]``: the adapter that reads it says what it is called and which of its
    keys belong to the backend, so the core knows no backend's names."""

    #: the table's dotted name, as diagnostics show it
    table: str
    values: Mapping[str, Any]
    #: keys the backend itself reads from the table; never ours to refuse
    backend_keys: frozenset[str] = frozenset()


def option_names() -> tuple[str, ...]:
    return tuple(_VALIDATORS)


def parse_options(
    table: Mapping[str, Any],
    *,
    path: str = "pyproject.toml",
    text: Optional[str] = None,
    table_name: str = "tool.smart-tool",
    extra_allowed: frozenset[str] = frozenset(),
    base: Optional[Options] = None,
) -> tuple[Options, list[Diagnostic]]:
    """Validate one options table over ``base``; return the options and every problem."""
    values: dict[str, Any] = {}
    problems: list[Diagnostic] = []
    for key, value in table.items():
        if key in extra_allowed:
            continue
        if key not in _VALIDATORS:
            problems.append(
                make(
                    "config-valid",
                    path,
                    key_line(text, table_name, key),
                    f"[{table_name}]: unknown option {key!r}",
                    f"options are: {', '.join(option_names())}",
                )
            )
            continue
        attribute, check, expected = _VALIDATORS[key]
        converted = check(value)
        if converted is None:
            problems.append(
                make(
                    "config-valid",
                    path,
                    key_line(text, table_name, key),
                    f"[{table_name}]: {key} must be {expected}, not {value!r}",
                )
            )
        else:
            values[attribute] = converted
    start = base or Options()
    return start._replace(**values), problems
