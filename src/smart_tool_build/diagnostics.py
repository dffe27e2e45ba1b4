"""Diagnostics: the one currency every rule pays in, and the table of stable codes.

Every rule in the core returns :class:`Diagnostic` values; adapters (the CLI, the build
hooks) only decide what a diagnostic does to their medium. The codes are stable: once
published, a code keeps its meaning. The README's table of codes is generated from
:data:`CODES` and a test keeps the two in step.
"""

from __future__ import annotations

import enum
from pathlib import PurePath
from typing import NamedTuple, Optional


class Severity(str, enum.Enum):
    """How much a diagnostic matters: errors fail a build, warnings and info do not."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class Code(NamedTuple):
    """One stable code: what it means and how to fix it."""

    id: str
    severity: Severity
    means: str
    fix: str


class Diagnostic(NamedTuple):
    """One finding: a code, where it is, and what to do about it."""

    code: str
    severity: Severity
    path: Optional[str]
    line: Optional[int]
    message: str
    hint: Optional[str] = None

    def __str__(self) -> str:
        where = self.path or "<unknown>"
        if self.line is not None:
            where = f"{where}:{self.line}"
        text = f"{where}: {self.code}: {self.message}"
        if self.severity is not Severity.ERROR:
            text = f"{where}: {self.code} ({self.severity.value}): {self.message}"
        if self.hint:
            text = f"{text} ({self.hint})"
        return text

    def to_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "severity": self.severity.value,
            "path": self.path,
            "line": self.line,
            "message": self.message,
            "hint": self.hint,
        }


_E, _W, _I = Severity.ERROR, Severity.WARNING, Severity.INFO

#: Every code the tool can emit. Order is the README's order.
CODES: dict[str, Code] = {
    c.id: c
    for c in (
        Code(
            "descriptor-present",
            _E,
            "No smart-tool.json at a distribution root being checked.",
            "Add smart-tool.json beside pyproject.toml with at least `manifest` and `cli_argv`.",
        ),
        Code(
            "descriptor-shape",
            _E,
            "smart-tool.json is not a JSON object of the documented keys: `manifest` missing, "
            "not a string, absolute, backslashed or escaping the root; `cli_argv` missing, "
            "empty or not a list of non-empty strings; `deterministic_smoke` not a list of "
            "strings. Unknown keys are a warning.",
            "Make `manifest` a relative POSIX path inside the root, `cli_argv` a non-empty list "
            "of strings; remove unknown keys.",
        ),
        Code(
            "manifest-present",
            _E,
            "The file the descriptor names does not exist, is not a regular file, cannot be "
            "read, or is not named SMART_TOOL.md.",
            "Point `manifest` in smart-tool.json at the tool's SMART_TOOL.md.",
        ),
        Code(
            "manifest-frontmatter-parses",
            _E,
            "The YAML frontmatter cannot be read: no opening or closing `---`, invalid YAML, "
            "not a mapping, duplicate keys, tags outside YAML's core schema, alias expansion or "
            "nesting beyond the limits, a file that is not UTF-8 or is too large.",
            "Start the file with `---`, close the frontmatter with `---`, and keep it plain "
            "YAML: no tags, no anchors, each key once.",
        ),
        Code(
            "manifest-fields-closed",
            _E,
            "A frontmatter field outside the seven of the spec (smart_tool_format, name, "
            "version, description, use_cases, platforms, requires).",
            "Remove the field, or move what it says into the Markdown body.",
        ),
        Code(
            "manifest-required-fields",
            _E,
            'A required field is missing, or present but empty (`""`, `[]`, null).',
            "Give every field content; leave `requires` out when there are no prerequisites.",
        ),
        Code(
            "manifest-field-shape",
            _E,
            "A field has the wrong type: smart_tool_format not a number (or a format this "
            "tool does not understand), name/version/description not strings, use_cases or "
            "platforms not lists of non-empty strings.",
            'Use the types of the spec\'s example; quote versions (`version: "1.0"`).',
        ),
        Code(
            "manifest-name-format",
            _E,
            "`name` is not lowercase alphanumerics separated by single hyphens.",
            "Rename to e.g. `my-tool`.",
        ),
        Code(
            "manifest-version-matches-package",
            _E,
            "The manifest's version differs from the package's version (compared as PEP 440 "
            "normalised strings), or is not valid PEP 440. As info: the package version could "
            "not be resolved here, so the comparison was not made.",
            "Set `version` in SMART_TOOL.md to the package's version in the same commit.",
        ),
        Code(
            "manifest-requires-shape",
            _E,
            "A `requires` entry is not a mapping, lacks `name`, `purpose` or `install`, has "
            "unknown keys, a non-boolean `optional`, or an `install` that is not a relative "
            "path or an http(s) URL (a command is never allowed).",
            "Give each entry name, purpose and install (a doc path or URL) and optionally `optional: true`.",
        ),
        Code(
            "manifest-install-doc-missing",
            _E,
            "A relative `install` path exists neither relative to the manifest's folder nor to "
            "the distribution root.",
            "Add the document, or fix the path.",
        ),
        Code(
            "manifest-single-per-root",
            _E,
            "A second SMART_TOOL.md under the distribution root, outside nested roots (folders "
            "with their own smart-tool.json).",
            "Delete the copy, give the other tool its own smart-tool.json, or list it in "
            "`[tool.smart-tool] exclude`.",
        ),
        Code(
            "manifest-platforms-known",
            _W,
            "A `platforms` entry other than linux, macos, windows.",
            "Use the suggested spelling (darwin/osx -> macos, win32 -> windows, Linux -> linux).",
        ),
        Code(
            "manifest-name-matches-package",
            _W,
            "The manifest's `name` differs from the normalised package name.",
            "Use the same name in both places, or accept the warning if the difference is deliberate.",
        ),
        Code(
            "descriptor-cli-argv-declared",
            _W,
            "`cli_argv[0]` is not a console script declared in `[project.scripts]`.",
            "Declare the script in `[project.scripts]`, or start cli_argv with it.",
        ),
        Code(
            "tree-readable",
            _W,
            "A folder under the root could not be read, so a second SMART_TOOL.md inside it would go unseen.",
            "Fix the folder's permissions, or list it in `[tool.smart-tool] exclude`.",
        ),
        Code(
            "package-definition-parses",
            _E,
            "pyproject.toml or package.json at the root cannot be read or parsed.",
            "Fix the TOML/JSON syntax the message points at.",
        ),
        Code(
            "config-valid",
            _E,
            "`[tool.smart-tool]` (or the build hook's table) has an unknown key or a value of "
            "the wrong type.",
            "Use only the documented options, with the documented types.",
        ),
        Code(
            "collection-metadata",
            _E,
            "A collection's pyproject.toml is missing, or its [project] lacks a valid name "
            "(lowercase words joined by hyphens), a static semantic version X.Y.Z, a non-empty "
            "description, or has [project.urls] that are not strings.",
            'Write name = "my-collection", version = "1.0.0" and a one-line description in [project].',
        ),
        Code(
            "collection-table",
            _E,
            "[tool.amplifier.collection] is not a table, or a documented field has the wrong "
            "type: author not a string, capabilities not a list of strings, requires not a "
            "table of constraint strings.",
            'Use author = "name", capabilities = ["..."], and [tool.amplifier.collection.requires].',
        ),
        Code(
            "collection-table-keys",
            _W,
            "[tool.amplifier.collection] has a key the spec does not document (documented: "
            "author, capabilities, requires); the application ignores it.",
            "Remove the key, or move what it says into the README.",
        ),
        Code(
            "collection-requires",
            _E,
            "A [tool.amplifier.collection.requires] entry names no valid collection, or its "
            "constraint does not parse.",
            'Use ^1.2.3, ~1.2.3, ">=1.0,<2.0" or ==1.5.0, keyed by the collection\'s name.',
        ),
        Code(
            "collection-package",
            _E,
            "No package folder named after the project (hyphens as underscores) with an "
            "__init__.py, at the root or under src/.",
            "Rename the folder to the project's name with underscores, or rename the project; "
            "add an __init__.py.",
        ),
        Code(
            "collection-version-attr",
            _E,
            "The package's __init__.py sets __version__ to something other than the collection's version.",
            "Set __version__ to [project] version in the same commit, or remove it.",
        ),
        Code(
            "collection-embedded-drift",
            _E,
            "The embedded <package>/pyproject.toml, which the application reads after "
            "installation, differs from the root in [project] name, version, description or "
            "urls, or in [tool.amplifier.collection], or cannot be parsed.",
            "Copy the root pyproject.toml over it, or delete it: the build then ships the root's.",
        ),
        Code(
            "collection-embedded-differs",
            _W,
            "The embedded <package>/pyproject.toml differs from the root outside the metadata "
            "the application reads (the message names the key).",
            "Copy the root pyproject.toml over it, or delete it: the build then ships the root's.",
        ),
        Code(
            "collection-profile",
            _E,
            "A profiles/*.md file does not begin with `---` YAML frontmatter (YAML shown only "
            "in a code fence included), the frontmatter does not parse, or it has no `name` at "
            "the top level or under `profile:`.",
            "Start the file with a `---` block holding `profile:` with name, version, description.",
        ),
        Code(
            "collection-agent",
            _E,
            "An agents/*.md file does not begin with `---` YAML frontmatter (YAML shown only in "
            "a code fence included), the frontmatter does not parse, or it lacks `name` or "
            "`description` at the top level or under `meta:`.",
            "Start the file with a `---` block holding `meta:` with name and description.",
        ),
        Code(
            "collection-scenario-tool",
            _E,
            "A scenario-tools/*/ folder has no pyproject.toml.",
            "Give each scenario tool its own pyproject.toml, or move the folder out.",
        ),
        Code(
            "collection-module",
            _E,
            "A modules/*/ folder has neither __init__.py nor pyproject.toml, so discovery skips it.",
            "Make it a Python package, or move the folder out of modules/.",
        ),
        Code(
            "artifact-readable",
            _E,
            "The artifact cannot be opened as a wheel or sdist, or lacks the metadata every "
            "wheel (.dist-info/METADATA) or sdist (one top folder, PKG-INFO) has.",
            "Rebuild it; check the file was not truncated on upload or download.",
        ),
        Code(
            "artifact-member-paths",
            _E,
            "A member path is absolute or climbs out of the archive with `..`, a member is a "
            "link or a device rather than a file, or a member name appears twice.",
            "Rebuild with a standard backend; never publish such an archive.",
        ),
        Code(
            "artifact-descriptor-present",
            _E,
            "The wheel carries no smart-tool.json in its .dist-info.",
            "Build with smart-tool-build in [build-system].requires (hatchling: add the hook table).",
        ),
        Code(
            "artifact-manifest-present",
            _E,
            "The wheel carries no SMART_TOOL.md outside nested tools.",
            "Build with smart-tool-build, or ship the manifest as package data.",
        ),
        Code(
            "artifact-matches-source",
            _E,
            "The manifest or descriptor in the artifact is not byte-identical to the source, or "
            "the manifest is not where it belongs.",
            "Rebuild from a clean tree; make sure no other hook rewrites SMART_TOOL.md.",
        ),
        Code(
            "artifact-contents",
            _E,
            "A file the artifact must carry is missing: an install document in the sdist, or "
            "package data a collection needs in the wheel.",
            "Rebuild with smart-tool-build; it adds these files whatever the include settings say.",
        ),
        Code(
            "artifact-pair-identical",
            _E,
            "A wheel and an sdist of the same release carry different manifests.",
            "Build both from the same commit, with one `python -m build`.",
        ),
    )
}


def make(
    code: str,
    path: Optional[PurePath | str],
    line: Optional[int],
    message: str,
    hint: Optional[str] = None,
    severity: Optional[Severity] = None,
) -> Diagnostic:
    """Build a diagnostic for a known code; unknown codes are a programming error."""
    known = CODES[code]
    return Diagnostic(
        code=code,
        severity=severity or known.severity,
        path=None if path is None else PurePath(path).as_posix(),
        line=line,
        message=message,
        hint=hint,
    )


def has_errors(diagnostics: list[Diagnostic], *, warnings_as_errors: bool = False) -> bool:
    """True when the diagnostics should fail a build or a check."""
    failing = {Severity.ERROR, Severity.WARNING} if warnings_as_errors else {Severity.ERROR}
    return any(d.severity in failing for d in diagnostics)
