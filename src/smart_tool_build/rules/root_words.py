"""The words of the root check's own findings (:mod:`smart_tool_build.rules.root`): loaded only
when the descriptor is missing, or the manifest cannot be followed or read."""

from __future__ import annotations

from ..diagnostics.diagnostic import Diagnostic, make
from ..project.names import DESCRIPTOR_NAME, MANIFEST_NAME
from ..project.walk import UNREADABLE_HINT

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Optional

    from ..project.distribution import PackageDefinition


def unreadable(folders: list[tuple[str, str]], prefix: str) -> list[Diagnostic]:
    """``tree-readable`` for each folder the root's walk could not read, with why."""
    return [
        make(
            "tree-readable",
            prefix + folder,
            None,
            f"cannot read this folder ({reason}); a SMART_TOOL.md inside it is not checked",
            UNREADABLE_HINT,
        )
        for folder, reason in folders
    ]


def unfollowed(named: str, escapes: bool, shown_descriptor: str, line: Optional[int]) -> Diagnostic:
    """The descriptor's ``manifest`` leads out of the root through a symlink, or names a file
    that is not SMART_TOOL.md."""
    if escapes:
        return make(
            "descriptor-shape",
            shown_descriptor,
            line,
            f"`manifest` {named!r} leads outside the distribution root through a symlink",
            "name a SMART_TOOL.md inside the distribution root, from the folder of smart-tool.json",
        )
    return make(
        "manifest-present",
        shown_descriptor,
        line,
        f"`manifest` names {named!r}; the manifest file must be named {MANIFEST_NAME}",
        f"rename the file {MANIFEST_NAME} and name it so in smart-tool.json",
    )


def moved(named: str, found: list[str], shown_descriptor: str, line: Optional[int]) -> Diagnostic:
    """``manifest-present`` for a manifest that is not where the descriptor points, but elsewhere."""
    where = ", ".join(found)
    return make(
        "manifest-present",
        shown_descriptor,
        line,
        f"`manifest` names {named!r}, which does not exist; a manifest exists at {where}",
        f'if that is the tool\'s manifest, name it in smart-tool.json: "manifest": "{found[0]}"',
    )


def no_descriptor(root: Path, package: PackageDefinition, manifests: list[str], prefix: str) -> Diagnostic:
    """``descriptor-present``, with the descriptor to add built from what the root holds."""
    message = "no smart-tool.json at the distribution root"
    from .suggestions import descriptor_text

    hint = f"add {prefix}{DESCRIPTOR_NAME}: {descriptor_text(root, package, manifests)}"
    if manifests:
        message += f", though it holds {prefix}{manifests[0]}: without one, no reader finds the manifest"
    else:
        message += ", no collection and no library skill: nothing to check"
        hint += "; a library ships its skills as <package>/.agents/skills/<name>/SKILL.md"
    return make(
        "descriptor-present",
        prefix + DESCRIPTOR_NAME,
        None,
        message,
        hint,
        anchor=package.path or (prefix + manifests[0] if manifests else None),
    )
