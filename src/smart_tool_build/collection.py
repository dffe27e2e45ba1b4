"""Collections: Python packages whose value is their data (profiles, agents, context, ...).

A collection (``reference/collection-format-spec.md``) is installed with pip or uv, and the
application then discovers its resources by folder name, in the installed tree, and reads
its metadata from the *embedded* ``<package>/pyproject.toml``. So a collection wheel is only
right if it carries every resource at the place the source tree has it, and a metadata copy
that says what the root says. This module holds every rule about that; it imports no
build backend, checks without writing, and collects every problem instead of raising.

Layouts. A resource folder (``profiles``, ``agents``, ``context``, ``scenario-tools``,
``modules``, ``templates``, ``docs``) at the project root is the *flat* layout and lands at the
wheel's top level (``agents/x.md``); one inside the package folder is the *nested* layout and
lands inside the package (``<package>/agents/x.md``). A project may use both. This is the
spec's "wheels contain the same layout as the source tree": ``pip install --target
.amplifier/collections/<name>`` then gives the tree the spec's discovery walks.

What the wheel plan holds (:class:`CollectionPlan`), the guarantee both build hooks enforce:

- every file under each resource folder, recursively (``context/**``, each scenario tool's
  whole folder with its smart-tool.json and SMART_TOOL.md, each module's folder), skipping
  ``__pycache__``, VCS, ``build``/``_build``/``dist``/``*.egg-info``, tool caches, virtualenvs (folders
  holding ``pyvenv.cfg``) and ``*.pyc``, and never following a symlinked folder;
- ``<package>/pyproject.toml``, always: the package folder's own copy where the source has
  one (the drift rules keep it in step), else the root's pyproject.toml, so it cannot drift;
- ``<package>/__init__.py`` is *required* of the wheel but not added: the backend builds the
  package itself (it is listed in :attr:`CollectionPlan.wheel_required`).

A root ``docs/`` is a resource folder like the others (the spec lists it in the installed
tree), so it lands at the wheel's top level. A root README, LICENSE and the like are not
resources: they go into the sdist only (the README's text reaches the wheel as its long
description). The sdist plan is everything a wheel build from the sdist needs: the root
pyproject.toml (and setup.py, setup.cfg, MANIFEST.in where present), the readme and license
files, every file of the package folder and every resource file.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from . import checks, config, distribution, frontmatter, safe_yaml, walk
from .diagnostics import CodeId, Diagnostic, Severity, has_errors, make
from .distribution import is_collection as is_collection  # part of this module's API
from .names import DESCRIPTOR_NAME, PYPROJECT
from .pysource import read_version_attr as read_version_attr  # part of this module's API

#: the folders the spec's discovery (and its installed layout) knows, in the spec's order
RESOURCE_FOLDERS = ("profiles", "agents", "context", "scenario-tools", "modules", "templates", "docs")
#: the documented keys of ``[tool.amplifier.collection]``
TABLE_KEYS = ("author", "capabilities", "requires")
#: what the application reads from the embedded copy: a difference here is drift
METADATA_KEYS: tuple[tuple[str, ...], ...] = (
    ("project", "name"),
    ("project", "version"),
    ("project", "description"),
    ("project", "urls"),
    ("tool", "amplifier", "collection"),
)

NAME_PATTERN = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*\Z")
SEMVER_PATTERN = re.compile(r"(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\Z")
_CARET_TILDE = re.compile(r"\s*[\^~]\s*[0-9]+(?:\.[0-9]+){0,2}\s*\Z")
_FENCE = re.compile(r"\s{0,3}(```+|~~~+)\s*([A-Za-z0-9_+-]*)")
_SKIPPED = walk.SKIPPED_FOLDERS | {".pytest_cache", ".mypy_cache", ".ruff_cache", "_build"}
_SKIPPED_SUFFIXES = (".pyc", ".pyo")
_SDIST_EXTRAS = ("setup.py", "setup.cfg", "MANIFEST.in")
_SDIST_PREFIXES = ("README", "LICENSE", "LICENCE", "COPYING", "NOTICE", "AUTHORS")
_MISSING: Any = object()


@dataclass(frozen=True)
class CollectionPlan:
    """Where a collection's files go: the list both build hooks add and then verify."""

    #: the import name of the package folder (``<package>/...`` members), if known
    package: Optional[str] = None
    #: (source path relative to the root, wheel member path), sorted by member
    wheel_files: tuple[tuple[str, str], ...] = ()
    #: members the backend builds itself and the finished wheel must still carry
    wheel_required: tuple[str, ...] = ()
    #: every file the sdist must carry, relative to the root, sorted
    sdist_files: tuple[str, ...] = ()

    @property
    def wheel_members(self) -> tuple[str, ...]:
        """Every member the finished wheel must carry."""
        return tuple(sorted({member for _, member in self.wheel_files} | set(self.wheel_required)))


