"""``smart-tool init``: a new smart tool's descriptor and manifest, filled from what the
package definition already says, and the ``[build-system]`` lines its build backend needs.

Nothing is guessed that the project does not say: the name, version, description and
command come from pyproject.toml ``[project]`` (or package.json), the platform from the
machine it runs on (the spec lists only where a tool has been run), and what only the author
knows (use cases, the guidance in the body) is marked ``TODO`` for the author.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple, Optional

from ..project import walk
from ..project.distribution import PackageDefinition, console_scripts, normalize_name, read
from ..project.names import DESCRIPTOR_NAME, MANIFEST_NAME, PACKAGE_JSON
from ..project.optin import collection_table
from ..rules import descriptor
from ..rules.manifest import NAME_PATTERN, SUPPORTED_FORMAT
from ..rules.platforms import canonical_platform
from ..rules.versions import accepted_spellings
from .edits import Edit, creation
from .yaml_source import render_string

#: what marks a line the author must complete
MARK = "TODO"
OURS = "smart-tool-build"
WRAPPER = "smart_tool_build.backend"

#: build-backend -> the backend's name, as ``[tool.smart-tool] backend`` names it
BACKENDS = {
    "hatchling.build": "hatchling",
    "setuptools.build_meta": "setuptools",
    "setuptools.build_meta:__legacy__": "setuptools",
    "uv_build": "uv_build",
    "flit_core.buildapi": "flit_core",
    "pdm.backend": "pdm-backend",
    "poetry.core.masonry.api": "poetry-core",
    "maturin": "maturin",
    "scikit_build_core.build": "scikit-build-core",
    "mesonpy": "meson-python",
}
#: the backends without a plugin system: built through the wrapping backend
WRAPPED = (
    "uv_build",
    "flit_core",
    "pdm-backend",
    "poetry-core",
    "maturin",
    "scikit-build-core",
    "meson-python",
)


class InitError(Exception):
    """Why init cannot start this tool; one line, nothing written."""


class BuildSetup(NamedTuple):
    """What the project's pyproject.toml needs for its builds to check the tool."""

    #: the backend's name ("hatchling", "uv_build", ...), "npm", or "" when unknown
    backend: str
    #: the TOML lines to put in (their [build-system] table replaces the project's)
    lines: tuple[str, ...]
    #: one line saying what to do with them
    note: str


class Scaffold(NamedTuple):
    edits: list[Edit]
    manifest: str
    setup: BuildSetup


def plan_init(
    root: Path,
    *,
    display: str = "",
    command: Optional[str] = None,
    package_dir: Optional[str] = None,
    version: Optional[str] = None,
    platform: str = sys.platform,
    requirement: str = OURS,
) -> Scaffold:
    """The files ``smart-tool init`` writes under ``root``, or :class:`InitError`.
    ``requirement`` is how the printed ``[build-system]`` lines require smart-tool-build (a
    checked :func:`requirement_of`)."""
    prefix = display.rstrip("/") + "/" if display and display != "." else ""
    if os.path.lexists(root / DESCRIPTOR_NAME):
        raise InitError(f"{prefix}{DESCRIPTOR_NAME} already exists; init never overwrites a file")
    package, problems = read(root, prefix=prefix)
    if problems:
        raise InitError(str(problems[0]))
    project = _project(package, prefix)
    if collection_table(package.tool):
        raise InitError(f"{package.path} declares a collection: its scenario tools are the smart tools")
    name = normalize_name((package.name or "").rpartition("/")[2])  # npm's "@scope/tool" is "tool"
    if not NAME_PATTERN.match(name):
        raise InitError(
            f"the package name {package.name!r} does not make a tool name (lowercase words and hyphens)"
        )
    argv = _cli_argv(package, command, prefix)
    manifest = _manifest_place(root, package, project, argv, package_dir, name)
    existing = walk.scan_root(root).manifests
    if existing or os.path.lexists(root / manifest):
        there = existing[0] if existing else manifest
        raise InitError(
            f"{prefix}{there} already exists; init never overwrites it (smart-tool fix adds a descriptor)"
        )
    text = render_manifest(
        name=name,
        version=_version(package, version),
        description=str(project.get("description") or ""),
        platforms=[canonical_platform(platform) or platform],
        argv=argv,
    )
    edits = [
        creation(
            root / DESCRIPTOR_NAME,
            prefix + DESCRIPTOR_NAME,
            descriptor.render(manifest, argv).encode(),
            "descriptor-present",
            "the descriptor",
        ),
        creation(root / manifest, prefix + manifest, text.encode(), "manifest-present", "the manifest"),
    ]
    toml = package.path and package.path.endswith("toml")
    setup = build_setup(package.data, requirement) if toml else _npm_setup()
    return Scaffold(edits, manifest, setup)


