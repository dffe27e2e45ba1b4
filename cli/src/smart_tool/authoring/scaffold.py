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

from smart_tool_build.diagnostics.diagnostic import Diagnostic
from smart_tool_build.diagnostics.verdict import has_errors
from smart_tool_build.project import walk
from smart_tool_build.project.backends import TABLE, WRAPPER
from smart_tool_build.project.distribution import PackageDefinition, read
from smart_tool_build.project.names import (
    DESCRIPTOR_NAME,
    MANIFEST_NAME,
    PACKAGE_JSON,
    PYPROJECT,
    collection_table,
    normalize_name,
)
from smart_tool_build.project.paths import escapes, relative_path_problem
from smart_tool_build.rules.build_lines import OURS, BuildSetup, build_setup, runtime_setup
from smart_tool_build.rules.manifest import NAME_PATTERN, SUPPORTED_FORMAT
from smart_tool_build.rules.platforms import canonical_platform
from smart_tool_build.rules.values import placeholder_kind

from .edits import Edit, creation
from .scripts import console_scripts
from .written import accepted_spellings, render_descriptor
from .yaml_source import render_string

#: init prints the lines of :mod:`..rules.build_lines`, read from the one table of backends
#: (:data:`..project.backends.TABLE`); their names stay importable from here
__all__ = [
    "MARK",
    "OURS",
    "TABLE",
    "WRAPPER",
    "BuildSetup",
    "InitError",
    "Scaffold",
    "build_setup",
    "plan_init",
    "render_manifest",
    "requirement_of",
]

#: what marks a line the author must complete
MARK = "TODO"


class InitError(Exception):
    """Why init cannot start this tool; one line, nothing written."""