@dataclass
class CollectionReport:
    """Everything known about one collection after checking it."""

    root: Path
    diagnostics: list[Diagnostic]
    plan: CollectionPlan
    #: ``[project]`` name and version as written (None when missing or not a string)
    name: Optional[str] = None
    version: Optional[str] = None
    #: the package folder the spec asks for: ``name`` with hyphens as underscores
    package: Optional[str] = None
    #: the package folder used, relative to the root (``pkg``, ``src/pkg``); None if none
    package_dir: Optional[str] = None
    #: ``("flat",)``, ``("nested",)``, both, or () when there are no resource folders
    layouts: tuple[str, ...] = ()
    #: whether the source carries its own ``<package>/pyproject.toml``
    embedded: bool = False
    #: scenario tools that are smart tools (checked with :func:`checks.check_root`)
    nested_tools: list[str] = field(default_factory=list)

    def failed(self, *, warnings_as_errors: bool = False) -> bool:
        return has_errors(self.diagnostics, warnings_as_errors=warnings_as_errors)


def check_collection(root: Path, *, display: str = "", version: Optional[str] = None) -> CollectionReport:
    """Check the collection at ``root``; return every diagnostic and the package data plan.

    ``display`` prefixes every path (the root as the user named it). ``version`` is the
    version a build backend resolved; a collection's version must be static anyway (the
    application reads it from the embedded copy), so it is only used when the root has none.
    Never raises for a problem in the user's files and never writes.
    """
    checker = _Checker(root, display, version)
    return checker.run()


# ---------------------------------------------------------------------------------------
# The checker: one pass that fills a report