def _project(package: PackageDefinition, prefix: str) -> Mapping[str, Any]:
    if package.path is None:
        raise InitError(
            f"no pyproject.toml or package.json in {prefix or '.'}: init starts from the package definition"
        )
    if package.path.endswith(PACKAGE_JSON):
        return package.data
    project = package.data.get("project")
    if not isinstance(project, dict) or not package.name:
        raise InitError(
            f"{package.path} has no [project] table with a name: init reads the tool's name from it"
        )
    return project


def _version(package: PackageDefinition, given: Optional[str]) -> str:
    known = package.version.value
    if known is not None and given is not None and given not in accepted_spellings(known):
        raise InitError(
            f"--manifest-version {given!r} is not the package's version {known!r} ({package.version.origin})"
        )
    if known is None and given is None:
        raise InitError(
            f"the package version is not known before a build ({package.version.unresolved}): "
            "give it with --manifest-version"
        )
    return known if known is not None else str(given)


def _cli_argv(package: PackageDefinition, command: Optional[str], prefix: str) -> list[str]:
    if command is not None:
        argv = shlex.split(command)
        if not argv:
            raise InitError("--command is empty: name the command that starts the tool")
        return argv
    scripts = sorted(console_scripts(package))
    where = package.path or prefix + "the package definition"
    if len(scripts) == 1:
        return scripts
    if not scripts:
        raise InitError(f"{where} declares no command: name the one that starts the tool with --command")
    raise InitError(
        f"{where} declares {len(scripts)} commands ({', '.join(scripts)}): choose the tool's with --command"
    )


def _manifest_place(
    root: Path,
    package: PackageDefinition,
    project: Mapping[str, Any],
    argv: list[str],
    package_dir: Optional[str],
    name: str,
) -> str:
    """Where every backend ships the manifest: inside the import package."""
    if package_dir is not None:
        folder = package_dir.strip("/")
        if descriptor.manifest_path_problem(folder) or not (root / folder).is_dir():
            raise InitError(f"--package {package_dir!r} is not a folder inside the root")
        return f"{folder}/{MANIFEST_NAME}"
    if package.path and package.path.endswith(PACKAGE_JSON):
        return f"src/{MANIFEST_NAME}" if (root / "src").is_dir() else MANIFEST_NAME
    entry = console_scripts(package).get(argv[0], "")
    candidates = [entry.split(":")[0].split(".")[0], name.replace("-", "_")]
    looked = []
    for candidate in dict.fromkeys(c for c in candidates if c.isidentifier()):
        for folder in (f"src/{candidate}", candidate):
            looked.append(f"{folder}/__init__.py")
            if (root / folder / "__init__.py").is_file():
                return f"{folder}/{MANIFEST_NAME}"
    raise InitError(
        f"no import package found (looked for {', '.join(looked)}): name its folder with --package"
    )


def _scalar(value: str) -> str:
    rendered = render_string(" ".join(value.split()))
    assert rendered is not None  # one line, by construction
    return rendered


def render_manifest(
    *, name: str, version: str, description: str, platforms: list[str], argv: list[str]
) -> str:
    """A manifest that passes the check, with what only the author knows marked :data:`MARK`."""
    description = description or f"{MARK}: what {name} does, then when to reach for it."
    command = shlex.join(argv)
    lines = [
        "---",
        f"smart_tool_format: {SUPPORTED_FORMAT}",
        f"name: {_scalar(name)}",
        f"version: {_scalar(version)}",
        f"description: {_scalar(description)}",
        "use_cases:",
        f"  - {_scalar(f'{MARK}: a job someone wants done with {name}, one item a job')}",
        "platforms:",
        *(f"  - {_scalar(platform)}" for platform in platforms),
        "---",
        "",
        f"# {name}",
        "",
        f"{MARK}: when {name} is the right choice, and when another tool is.",
        "",
        "## Sharp edges",
        "",
        f"{MARK}: what it is bad at, and what a caller must know before relying on it.",
        "",
        "## Examples",
        "",
        "```console",
        f"$ {command} --help",
        "```",
        "",
    ]
    return "\n".join(lines)


