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
from ..rules.doc_places import wheel_place
from ..rules.install_docs import candidates, reference
from ..rules.requirements import install_references
from .archive import Archive
from .confirm_sdist import sdist_import_path
from .contents import (
    carries_tool_file,
    compare_source,
    manifests_outside,
    nested_folders,
    parse_manifest,
    read_headers,
    require,
)
from .facts import ArtifactReport, SourceFacts


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
    if source is not None and source.skills:
        from .skill_checks import check_sdist_skills

        out.extend(check_sdist_skills(archive, shown, top, source.skills))
    if source is not None and source.manifest_bytes is None:  # not a smart tool: its files only
        members = tuple(top + m for m in source.sdist_members)
        out.extend(require(archive, members, shown, "a wheel built from the sdist needs it"))
        return
    descriptor_member = top + DESCRIPTOR
    if source is None and descriptor_member not in archive.files and not carries_tool_file(archive):
        return  # a library's sdist (skills at any path), any project's: no smart-tool rule applies
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
        out.extend(_excluded_copies(archive, report, nested, top, [member, *others], shown))
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


def _excluded_copies(
    archive: Archive, report: ArtifactReport, nested: list[str], top: str, seen: list[str], shown: str
) -> list[Diagnostic]:
    """``manifest-single-per-root`` for a copy of the tool's manifest an ``exclude`` glob hides:
    ``exclude`` is for what is not the tool's, in an sdist as in the source tree."""
    own = report.manifest_bytes
    if own is None or not report.options.exclude:
        return []
    from ..rules import manifest_copies  # only where exclude globs could hide a copy

    name = manifest_copies.name_of(report.frontmatter)
    hint = manifest_copies.copy_hint(report.name)
    return [
        make(
            "manifest-single-per-root",
            f"{shown}/{other}",
            None,
            f"a copy of the tool's manifest {report.manifest_member}, hidden by [tool.smart-tool] exclude: "
            "a distribution holds exactly one manifest",
            hint,
        )
        for other in manifests_outside(archive, nested, top, ())
        if other not in seen and manifest_copies.is_copy(archive.read(other) or b"", own, name)
    ]


def _install_docs_in(
    archive: Archive, report: ArtifactReport, top: str, relative: str, shown: str
) -> list[Diagnostic]:
    """The install documents as ``check`` holds them in the source tree: there, a document
    (not a folder), and with a place in the wheel the installed manifest reaches."""
    out = []
    where = f"{shown}/{report.manifest_member or top + relative}"
    folders = {posixpath.dirname(name) + "/" for name in archive.files}
    place = sdist_import_path(archive.files, top, relative)
    for index, install, line in install_references(report.frontmatter):
        found = candidates(relative, install)
        if found is None:
            continue
        if not any(top + c in archive.files for c in found):
            folder = next((c for c in found if top + c + "/" in folders), None)
            report.lacking_install += (install,)
            if folder is None:
                message = f"requires[{index}] install {install!r} is not in the sdist"
            else:
                message = f"requires[{index}] install {install!r} is a folder ({folder}), not a document"
            out.append(
                make(
                    "manifest-install-doc-missing",
                    where,
                    line,
                    message,
                    "build with smart-tool-build, which ships install documents, or add it to the sdist",
                )
            )
            continue
        if wheel_place(place, reference(install)) is None:
            within = "its package" if place is not None else "the wheel's .dist-info folder"
            out.append(
                make(
                    "manifest-install-doc-ships",
                    where,
                    line,
                    f"requires[{index}] install {install!r} climbs out of {within} once installed, "
                    "so the installed manifest cannot reach it; the sdist carries it, the wheel cannot",
                    "keep the document beside the manifest or below its folder and name it from "
                    "there, or point install at a URL",
                )
            )
    return out