class _Checker:
    """Holds the state of one check: the root's data, the paths shown, the findings."""

    def __init__(self, root: Path, display: str, version: Optional[str]) -> None:
        self.root = root
        self.prefix = display.rstrip("/") + "/" if display and display != "." else ""
        self.resolved_version = version
        self.out: list[Diagnostic] = []
        self.data: Optional[dict[str, Any]] = None
        self.text: Optional[str] = None
        self.unreadable: dict[str, str] = {}

    def shown(self, relative: str) -> str:
        return self.prefix + relative

    def add(
        self,
        code: CodeId,
        relative: str,
        line: Optional[int],
        message: str,
        hint: Optional[str] = None,
        severity: Optional[Severity] = None,
    ) -> None:
        self.out.append(make(code, self.shown(relative), line, message, hint, severity))

    # -- the whole pass

    def run(self) -> CollectionReport:
        report = CollectionReport(self.root, self.out, CollectionPlan())
        self._read_pyproject()
        if self.data is not None:
            report.name, report.version = self._metadata()
            self._table()
        if report.name is not None:
            report.package = report.name.replace("-", "_")
        report.package_dir = self._package(report.name, report.package)
        version = report.version if report.version is not None else self.resolved_version
        if report.package_dir is not None:
            self._version_attr(report.package_dir, version)
            report.embedded = self._embedded(report.package_dir)
        folders = self._resource_folders(report.package_dir)
        report.layouts = tuple(
            kind for kind, found in (("flat", folders[0]), ("nested", folders[1])) if found
        )
        for base, names in ((None, folders[0]), (report.package_dir, folders[1])):
            for name in names:
                relative = f"{base}/{name}" if base else name
                self._resources(name, relative, report)
        report.plan = self._plan(report, folders)
        for folder, reason in sorted(self.unreadable.items()):
            self.add(
                "tree-readable",
                folder,
                None,
                f"cannot read this folder ({reason}); its files are not in the collection's package data",
            )
        self.out.sort(key=lambda d: (d.path or "", d.line or 0))
        return report

    # -- pyproject.toml and its metadata

    def _read_pyproject(self) -> None:
        path = self.root / PYPROJECT
        if not path.is_file():
            self.add(
                "collection-metadata",
                PYPROJECT,
                None,
                "a collection needs pyproject.toml at its root: it holds the collection's metadata",
                'add one with [project] name, version = "X.Y.Z" and description',
            )
            return
        data, text, problem = distribution.load_toml(path)
        if problem is not None:
            self.add(problem.code, PYPROJECT, problem.line, problem.message)
            return
        self.data, self.text = data, text

    def _line(self, *parts: str) -> Optional[int]:
        return toml_line(self.text, parts)

    def _metadata(self) -> tuple[Optional[str], Optional[str]]:
        assert self.data is not None
        p = PYPROJECT
        project = self.data.get("project")
        if not isinstance(project, dict):
            self.add(
                "collection-metadata",
                p,
                self._line("project") if project is not None else None,
                "no [project] table: a collection's name, version and description live there",
            )
            return None, None
        header = self._line("project")
        name = project.get("name")
        if not isinstance(name, str) or not name:
            self.add(
                "collection-metadata", p, header, "[project] has no name: it is the collection's identifier"
            )
            name = None
        elif not NAME_PATTERN.match(name):
            suggestion = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "my-collection"
            self.add(
                "collection-metadata",
                p,
                self._line("project", "name"),
                f"[project] name {name!r} is not a collection identifier: lowercase letters and "
                "digits in hyphen-separated words, starting with a letter",
                f'e.g. name = "{suggestion}"',
            )
        version = project.get("version")
        if version is None:
            if "version" in (project.get("dynamic") or []):
                message = (
                    "[project] version is dynamic: a collection's version must be written in "
                    "[project], because the application reads it from the embedded pyproject.toml"
                )
            else:
                message = "[project] has no version"
            self.add("collection-metadata", p, header, message, 'add version = "X.Y.Z"')
        elif not isinstance(version, str):
            self.add(
                "collection-metadata",
                p,
                self._line("project", "version"),
                "[project] version must be a string",
            )
            version = None
        elif not SEMVER_PATTERN.match(version):
            self.add(
                "collection-metadata",
                p,
                self._line("project", "version"),
                f"[project] version {version!r} is not a semantic version X.Y.Z",
                'e.g. version = "1.0.0"',
            )
        description = project.get("description")
        if not isinstance(description, str) or not description.strip():
            where = self._line("project", "description") if "description" in project else header
            self.add(
                "collection-metadata",
                p,
                where,
                "[project] description must be a non-empty string: the one line that says what "
                "the collection is for",
            )
        urls = project.get("urls", _MISSING)
        if urls is not _MISSING and not (
            isinstance(urls, dict) and all(isinstance(v, str) and v for v in urls.values())
        ):
            self.add(
                "collection-metadata",
                p,
                self._line("project", "urls"),
                "[project.urls] must be a table of non-empty URL strings",
            )
        return name, version if isinstance(version, str) else None

    def _table(self) -> None:
        assert self.data is not None
        p = PYPROJECT
        tool = self.data.get("tool")
        amplifier = tool.get("amplifier") if isinstance(tool, dict) else None
        if not isinstance(amplifier, dict) or "collection" not in amplifier:
            return  # opted in by [tool.smart-tool] collection = true: every field is optional
        table = amplifier["collection"]
        where = ("tool", "amplifier", "collection")
        if not isinstance(table, dict):
            self.add("collection-table", p, self._line(*where), "[tool.amplifier.collection] must be a table")
            return
        for key, value in table.items():
            line = self._line(*where, key)
            if key == "author":
                if not isinstance(value, str) or not value.strip():
                    self.add(
                        "collection-table", p, line, f"author must be a non-empty string, not {_short(value)}"
                    )
            elif key == "capabilities":
                if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
                    self.add(
                        "collection-table",
                        p,
                        line,
                        f"capabilities must be a list of non-empty strings, not {_short(value)}",
                    )
            elif key == "requires":
                self._requires(value)
            else:
                self.add(
                    "collection-table-keys",
                    p,
                    line,
                    f"[tool.amplifier.collection] has {key!r}, which the spec does not document "
                    f"(documented: {', '.join(TABLE_KEYS)}); the application ignores it",
                    "remove it, or move what it says into the README",
                )

    def _requires(self, value: Any) -> None:
        p = PYPROJECT
        where = ("tool", "amplifier", "collection", "requires")
        if not isinstance(value, dict):
            self.add(
                "collection-table",
                p,
                self._line(*where),
                f"requires must be a table of collection name = version constraint, not {_short(value)}",
            )
            return
        for name, constraint in value.items():
            line = self._line(*where, name)
            if not isinstance(constraint, str):
                self.add(
                    "collection-table",
                    p,
                    line,
                    f"requires.{name} must be a constraint string, not {_short(constraint)}",
                )
                continue
            if not NAME_PATTERN.match(name):
                self.add(
                    "collection-requires",
                    p,
                    line,
                    f"requires names {name!r}, which is not a collection identifier (lowercase, hyphens)",
                )
            problem = constraint_problem(constraint)
            if problem is not None:
                self.add(
                    "collection-requires",
                    p,
                    line,
                    f"requires.{name} = {constraint!r}: {problem}",
                    'use ^1.2.3, ~1.2.3, ">=1.0,<2.0" or ==1.5.0',
                )

    # -- the package folder

    def _package(self, name: Optional[str], package: Optional[str]) -> Optional[str]:
        if name is None or package is None:
            return None
        for relative in (package, f"src/{package}"):
            folder = self.root / relative
            if folder.is_dir() and not folder.is_symlink():
                if not (folder / "__init__.py").is_file():
                    self.add(
                        "collection-package",
                        relative,
                        None,
                        f"the package folder {relative}/ has no __init__.py, so it is not a package "
                        "and the build leaves it out",
                        f"add {relative}/__init__.py (a docstring is enough)",
                    )
                return relative
        candidates = self._candidates()
        message = (
            f"no package folder {package}/ (the project name {name!r} with hyphens as "
            "underscores) at the root or under src/: the spec requires it, with __init__.py "
            "and the embedded pyproject.toml"
        )
        if len(candidates) == 1:
            found = candidates[0]
            base = found.rsplit("/", 1)[-1]
            hint = (
                f"rename the folder {found}/ to {found[: -len(base)]}{package}/, or rename the "
                f'project to name = "{base.replace("_", "-")}"'
            )
            message += f"; {found}/ looks like it, and is checked as the package below"
        else:
            hint = f"create {package}/__init__.py, or rename the project after the package folder"
            if candidates:
                message += f"; folders that look like packages: {', '.join(c + '/' for c in candidates)}"
        if (self.root / "__init__.py").is_file():
            message += (
                "; an __init__.py at the root does not make one (with hatchling's "
                'packages = ["."] the wheel members start with ./)'
            )
        self.add("collection-package", PYPROJECT, self._line("project", "name"), message, hint)
        return candidates[0] if len(candidates) == 1 else None

    def _candidates(self) -> list[str]:
        """Folders at the root or under src/ holding __init__.py: what the author meant."""
        found: list[str] = []
        for base in ("", "src/"):
            try:
                with os.scandir(self.root / base) as iterator:
                    entries = sorted(iterator, key=lambda e: e.name)
            except OSError:
                continue
            for entry in entries:
                name = entry.name
                if (
                    name in RESOURCE_FOLDERS
                    or name in _SKIPPED
                    or name.startswith((".", "_"))
                    or name in ("tests", "test", "src")
                    or not entry.is_dir(follow_symlinks=False)
                    or not os.path.isfile(os.path.join(entry.path, "__init__.py"))
                ):
                    continue
                found.append(base + name)
        return found

    def _version_attr(self, package_dir: str, version: Optional[str]) -> None:
        init = f"{package_dir}/__init__.py"
        found = read_version_attr(self.root / init)
        if found is None or version is None:
            return
        value, line = found
        if _same_version(value, version):
            return
        self.add(
            "collection-version-attr",
            init,
            line,
            f"__version__ = {value!r} but the collection's version is {version!r}",
            f'set __version__ = "{version}" in the same commit as the version in pyproject.toml',
        )

    def _embedded(self, package_dir: str) -> bool:
        """Compare the package's own pyproject.toml with the root's; True when there is one."""
        hint = "copy the root pyproject.toml over it, or delete it: the build then ships the root's"
        relative = f"{package_dir}/{PYPROJECT}"
        path = self.root / relative
        if not path.is_file():
            return False
        data, text, problem = distribution.load_toml(path)
        if problem is not None or data is None:
            message = problem.message if problem else "cannot be read"
            self.add(
                "collection-embedded-drift",
                relative,
                problem.line if problem else None,
                f"the embedded copy {message}: the application cannot read it after installation",
                hint,
            )
            return True
        if self.data is None:
            return True
        for keys in METADATA_KEYS:
            ours, theirs = _get(self.data, keys), _get(data, keys)
            if ours == theirs:
                continue
            self.add(
                "collection-embedded-drift",
                relative,
                toml_line(text, keys),
                f"{_describe(keys)} {_difference(ours, theirs)}: the application reads this "
                "copy after installation",
                hint,
            )
        for keys in _differences(_without_metadata(self.data), _without_metadata(data), ()):
            ours, theirs = _get(self.data, keys), _get(data, keys)
            self.add(
                "collection-embedded-differs",
                relative,
                toml_line(text, keys),
                f"{'.'.join(keys)} {_difference(ours, theirs)}; not metadata the application reads",
                hint,
            )
        return True

    # -- resources

    def _resource_folders(self, package_dir: Optional[str]) -> tuple[list[str], list[str]]:
        flat = [n for n in RESOURCE_FOLDERS if _real_dir(self.root / n)]
        nested: list[str] = []
        if package_dir is not None:
            nested = [n for n in RESOURCE_FOLDERS if _real_dir(self.root / package_dir / n)]
        return flat, nested

    def _resources(self, kind: str, relative: str, report: CollectionReport) -> None:
        folder = self.root / relative
        if kind in ("profiles", "agents"):
            for entry in self._entries(relative):
                if entry.name.endswith(".md") and entry.is_file():
                    self._markdown(kind, f"{relative}/{entry.name}")
        elif kind in ("scenario-tools", "modules"):
            for entry in self._entries(relative):
                if (
                    entry.name.startswith(".")
                    or not entry.is_dir(follow_symlinks=False)
                    or _skipped_folder(entry)
                ):
                    continue
                child = f"{relative}/{entry.name}"
                if kind == "modules":
                    if (
                        not (folder / entry.name / "__init__.py").is_file()
                        and not (folder / entry.name / PYPROJECT).is_file()
                    ):
                        self.add(
                            "collection-module",
                            child,
                            None,
                            "a module folder needs __init__.py or pyproject.toml: discovery skips "
                            "it without one",
                            "make it a Python package, or move it out of modules/",
                        )
                    continue
                if not (folder / entry.name / PYPROJECT).is_file():
                    self.add(
                        "collection-scenario-tool",
                        child,
                        None,
                        "a scenario tool needs its own pyproject.toml: it is installed with "
                        "`uv tool install`",
                        "add a pyproject.toml with [project] name, version and the CLI's "
                        "[project.scripts] entry",
                    )
                if (folder / entry.name / DESCRIPTOR_NAME).is_file():
                    report.nested_tools.append(child)
                    nested = checks.check_root(folder / entry.name, display=self.shown(child))
                    self.out.extend(nested.diagnostics)

    def _entries(self, relative: str) -> list[os.DirEntry[str]]:
        try:
            with os.scandir(self.root / relative) as iterator:
                return sorted(iterator, key=lambda e: e.name)
        except OSError as exc:
            self.unreadable[relative] = exc.strerror or str(exc)
            return []

    def _markdown(self, kind: str, relative: str) -> None:
        """A profile or an agent: frontmatter first, parsed like a manifest's."""
        code: CodeId = "collection-profile" if kind == "profiles" else "collection-agent"
        what = "a profile" if kind == "profiles" else "an agent"
        try:
            text = frontmatter.decode(frontmatter.read_bytes(self.root / relative))
        except frontmatter.UnreadableFile as exc:
            self.add(code, relative, None, f"{what} that {exc}")
            return
        except frontmatter.FrontmatterError as exc:
            self.add(code, relative, exc.line, f"{what} that {exc.message}")
            return
        lines = text.split("\n")
        skipped = 0
        while skipped < len(lines) and not lines[skipped].strip():
            skipped += 1
        if skipped == len(lines):
            self.add(
                code,
                relative,
                None,
                f"{what} must begin with a `---` YAML frontmatter block; this file is empty",
            )
            return
        if lines[skipped].strip() != "---":
            fence = _fenced_yaml(lines)
            if fence is not None:
                self.add(
                    code,
                    relative,
                    fence,
                    f"{what}'s YAML is only shown inside a code fence (line {fence}); the loader "
                    "rejects narrative Markdown: the first non-empty line must be `---`",
                    "move the YAML out of the fence into a `---` ... `---` block at the top of the file",
                )
            else:
                self.add(
                    code,
                    relative,
                    skipped + 1,
                    f"{what} must begin with a `---` YAML frontmatter block (first non-empty line)",
                    "start the file with ---, the YAML fields, then --- and the Markdown body",
                )
            return
        try:
            document = frontmatter.parse_text("\n".join(lines[skipped:]))
        except frontmatter.FrontmatterError as exc:
            line = None if exc.line is None else exc.line + skipped
            self.add(code, relative, line, f"{what}'s frontmatter: {exc.message}")
            return
        fm = document.frontmatter
        if not isinstance(fm, safe_yaml.LineDict):
            kind_text = "empty" if fm is None else f"a {type(fm).__name__}, not a mapping"
            self.add(code, relative, skipped + 2, f"{what}'s frontmatter is {kind_text}")
            return
        # the parsed lines count from the first non-empty line: add the blank lines before it
        if kind == "profiles":
            self._fields(code, relative, fm, skipped, "profile", ("name",))
        else:
            self._fields(code, relative, fm, skipped, "meta", ("name", "description"))

    def _fields(
        self,
        code: CodeId,
        relative: str,
        fm: safe_yaml.LineDict,
        offset: int,
        block: str,
        required: Sequence[str],
    ) -> None:
        """``required`` at the top level, or under ``block:`` (``meta:``/``profile:``)."""
        inner = fm.get(block)
        if block in fm and not isinstance(inner, safe_yaml.LineDict):
            self.add(code, relative, fm.line_of(block) + offset, f"`{block}:` must be a mapping")
            return
        for key in required:
            holder = fm if key in fm or inner is None else inner
            if key not in holder:
                # at `block:` when there is one, else at the opening `---`
                line = fm.line_of(block) + offset if inner is not None else offset + 1
                self.add(code, relative, line, f"no `{key}`, at the top level or under `{block}:`")
            elif not isinstance(holder[key], str) or not holder[key].strip():
                self.add(
                    code,
                    relative,
                    holder.line_of(key) + offset,
                    f"`{key}` must be a non-empty string, not {_short(holder[key])}",
                )

    # -- the plan

    def _plan(self, report: CollectionReport, folders: tuple[list[str], list[str]]) -> CollectionPlan:
        pairs: dict[str, str] = {}  # member -> source
        for name in folders[0]:
            for source in self._files(name):
                pairs.setdefault(source, source)
        package_files: list[str] = []
        package = report.package
        if report.package_dir is not None:
            package = report.package_dir.rsplit("/", 1)[-1]
            package_files = self._files(report.package_dir)
            for name in folders[1]:
                for source in self._files(f"{report.package_dir}/{name}"):
                    member = package + source[len(report.package_dir) :]
                    pairs.setdefault(member, source)
        required: tuple[str, ...] = ()
        if package is not None:
            embedded = f"{report.package_dir}/{PYPROJECT}"
            source = embedded if report.embedded else PYPROJECT
            pairs[f"{package}/{PYPROJECT}"] = source
            required = (f"{package}/__init__.py",)
        sdist = {PYPROJECT, *package_files, *(s for s in pairs.values())}
        sdist |= self._sdist_extras()
        return CollectionPlan(
            package=package,
            wheel_files=tuple(sorted(((s, m) for m, s in pairs.items()), key=lambda pair: pair[1])),
            wheel_required=required,
            sdist_files=tuple(sorted(sdist)),
        )

    def _sdist_extras(self) -> set[str]:
        extras = {n for n in _SDIST_EXTRAS if (self.root / n).is_file()}
        try:
            with os.scandir(self.root) as iterator:
                for entry in iterator:
                    if entry.name.upper().startswith(_SDIST_PREFIXES) and entry.is_file():
                        extras.add(entry.name)
        except OSError:
            pass
        project = (self.data or {}).get("project")
        if not isinstance(project, dict):
            return extras
        readme, license_ = project.get("readme"), project.get("license")
        named = [
            readme.get("file") if isinstance(readme, dict) else readme,
            # a license string is an SPDX expression, not a file
            license_.get("file") if isinstance(license_, dict) else None,
        ]
        for name in named:
            if (
                isinstance(name, str)
                and _inside(self.root, self.root / name)
                and (self.root / name).is_file()
            ):
                extras.add(Path(os.path.normpath(name)).as_posix())
        return extras

    def _files(self, relative: str) -> list[str]:
        """Every file under ``relative`` (POSIX, root-relative), junk and symlinked folders skipped."""
        found: list[str] = []
        pending = [relative]
        while pending:
            current = pending.pop()
            for entry in self._entries(current):
                child = f"{current}/{entry.name}"
                try:
                    if entry.is_dir(follow_symlinks=False):
                        if not _skipped_folder(entry):
                            pending.append(child)
                    elif entry.is_file() and not entry.name.endswith(_SKIPPED_SUFFIXES):
                        found.append(child)
                except OSError:  # pragma: no cover - a vanished entry
                    continue
        return sorted(found)


