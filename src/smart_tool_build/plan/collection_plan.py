"""A collection's part of the build plan: its check, its package data, and the notes an
editable install of one needs. Only a project built as a collection loads this."""

from __future__ import annotations

from ..diagnostics.verdict import set_aside
from ..rules.collection import RESOURCE_FOLDERS, check_collection

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

    from ..diagnostics.diagnostic import Diagnostic
    from ..rules.collection import CollectionReport
    from ..rules.root import RootReport

RESOURCE_NOTE = (
    "editable install of a collection: the resource folders at the project root ({folders}) stay "
    "in the source tree, outside the installed package, so an application that discovers "
    "resources in site-packages will not find them there; use a regular install, or move them "
    "into the package folder (the nested layout)"
)
EMBEDDED_NOTE = (
    "editable install of a collection: {package_dir}/ has no pyproject.toml of its own; a wheel "
    "carries a copy of the root's as {package}/pyproject.toml, but an editable install that serves "
    "the package from the source tree (hatchling, setuptools' default lenient mode) has none, so an "
    "application that reads the collection's metadata from the installed package will not find "
    "it; use a regular install, or copy the root pyproject.toml to {package_dir}/pyproject.toml "
    "(the build checks that the two agree)"
)


def plan_collection(
    root: Path, version: str, tool: RootReport, editable: bool
) -> tuple[CollectionReport, list[Diagnostic], list[Diagnostic], list[str]]:
    """The collection at ``root`` checked and planned: its report, the findings kept and set
    aside by ``ignore``, and the build's notes."""
    report = check_collection(root, version=version)
    kept, aside = set_aside(report.diagnostics, tool.options.ignore)
    why = "collection = true" if tool.options.collection else "[tool.amplifier.collection]"
    layouts = " and ".join(report.layouts) or "no resource folders"
    notes = [
        f"building {report.name or root.name} {version} as a collection ({why}; {layouts}; "
        f"{len(report.plan.wheel_files)} package data files)"
    ]
    if editable and "flat" in report.layouts:
        tops = {member.split("/", 1)[0] for _, member in report.plan.wheel_files}
        flat = sorted(tops & set(RESOURCE_FOLDERS))
        notes.append(RESOURCE_NOTE.format(folders=", ".join(flat)))
    if editable and report.package_dir is not None and not report.embedded:
        package = report.package_dir.rsplit("/", 1)[-1]
        notes.append(EMBEDDED_NOTE.format(package_dir=report.package_dir, package=package))
    return report, kept, aside, notes
