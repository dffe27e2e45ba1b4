"""skillmeta's profile of a library skill, and the skill's version against the package's.

Where a skill's ``metadata`` names a skillmeta manifest (the key ``skillmeta.manifest``, e.g.
``skill.json``), the file must be a JSON file inside the skill, and its ``name``, ``license``
and ``version`` must be SKILL.md's: skillmeta's cross-file rules, as ``skillmeta validate``
judges them. Its JSON Schema is judged by skillmeta itself where it is installed (the
``skillmeta`` extra: ``smart-tool-build[skillmeta]`` in ``[build-system].requires``); without
it, the schema's required keys and the types of the three compared fields are checked here,
so a build pays for ``jsonschema`` only when the project asks.
"""

from __future__ import annotations

import posixpath
from pathlib import Path
from typing import Any, Optional

from ..diagnostics.diagnostic import Diagnostic, make
from ..parsing import frontmatter, safe_yaml, strict_json
from ..project.distribution import PackageVersion
from ..project.paths import escapes
from ..project.skills import SKILL_FILE, SkillSource
from .skill_format import MANIFEST_KEY
from .version_rule import compare_versions
from .versions import valid_anywhere

#: the manifestSchema values skillmeta 0.3 knows, by schema version
SCHEMA_URIS = {
    "https://raw.githubusercontent.com/innerlattice/skillmeta/"
    f"schema-v{v}.0/src/skillmeta/schema/v{v}/skill.schema.json": v
    for v in ("0.1", "0.2", "0.3")
}
#: the keys every schema version requires
REQUIRED = ("manifestSchema", "name", "version", "license", "creators", "targets", "requirements")
_MAX_BYTES = 1024 * 1024
#: what to do about a manifest that is no JSON object, a schema it breaks, fields that differ
JSON_HINT = "write the manifest as one JSON object: a UTF-8 file of at most 1 MiB"
SCHEMA_HINT = "fix the manifest as `skillmeta validate` on the skill folder says"
SAME_HINT = "write the same value in both files"

#: a skill's skillmeta manifest, read: (its path shown, its text, its object), or None
Manifest = Optional[tuple[str, str, dict[str, Any]]]


def manifest_rules(
    root: Path, skill: SkillSource, fm: safe_yaml.LineDict, *, prefix: str = ""
) -> tuple[list[Diagnostic], Manifest]:
    """The manifest ``metadata`` names, found and judged; and the manifest when it could be read."""
    metadata = fm.get("metadata")
    if not isinstance(metadata, safe_yaml.LineDict) or MANIFEST_KEY not in metadata:
        return [], None
    shown = f"{prefix}{skill.source}/{SKILL_FILE}"
    line = metadata.line_of(MANIFEST_KEY)
    reference = metadata[MANIFEST_KEY]
    problem = _reference_problem(root / skill.source, reference)
    if problem is not None:
        hint = f"name a .json file beside {SKILL_FILE}: {MANIFEST_KEY}: skill.json"
        return [make("skillmeta-manifest-present", shown, line, f"{MANIFEST_KEY} {problem}", hint)], None
    relative = posixpath.normpath(reference)
    path_shown = f"{prefix}{skill.source}/{relative}"
    try:
        text = frontmatter.decode(frontmatter.read_bytes(root / skill.source / relative, _MAX_BYTES))
        manifest = strict_json.loads(text)
    except frontmatter.UnreadableFile as exc:
        message = f"{MANIFEST_KEY}: {reference!r} {exc}"
        hint = f"make {relative} a regular file beside {SKILL_FILE}, or name another"
        return [make("skillmeta-manifest-present", shown, line, message, hint)], None
    except frontmatter.FrontmatterError as exc:
        message = f"the manifest {exc.message}"
        return [make("skillmeta-manifest-valid", path_shown, exc.line, message, exc.hint or JSON_HINT)], None
    except strict_json.JsonProblem as exc:
        message = f"the manifest {exc.message}"
        return [make("skillmeta-manifest-valid", path_shown, exc.line, message, JSON_HINT)], None
    if not isinstance(manifest, dict):
        message = "the manifest is not a JSON object"
        return [make("skillmeta-manifest-valid", path_shown, 1, message, JSON_HINT)], None
    read = (path_shown, text, manifest)
    schema = manifest.get("manifestSchema")
    lines = strict_json.key_lines(text)
    if schema not in SCHEMA_URIS:
        known = ", ".join(sorted(SCHEMA_URIS.values()))
        message = f"manifestSchema {schema!r} is none skillmeta knows; it knows schema versions {known}"
        hint = f"set manifestSchema to the URI of the schema version {max(SCHEMA_URIS.values())}"
        return [
            make("skillmeta-manifest-valid", path_shown, lines.get("manifestSchema", 1), message, hint)
        ], read
    out = schema_rule(root / skill.source, manifest, path_shown, lines)
    out += _cross_file(fm, manifest, path_shown, shown, lines)
    return out, read


def _reference_problem(folder: Path, reference: Any) -> Optional[str]:
    if not isinstance(reference, str) or not reference.strip():
        return "is not a non-empty string"
    if reference.startswith("/") or "://" in reference or "\\" in reference or reference[1:2] == ":":
        return f"{reference!r} is not a local relative path"
    if not reference.lower().endswith(".json"):
        return f"{reference!r} is not a .json file"
    normal = posixpath.normpath(reference)
    if normal == ".." or normal.startswith("../") or escapes(folder, normal):
        return f"{reference!r} leads outside the skill's folder"
    try:
        present = (folder / normal).is_file()
    except (OSError, ValueError):  # a name the file system refuses (over 255 bytes a part)
        present = False
    if not present:
        return f"{reference!r} does not exist in the skill's folder"
    return None


