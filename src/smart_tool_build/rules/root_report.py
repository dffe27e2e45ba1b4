"""What the check of one root knows when it ends: the record every caller reads (a build's
plan, the command line), apart so that each half of the check can name it."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from ..diagnostics.verdict import has_errors
from ..project import config
from ..project.distribution import PackageDefinition

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..diagnostics.diagnostic import Diagnostic
    from ..project.skills import SkillSource
    from . import descriptor, manifest
    from .doc_places import InstallDoc

__all__ = ["RootReport"]


@dataclass
class RootReport:
    """Everything known about one root after checking it."""

    root: Path
    diagnostics: list[Diagnostic]
    package: PackageDefinition
    options: config.Options
    descriptor: Optional[descriptor.Descriptor] = None
    manifest: Optional[manifest.Manifest] = None
    #: the manifest's frontmatter as read, valid or not (None: not read)
    frontmatter: Any = None
    #: the manifest's and the descriptor's bytes as checked (each file is read once a build)
    manifest_bytes: Optional[bytes] = None
    descriptor_bytes: Optional[bytes] = None
    #: the manifest's path relative to the root (POSIX), when the descriptor names one
    manifest_relative: Optional[str] = None
    #: the manifest's import path in a wheel (``acme/SMART_TOOL.md``), or None outside every
    #: package (the wheel then keeps it in its ``.dist-info`` folder)
    manifest_place: Optional[str] = None
    #: the install documents the manifest points to, found inside the root
    documents: list[InstallDoc] = field(default_factory=list)
    nested_roots: list[str] = field(default_factory=list)
    #: findings set aside by ``ignore`` (the options' codes): not failures, but a build names them
    ignored: list[Diagnostic] = field(default_factory=list)
    #: the library skills the project ships (``<package>/.agents/skills/<name>/`` and the
    #: folders of ``[tool.smart-tool] skills``), each with its places in wheel and sdist
    skills: list[SkillSource] = field(default_factory=list)
    #: the check of an MCP server's server.json (``rules.mcp.check.ServerReport``; None: it has none)
    mcp: Any = None

    def failed(self, *, warnings_as_errors: bool = False) -> bool:
        return has_errors(self.diagnostics, warnings_as_errors=warnings_as_errors)
