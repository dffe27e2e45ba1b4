"""MCP servers on PyPI: the checks that keep a release listable by the official MCP registry.

A project with a ``server.json`` (at its root, or where ``[tool.smart-tool] mcp-server``
names it) is checked as the registry checks it (:mod:`.registry_rules`), its versions held to
the package's (:mod:`.versions`), and its description to the ``mcp-name:`` claim
(:mod:`.claim`), in the source (:mod:`.check`) and in the finished archive. Nothing here is
imported by a build of a project without one.
"""

from __future__ import annotations

#: the file's name at the root, where the registry's publisher looks for it
SERVER_JSON = "server.json"
