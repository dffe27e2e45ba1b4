"""The rules of a finished sdist: one top folder, the descriptor at its root, the manifest
it names (and no second one), the install documents a wheel built from it needs.
"""

from __future__ import annotations

import posixpath
from typing import Optional

from ..diagnostics.diagnostic import Diagnostic, make
from ..project.names import DESCRIPTOR_NAME as DESCRIPTOR
from ..project.names import MANIFEST_NAME as MANIFEST
from ..rules import descriptor as descriptor_module
from ..rules.install_docs import candidates
from ..rules.requirements import install_references
from .contents import (
    ArtifactReport,
    SourceFacts,
    compare_source,
    manifests_outside,
    nested_folders,
    parse_manifest,
    read_headers,
    require,
)
from .reader import Archive


def check_sdist(
    archive: Archive,
    report: ArtifactReport,
    shown: str,
    source: Optional[SourceFacts],
) -> None:
    out = report.diagnostics
    tops = {name.split("/", 1)[0] for name in archive.files}
    if len(tops) != 1 or any("/" not in name for name in archive.files):
        out.append(
            make(
                "artifact-readable",
                shown,
                None,
                "an sdist keeps every member under one top folder",
                "rebuild it with a standard backend",
            )
        )
        return
    top = tops.pop() + "/"
    read_headers(report, archive)
    if report.version is None:
        out.append(
            make(
                "artifact-readable",
                f"{shown}/{top}PKG-INFO",
                None,
                "no PKG-INFO Version",
                "rebuild it with a standard backend",
            )
        )
    if source is not None and source.manifest_bytes is None:  # not a smart tool: its files only
        members = tuple(top + m for m in source.sdist_members)
        out.extend(require(archive, members, shown, "a wheel built from the sdist needs it"))
        return
    descriptor_member = top + DESCRIPTOR
    if descriptor_member not in archive.files:
        out.append(
            make(
                "descriptor-present",
                f"{shown}/{descriptor_member}",
                None,
                "the sdist carries no smart-tool.json at its root",
                "build with smart-tool-build, or ship smart-tool.json in the sdist",
            )
        )
        return
    parsed = descriptor_module.parse_bytes(
        archive.read(descriptor_member) or b"", f"{shown}/{descriptor_member}"
    )
    out.extend(parsed.diagnostics)
    if parsed.descriptor is None:
        return
    relative = posixpath.normpath(parsed.descriptor.manifest)
    member = top + relative
    nested = nested_folders(archive, top, top.rstrip("/"))
    others = [
        name for name in manifests_outside(archive, nested, top, report.options.exclude) if name != member
    ]
    for other in others:
        out.append(
            make(
                "manifest-single-per-root",
                f"{shown}/{other}",
                None,
                f"a second SMART_TOOL.md in the sdist, whose manifest is {member}",
                "ship one SMART_TOOL.md per distribution; leave the copy out of the sdist",
            )
        )
    if posixpath.basename(relative) != MANIFEST:
        out.append(
            make(
                "manifest-present",
                f"{shown}/{descriptor_member}",
                parsed.key_lines.get("manifest"),
                f"`manifest` names {parsed.descriptor.manifest!r}; the manifest must be named {MANIFEST}",
                f"rename the file {MANIFEST} and name it so in smart-tool.json",
            )
        )
    elif member not in archive.files:
        out.append(
            make(
                "manifest-present",
                f"{shown}/{member}",
                None,
                "the manifest the descriptor names is missing",
                "ship SMART_TOOL.md in the sdist: build with smart-tool-build, or include it in the sdist",
            )
        )
    else:
        parse_manifest(archive, member, shown, report)
    out.extend(_install_docs_in(archive, report, top, relative, shown))
    if source is not None:
        out.extend(compare_source(archive, report.manifest_member, source.manifest_bytes, "manifest", shown))
        out.extend(compare_source(archive, descriptor_member, source.descriptor_bytes, "descriptor", shown))
        out.extend(
            require(
                archive,
                tuple(top + m for m in source.sdist_members),
                shown,
                "a wheel built from the sdist needs it",
            )
        )


def _install_docs_in(
    archive: Archive, report: ArtifactReport, top: str, relative: str, shown: str
) -> list[Diagnostic]:
    out = []
    folders = {posixpath.dirname(name) + "/" for name in archive.files}
    for index, install, _ in install_references(report.frontmatter):
        found = candidates(relative, install)
        if found is None:
            continue
        if any(top + c in archive.files or top + c + "/" in folders for c in found):
            continue
        report.lacking_install += (install,)
        out.append(
            make(
                "manifest-install-doc-missing",
                f"{shown}/{report.manifest_member}",
                None,
                f"requires[{index}] install {install!r} is not in the sdist",
                "build with smart-tool-build, which ships install documents, or add it to the sdist",
            )
        )
    return out
