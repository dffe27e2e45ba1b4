"""``smart-tool catalog check``: every ``tools/<id>/`` entry of a catalog checkout.

A catalog (the public smart-tools catalog's layout) keeps one folder per tool: a pointer
``source.json``, and once refreshed an exact ``SMART_TOOL.md`` snapshot beside its
``provenance.json``. Each entry is checked by the catalog reader's rules (no symlinks,
strict JSON, closed key sets, the shapes of :mod:`smart_tool.registry.provenance`, pointer and
provenance naming one source) and its snapshot by every manifest rule that needs no
package definition, plus what the catalog's reader refuses in a manifest
(:mod:`smart_tool.registry.catalog_manifest`). Nothing is written, nothing is fetched.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any, NamedTuple, Optional

from smart_tool_build.diagnostics.diagnostic import Diagnostic, make
from smart_tool_build.parsing import frontmatter, strict_json
from smart_tool_build.parsing.json_paths import json_paths
from smart_tool_build.project import parallel
from smart_tool_build.project.names import MANIFEST_NAME
from smart_tool_build.rules import manifest
from smart_tool_build.rules.placeholders import placeholder_rule

from . import editorial, provenance
from .catalog_manifest import reader_findings

TOOLS = "tools"
POINTER = provenance.POINTER_FILE
PROVENANCE = provenance.PROVENANCE_FILE
LISTING = editorial.LISTING_FILE
CATEGORIES = editorial.CATEGORIES_FILE
DOMAINS = editorial.DOMAINS_FILE
#: the files of an entry the catalog's reader opens, so none of them may be a link
ENTRY_FILES = (POINTER, PROVENANCE, MANIFEST_NAME, LISTING)
MAX_JSON_BYTES = 64 * 1024
IDENTIFIER = editorial.IDENTIFIER


class Registry(NamedTuple):
    """What the entries need of a registry (categories.json, or domains.json): whether it is
    there, and its ids (None when it cannot be read or its shape gives none: its own findings
    say why, once)."""

    present: bool = False
    ids: Optional[frozenset[str]] = None


#: a catalog without categories.json (or without domains.json)
NO_REGISTRY = Registry()


class EntryResult(NamedTuple):
    """One entry's findings, and the slot its recommendation occupies (``category 'x'`` or
    ``domain 'x'``, with the listing as shown and the line of its `recommended`), for the
    one-per-category (or domain) rule."""

    diagnostics: list[Diagnostic]
    designation: Optional[tuple[str, str, Optional[int]]] = None


class CatalogReport(NamedTuple):
    """Every finding of a catalog, and the entries (as shown) that were checked."""

    diagnostics: list[Diagnostic]
    entries: list[str]


def _not_regular(path: str, message: str) -> Diagnostic:
    return make("catalog-files-regular", path, None, message, "replace it with the file or folder itself")


def check_catalog(
    root: Path, display: str = "", *, names_match_folders: bool = False, processes: Optional[int] = None
) -> CatalogReport:
    """Check the catalog checkout at ``root``; ``display`` prefixes every path shown.

    ``names_match_folders`` adds the rule some catalogs keep (the public one does not): a
    snapshot's ``name`` is its entry's folder name. ``processes`` as ``check --jobs``: None
    is one per core from :data:`smart_tool_build.project.parallel.THRESHOLD` entries up.
    """
    prefix = display.rstrip("/") + "/" if display and display != "." else ""
    if os.path.islink(os.path.abspath(root)):
        return CatalogReport([_not_regular(display or ".", "the catalog root is a symlink")], [])
    out, registry = _registry(root, prefix, editorial.CATEGORIES)
    found, domains = _registry(root, prefix, editorial.DOMAINS)
    out += found
    shown_tools = prefix + TOOLS
    try:
        info = os.lstat(root / TOOLS)
    except FileNotFoundError:
        problem = make(
            "catalog-layout",
            shown_tools,
            None,
            "no tools/ folder: this is not a catalog checkout",
            "give the checkout's top folder, the one that holds tools/",
        )
        return CatalogReport([*out, problem], [])
    except OSError as exc:
        return CatalogReport([*out, _not_regular(shown_tools, f"cannot be read ({exc.strerror or exc})")], [])
    if stat.S_ISLNK(info.st_mode):
        return CatalogReport([*out, _not_regular(shown_tools, "is a symlink")], [])
    if not stat.S_ISDIR(info.st_mode):
        problem = make(
            "catalog-layout", shown_tools, None, "is not a folder", "make tools/ the folder of the entries"
        )
        return CatalogReport([*out, problem], [])
    try:
        with os.scandir(root / TOOLS) as listing:
            entries = sorted(listing, key=lambda entry: entry.name)
    except OSError as exc:
        return CatalogReport([*out, _not_regular(shown_tools, f"cannot be read ({exc.strerror or exc})")], [])
    checked: list[str] = []
    jobs: list[_Job] = []
    for entry in entries:
        shown = f"{shown_tools}/{entry.name}"
        if entry.is_symlink():
            jobs.append((None, shown, names_match_folders, registry, domains))
        elif entry.is_dir(follow_symlinks=False):  # a file beside the entries (a README) is skipped
            checked.append(shown)
            jobs.append((entry.path, shown, names_match_folders, registry, domains))
    designated: dict[str, str] = {}
    for result in parallel.map_all(_check_job, jobs, processes):
        out += result.diagnostics
        if result.designation is not None:
            out += _one_per_category(result.designation, designated)
    return CatalogReport(out, checked)


def _registry(root: Path, prefix: str, layout: editorial.Layout) -> tuple[list[Diagnostic], Registry]:
    """The layout's registry at the catalog's root, read as the validator reads it (when it
    is there: a catalog without listings needs none)."""
    shown = prefix + layout.file
    try:
        info = os.lstat(root / layout.file)
    except FileNotFoundError:
        return [], Registry()
    except OSError as exc:
        return [_not_regular(shown, f"cannot be read ({exc.strerror or exc})")], Registry(True)
    if stat.S_ISLNK(info.st_mode):
        return [_not_regular(shown, "is a symlink; the catalog's reader refuses links")], Registry(True)
    if not stat.S_ISREG(info.st_mode):
        return [_not_regular(shown, "is not a regular file")], Registry(True)
    problem, value, text = _read_json(root / layout.file, shown)
    if problem is not None:
        return [problem], Registry(True)
    findings, ids = editorial.check_registry(value, layout)
    return _placed(findings, shown, text), Registry(True, ids)


def _one_per_category(
    designation: tuple[str, str, Optional[int]], designated: dict[str, str]
) -> list[Diagnostic]:
    """The first recommendation of a category or domain (in the entries' order, as the
    catalog reads them) holds its slot, a stale one too; each later one is refused."""
    slot, shown, line = designation
    first = designated.setdefault(slot, shown)
    if first == shown:
        return []
    kind = slot.split(" ", 1)[0]
    return [
        make(
            "catalog-recommendation-unique",
            shown,
            line,
            f"{slot} already has its recommendation, {first}; the catalog allows one",
            f"keep one `recommended: true` per {kind}: withdraw the other with "
            "`recommended: false` and no reviewed_source",
        )
    ]


#: (the entry folder, or None for a link in its place; the entry as shown; names_match_folders;
#: what categories.json gives; what domains.json gives)
_Job = tuple[Optional[str], str, bool, Registry, Registry]


def _check_job(job: _Job) -> list[EntryResult]:
    folder, shown, names_match_folders, registry, domains = job
    if folder is None:
        return [EntryResult([_not_regular(shown, "is a symlink")])]
    out = []
    name = os.path.basename(folder)
    if not IDENTIFIER.match(name):
        hint = "name it like `my-tool`"
        message = f"entry folder {name!r} is not a lowercase hyphenated identifier"
        out.append(make("catalog-layout", shown, None, message, hint))
    result = entry_result(
        Path(folder), shown, names_match_folders=names_match_folders, registry=registry, domains=domains
    )
    return [result._replace(diagnostics=out + result.diagnostics)]


def check_entry(
    folder: Path,
    shown: str,
    *,
    names_match_folders: bool = False,
    registry: Registry = NO_REGISTRY,
    domains: Registry = NO_REGISTRY,
) -> list[Diagnostic]:
    """Every finding of one entry folder ``tools/<id>/`` (shown as ``shown``) on its own:
    the one-recommendation-per-category rule needs the other entries. ``registry`` is what
    categories.json gives, ``domains`` what domains.json gives."""
    return entry_result(
        folder, shown, names_match_folders=names_match_folders, registry=registry, domains=domains
    ).diagnostics


def entry_result(
    folder: Path,
    shown: str,
    *,
    names_match_folders: bool = False,
    registry: Registry = NO_REGISTRY,
    domains: Registry = NO_REGISTRY,
) -> EntryResult:
    """:func:`check_entry`, with the slot the entry's recommendation occupies."""
    try:
        with os.scandir(folder) as listing:
            present = {entry.name: entry for entry in listing if entry.name in ENTRY_FILES}
    except OSError as exc:
        return EntryResult([_not_regular(shown, f"cannot be read ({exc.strerror or exc})")])
    out: list[Diagnostic] = []
    usable = set()
    for name, entry in present.items():
        if entry.is_symlink():
            out.append(_not_regular(f"{shown}/{name}", "is a symlink; the catalog's reader refuses links"))
        elif not entry.is_file(follow_symlinks=False):
            out.append(_not_regular(f"{shown}/{name}", "is not a regular file"))
        else:
            usable.add(name)
    if POINTER not in present:
        hint = 'add {"repository": "https://host/owner/repo.git"}, with "ref" and "path" where needed'
        message = "the entry has no pointer"
        if LISTING in present:
            message += ": the catalog's validator refuses its listing.json, and with it the catalog"
        out.append(make("catalog-pointer-present", f"{shown}/{POINTER}", None, message, hint))
    pointer = record = None
    record_text = ""
    if POINTER in usable:
        found, pointer, _ = _json_file(folder / POINTER, f"{shown}/{POINTER}", provenance.check_pointer)
        out += found
    if PROVENANCE in usable:
        found, record, record_text = _json_file(
            folder / PROVENANCE, f"{shown}/{PROVENANCE}", provenance.check_provenance
        )
        out += found
    if MANIFEST_NAME in usable:
        out += _snapshot_manifest(folder, shown, names_match_folders)
    if (MANIFEST_NAME in present) != (PROVENANCE in present):
        half, other = (MANIFEST_NAME, PROVENANCE) if MANIFEST_NAME in present else (PROVENANCE, MANIFEST_NAME)
        out.append(
            make(
                "catalog-snapshot-pair",
                f"{shown}/{half}",
                None,
                f"{half} without {other}: the catalog shows this entry without its snapshot",
                "write both with `smart-tool snapshot ROOT --output-dir <this folder>`",
            )
        )
    if pointer is not None and record is not None:
        out += _located(provenance.agreement(pointer, record), f"{shown}/{PROVENANCE}", record_text)
    if LISTING not in usable:
        return EntryResult(out)
    snapshot = MANIFEST_NAME in present and PROVENANCE in present
    found, designation = _listing(
        folder / LISTING, f"{shown}/{LISTING}", (registry, domains), (pointer, record, snapshot)
    )
    return EntryResult(out + found, designation)


