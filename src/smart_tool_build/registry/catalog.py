"""``smart-tool catalog check``: every ``tools/<id>/`` entry of a catalog checkout.

A catalog (the public smart-tools catalog's layout) keeps one folder per tool: a pointer
``source.json``, and once refreshed an exact ``SMART_TOOL.md`` snapshot beside its
``provenance.json``. Each entry is checked by the catalog reader's rules (no symlinks,
strict JSON, closed key sets, the shapes of :mod:`smart_tool_build.registry.provenance`, pointer and
provenance naming one source) and its snapshot by every manifest rule that needs no
package definition, plus what the catalog's reader refuses in a manifest
(:mod:`smart_tool_build.registry.catalog_manifest`). Nothing is written, nothing is fetched.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Any, NamedTuple, Optional

from ..diagnostics.diagnostic import Diagnostic, make
from ..parsing import frontmatter, strict_json
from ..project import parallel
from ..project.names import MANIFEST_NAME
from ..rules import manifest
from . import provenance
from .catalog_manifest import reader_findings

TOOLS = "tools"
POINTER = provenance.POINTER_FILE
PROVENANCE = provenance.PROVENANCE_FILE
LISTING = "listing.json"
#: the files of an entry the catalog's reader opens, so none of them may be a link
ENTRY_FILES = (POINTER, PROVENANCE, MANIFEST_NAME, LISTING)
MAX_JSON_BYTES = 64 * 1024
IDENTIFIER = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")


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
    shown_tools = prefix + TOOLS
    try:
        info = os.lstat(root / TOOLS)
    except FileNotFoundError:
        problem = make(
            "catalog-layout", shown_tools, None, "no tools/ folder: this is not a catalog checkout"
        )
        return CatalogReport([problem], [])
    except OSError as exc:
        return CatalogReport([_not_regular(shown_tools, f"cannot be read ({exc.strerror or exc})")], [])
    if stat.S_ISLNK(info.st_mode):
        return CatalogReport([_not_regular(shown_tools, "is a symlink")], [])
    if not stat.S_ISDIR(info.st_mode):
        return CatalogReport([make("catalog-layout", shown_tools, None, "is not a folder")], [])
    try:
        with os.scandir(root / TOOLS) as listing:
            entries = sorted(listing, key=lambda entry: entry.name)
    except OSError as exc:
        return CatalogReport([_not_regular(shown_tools, f"cannot be read ({exc.strerror or exc})")], [])
    checked: list[str] = []
    jobs: list[_Job] = []
    for entry in entries:
        shown = f"{shown_tools}/{entry.name}"
        if entry.is_symlink():
            jobs.append((None, shown, names_match_folders))
        elif entry.is_dir(follow_symlinks=False):  # a file beside the entries (a README) is skipped
            checked.append(shown)
            jobs.append((entry.path, shown, names_match_folders))
    return CatalogReport(parallel.map_all(_check_job, jobs, processes), checked)


#: (the entry folder, or None for a link in its place; the entry as shown; names_match_folders)
_Job = tuple[Optional[str], str, bool]


def _check_job(job: _Job) -> list[Diagnostic]:
    folder, shown, names_match_folders = job
    if folder is None:
        return [_not_regular(shown, "is a symlink")]
    out = []
    name = os.path.basename(folder)
    if not IDENTIFIER.match(name):
        hint = "name it like `my-tool`"
        message = f"entry folder {name!r} is not a lowercase hyphenated identifier"
        out.append(make("catalog-layout", shown, None, message, hint))
    return out + check_entry(Path(folder), shown, names_match_folders=names_match_folders)


def check_entry(folder: Path, shown: str, *, names_match_folders: bool = False) -> list[Diagnostic]:
    """Every finding of one entry folder ``tools/<id>/`` (shown as ``shown``)."""
    try:
        with os.scandir(folder) as listing:
            present = {entry.name: entry for entry in listing if entry.name in ENTRY_FILES}
    except OSError as exc:
        return [_not_regular(shown, f"cannot be read ({exc.strerror or exc})")]
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
        hint = 'add {"repository": "https://host/owner/repo.git"} (optional "ref", "path")'
        out.append(
            make("catalog-pointer-present", f"{shown}/{POINTER}", None, "the entry has no pointer", hint)
        )
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
    return out


def _located(findings: list[provenance.Finding], path: str, text: str) -> list[Diagnostic]:
    lines = strict_json.key_lines(text)
    return [make(f.code, path, lines.get(f.key, 1) if f.key else 1, f.message, f.hint) for f in findings]


def _json_file(path: Path, shown: str, rule: Any) -> tuple[list[Diagnostic], Any, str]:
    """Read a catalog JSON file strictly, as the catalog's reader does, and apply ``rule``:
    (the findings, what ``rule`` made of it or None, the text)."""

    def bad(line: Optional[int], message: str) -> tuple[list[Diagnostic], Any, str]:
        return [make("catalog-json", shown, line, message)], None, ""

    try:
        data = frontmatter.read_bytes(path, MAX_JSON_BYTES)
    except frontmatter.UnreadableFile as exc:
        return [_not_regular(shown, str(exc))], None, ""
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
