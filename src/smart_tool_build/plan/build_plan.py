"""What a build must do for one project, decided once for every adapter: the checks' verdict
and the files each artifact must carry. An adapter only translates it into its backend's
terms; no rule about content or places lives there. A project is built as a smart tool, a
collection, a library with skills, an MCP server, or several of them at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Optional

from ..archives.facts import SourceFacts
from ..diagnostics.verdict import has_errors
from ..project.config import HookOptions, Options
from ..project.distribution import is_collection
from ..project.names import DESCRIPTOR_NAME
from ..rules.root import RootReport, check_root
from .layout import ArtifactKind, PlannedFile

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..diagnostics.diagnostic import Diagnostic
    from ..rules.collection import CollectionReport
    from .skill_files import PlannedSkill
    from .tool_layout import Layout


@dataclass
class BuildPlan:
    """The checks' verdict on one project and the files its artifacts must carry."""

    root: Path
    version: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: lines the build prints so the user sees what was decided
    notes: list[str] = field(default_factory=list)
    tool: Optional[RootReport] = None
    collection: Optional[CollectionReport] = None
    #: where the smart tool's own files go (None when the project is not a smart tool)
    layout: Optional[Layout] = None
    #: the options the build runs with (``[tool.smart-tool]``, the hook's table over it)
    options: Options = field(default_factory=Options)
    #: findings set aside by the options' ``ignore``: not failures, but the build names them
    ignored: list[Diagnostic] = field(default_factory=list)
    #: the library skills the artifacts carry whole (:mod:`smart_tool_build.plan.skill_files`)
    skills: tuple[PlannedSkill, ...] = ()
    #: the MCP server name the archives' description must claim (None: no server.json to claim)
    mcp_name: Optional[str] = None
    #: server.json's path, which the sdist carries (None: the project has none)
    mcp_source: Optional[str] = None

    def failed(self) -> bool:
        return has_errors(self.diagnostics)

    def files(self, kind: ArtifactKind) -> tuple[PlannedFile, ...]:
        """Every file the ``kind`` artifact must carry, with its place there.

        An editable wheel carries none of them: it serves the source tree, where the
        runtime accessor reads the manifest (a copy would go stale or shadow the package).
        """
        if kind == "editable":
            return ()
        if kind == "sdist":
            names: list[str] = []
            if self.layout is not None:
                names += self.layout.sdist_files
            if self.collection is not None:
                names += self.collection.plan.sdist_files
            if self.mcp_source is not None:
                names.append(self.mcp_source)
            return tuple(PlannedFile(name, name) for name in dict.fromkeys(names)) + self.skill_files(kind)
        files: list[PlannedFile] = []
        if self.layout is not None:
            files += self.layout.wheel_files()
        if self.collection is not None:
            files += [PlannedFile(source, member) for source, member in self.collection.plan.wheel_files]
        return tuple(dict.fromkeys(files)) + self.skill_files(kind)

    def skill_files(self, kind: ArtifactKind) -> tuple[PlannedFile, ...]:
        """The files of the library skills among :meth:`files` (none without skills)."""
        if not self.skills:
            return ()
        from .skill_files import skill_files

        return skill_files(self.skills, kind)

    def facts(self, kind: Literal["sdist", "wheel"]) -> SourceFacts:
        """What the finished ``kind`` artifact must carry, for the archive verifier."""
        tool, skills, placed = self.tool, None, frozenset[PlannedFile]()
        if self.skills:  # checked by the skill rules, not as plain members
            from .skill_files import skill_facts

            skills = skill_facts(self.root, self.skills, kind)
            placed = frozenset(self.skill_files(kind))
        facts = SourceFacts(
            sdist_members=tuple(f.target for f in self.files("sdist") if f not in placed)
            if kind == "sdist"
            else (),
            wheel_members=self.collection.plan.wheel_members
            if self.collection is not None and kind == "wheel"
            else (),
            options=self.options,
            written_version=tool.package.version.written if tool is not None else None,
            skills=skills,
            checked_version=self.version,
            mcp_name=self.mcp_name,
            name=tool.package.name if tool is not None else None,
            manifest_place=tool.manifest_place if tool is not None else None,
            clean=not self.diagnostics and not self.ignored,
        )
        return facts if self.layout is None or tool is None else self.layout.facts(kind, tool, facts)


def plan_build(
    root: Path,
    *,
    version: str,
    version_origin: str,
    hook: Optional[HookOptions] = None,
    editable: bool = False,
) -> BuildPlan:
    """Check ``root`` with the backend's resolved ``version`` and plan its artifacts."""
    plan = BuildPlan(root, version)
    as_tool = (root / DESCRIPTOR_NAME).exists()
    tool = check_root(root, version=version, version_origin=version_origin, hook=hook, building=True)
    plan.options = tool.options
    as_collection = is_collection(tool.package, tool.options)
    if as_tool or not as_collection:  # a project that is neither is told it lacks a descriptor
        plan.tool = tool
        plan.diagnostics += tool.diagnostics
        plan.ignored += tool.ignored
        # a manifest whose only errors are ignored is still the tool's: its files are planned
        # and its archives checked as a smart tool's
        relative = tool.manifest_relative
        if relative is not None and not plan.failed() and tool.manifest_bytes is not None:
            from .tool_layout import plan_layout  # only a smart tool's build pays for its places

            plan.layout = plan_layout(tool, relative, tool.manifest_bytes)
            name = tool.manifest.name if tool.manifest is not None else tool.package.name
            plan.notes.append(f"{relative} checked ({name} {version})")
    else:  # a collection only: of the smart-tool checks, the configuration's and the skills' apply
        from .collection_checks import applying

        plan.diagnostics += applying(tool.diagnostics)
    if as_collection:
        from .collection_plan import plan_collection  # only collections pay for it

        plan.collection, kept, aside, notes = plan_collection(root, version, tool, editable)
        plan.diagnostics += kept
        plan.ignored += aside
        plan.notes += notes
    if tool.skills:  # only a project with skills loads what places and verifies them
        from .skill_files import plan_library_skills

        plan.skills, notes = plan_library_skills(root, tool.skills, editable)
        plan.notes += notes
    if tool.mcp is not None:  # the MCP server's claim, which the verifier finds in METADATA / PKG-INFO,
        # and its server.json, which the sdist carries so that a wheel built from it is checked the same
        plan.mcp_source, plan.mcp_name = tool.mcp.relative, tool.mcp.name
        if tool.mcp.name is not None:
            plan.notes.append(f"{tool.mcp.shown} checked (MCP server {plan.mcp_name} {plan.version})")
    return plan
