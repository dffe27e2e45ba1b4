"""Which of the smart-tool checks apply to a collection that is no smart tool: the
configuration's, the library skills' and an MCP server's. Loaded only for such a collection."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..diagnostics.diagnostic import Diagnostic

#: the prefixes of the library skills' codes, which a collection's build keeps too
SKILL_CODES = ("skill-", "skills-", "skillmeta-")


def applying(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The findings of ``diagnostics`` a collection's build keeps."""
    return [
        d
        for d in diagnostics
        if d.code in ("config-valid", "package-definition-parses")
        or d.code.startswith((*SKILL_CODES, "mcp-"))
    ]