def _listing(
    path: Path,
    shown: str,
    registries: tuple[Registry, Registry],
    facts: tuple[Optional[provenance.Pointer], Optional[provenance.Provenance], bool],
) -> tuple[list[Diagnostic], Optional[tuple[str, str, Optional[int]]]]:
    """listing.json's findings (``registries``: what categories.json and domains.json give;
    ``facts``: the entry's pointer, provenance and whether its snapshot is whole, for the
    needs-review state), and the slot it designates."""
    out = []
    problem, value, text = _read_json(path, shown)
    categories, domains = registries
    present = frozenset(
        layout.file for layout, found in zip(editorial.LAYOUTS, (domains, categories)) if found.present
    )
    layout = editorial.layout_of(value if problem is None else None, present)
    registry = domains if layout is editorial.DOMAINS else categories
    if not registry.present:
        message = f"the entry has a listing but the catalog has no {layout.file}: the validator refuses it"
        hint = f'add {layout.file}: {{"{layout.items}": [{{"id": ..., "label": ..., "scope": ...}}]}}'
        out.append(make(layout.present_code, shown, None, message, hint))
    if problem is not None:
        return [*out, problem], None
    check = editorial.check_listing(value, registry.ids, layout)
    out += _placed(check.findings, shown, text)
    designation = None
    if check.designates is not None:  # the line, should a second recommendation need it
        slot = f"{layout.key} {check.designates!r}"
        designation = (slot, shown, strict_json.key_lines(text).get("recommended"))
    if check.listing is not None:
        reasons = editorial.review_problems(check.listing, *facts)
        if reasons:
            lines = json_paths(text)
            message = (
                f'{editorial.NEEDS_REVIEW}: the catalog shows this recommendation as "Recommendation '
                f'needs review", without preference: {"; ".join(why for _, why in reasons)}'
            )
            hint = (
                "a maintainer reviews the snapshot's revision and renews `reviewed_source` to it, "
                "or withdraws the recommendation; never advance the commit unreviewed"
            )
            out.append(make("catalog-review-agrees", shown, lines.get(reasons[0][0], 1), message, hint))
    return out, designation


