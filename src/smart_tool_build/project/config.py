"""Options: ``[tool.smart-tool]``, and a backend's own table layered over it. Every problem is
reported (an unknown key too); their words are :mod:`.config_words`, loaded only for one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Callable, NamedTuple, Optional

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..diagnostics.codes import CodeId
    from ..diagnostics.diagnostic import Diagnostic

DEV_VERSION_POLICIES = ("error", "warn")
#: what a library skill's version must be: "any" (not compared), "match" (the package's)
SKILLS_VERSION_POLICIES = ("any", "match")
#: what server.json's top-level version must be: "match" (the package's) or "independent"
MCP_VERSION_POLICIES = ("match", "independent")


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
    #: codes whose findings are set aside (former spellings resolved); a build still names them
    ignore: tuple[CodeId, ...] = ()
    #: source folders (POSIX, relative to the root) whose subfolders are library skills
    skills: tuple[str, ...] = ()
    #: the import package whose ``.agents/skills/`` those go into (None: the only one)
    skills_package: Optional[str] = None
    #: whether each skill's version must equal the package's ("match") or not ("any")
    skills_version: str = "any"
    #: server.json's path relative to the root (None: ``server.json`` at the root, if any)
    mcp_server: Optional[str] = None
    #: whether server.json's top-level version must be the package's ("match") or not
    mcp_server_version: str = "match"


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


class HookOptions(NamedTuple):
    """A backend's own table of our options (hatchling's hook table), layered over
    ``[tool.smart-tool]``; the adapter names it and the backend's keys, so the core knows none."""

    #: the table's dotted name, as diagnostics show it
    table: str
    values: Mapping[str, Any]
    #: keys the backend itself reads from the table; never ours to refuse
    backend_keys: frozenset[str] = frozenset()


def option_names() -> tuple[str, ...]:
    return tuple(_CHECKS)


def parse_options(
    table: Mapping[str, Any],
    *,
    path: str = "pyproject.toml",
    text: Optional[str] = None,
    table_name: str = "tool.smart-tool",
    extra_allowed: frozenset[str] = frozenset(),
    base: Optional[Options] = None,
    extend: bool = False,
) -> tuple[Options, list[Diagnostic]]:
    """Validate one options table over ``base``; return the options and every problem. A key set
    here replaces ``base``'s value; with ``extend`` (command-line flags) a list option adds to it."""
    start = base or Options()
    values: dict[str, Any] = {}
    #: (key, value, the unknown codes an ``ignore`` names) of each key refused
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
    problems: list[Diagnostic] = []
    if refused:
        from .config_words import option_problems

        problems = option_problems(refused, option_names(), path, text, table_name)
    return start._replace(**values), problems


#: how diagnostics name the command line's options when they layer them
FLAGS_TABLE = "command line"


def read_options(
    tool: Mapping[str, Any],
    *,
    path: str,
    text: Optional[str],
    hook: Optional[HookOptions] = None,
    flags: Optional[Mapping[str, Any]] = None,
) -> tuple[Options, list[Diagnostic]]:
    """The options in effect: ``[tool.smart-tool]``, then a backend's table (``hook``), then
    command-line ``flags``; one reading for every surface, so an option means the same everywhere."""
    table = tool.get("smart-tool", {})
    problems: list[Diagnostic] = []
    if not isinstance(table, dict):
        from .config_words import not_a_table

        problems.append(not_a_table(path))
        table = {}
    options, found = parse_options(table, path=path, text=text)
    problems += found
    if hook is not None:
        options, found = parse_options(
            hook.values,
            path=path,
            text=text,
            table_name=hook.table,
            extra_allowed=hook.backend_keys,
            base=options,
        )
        problems += found
    if flags:
        options, found = parse_options(flags, path=path, table_name=FLAGS_TABLE, base=options, extend=True)
        problems += found
    return options, problems
