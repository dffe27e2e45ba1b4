"""``descriptor-cli-argv-declared``: what ``cli_argv`` starts, runners looked through, is the
project's own (a declared console script, one of its modules, one of its files).

The packaging text names uvx, npx and docker as runners, so ``["uvx", "acme"]``,
``["uv", "run", "acme"]``, ``["pipx", "run", "acme"]`` and ``["python", "-m", "acme"]`` are
argv prefixes as good as ``["acme"]``: :func:`smart_tool_build.rules.runners.look_through` finds
what they start, and only that is judged. A container image is not judged (nothing of the
source tree names it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

from ..diagnostics.diagnostic import Diagnostic, make
from ..project.distribution import PackageDefinition
from ..project.paths import inside
from .descriptor import Descriptor

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .runners import Launch


def _module_here(root: Path, module: str) -> bool:
    """Whether the top of ``module`` is a package or module of the source tree."""
    top = module.split(".", 1)[0]
    return any(
        (root / base / top / "__init__.py").is_file() or (root / base / f"{top}.py").is_file()
        for base in ("", "src")
    )


def _not_ours(launch: Launch, root: Path, package: PackageDefinition) -> Optional[str]:
    """Why what ``launch`` starts is not the project's, or None when it is (or cannot be told)."""
    scripts = package.scripts or frozenset()
    if launch.kind == "command":
        if launch.command_name in scripts:
            return None
        declared = ", ".join(sorted(scripts)) or "none"
        return f"is not a script in [project.scripts], which declares: {declared}"
    if launch.kind == "module":
        if launch.target and _module_here(root, launch.target):
            return None
        return "is not a package or module of this distribution"
    if launch.kind == "file":
        if launch.target and inside(root, launch.target) and (root / launch.target).is_file():
            return None
        return "is not a file of this distribution"
    if launch.kind == "image":
        return None
    return "cannot be told apart from the runner's own arguments"


def cli_argv_rule(
    named: Descriptor, package: PackageDefinition, root: Path, path: str, line: Optional[int]
) -> list[Diagnostic]:
    """A warning when ``cli_argv`` starts something that is not the project's."""
    if package.scripts is None:
        return []  # no [project] table to judge against (package.json, setup.py)
    if named.cli_argv[0] in package.scripts:
        return []  # the common case: a declared script, no runner to look through
    from .runners import look_through

    launch = look_through(named.cli_argv)
    why = _not_ours(launch, root, package)
    if why is None:
        return []
    if launch.kind == "command":
        from .suggestions import command_hint  # a hint for a finding: not on a valid build's path

        hint = command_hint(package, launch.command_name or named.cli_argv[0])
    elif launch.kind == "module":
        hint = "run a package of this distribution with python -m, or start cli_argv with a declared script"
    else:
        hint = "point cli_argv at a file inside the distribution root, or start it with a declared script"
    return [
        make(
            "descriptor-cli-argv-declared",
            path,
            line,
            f"cli_argv starts {launch.describe()}, which {why}",
            hint,
        )
    ]