def _located(findings: list[provenance.Finding], path: str, text: str) -> list[Diagnostic]:
    if not findings:  # the common case: no line to find
        return []
    lines = strict_json.key_lines(text)
    return [make(f.code, path, lines.get(f.key, 1) if f.key else 1, f.message, f.hint) for f in findings]


def _placed(findings: list[editorial.Finding], path: str, text: str) -> list[Diagnostic]:
    lines = json_paths(text) if findings else {}
    return [make(f.code, path, lines.get(f.at, 1), f.message, f.hint) for f in findings]


def _read_json(path: Path, shown: str) -> tuple[Optional[Diagnostic], Any, str]:
    """Read a catalog JSON file strictly, as the catalog's reader does: (the one finding
    that refuses it, or None; the value; the text). Bounded: a huge, deep or binary file is
    one finding, whatever it holds."""

    def bad(line: Optional[int], message: str) -> tuple[Optional[Diagnostic], Any, str]:
        return (
            make("catalog-json", shown, line, message, "write it as a plain JSON object, each key once"),
            None,
            "",
        )

    try:
        data = frontmatter.read_bytes(path, MAX_JSON_BYTES)
    except frontmatter.UnreadableFile as exc:
        return _not_regular(shown, str(exc)), None, ""
    except frontmatter.FrontmatterError as exc:
        return bad(exc.line, exc.message)
    if data.startswith(b"\xef\xbb\xbf"):
        return bad(1, "starts with a byte order mark, which the catalog's reader refuses")
    try:
        text = frontmatter.decode(data)
        value = strict_json.loads(text)
    except frontmatter.FrontmatterError as exc:
        return bad(exc.line, exc.message)
    except strict_json.JsonProblem as exc:
        return bad(exc.line, exc.message)
    return None, value, text