def requirement_of(spec: str) -> str:
    """``init --requirement SPEC`` checked: a PEP 508 requirement that names smart-tool-build
    (a version range, or a direct reference such as a git URL), else :class:`InitError`."""
    from packaging.requirements import InvalidRequirement, Requirement

    text = spec.strip()
    example = f'"{OURS} @ git+https://github.com/OWNER/{OURS}@TAG"'
    try:
        parsed = Requirement(text)
    except InvalidRequirement as exc:
        why = str(exc).splitlines()[0] if str(exc) else "cannot be parsed"
        raise InitError(
            f"--requirement {spec!r} is not a PEP 508 requirement ({why}); e.g. {example}"
        ) from None
    if normalize_name(parsed.name) != OURS:
        raise InitError(f"--requirement {spec!r} names {parsed.name!r}, not {OURS}; e.g. {example}")
    return text


def _requirement_name(requirement: str) -> str:
    from packaging.requirements import InvalidRequirement, Requirement

    try:
        return normalize_name(Requirement(requirement).name)
    except InvalidRequirement:
        return normalize_name(requirement.split(";")[0].split("[")[0].split("=")[0].split(">")[0].strip())


def _dig(table: Any, *keys: str) -> Mapping[str, Any]:
    for key in keys:
        table = table.get(key) if isinstance(table, dict) else None
    return table if isinstance(table, dict) else {}


def _array(items: list[str]) -> str:
    return "[" + ", ".join(json.dumps(item) for item in items) + "]"


def build_setup(pyproject: Mapping[str, Any], requirement: str = OURS) -> BuildSetup:
    """The lines that make the project's backend check the tool on every build, requiring
    smart-tool-build as ``requirement`` says."""
    table = pyproject.get("build-system")
    system = table if isinstance(table, dict) else {}
    listed = system.get("requires")
    requires = [r for r in listed if isinstance(r, str)] if isinstance(listed, list) else []
    backend_path = system.get("build-backend", "setuptools.build_meta")  # PEP 517's fallback
    tool = _dig(pyproject, "tool")
    theirs = [r for r in requires if _requirement_name(r) != OURS]
    # the project requires smart-tool-build already, and as asked (a bare name asks for nothing more)
    required = len(theirs) < len(requires) and (
        requirement == OURS or requirement in [r.strip() for r in requires]
    )
    if backend_path == WRAPPER:
        if requirement == OURS or required:
            return BuildSetup(OURS, (), f"pyproject.toml already builds through {WRAPPER}")
        wrapper = (
            "[build-system]",
            f"requires = {_array([requirement, *theirs])}",
            f'build-backend = "{WRAPPER}"',
        )
        return BuildSetup(OURS, wrapper, f"pyproject.toml builds through {WRAPPER}. Require it so:")
    backend = BACKENDS.get(backend_path) if isinstance(backend_path, str) else None
    if backend is None:
        return BuildSetup(
            "",
            (),
            f"smart-tool-build has no hook for the build backend {backend_path!r}: run `smart-tool check` "
            "in CI, and `smart-tool inspect` on what it builds",
        )
    if backend in WRAPPED:
        lines = [
            "[build-system]",
            f"requires = {_array([requirement, *theirs])}",
            f'build-backend = "{WRAPPER}"',
            "",
            "[tool.smart-tool]",
            f'backend = "{backend}"',
        ]
        note = f"{backend} has no plugins: its builds check the tool through {WRAPPER}, which wraps it"
        if "smart-tool" in tool:
            lines = lines[:3]
            note += f'; add backend = "{backend}" to your [tool.smart-tool] table'
        return BuildSetup(backend, tuple(lines), note + ". Put these lines in pyproject.toml:")
    if backend == "setuptools":
        theirs = [("setuptools>=61" if r.strip() == "setuptools" else r) for r in theirs] or [
            "setuptools>=61"
        ]
    lines = [
        "[build-system]",
        f"requires = {_array([*theirs, requirement])}",
        f'build-backend = "{backend_path}"',
    ]
    if backend == "hatchling" and "smart-tool" not in _dig(tool, "hatch", "build", "hooks"):
        lines += ["", "[tool.hatch.build.hooks.smart-tool]"]
    if len(lines) == 3 and required:
        return BuildSetup(backend, (), f"pyproject.toml already builds through smart-tool-build ({backend})")
    how = "the hook" if backend == "hatchling" else "the plugin"
    return BuildSetup(
        backend, tuple(lines), f"{backend} runs {how} of smart-tool-build. Put these lines in pyproject.toml:"
    )


def _npm_setup() -> BuildSetup:
    return BuildSetup(
        "npm",
        (),
        "npm has no build hook for smart tools: run `smart-tool check` in CI, and if package.json "
        "has `files`, list smart-tool.json and the manifest there",
    )
