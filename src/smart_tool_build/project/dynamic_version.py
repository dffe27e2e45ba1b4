"""A dynamic version read without running anything: an sdist's PKG-INFO, hatchling's
``[tool.hatch.version] path`` (with its pattern), setuptools' ``attr:`` (read with ast) and
``file:``. A version only a build can know (setuptools-scm, hatch-vcs) is unresolved. Only a
project whose ``[project]`` lists ``version`` in ``dynamic`` loads this."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from ..parsing.lines import toml_key_line
from .files import Unparsable
from .files import read_text as read_project_text
from .package_version import PackageVersion, core_metadata
from .paths import RefusedFile, read_inside

_VERSION_ASSIGN = re.compile(
    r"""^[ \t]*(?:__version__|VERSION|version)[ \t]*(?::[ \t]*str[ \t]*)?=[ \t]*['"]([^'"]+)['"]""",
    re.MULTILINE,
)


def dynamic_version(
    root: Path, project: dict[str, Any], tool: dict[str, Any], text: str, shown: str
) -> PackageVersion:
    """The version of a project whose ``[project]`` lists ``version`` in ``dynamic``, or of one
    that declares no version."""
    if "version" not in (project.get("dynamic") or []):
        return PackageVersion(None, "", unresolved=f"{shown} [project] declares no version")
    if os.path.isfile(root / "PKG-INFO"):
        try:
            headers = core_metadata(read_inside(root, "PKG-INFO"))
            if headers.get("Version"):
                return PackageVersion(headers["Version"], "PKG-INFO Version", "PKG-INFO")
        except RefusedFile:
            pass
    hatch_version = _table(_table(tool, "hatch"), "version") or None
    if isinstance(hatch_version, dict):
        source = hatch_version.get("source", "regex")
        if source == "regex" and isinstance(hatch_version.get("path"), str):
            version = _from_python_file(
                root, hatch_version["path"], hatch_version.get("pattern"), "[tool.hatch.version]"
            )
            key = "pattern" if (version.unresolved or "").startswith("the version pattern") else "path"
            return _keyed(version, text, ("tool", "hatch", "version", key))
        return PackageVersion(
            None,
            "",
            unresolved=f"the version comes from hatch's {source!r} version source at build time",
        )
    dynamic_table = _table(_table(_table(tool, "setuptools"), "dynamic"), "version") or None
    if isinstance(dynamic_table, dict):
        if isinstance(dynamic_table.get("attr"), str):
            version = _from_attr(root, dynamic_table["attr"], tool)
            return _keyed(version, text, ("tool", "setuptools", "dynamic", "version", "attr"))
        if isinstance(dynamic_table.get("file"), (str, list)):
            files = dynamic_table["file"]
            first = files if isinstance(files, str) else (files[0] if files else "")
            try:
                value = read_project_text(root, first).strip()
            except Unparsable as exc:
                if not exc.refused:
                    return PackageVersion(None, "", unresolved=f"cannot read version file {first!r}")
                version = PackageVersion(None, "", unresolved=exc.message, invalid=True)
                return _keyed(version, text, ("tool", "setuptools", "dynamic", "version", "file"))
            if value:
                return PackageVersion(value, f"{first}, by setuptools file:", first, 1, written=value)
            return PackageVersion(None, "", unresolved=f"cannot read version file {first!r}")
    if "setuptools_scm" in tool or "hatch-vcs" in text or "setuptools-scm" in text:
        return PackageVersion(
            None,
            "",
            unresolved="the version comes from git tags (setuptools-scm/hatch-vcs) at build time",
        )
    return PackageVersion(None, "", unresolved="the version is dynamic and set at build time")


def _table(data: Any, key: str) -> dict[str, Any]:
    """``data[key]`` when both are tables, else an empty table: bad shapes are not ours to judge."""
    value = data.get(key) if isinstance(data, dict) else None
    return value if isinstance(value, dict) else {}


def _keyed(version: PackageVersion, text: str, key: tuple[str, ...]) -> PackageVersion:
    """A refused version source (outside the root, not a regular file, too large, too deep:
    an error, not a gap) at the line of the pyproject.toml key that names it."""
    if not version.invalid or version.line is not None:
        return version
    line = toml_key_line(text, key) or toml_key_line(text, key[:-1])  # an inline table
    return version._replace(line=line)


def _from_python_file(root: Path, relative: str, pattern: Any, origin: str) -> PackageVersion:
    try:
        text = read_project_text(root, relative)
    except Unparsable as exc:
        if exc.refused:
            return PackageVersion(None, "", unresolved=f"{exc.message} (named by {origin})", invalid=True)
        return PackageVersion(None, "", unresolved=f"cannot read {relative} named by {origin}")
    try:
        regex = re.compile(pattern, re.MULTILINE) if isinstance(pattern, str) and pattern else _VERSION_ASSIGN
    except re.error as exc:
        return PackageVersion(
            None, "", unresolved=f"the version pattern of {origin} is invalid: {exc}", invalid=True
        )
    group: Any = "version" if "version" in regex.groupindex else 1
    if regex.groups < 1:
        return PackageVersion(
            None, "", unresolved=f"the version pattern of {origin} captures nothing", invalid=True
        )
    from .patterns import bounded_search  # a pattern's search: only a version read with one

    try:
        found = bounded_search(regex, text, group)
    except Unparsable as exc:
        return PackageVersion(
            None, "", unresolved=f"the version pattern of {origin}: {exc.message}", invalid=True
        )
    if found is None:
        return PackageVersion(None, "", unresolved=f"no version found in {relative}")
    start, value = found
    line = text.count("\n", 0, start) + 1
    return PackageVersion(value, f"{relative}, by {origin}", relative, line, written=value)


def _from_attr(root: Path, attr: str, tool: dict[str, Any]) -> PackageVersion:
    """setuptools' ``attr: pkg.mod.NAME``, read with ast: the module is never imported."""
    from .python_source import parse_module, string_assignment

    module, _, name = attr.rpartition(".")
    parts = module.split(".")
    package_dir = _table(_table(tool, "setuptools"), "package-dir")
    bases = [root / package_dir[""]] if isinstance(package_dir.get(""), str) else []
    bases += [root / "src", root]
    for base in bases:
        for candidate in (
            base.joinpath(*parts).with_suffix(".py"),
            base.joinpath(*parts, "__init__.py"),
        ):
            if not os.path.lexists(candidate):
                continue
            relative = candidate.relative_to(root).as_posix()
            try:
                tree = parse_module(root, relative)
            except Unparsable as exc:
                if exc.refused:
                    message = f"{exc.message} (the module of attr {attr!r})"
                    return PackageVersion(None, "", unresolved=message, invalid=True)
                break
            found = string_assignment(tree, name)
            if found is not None:
                return PackageVersion(
                    found.value,
                    f"{relative} {name}, by setuptools attr:",
                    relative,
                    found.line,
                    written=found.value,
                )
            return PackageVersion(
                None, "", unresolved=f"{name} in {relative} is not a plain string assignment"
            )
    return PackageVersion(None, "", unresolved=f"cannot find the module of attr {attr!r}")