def _json_file(path: Path, shown: str, rule: Any) -> tuple[list[Diagnostic], Any, str]:
    """:func:`_read_json`, then ``rule``: (the findings, what ``rule`` made of it or None, the text)."""
    problem, value, text = _read_json(path, shown)
    if problem is not None:
        return [problem], None, ""
    findings, result = rule(value)
    return _located(findings, shown, text), result, text


def _snapshot_manifest(folder: Path, shown: str, names_match_folders: bool) -> list[Diagnostic]:
    path, shown_manifest = folder / MANIFEST_NAME, f"{shown}/{MANIFEST_NAME}"
    try:
        data = frontmatter.read_bytes(path)
    except (frontmatter.UnreadableFile, frontmatter.FrontmatterError):
        return manifest.parse_file(path, shown_manifest).diagnostics  # the same refusal, in its words
    result = manifest.parse_bytes(data, shown_manifest)
    out = list(result.diagnostics)
    if result.manifest is None:
        return out
    out += reader_findings(data, result.frontmatter, shown_manifest)
    out += placeholder_rule(result.frontmatter, shown_manifest)
    out += manifest.body_length_rule(result.body, shown_manifest, lambda: frontmatter.decode(data))
    folder_name = folder.name
    if names_match_folders and result.manifest.name != folder_name:
        out.append(
            make(
                "catalog-name-matches-folder",
                shown_manifest,
                result.frontmatter.line_of("name"),
                f"name {result.manifest.name!r} is not the entry's folder name {folder_name!r}",
                f"rename the folder to tools/{result.manifest.name}/",
            )
        )
    return out
