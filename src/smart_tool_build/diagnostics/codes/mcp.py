"""Codes of the MCP server rules (``mcp-*``): a ``server.json`` for the official MCP registry,
and the ``mcp-name:`` claim the registry reads from the PyPI description of the release."""

from __future__ import annotations

from .base import ERROR, WARNING, Code

CODES: tuple[Code, ...] = (
    Code(
        "mcp-server-json-parses",
        ERROR,
        "server.json (at the root, or where [tool.smart-tool] mcp-server names it) cannot be "
        "read as one JSON object: missing, not a regular file inside the project (a FIFO, a "
        "symlink leading out), over 1 MiB, binary or not UTF-8, not strict JSON (a duplicate "
        "key, NaN, a trailing comma), nested too deeply, or not an object.",
        "Write server.json as one plain JSON object, as `smart-tool init --mcp-server` does.",
    ),
    Code(
        "mcp-schema-version",
        ERROR,
        "server.json's `$schema` is missing, or names a schema version the registry deprecated "
        "(2025-10-17) or does not know: the registry refuses it before reading anything else.",
        'Set "$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json".',
    ),
    Code(
        "mcp-schema",
        ERROR,
        "server.json breaks the registry's schema (2025-12-11): a required field missing "
        "(`name`, `description`, `version`; a package's `registryType`, `identifier`, "
        "`transport`), a value of the wrong type, `description` or `title` empty or over 100 "
        "characters, `version` over 255, or a transport other than `stdio`, or "
        "`streamable-http` / `sse` with an http(s) `url`.",
        "Fix the field the line names; `description` is at most 100 characters.",
    ),
    Code(
        "mcp-name-format",
        ERROR,
        "server.json's `name` is not of the registry's form `namespace/name` (3-200 characters, "
        "exactly one `/`, each part starting and ending with a letter or digit; the namespace "
        "letters, digits, `.` and `-`; the name also `_`).",
        "Name it in reverse DNS, e.g. io.github.<Owner>/<project>.",
    ),
    Code(
        "mcp-version-specific",
        ERROR,
        "A `version` of server.json (the server's, or a package's) is `latest` or a range "
        "(`^1.2`, `~1.2`, `>=1.2`, `1.x`, `1.*`, `1 - 2`, `1 || 2`): the registry publishes "
        "one specific version.",
        "Write the exact version of the release, e.g. 1.2.0.",
    ),
    Code(
        "mcp-pypi-package",
        ERROR,
        "A PyPI entry of server.json's `packages` breaks the registry's rules for PyPI: "
        "`registryBaseUrl` other than https://pypi.org, a `fileSha256` (for MCPB bundles only), "
        "or an `identifier` with spaces.",
        'Keep "registryType": "pypi", "identifier": "<project>", and drop registryBaseUrl and fileSha256.',
    ),
    Code(
        "mcp-namespace-casing",
        ERROR,
        "server.json's `io.github.<Owner>` namespace differs in casing from the owner in "
        "`repository.url`: the registry grants a GitHub namespace with the owner's exact casing.",
        "Write the owner in `name` exactly as in the repository's URL.",
    ),
    Code(
        "mcp-version-matches-package",
        ERROR,
        "The `version` of server.json's PyPI entry for this project, or its top-level `version` "
        '(unless [tool.smart-tool] mcp-server-version = "independent"), is not the version the '
        "build writes into METADATA: the registry reads the description of exactly that release, "
        "and refuses a top-level version it has published before. A warning when the two are "
        "equal under PEP 440 but spelt differently (1.2 for 1.2.0); info when the package's "
        "version is only known to the build.",
        "Set both versions to the package's, in the same commit as the version bump; "
        "`smart-tool fix` does it for a release version.",
        fixable=True,
    ),
    Code(
        "mcp-package-listed",
        WARNING,
        "server.json has no `packages` entry with registryType `pypi` for this project "
        "(PEP 503-normalised names): the registry will not list the package this build makes.",
        'Add {"registryType": "pypi", "identifier": "<project>", "version": "<version>", '
        '"transport": {"type": "stdio"}} to `packages`.',
    ),
    Code(
        "mcp-readme-declared",
        ERROR,
        "The project declares no `readme` (so the release has no description, and no claim), "
        "or the readme it declares cannot be read (missing, outside the project, not a regular "
        "file, over 1 MiB, not UTF-8); on an artifact, METADATA / PKG-INFO has no description.",
        'Declare readme = "README.md" in [project] and keep the claim in it.',
    ),
    Code(
        "mcp-name-claimed",
        ERROR,
        "The description (the readme; on an artifact, METADATA / PKG-INFO) lacks the registry's "
        "claim `mcp-name: <server.json name>` by its exact rule: absent, present only glued to a "
        "longer name, present with another casing, or present only in `keywords` or the summary, "
        "which the registry never reads. Info when the readme is assembled at build time (the "
        "build checks the artifact).",
        "Add a line `<!-- mcp-name: <name> -->` (or `mcp-name: <name>`) to the readme, "
        "with the name exactly.",
    ),
)