# ---------------------------------------------------------------------------------------
# Verifying a finished archive against the plan


def missing_wheel_members(
    members: Iterable[str], plan: CollectionPlan, *, display: str = ""
) -> list[Diagnostic]:
    """``artifact-contents`` for each member the plan needs and the wheel lacks."""
    names = set(members)
    out: list[Diagnostic] = []
    sources = {member: source for source, member in plan.wheel_files}
    for member in plan.wheel_members:
        if member in names:
            continue
        origin = sources.get(member)
        message = f"the collection wheel lacks {member}" + (f" (from {origin})" if origin else "")
        hint = None
        if "./" + member in names:
            message += f"; it has ./{member} instead"
            hint = (
                'members must not start with ./ (hatchling packages = ["."] builds those): '
                "keep the package in its own folder"
            )
        out.append(
            make("artifact-contents", f"{display}/{member}" if display else member, None, message, hint)
        )
    return out


def missing_sdist_members(
    members: Iterable[str], plan: CollectionPlan, *, display: str = ""
) -> list[Diagnostic]:
    """``artifact-contents`` for each file the plan needs and the sdist lacks.

    ``members`` are the sdist's names, with or without its one top folder.
    """
    names = {name.split("/", 1)[1] if "/" in name else name for name in members}
    return [
        make(
            "artifact-contents",
            f"{display}/{relative}" if display else relative,
            None,
            f"the collection sdist lacks {relative}: a wheel built from it would miss it",
        )
        for relative in plan.sdist_files
        if relative not in names
    ]


