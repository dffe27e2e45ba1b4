"""``descriptor-cli-argv-declared``: what ``cli_argv`` starts, runners (uvx, ``python -m``, ...)
looked through, is the project's own. Loaded only when ``cli_argv[0]`` is no declared script."""

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
    """A warning when ``cli_argv`` starts something that is not the project's; the root check
    calls it only when ``cli_argv[0]`` is not a script its ``[project]`` table declares."""
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
