"""What a finished archive is checked against (:class:`SourceFacts`) and what its check found
(:class:`ArtifactReport`): the records a build and ``inspect`` share, apart from the rules."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from ..diagnostics.verdict import has_errors
from ..project.config import Options

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..diagnostics.diagnostic import Diagnostic
    from ..rules.manifest import Manifest
    from .skill_checks import SkillFacts


@dataclass(frozen=True)
class SourceFacts:
    """What the source tree says a finished artifact must carry.

    Without ``manifest_bytes`` the project is not a smart tool (a collection, say): only the
    members listed must be there.
    """

    manifest_bytes: Optional[bytes] = None
    descriptor_bytes: Optional[bytes] = None
    #: the manifest's source path, relative to the root (its place in the sdist)
    manifest_relative: Optional[str] = None
    #: where the wheel must carry the manifest (None: anywhere outside nested tools)
    wheel_manifest_member: Optional[str] = None
    #: whether that place is inside the wheel's .dist-info folder (the verifier finds its name)
    wheel_manifest_in_dist_info: bool = False
    #: further files the sdist must carry (install documents), relative to the root
    sdist_members: tuple[str, ...] = ()
    #: further files the wheel must carry (a collection's package data)
    wheel_members: tuple[str, ...] = ()
    #: the install documents the plan put into the wheel, at their places there (from the
    #: .dist-info folder when the manifest is kept there): the source check found these
    wheel_documents: tuple[str, ...] = ()
    #: the checked manifest's projection the build put into the wheel's .dist-info (None:
    #: none planned, as for a manifest whose errors are ignored)
    wheel_projection: Optional[bytes] = None
    #: the options the build runs with: the archive means by them what the source check did
    options: Options = field(default_factory=Options)
    #: the package's version as the project writes it (METADATA may carry its normal form)
    written_version: Optional[str] = None
    #: the library skills the artifact must carry whole, at their places in it (None: the
    #: build planned none, and the artifact's own are not judged)
    skills: Optional[tuple[SkillFacts, ...]] = None
    #: the version the build checked the tool with (the plan's): the archive's must be it
    checked_version: Optional[str] = None
    #: the MCP server name the description must claim (``mcp-name:``; None: no server.json)
    mcp_name: Optional[str] = None
    #: the package's name (the archive's Name must be it for the source's verdict to carry)
    name: Optional[str] = None
    #: the manifest's import path in a wheel, as the source tree gives it
    manifest_place: Optional[str] = None
    #: the source check found nothing at all (no finding, none set aside): an archive that
    #: carries the checked bytes where the plan put them needs no rule run again
    clean: bool = False


@dataclass
class ArtifactReport:
    path: Path
    kind: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    version: Optional[str] = None
    #: the METADATA / PKG-INFO Name, PEP 503-normalised
    name: Optional[str] = None
    manifest: Optional[Manifest] = None
    manifest_bytes: Optional[bytes] = None
    manifest_member: Optional[str] = None
    #: the manifest's parsed frontmatter, valid or not (the rules that read other members use it)
    frontmatter: Any = None
    #: the options it was checked with (an sdist's own ``[tool.smart-tool]``, unless given)
    options: Options = field(default_factory=Options)
    #: the version as the project writes it, when known (an sdist's pyproject.toml)
    written_version: Optional[str] = None
    #: findings set aside by the options' ``ignore``
    ignored: list[Diagnostic] = field(default_factory=list)
    #: the relative ``install`` paths whose documents the sdist lacks (the source's finding,
    #: ``manifest-install-doc-missing``), which the wheel of the same release lacks too
    lacking_install: tuple[str, ...] = ()

    def failed(self, *, warnings_as_errors: bool = False) -> bool:
        return has_errors(self.diagnostics, warnings_as_errors=warnings_as_errors)
