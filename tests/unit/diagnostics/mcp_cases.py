"""The MCP server fixtures of test_codes.py: every diagnostic ``check_root`` gives for each
root under fixtures/roots/ named after an ``mcp-`` code, and the hostile inputs git cannot
store (a huge, deep or binary server.json, one symlinked out of the project, a FIFO readme),
built at run time: each one coded line, no traceback, no hang."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Optional

from smart_tool_build.diagnostics.diagnostic import Severity
from support import ROOTS

Expected = tuple[str, Severity, Optional[str], Optional[int]]
ERR, WARN, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO
S, P, R = "server.json", "pyproject.toml", "README.md"


def e(code: str, path: Optional[str], line: Optional[int]) -> Expected:
    return (code, ERR, path, line)


MCP_FIXTURE_CASES: dict[str, list[Expected]] = {
    # ---- valid: an MCP server needs no smart-tool.json; the registry's accepted forms pass
    "valid-mcp-server": [],  # <!-- mcp-name: io.github.Acme/acme-mcp --> in the readme
    "valid-mcp-server-last-line": [],  # the claim is the readme's last text, no newline after it
    "valid-mcp-server-option": [],  # mcp-server = "mcp/server.json", mcp-server-version = "independent"
    # ---- reading server.json
    "mcp-server-json-parses": [e("mcp-server-json-parses", S, 9)],  # two commas
    "mcp-server-json-parses--not-object": [e("mcp-server-json-parses", S, 1)],
    "mcp-server-json-parses--duplicate-key": [e("mcp-server-json-parses", S, 10)],  # the second
    "mcp-server-json-parses--option-missing": [e("mcp-server-json-parses", P, 14)],  # the option's line
    # ---- the registry's schema and rules
    "mcp-schema-version": [e("mcp-schema-version", S, 2)],  # 2025-10-17, deprecated
    "mcp-schema-version--unknown": [e("mcp-schema-version", S, 2)],
    "mcp-schema-version--missing": [e("mcp-schema-version", S, 1)],
    "mcp-schema": [e("mcp-schema", S, 4)],  # description of 103 characters
    "mcp-schema--transport": [e("mcp-schema", S, 11)],  # a package without transport
    "mcp-schema--title": [e("mcp-schema", S, 20)],  # an empty title
    "mcp-name-format": [e("mcp-name-format", S, 3)],  # two slashes
    "mcp-version-specific": [e("mcp-version-specific", S, 14)],  # ^1.2.0
    "mcp-version-specific--latest": [e("mcp-version-specific", S, 9)],
    "mcp-pypi-package": [e("mcp-pypi-package", S, 18)],  # registryBaseUrl https://test.pypi.org
    "mcp-pypi-package--sha": [e("mcp-pypi-package", S, 18)],  # fileSha256 on a PyPI entry
    "mcp-namespace-casing": [e("mcp-namespace-casing", S, 3)],  # io.github.acme, github.com/Acme
    # ---- versions
    "mcp-version-matches-package": [
        e("mcp-version-matches-package", S, 9),
        e("mcp-version-matches-package", S, 14),
    ],
    "mcp-version-matches-package--spelling": [  # 1.2 for 1.2.0: a warning naming both
        ("mcp-version-matches-package", WARN, S, 9),
        ("mcp-version-matches-package", WARN, S, 14),
    ],
    "mcp-package-listed": [("mcp-package-listed", WARN, S, 10)],  # only other-mcp listed
    # ---- the claim
    "mcp-readme-declared": [e("mcp-readme-declared", P, 5)],  # no readme: no description
    "mcp-name-claimed": [e("mcp-name-claimed", R, None)],
    "mcp-name-claimed--glued": [e("mcp-name-claimed", R, 5)],  # ...acme-mcp-pro
    "mcp-name-claimed--casing": [e("mcp-name-claimed", R, 5)],  # io.github.acme
    "mcp-name-claimed--keywords": [e("mcp-name-claimed", R, None)],  # only in keywords
    "mcp-name-claimed--dynamic": [("mcp-name-claimed", INFO, P, 9)],  # assembled at build time
}


def _server(tmp: Path) -> Path:
    root = tmp / "acme-mcp"
    shutil.copytree(ROOTS / "valid-mcp-server", root)
    return root


def server_huge(tmp: Path) -> Path:
    root = _server(tmp)
    text = (root / S).read_text()
    (root / S).write_text(
        text.replace('"name"', '"padding": "' + "x" * (2 * 1024 * 1024) + '",\n  "name"', 1)
    )
    return root


def server_deep(tmp: Path) -> Path:
    root = _server(tmp)
    text = (root / S).read_text()
    (root / S).write_text(
        text.replace('"name"', '"deep": ' + "[" * 100_000 + "]" * 100_000 + ',\n  "name"', 1)
    )
    return root


def server_binary(tmp: Path) -> Path:
    root = _server(tmp)
    (root / S).write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    return root


def server_symlink_out(tmp: Path) -> Path:
    root = _server(tmp)
    outside = tmp / "elsewhere.json"
    (root / S).replace(outside)
    (root / S).symlink_to(outside)
    return root


def readme_fifo(tmp: Path) -> Path:
    root = _server(tmp)
    (root / R).unlink()
    os.mkfifo(root / R)
    return root


MCP_RUNTIME_CASES: dict[str, tuple[Callable[[Path], Path], list[Expected]]] = {
    "mcp-server-json-parses--huge": (server_huge, [e("mcp-server-json-parses", S, None)]),
    "mcp-server-json-parses--deep": (server_deep, [e("mcp-server-json-parses", S, 1)]),
    "mcp-server-json-parses--binary": (server_binary, [e("mcp-server-json-parses", S, None)]),
    "mcp-server-json-parses--symlink-out": (server_symlink_out, [e("mcp-server-json-parses", S, None)]),
    "mcp-readme-declared--fifo": (readme_fifo, [e("mcp-readme-declared", P, 9)]),
}