# ---------------------------------------------------------------------------------------
# Small pure helpers (public where another module or a test uses them)


def constraint_problem(text: str) -> Optional[str]:
    """Why a ``requires`` constraint does not parse, or None when it does.

    Accepted: caret ``^1.2.3`` and tilde ``~1.2.3`` (1 to 3 numeric parts), and PEP 440
    specifier sets such as ``>=1.0,<2.0`` or ``==1.5.0``.
    """
    from packaging.specifiers import InvalidSpecifier, SpecifierSet

    stripped = text.strip()
    if not stripped:
        return "an empty constraint"
    if stripped[0] in "^~" and not stripped.startswith("~="):
        if _CARET_TILDE.match(stripped):
            return None
        return f"{stripped[0]} takes a version of numbers, e.g. {stripped[0]}1.2.3"
    try:
        SpecifierSet(stripped)
    except InvalidSpecifier:
        if re.match(r"[0-9]", stripped):
            return f"a bare version; write =={stripped} for exactly it, or ^{stripped}"
        return "not a constraint"
    return None


def toml_line(text: Optional[str], keys: Sequence[str]) -> Optional[int]:
    """Best-effort line of ``keys`` in TOML text: its own table header, its ``key =`` line
    in the nearest enclosing table header, or that header's line; None if none is found."""
    if not text or not keys:
        return None
    line = config.key_line(text, ".".join(keys))
    if line is not None:
        return line
    for cut in range(len(keys) - 1, 0, -1):
        line = config.key_line(text, ".".join(keys[:cut]), keys[cut])
        if line is not None:
            return line
    return None


