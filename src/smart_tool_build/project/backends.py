"""The one table of build backends (a new backend is one row of :data:`TABLE`), and which one the
wrapping backend wraps: ``[tool.smart-tool] backend`` as ``build-backend`` names it, else the one
backend ``[build-system].requires`` names. Standard library only: the wrapper's cheap hooks read it.
"""

from __future__ import annotations

from collections.abc import Mapping

from .names import normalize_name
from .requires import build_requires

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Optional

#: how ``build-backend`` names the wrapper
WRAPPER = "smart_tool_build.backend"
#: the ways a backend gets its builds checked
HOOK, PLUGIN, WRAPPED = "hook", "plugin", "wrapper"


class Backend:
    """One row of the table. A plain class (not a NamedTuple): the cheap hooks import no typing."""

    __slots__ = ("aliases", "distribution", "generators", "module", "name", "opt_in", "requirement")

    def __init__(
        self,
        module: str,
        distribution: str,
        opt_in: str,
        *,
        name: str = "",
        requirement: str = "",
        generators: tuple[str, ...] = (),
        aliases: tuple[str, ...] = (),
    ) -> None:
        #: the PEP 517 module (``module`` or ``module:object``) as ``build-backend`` names it;
        #: what the wrapper imports and what ``init`` prints as ``[tool.smart-tool] backend``
        self.module = module
        #: its distribution name, normalized (PEP 503): what ``[build-system].requires`` lists
        self.distribution = distribution
        #: :data:`HOOK` (hatchling), :data:`PLUGIN` (setuptools) or :data:`WRAPPED`
        self.opt_in = opt_in
        #: how messages and ``init`` name it
        self.name = name or distribution
        #: what ``init`` puts in ``requires`` when the project lists no requirement of it
        self.requirement = requirement or distribution
        #: the first word of the ``Generator`` in the WHEEL file of the wheels it writes
        self.generators = generators or (distribution,)
        #: other ``build-backend`` values that name the same backend
        self.aliases = aliases

    def __repr__(self) -> str:
        return f"Backend({self.module!r}, {self.distribution!r}, {self.opt_in!r})"


#: every backend smart-tool-build knows, by its PEP 517 module
TABLE: dict[str, Backend] = {
    row.module: row
    for row in (
        Backend("hatchling.build", "hatchling", HOOK, generators=("hatchling",)),
        Backend(
            "setuptools.build_meta",
            "setuptools",
            PLUGIN,
            requirement="setuptools>=61",
            generators=("setuptools", "bdist_wheel"),
            aliases=("setuptools.build_meta:__legacy__",),
        ),
        Backend("uv_build", "uv-build", WRAPPED, name="uv_build", requirement="uv_build", generators=("uv",)),
        Backend("flit_core.buildapi", "flit-core", WRAPPED, name="flit_core", generators=("flit",)),
        Backend("pdm.backend", "pdm-backend", WRAPPED),
        Backend("poetry.core.masonry.api", "poetry-core", WRAPPED, generators=("poetry",)),
        Backend("maturin", "maturin", WRAPPED),
        Backend("scikit_build_core.build", "scikit-build-core", WRAPPED),
        Backend("mesonpy", "meson-python", WRAPPED, generators=("meson",)),
    )
}


def by_module(module: object) -> Optional[Backend]:
    """The row whose ``build-backend`` value (or one of its aliases) is ``module``."""
    if not isinstance(module, str):
        return None
    row = TABLE.get(module.strip())
    if row is not None:
        return row
    return next((r for r in TABLE.values() if module.strip() in r.aliases), None)


def by_distribution(name: str) -> Optional[Backend]:
    """The row whose distribution is ``name`` (any spelling PEP 503 takes for the same)."""
    wanted = normalize_name(name)
    return next((r for r in TABLE.values() if r.distribution == wanted), None)


class Choice:
    """The backend to wrap (``module`` or ``module:object``), or why none can be chosen.

    A plain class rather than a NamedTuple, so that the wrapper's cheap hooks import no typing."""

    __slots__ = ("backend", "hint", "key", "origin", "problem")

    def __init__(
        self,
        backend: Optional[str],
        origin: str,
        problem: Optional[str] = None,
        key: tuple[str, ...] = (),
        hint: Optional[str] = None,
    ) -> None:
        self.backend = backend
        #: where the answer came from, for messages
        self.origin = origin
        #: one line naming the key to set, when ``backend`` is None
        self.problem = problem
        #: the pyproject.toml key the answer came from (for a line number)
        self.key = key
        #: the value to write instead, when the table knows it
        self.hint = hint


_BUILD_BACKEND = ("build-system", "build-backend")


def choose(document: Mapping[str, Any]) -> Choice:
    """The backend the wrapper wraps for the pyproject.toml ``document``."""
    tool = document.get("tool")
    table = tool.get("smart-tool") if isinstance(tool, dict) else None
    if isinstance(table, dict) and "backend" in table:
        from .backend_named import chosen

        return Choice(*chosen(table["backend"], WRAPPER, TABLE, by_module, by_distribution))
    rows = [row for row in map(by_distribution, build_requires(document)) if row is not None]
    known = list(dict.fromkeys(row.module for row in rows))
    if len(known) == 1:
        return Choice(known[0], f"[build-system].requires names {rows[0].name}", key=_BUILD_BACKEND)
    from .backends_words import undecided

    origin, problem, hint = undecided(known, sorted(TABLE), WRAPPER)
    return Choice(None, origin, problem, _BUILD_BACKEND, hint)
