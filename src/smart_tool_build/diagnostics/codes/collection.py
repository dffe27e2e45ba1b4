"""Codes of the collection rules (``collection-*``)."""

from __future__ import annotations

from .base import ERROR, WARNING, Code

CODES: tuple[Code, ...] = (
    Code(
        "collection-metadata",
        ERROR,
        "A collection's pyproject.toml is missing, or its [project] lacks a valid name "
        "(lowercase words joined by hyphens), a static semantic version X.Y.Z, a non-empty "
        "description, or has [project.urls] that are not strings.",
        'Write name = "my-collection", version = "1.0.0" and a one-line description in [project].',
    ),
    Code(
        "collection-table",
        ERROR,
        "[tool.amplifier.collection] is not a table, or a documented field has the wrong "
        "type: author not a string, capabilities not a list of strings, requires not a "
        "table of constraint strings.",
        'Use author = "name", capabilities = ["..."], and [tool.amplifier.collection.requires].',
    ),
    Code(
        "collection-table-keys",
        WARNING,
        "[tool.amplifier.collection] has a key the spec does not document (documented: "
        "author, capabilities, requires); the application ignores it.",
        "Remove the key, or move what it says into the README.",
    ),
    Code(
        "collection-requires",
        ERROR,
        "A [tool.amplifier.collection.requires] entry names no valid collection, or its "
        "constraint does not parse.",
        'Use ^1.2.3, ~1.2.3, ">=1.0,<2.0" or ==1.5.0, keyed by the collection\'s name.',
    ),
    Code(
        "collection-package",
        ERROR,
        "No package folder named after the project (hyphens as underscores) with an "
        "__init__.py, at the root or under src/.",
        "Rename the folder to the project's name with underscores, or rename the project; "
        "add an __init__.py.",
    ),
    Code(
        "collection-version-attr",
        ERROR,
        "The package's __init__.py sets __version__ to something other than the collection's version.",
        "Set __version__ to [project] version in the same commit, or remove it.",
    ),
    Code(
        "collection-embedded-drift",
        ERROR,
        "The embedded <package>/pyproject.toml, which the application reads after "
        "installation, differs from the root in [project] name, version, description or "
        "urls, or in [tool.amplifier.collection], or cannot be parsed.",
        "Copy the root pyproject.toml over it, or delete it: the build then ships the root's.",
    ),
    Code(
        "collection-embedded-differs",
        WARNING,
        "The embedded <package>/pyproject.toml differs from the root outside the metadata "
        "the application reads (the message names the key).",
        "Copy the root pyproject.toml over it, or delete it: the build then ships the root's.",
    ),
    Code(
        "collection-profile",
        ERROR,
        "A profiles/*.md file does not begin with `---` YAML frontmatter (YAML shown only "
        "in a code fence included), the frontmatter does not parse, or it has no `name` at "
        "the top level or under `profile:`.",
        "Start the file with a `---` block holding `profile:` with name, version, description.",
    ),
    Code(
        "collection-agent",
        ERROR,
        "An agents/*.md file does not begin with `---` YAML frontmatter (YAML shown only in "
        "a code fence included), the frontmatter does not parse, or it lacks `name` or "
        "`description` at the top level or under `meta:`.",
        "Start the file with a `---` block holding `meta:` with name and description.",
    ),
    Code(
        "collection-scenario-tool",
        ERROR,
        "A scenario-tools/*/ folder has no pyproject.toml.",
        "Give each scenario tool its own pyproject.toml, or move the folder out.",
    ),
    Code(
        "collection-module",
        ERROR,
        "A modules/*/ folder has neither __init__.py nor pyproject.toml, so discovery skips it.",
        "Make it a Python package, or move the folder out of modules/.",
    ),
)