class Scaffold(NamedTuple):
    edits: list[Edit]
    manifest: str
    setup: BuildSetup
    #: the manifest's lines marked :data:`MARK`, for the author to complete (1-based)
    todo_lines: tuple[int, ...] = ()
    #: for a uv project, the ``[tool.uv] cache-keys`` that make uv rebuild when the tool's
    #: files change (no lines when there is nothing to add)
    cache_keys: BuildSetup = BuildSetup("", (), "")
    #: the version the manifest says, which smoke will ask the CLI to print
    version: str = ""
    #: what else pyproject.toml needs to list the requirement in ``[project].dependencies``
    #: (hatchling: allow a direct reference); no lines when nothing
    runtime: BuildSetup = BuildSetup("", (), "")

    def shown_findings(self, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
        """What init shows of the new root's check: not the warning that asks for the
        ``[build-system]`` lines init has just printed."""
        return [d for d in diagnostics if d.code != "build-system-names-plugin"]

    def failed(self, shown: list[Diagnostic]) -> bool:
        """Whether init failed: an error other than the placeholders init wrote itself, which
        are the author's to complete."""
        manifest = self.edits[-1].shown
        return has_errors(
            [d for d in shown if not (d.code == "manifest-placeholders" and d.path == manifest)]
        )

    def todo_note(self) -> str:
        """Which lines of the new manifest the author completes, and what fails until then
        (empty when init marked none)."""
        lines = self.todo_lines
        if not lines:
            return ""
        numbers = ", ".join(map(str, lines[:-1])) + f" and {lines[-1]}" if len(lines) > 1 else str(lines[0])
        return (
            f"complete the lines marked {MARK} in {self.edits[-1].shown} "
            f"(line{'s' if len(lines) > 1 else ''} {numbers}): "
            "until its fields hold content, `smart-tool check` and every build fail with "
            "manifest-placeholders"
        )


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
    if escapes(root, manifest):  # a package folder that is a symlink out of the project
        raise InitError(
            f"{prefix}{manifest} leads outside the root through a symlink; init writes nothing there"
        )
    existing = walk.scan_root(root).manifests
    if existing or os.path.lexists(root / manifest):
        there = existing[0] if existing else manifest
        raise InitError(
            f"{prefix}{there} already exists; init never overwrites it (smart-tool fix adds a descriptor)"
        )
    known = _version(package, version)
    text = render_manifest(
        name=name,
        version=known,
        description=str(project.get("description") or ""),
        platforms=[canonical_platform(platform) or platform],
        argv=argv,
    )
    edits = [
        creation(
            root / DESCRIPTOR_NAME,
            prefix + DESCRIPTOR_NAME,
            render_descriptor(manifest, argv, INIT_SMOKE).encode(),
            "descriptor-present",
            "the descriptor",
        ),
        creation(root / manifest, prefix + manifest, text.encode(), "manifest-present", "the manifest"),
    ]
    toml = package.path and package.path.endswith("toml")
    setup = build_setup(package.data, requirement) if toml else _npm_setup()
    todo = tuple(number for number, line in enumerate(text.split("\n"), start=1) if _marked(line))
    keys = uv_cache_keys(package.data, root, manifest) if toml else BuildSetup("", (), "")
    runtime = runtime_setup(package.data, requirement) if toml else BuildSetup("", (), "")
    return Scaffold(edits, manifest, setup, todo, keys, known, runtime)


#: the deterministic_smoke init writes: a run any CLI answers without a provider, judged by
#: smoke (deterministic-capability-runs) until the author names a capability of the tool
INIT_SMOKE = ("--version",)


def smoke_note(version: str) -> str:
    """What ``smart-tool smoke`` will ask of the CLI, said by init."""
    return (
        "smart-tool smoke (on the built wheel) will run the installed CLI with stdin closed and no "
        "provider configured, and ask: -h and --help exit 0, --help printing the manifest's body on "
        f"stdout; -V and --version exit 0 and print {version}; an unknown verb exits non-zero; "
        f'"deterministic_smoke" ({" ".join(INIT_SMOKE)} for now) exits 0. Put a capability of the '
        'tool there that needs no model (["stats", "--text", "hello"]): smoke then also asks '
        "<capability> --help (docs/authoring.md)"
    )


def _marked(line: str) -> bool:
    """Whether init marked ``line`` for the author (not a description that speaks of TODOs)."""
    text = line.strip()
    for prefix in ("description:", "- "):
        text = text[len(prefix) :].strip() if text.startswith(prefix) else text
    return text.strip("\"'").startswith(f"{MARK}:")


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
        if relative_path_problem(folder) or not (root / folder).is_dir():
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
    """A manifest whose only findings are the lines marked :data:`MARK`: what only the author
    knows (a template's description, such as uv's "Add your description here", is marked too)."""
    if not description.strip() or placeholder_kind(description) is not None:
        description = f"{MARK}: what {name} does, then when to reach for it."
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


def _npm_setup() -> BuildSetup:
    return BuildSetup(
        "npm",
        (),
        "npm has no build hook for smart tools: run `smart-tool check` in CI, and if package.json "
        "has `files`, list smart-tool.json and the manifest there",
    )


#: what uv watches, by default, to rebuild a local project; ``cache-keys`` replaces the list
UV_DEFAULT_KEYS = (PYPROJECT, "setup.py", "setup.cfg")


def _uv_project(pyproject: Mapping[str, Any], root: Path) -> bool:
    """Whether uv manages the project: a [tool.uv] table, a uv.lock, or uv_build as backend."""
    tool = pyproject.get("tool")
    system = pyproject.get("build-system")
    backend = system.get("build-backend") if isinstance(system, dict) else None
    return (
        (isinstance(tool, dict) and "uv" in tool)
        or os.path.isfile(root / "uv.lock")
        or backend == "uv_build"
        or "uv_build" in _tool_backend(tool)
    )


def _tool_backend(tool: Any) -> str:
    table = tool.get("smart-tool") if isinstance(tool, dict) else None
    backend = table.get("backend") if isinstance(table, dict) else None
    return backend if isinstance(backend, str) else ""


def _toml(value: Any) -> str:
    """One TOML value written inline (the values a ``cache-keys`` entry holds)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{key} = {_toml(item)}" for key, item in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    return json.dumps(value) if isinstance(value, str) else str(value)


def uv_cache_keys(pyproject: Mapping[str, Any], root: Path, manifest: str) -> BuildSetup:
    """``[tool.uv] cache-keys`` that name the descriptor and the manifest, for a uv project:
    uv rebuilds a local project (``uv sync``, ``uv pip install .``) only when a cache key
    changes, by default only pyproject.toml, setup.py and setup.cfg. Setting the key replaces
    those defaults, so they are kept; no lines when nothing is missing or it is not uv's."""
    if not _uv_project(pyproject, root):
        return BuildSetup("", (), "")
    tool = pyproject.get("tool")
    uv = tool.get("uv") if isinstance(tool, dict) else None
    listed = uv.get("cache-keys") if isinstance(uv, dict) else None
    if listed is None:
        keys: list[Any] = [
            {"file": name} for name in UV_DEFAULT_KEYS if name == PYPROJECT or (root / name).is_file()
        ]
    elif isinstance(listed, list):
        keys = list(listed)
    else:  # not uv's shape: uv says so itself
        return BuildSetup("uv", (), "")
    watched = {key.get("file") for key in keys if isinstance(key, dict)}
    keys += [{"file": name} for name in (DESCRIPTOR_NAME, manifest) if name not in watched]
    if len(keys) == (len(listed) if isinstance(listed, list) else -1):
        return BuildSetup("uv", (), "")
    line = f"cache-keys = {_toml(keys)}"
    why = (
        "uv rebuilds a local project only when a cache key changes (by default pyproject.toml, "
        "setup.py and setup.cfg); so that `uv sync` and `uv pip install .` rebuild when "
        f"{DESCRIPTOR_NAME} or the manifest change"
    )
    if not isinstance(uv, dict):
        return BuildSetup("uv", ("[tool.uv]", line), f"{why}, put these lines in pyproject.toml:")
    if listed is None:
        return BuildSetup(
            "uv", (line,), f"{why}, add this line to your [tool.uv] table (it replaces uv's list):"
        )
    return BuildSetup("uv", (line,), f"{why}, replace cache-keys in your [tool.uv] table with:")
