"""Every diagnostic code id, as a type: a misspelt code is a type error, not a run-time one.

The table (:data:`smart_tool_build.codes.CODES`) and this list are kept equal by a test.
"""

from __future__ import annotations

from typing import Literal

CodeId = Literal[
    "descriptor-present",
    "descriptor-shape",
    "manifest-present",
    "manifest-frontmatter-parses",
    "manifest-fields-closed",
    "manifest-required-fields",
    "manifest-field-shapes",
    "manifest-name-format",
    "manifest-version-matches-package",
    "manifest-requires-shape",
    "manifest-install-doc-missing",
    "manifest-single-per-root",
    "version-attr-matches-package",
    "manifest-platforms-known",
    "manifest-name-matches-package",
    "descriptor-cli-argv-declared",
    "tree-readable",
    "package-definition-parses",
    "config-valid",
    "collection-metadata",
    "collection-table",
    "collection-table-keys",
    "collection-requires",
    "collection-package",
    "collection-version-attr",
    "collection-embedded-drift",
    "collection-embedded-differs",
    "collection-profile",
    "collection-agent",
    "collection-scenario-tool",
    "collection-module",
    "artifact-readable",
    "artifact-member-paths",
    "artifact-descriptor-present",
    "artifact-manifest-present",
    "artifact-matches-source",
    "artifact-contents",
    "artifact-pair-identical",
]