def _same_version(a: str, b: str) -> bool:
    from packaging.version import InvalidVersion, Version

    try:
        return Version(a) == Version(b)
    except InvalidVersion:
        return a == b


def _real_dir(path: Path) -> bool:
    return path.is_dir() and not path.is_symlink()


def _skipped_folder(entry: os.DirEntry[str]) -> bool:
    name = entry.name
    if name in _SKIPPED or name.endswith(".egg-info"):
        return True
    return os.path.isfile(os.path.join(entry.path, "pyvenv.cfg"))


def _inside(root: Path, candidate: Path) -> bool:
    real_root = os.path.realpath(root)
    real = os.path.realpath(candidate)
    return real.startswith(real_root.rstrip(os.sep) + os.sep)


def _fenced_yaml(lines: list[str]) -> Optional[int]:
    """The 1-based line of a code fence that shows frontmatter-like YAML, if any."""
    index = 0
    while index < len(lines):
        match = _FENCE.match(lines[index])
        if not match:
            index += 1
            continue
        marker, info = match.group(1), match.group(2).lower()
        end = index + 1
        while end < len(lines) and not lines[end].strip().startswith(marker):
            end += 1
        if info in ("yaml", "yml"):
            return index + 1
        if not info:
            try:
                value = safe_yaml.loads("\n".join(lines[index + 1 : end]))
            except safe_yaml.YamlError:
                value = None
            if isinstance(value, dict) and {"name", "meta", "profile"} & set(value):
                return index + 1
        index = end + 1
    return None


def _get(data: Any, keys: Sequence[str]) -> Any:
    for key in keys:
        if not isinstance(data, dict) or key not in data:
            return _MISSING
        data = data[key]
    return data


def _without_metadata(data: dict[str, Any]) -> dict[str, Any]:
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
    return f"is {_short(theirs)} in the embedded copy but {_short(ours)} at the root"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