def schema_rule(
    folder: Path, manifest: dict[str, Any], shown: str, lines: dict[str, int]
) -> list[Diagnostic]:
    """The manifest against its JSON Schema: skillmeta's own validator where it is installed,
    else the required keys and the compared fields' types."""
    from importlib.util import find_spec

    if find_spec("skillmeta") is not None:  # the extra
        from .skillmeta_bounded import SKILLMETA_SECONDS, skillmeta_issues

        issues = skillmeta_issues(folder)
        if issues is None:
            message = (
                f"skillmeta's validation did not finish in {SKILLMETA_SECONDS:g} seconds: a value "
                "its schema's patterns may take exponential time on, such as a long `purl` with many `/`"
            )
            hint = (
                "shorten the manifest's long values, such as purl, then run `skillmeta validate` on the skill"
            )
            return [make("skillmeta-manifest-valid", shown, 1, message, hint)]
        return [
            make(
                "skillmeta-manifest-valid",
                shown,
                _line_of(location, lines),
                f"skillmeta: {text}",
                SCHEMA_HINT,
            )
            for code, location, text in issues
            if code == "manifest.schema.invalid"
        ]
    out = []
    missing = [key for key in REQUIRED if key not in manifest]
    if missing:
        message = f"the manifest lacks the keys its schema requires: {', '.join(missing)}"
        out.append(
            make("skillmeta-manifest-valid", shown, 1, message, "install skillmeta to see the whole schema")
        )
    for key in ("name", "version", "license"):
        if key in manifest and not isinstance(manifest[key], str):
            out.append(
                make(
                    "skillmeta-manifest-valid",
                    shown,
                    lines.get(key, 1),
                    f"the manifest's {key} is not a string",
                    f'write {key} as a JSON string: "{key}": "..."',
                )
            )
    return out


def _line_of(location: str, lines: dict[str, int]) -> int:
    """The line of the first key of a skillmeta location (``path.key[0].other``)."""
    tail = location.rsplit(".json", 1)[-1].lstrip(".")
    key = tail.split(".", 1)[0].split("[", 1)[0]
    return lines.get(key, 1)


def _cross_file(
    fm: safe_yaml.LineDict, manifest: dict[str, Any], shown: str, skill_shown: str, lines: dict[str, int]
) -> list[Diagnostic]:
    """skillmeta's cross-file rules: name, license and version the same in both files."""
    out = []
    name = fm.get("name")
    if manifest.get("name") != name:
        message = f"the manifest's name {manifest.get('name')!r} is not SKILL.md's, {name!r}"
        hint = f"write the same name in both files: {name}" if isinstance(name, str) else SAME_HINT
        out.append(make("skillmeta-manifest-valid", shown, lines.get("name", 1), message, hint))
    license_ = fm.get("license")
    if isinstance(license_, str) and license_.strip() and manifest.get("license") != license_:
        message = f"the manifest's license {manifest.get('license')!r} is not SKILL.md's, {license_!r}"
        hint = f"write the same license in both files: {license_}"
        out.append(make("skillmeta-manifest-valid", shown, lines.get("license", 1), message, hint))
    version = manifest.get("version")
    if isinstance(version, str):
        metadata = fm.get("metadata")
        places = [(fm, "version", "version")]
        if isinstance(metadata, safe_yaml.LineDict):
            places.append((metadata, "version", "metadata.version"))
        for table, key, said in places:
            if key in table and table[key] != version:
                message = f"SKILL.md's {said} {table[key]!r} is not the manifest's version {version!r}"
                hint = f"write the same version in both files: {version}"
                out.append(make("skillmeta-manifest-valid", skill_shown, table.line_of(key), message, hint))
    return out


def version_rule(
    skill: SkillSource,
    fm: safe_yaml.LineDict,
    manifest: Manifest,
    package_version: PackageVersion,
    *,
    prefix: str = "",
    dev_versions: str = "error",
) -> list[Diagnostic]:
    """The skill's version (skill.json's, else ``metadata.version``) is the package's."""
    shown = f"{prefix}{skill.source}/{SKILL_FILE}"
    metadata = fm.get("metadata")
    if manifest is not None and isinstance(manifest[2].get("version"), str):
        path, text, data = manifest
        version, where, line = data["version"], path, strict_json.key_lines(text).get("version")
    elif isinstance(metadata, safe_yaml.LineDict) and isinstance(metadata.get("version"), str):
        version, where, line = metadata["version"], shown, metadata.line_of("version")
    else:
        return [
            make(
                "skill-version-matches-package",
                shown,
                fm.line_of("metadata") if isinstance(metadata, safe_yaml.LineDict) else 2,
                'the skill states no version, and skills-version = "match" asks for one',
                f'add metadata: {{version: "{package_version.value or "X.Y.Z"}"}}, '
                "or a skill.json with its version",
            )
        ]
    if not valid_anywhere(version):  # a manifest's own rules say this of its version; a skill has none
        message = f"the skill's version {version[:100]!r} is no version (neither PEP 440 nor semver)"
        hint = f'write the package\'s version: "{package_version.value or "X.Y.Z"}"'
        return [make("skill-version-matches-package", where, line, message, hint)]
    found = compare_versions(version, package_version, path=where, line=line, dev_versions=dev_versions)
    return [
        d._replace(
            code="skill-version-matches-package",
            message=d.message.replace("manifest version", "skill version"),
            hint=d.hint and d.hint.replace("in the manifest", "for the skill"),
        )
        for d in found
    ]
