"""Where a smart tool's files go in each artifact: the one answer every adapter translates
(docs/backends.md, "What ends up where"). Loaded only for a smart tool's build.
"""

from __future__ import annotations

import re
from typing import NamedTuple, Optional

from ..project.names import DESCRIPTOR_NAME, MANIFEST_NAME, PROJECTION_NAME
from .layout import PlannedFile

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..archives.facts import SourceFacts
    from ..rules.doc_places import InstallDoc
    from ..rules.root import RootReport


class Layout(NamedTuple):
    """The files of one tool and their places."""

    #: the manifest's source path, relative to the root
    manifest_source: str
    #: its place in the wheel, or None when it goes into the .dist-info folder
    manifest_in_package: Optional[str]
    #: every file the sdist must carry, relative to the root
    sdist_files: tuple[str, ...]
    #: the install documents the manifest names, which travel with it into the wheel
    documents: tuple[InstallDoc, ...] = ()
    #: the checked manifest's JSON projection (None: the manifest is not valid, its errors
    #: ignored), which the wheel carries beside the descriptor for the runtime accessor
    projection: Optional[bytes] = None

    @property
    def wheel_manifest(self) -> PlannedFile:
        if self.manifest_in_package is not None:
            return PlannedFile(self.manifest_source, self.manifest_in_package)
        return PlannedFile(self.manifest_source, MANIFEST_NAME, in_dist_info=True)

    def wheel_documents(self) -> tuple[PlannedFile, ...]:
        """Each install document at the same path relative to the installed manifest as the
        manifest names it (one that has no such place ships in the sdist only)."""
        from ..rules.doc_places import wheel_place  # a tool's wheel: a library plans no documents

        in_dist_info = self.manifest_in_package is None
        placed = []
        for doc in self.documents:
            place = wheel_place(self.manifest_in_package, doc.reference)
            if place is not None and doc.source != self.manifest_source:
                placed.append(PlannedFile(doc.source, place, in_dist_info=in_dist_info))
        return tuple(placed)

    @property
    def wheel_projection(self) -> Optional[PlannedFile]:
        """The manifest's projection, made by the build, in the ``.dist-info`` folder."""
        if self.projection is None:
            return None
        return PlannedFile(self.manifest_source, PROJECTION_NAME, in_dist_info=True, content=self.projection)

    def wheel_files(self) -> tuple[PlannedFile, ...]:
        descriptor = PlannedFile(DESCRIPTOR_NAME, DESCRIPTOR_NAME, in_dist_info=True)
        made = () if self.wheel_projection is None else (self.wheel_projection,)
        return (self.wheel_manifest, descriptor, *made, *self.wheel_documents())

    def facts(self, kind: str, tool: RootReport, facts: SourceFacts) -> SourceFacts:
        """``facts`` with what the ``kind`` artifact carries of the tool: the checked manifest
        and descriptor at their places, and a wheel's projection and install documents."""
        from dataclasses import replace

        manifest = self.wheel_manifest if kind == "wheel" else None
        return replace(
            facts,
            manifest_bytes=tool.manifest_bytes,
            descriptor_bytes=tool.descriptor_bytes,
            manifest_relative=self.manifest_source,
            wheel_manifest_member=None if manifest is None else manifest.target,
            wheel_manifest_in_dist_info=manifest is not None and manifest.in_dist_info,
            wheel_projection=None if manifest is None else self.projection,
            wheel_documents=() if manifest is None else tuple(f.target for f in self.wheel_documents()),
        )


def plan_layout(tool: RootReport, manifest_source: str, manifest_bytes: bytes) -> Layout:
    """Where the checked tool's files go: the manifest at ``manifest_source`` (its checked
    bytes ``manifest_bytes``), its install documents, its projection when it is valid."""
    projection = None
    if tool.manifest is not None:
        from ..project.manifest_model import projection_bytes

        projection = projection_bytes(tool.manifest, manifest_bytes)
    sdist = [DESCRIPTOR_NAME, manifest_source, *(doc.source for doc in tool.documents)]
    return Layout(
        manifest_source, tool.manifest_place, tuple(dict.fromkeys(sdist)), tuple(tool.documents), projection
    )


def dist_info_name(name: str, version: str) -> str:
    """The .dist-info folder name a wheel of ``name`` ``version`` uses (PEP 427/491), for a
    backend that does not say which name it gives."""
    escaped = re.sub(r"[-_.]+", "_", name).lower()
    return f"{escaped}-{version.replace('-', '_')}.dist-info"
