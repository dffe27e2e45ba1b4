"""The embedded ``<package>/pyproject.toml``, which the application reads after installation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...diagnostics.diagnostic import Diagnostic
from ...parsing.toml_lines import toml_line
from ...project import distribution
from ...project.names import PYPROJECT
from .project import Project, short

#: what the application reads from the embedded copy: a difference here is drift
METADATA_KEYS: tuple[tuple[str, ...], ...] = (
    ("project", "name"),
    ("project", "version"),
    ("project", "description"),
    ("project", "urls"),
    ("tool", "amplifier", "collection"),
)
_HINT = "copy the root pyproject.toml over it, or delete it: the build then ships the root's"
_MISSING: Any = object()


def has_embedded(project: Project) -> bool:
    """Whether the source carries its own ``<package>/pyproject.toml``."""
    return project.package_dir is not None and (project.root / project.package_dir / PYPROJECT).is_file()


def embedded_rules(project: Project) -> list[Diagnostic]:
    """The embedded copy parses and agrees with the root: drift in what the application
    reads is an error; any other difference a warning."""
    if not has_embedded(project):
        return []
    assert project.package_dir is not None
    relative = f"{project.package_dir}/{PYPROJECT}"
    data, text, problem = distribution.load_toml(project.root / relative, project.root)
    if problem is not None or data is None:
        message = problem.message if problem else "cannot be read"
        return [
            project.finding(
                "collection-embedded-drift",
                relative,
                problem.line if problem else None,
                f"the embedded copy {message}: the application cannot read it after installation",
                _HINT,
            )
        ]
    if project.data is None:
        return []
    out: list[Diagnostic] = []
    for keys in METADATA_KEYS:
        ours, theirs = _get(project.data, keys), _get(data, keys)
        if ours == theirs:
            continue
        out.append(
            project.finding(
                "collection-embedded-drift",
                relative,
                toml_line(text, keys),
                f"{_describe(keys)} {_difference(ours, theirs)}: the application reads this "
                "copy after installation",
                _HINT,
            )
        )
    for keys in _differences(_without_metadata(project.data), _without_metadata(data), ()):
        ours, theirs = _get(project.data, keys), _get(data, keys)
        out.append(
            project.finding(
                "collection-embedded-differs",
                relative,
                toml_line(text, keys),
                f"{'.'.join(keys)} {_difference(ours, theirs)}; not metadata the application reads",
                _HINT,
            )
        )
    return out


def _get(data: Any, keys: Sequence[str]) -> Any:
    for key in keys:
        if not isinstance(data, dict) or key not in data:
            return _MISSING
        data = data[key]
    return data


def _without_metadata(data: Mapping[str, Any]) -> dict[str, Any]:
    """The document less what is compared as metadata, and less ``[build-system]``: how the
    root is built (adding smart-tool-build to its requires, say) is nothing the installed
    collection's reader looks at, so a difference there is not worth a warning."""
    copy: dict[str, Any] = {
        k: (dict(v) if isinstance(v, dict) else v) for k, v in data.items() if k != "build-system"
    }
    for keys in METADATA_KEYS:
        holder: Any = copy
        for key in keys[:-1]:
            if not isinstance(holder, dict) or not isinstance(holder.get(key), dict):
                holder = None
                break
            holder[key] = dict(holder[key])
            holder = holder[key]
        if isinstance(holder, dict):
            holder.pop(keys[-1], None)
    return copy


def _differences(ours: Any, theirs: Any, path: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Key paths where two TOML documents differ, to a depth of two (three under
    ``tool.amplifier``): ``project.readme``, ``tool.setuptools``, ``build-system.requires``."""
    if ours == theirs:
        return []
    depth = 3 if path[:2] == ("tool", "amplifier") else 2
    if isinstance(ours, dict) and isinstance(theirs, dict) and len(path) < depth:
        keys = list(ours) + [k for k in theirs if k not in ours]
        out: list[tuple[str, ...]] = []
        for key in keys:
            out += _differences(ours.get(key, _MISSING), theirs.get(key, _MISSING), (*path, key))
        return out
    return [path]


def _describe(keys: Sequence[str]) -> str:
    if keys[-1] in ("urls", "collection"):
        return f"[{'.'.join(keys)}]"
    return f"[{keys[0]}] {'.'.join(keys[1:])}"


def _difference(ours: Any, theirs: Any) -> str:
    """How the embedded value (``theirs``) differs from the root's (``ours``), briefly."""
    if theirs is _MISSING:
        return "is missing from the embedded copy but set at the root"
    if ours is _MISSING:
        return "is in the embedded copy but not in the root pyproject.toml"
    if isinstance(ours, dict) and isinstance(theirs, dict):
        keys = [k for k in list(ours) + [k for k in theirs if k not in ours] if ours.get(k) != theirs.get(k)]
        return f"differs from the root's in {', '.join(map(str, keys))}"
    return f"is {short(theirs)} in the embedded copy but {short(ours)} at the root"
