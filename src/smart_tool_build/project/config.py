"""Options: ``[tool.smart-tool]``, and a backend's own table layered over it. Every problem is
reported (an unknown key too); the checks are :mod:`.config_checks`, loaded only for a table
that sets an option, and their words :mod:`.config_words`, loaded only for a problem."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple, Optional

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..diagnostics.codes import CodeId
    from ..diagnostics.diagnostic import Diagnostic


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


class HookOptions(NamedTuple):
    """A backend's own table of our options (hatchling's hook table), layered over
    ``[tool.smart-tool]``; the adapter names it and the backend's keys, so the core knows none."""

    #: the table's dotted name, as diagnostics show it
    table: str
    values: Mapping[str, Any]
    #: keys the backend itself reads from the table; never ours to refuse
    backend_keys: frozenset[str] = frozenset()


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
    if all(key in extra_allowed for key in table):
        return start, []  # nothing of ours set: nothing to check
    from .config_checks import parsed

    return parsed(table, start, extra_allowed, extend, (path, text, table_name))


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
