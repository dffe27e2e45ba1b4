"""The check of each option's value: only a table that sets one of our options loads this (a
project that sets none, as most do, needs none of it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Callable, Optional

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..diagnostics.codes import CodeId

DEV_VERSION_POLICIES = ("error", "warn")
#: what a library skill's version must be: "any" (not compared), "match" (the package's)
SKILLS_VERSION_POLICIES = ("any", "match")
#: what server.json's top-level version must be: "match" (the package's) or "independent"
MCP_VERSION_POLICIES = ("match", "independent")


def _string_list(value: Any) -> Optional[tuple[str, ...]]:
    if isinstance(value, (list, tuple)) and all(isinstance(item, str) and item for item in value):
        return tuple(value)
    return None


def _codes(value: Any) -> Optional[tuple[CodeId, ...]]:
    names = _string_list(value)
    if names is None:
        return None
    from ..diagnostics.codes import resolve  # the table: only for a project that names codes

    found = [resolve(name) for name in names]
    if any(code is None for code in found):
        return None
    return tuple(dict.fromkeys(code for code in found if code is not None))


def unknown_codes(value: Any) -> list[str]:
    """The names in an ``ignore`` value that are no code (nor a former spelling of one)."""
    from ..diagnostics.codes import resolve

    names = _string_list(value) or ()
    return [name for name in names if resolve(name) is None]


#: each option's attribute of :class:`Options` and its check (the value converted, or None)
_CHECKS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "exclude": ("exclude", _string_list),
    "dev-versions": ("dev_versions", lambda v: v if v in DEV_VERSION_POLICIES else None),
    "collection": ("collection", lambda v: v if isinstance(v, bool) else None),
    "backend": ("backend", lambda v: v.strip() if isinstance(v, str) and v.strip() else None),
    "ignore": ("ignore", _codes),
    "skills": ("skills", _string_list),
    "skills-package": (
        "skills_package",
        lambda v: v if isinstance(v, str) and v.isidentifier() else None,
    ),
    "skills-version": ("skills_version", lambda v: v if v in SKILLS_VERSION_POLICIES else None),
    "mcp-server": ("mcp_server", lambda v: v if isinstance(v, str) and v.strip() else None),
    "mcp-server-version": ("mcp_server_version", lambda v: v if v in MCP_VERSION_POLICIES else None),
}

#: the options whose values are lists: a later layer adds to them (``--ignore``, ``--exclude``)
_LISTS = frozenset({"exclude", "ignore"})


def option_names() -> tuple[str, ...]:
    return tuple(_CHECKS)


def checked(
    table: Mapping[str, Any], start: object, extra_allowed: frozenset[str], extend: bool
) -> tuple[dict[str, Any], list[tuple[str, Any, list[str]]]]:
    """Each value converted, by attribute, and each key refused with the unknown codes an
    ``ignore`` names; with ``extend`` a list option adds to ``start``'s (the Options below)."""
    values: dict[str, Any] = {}
    refused: list[tuple[str, Any, list[str]]] = []
    for key, value in table.items():
        if key in extra_allowed:
            continue
        if key not in _CHECKS:
            refused.append((key, value, []))
            continue
        attribute, check = _CHECKS[key]
        converted = check(value)
        if converted is None:
            refused.append((key, value, unknown_codes(value) if key == "ignore" else []))
            continue
        if extend and key in _LISTS:
            converted = tuple(dict.fromkeys((*getattr(start, attribute), *converted)))
        values[attribute] = converted
    return values, refused


def parsed(
    table: Mapping[str, Any],
    start: Any,
    extra_allowed: frozenset[str],
    extend: bool,
    where: tuple[str, Optional[str], str],
) -> tuple[Any, list[Any]]:
    """``start`` (the Options below) with ``table``'s values, and the diagnostics of the keys
    refused; ``where``: the file's path, its text and the table's name."""
    values, refused = checked(table, start, extra_allowed, extend)
    problems: list[Any] = []
    if refused:
        from .config_words import option_problems

        problems = option_problems(refused, option_names(), *where)
    return start._replace(**values), problems
