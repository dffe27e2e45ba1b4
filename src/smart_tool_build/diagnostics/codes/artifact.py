"""Codes of the archive rules (``artifact-*``): built wheels and sdists."""

from __future__ import annotations

from .base import ERROR, Code

CODES: tuple[Code, ...] = (
    Code(
        "artifact-readable",
        ERROR,
        "The artifact cannot be opened or read as a wheel or sdist (truncated or corrupt), or "
        "lacks the metadata every wheel (.dist-info/METADATA) or sdist (one top folder, PKG-INFO) has.",
        "Rebuild it; check the file was not truncated on upload or download.",
    ),
    Code(
        "artifact-version-checked",
        ERROR,
        "A build's finished wheel or sdist carries a METADATA / PKG-INFO Version other than the "
        "version the build checked the tool with (the version its backend resolved before building).",
        "Something changed the version between the check and the archive (a plugin, a hook, a "
        "dynamic source read twice): make it resolve once, then rebuild.",
    ),
    Code(
        "artifact-member-paths",
        ERROR,
        "A member path is absolute or climbs out of the archive with `..`, a member is a "
        "link or a device rather than a file (an sdist's relative symlink that stays inside "
        "its tree is valid), a member name appears twice, or a path is both a file and the "
        "folder of other members (no installer writes that tree).",
        "Rebuild with a standard backend; never publish such an archive.",
    ),
    Code(
        "artifact-descriptor-present",
        ERROR,
        "The wheel carries no smart-tool.json in its .dist-info. As info (smoke): the wheel has "
        "none, so smoke uses its sdist's (given beside it), or smoke uses the one given with "
        "`--descriptor`.",
        "Build with smart-tool-build in [build-system].requires (hatchling: add the hook table); "
        "smoke a wheel built without it with its sdist (`smart-tool smoke dist/*`).",
    ),
    Code(
        "artifact-manifest-present",
        ERROR,
        "The wheel carries no SMART_TOOL.md outside nested tools.",
        "Build with smart-tool-build, or ship the manifest as package data.",
    ),
    Code(
        "artifact-matches-source",
        ERROR,
        "The manifest or descriptor in the artifact is not byte-identical to the source, or "
        "the manifest is not where it belongs.",
        "Rebuild from a clean tree; make sure no other hook rewrites SMART_TOOL.md.",
    ),
    Code(
        "artifact-manifest-copies-match",
        ERROR,
        "The wheel carries a second copy of the manifest (placed by the project's own settings: "
        "force-include, package data, shared-data) that is not byte-identical to the manifest "
        "the accessor reads.",
        "Keep one SMART_TOOL.md in the source and let the build copy it; a copy kept by hand drifts.",
    ),
    Code(
        "artifact-projection-matches",
        ERROR,
        "The wheel's .dist-info/smart-tool-manifest.json (the JSON projection of the checked "
        "manifest, which the runtime accessor reads instead of parsing the manifest) is not what "
        "the wheel's manifest gives or cannot be read as one; in a wheel this build made, it is "
        "missing or was made from another manifest. `inspect` of a wheel built elsewhere asks "
        "for none, and passes one made from another manifest (its hash says so: the accessor "
        "reads the manifest then).",
        "Rebuild with smart-tool-build; never edit the projection or the manifest in a built wheel.",
    ),
    Code(
        "artifact-install-docs-present",
        ERROR,
        "The wheel lacks a document the manifest names by a relative `install` path, at that "
        "path relative to the installed manifest: the installed tool points at a missing file.",
        "Build with smart-tool-build (it adds install documents whatever the include and exclude "
        "settings say), or ship the document as package data beside the manifest.",
    ),
    Code(
        "artifact-record-matches",
        ERROR,
        "The wheel's RECORD does not match its members (`inspect`): a file is missing from it "
        "or listed twice, a listed file is not in the wheel, a hash (urlsafe base64, no padding) "
        "or size is wrong, missing or made with md5 or sha1, or RECORD's own line carries a hash.",
        "Rebuild the wheel, and change nothing in it afterwards: a tool that rewrites a member "
        "must rewrite RECORD too (pip refuses a wrong hash only at install).",
    ),
    Code(
        "artifact-contents",
        ERROR,
        "A file the artifact must carry is missing: an install document in the sdist, or "
        "package data a collection needs in the wheel.",
        "Rebuild with smart-tool-build; it adds these files whatever the include settings say.",
    ),
    Code(
        "artifact-skill-present",
        ERROR,
        "A file of a library skill (a folder of `<package>/.agents/skills/`, or of a folder "
        "`[tool.smart-tool] skills` names) is missing from the wheel or the sdist, or the wheel "
        "carries the skill where library-skills does not look (a `.agents` part, then `skills`, "
        "the skill's folder, `SKILL.md`).",
        "Build with smart-tool-build: it adds every file of every skill to both artifacts, "
        "whatever include, exclude and .gitignore say.",
    ),
    Code(
        "artifact-skill-recorded",
        ERROR,
        "A file of a skill the wheel carries is not listed in its RECORD (or RECORD cannot be "
        "read): library-skills finds skills through RECORD, so it never sees this one, and an "
        "uninstall leaves the file behind.",
        "Rebuild the wheel and change nothing in it afterwards; a tool that adds a file must rewrite RECORD.",
    ),
    Code(
        "artifact-skill-matches-source",
        ERROR,
        "A skill's SKILL.md in the wheel or sdist is not byte-identical to the source's.",
        "Rebuild from a clean tree; make sure no other hook rewrites SKILL.md.",
    ),
    Code(
        "artifact-pair-identical",
        ERROR,
        "A wheel and an sdist of the same release carry different manifests.",
        "Build both from the same commit, with one `python -m build`.",
    ),
)
