"""Properties of the catalog rules (hypothesis, the profiles of tests/unit/rules/test_rules_properties.py):
arbitrary records and files never raise, written records read back, and the snapshot's
reader rules agree with an oracle that reads a manifest the way the public catalog does.
"""

from __future__ import annotations

import json
import re
import shutil
import unicodedata
from typing import Any

import yaml
from hypothesis import given
from hypothesis import strategies as st

from smart_tool.registry import editorial, provenance
from smart_tool.registry.catalog import Registry, check_catalog, check_entry
from smart_tool.registry.catalog_manifest import reader_findings
from smart_tool.registry.provenance import Pointer, Provenance, Source
from smart_tool_build.rules import manifest
from support import FIXTURES
from unit.rules.test_rules_properties import JSON, assert_well_formed

ENTRY = FIXTURES / "catalog" / "tools" / "acme-widget"
MANIFEST = (ENTRY / "SMART_TOOL.md").read_bytes()


@given(st.dictionaries(st.sampled_from([*provenance.POINTER_KEYS, "x"]), JSON, max_size=4) | JSON)
def test_check_pointer_never_raises(value: Any) -> None:
    findings, pointer = provenance.check_pointer(value)
    assert findings or pointer is not None
    if pointer is not None:
        assert all(f.code == "catalog-keys" for f in findings)


SOURCE = st.dictionaries(
    st.sampled_from([*provenance.SOURCE_KEYS, "x"]), JSON | st.text(max_size=50), max_size=5
)


@given(
    st.dictionaries(
        st.sampled_from([*provenance.PROVENANCE_KEYS, "x"]), SOURCE | JSON | st.text(max_size=50), max_size=4
    )
)
def test_check_provenance_never_raises(value: Any) -> None:
    findings, record = provenance.check_provenance(value)
    assert bool(findings) == (record is None)


SEGMENT = st.from_regex(r"[a-z0-9][a-z0-9._-]{0,8}", fullmatch=True).filter(lambda s: s not in (".", ".."))
PATH = st.one_of(st.just("."), st.lists(SEGMENT, min_size=1, max_size=3).map("/".join))
HOST = st.lists(st.from_regex(r"[a-z0-9](?:[a-z0-9-]{0,6}[a-z0-9])?", fullmatch=True), min_size=1, max_size=3)
REF = st.from_regex(r"[a-z0-9][a-z0-9_-]{0,8}(?:/[a-z0-9][a-z0-9_-]{0,8}){0,2}", fullmatch=True)


@given(
    HOST.map(".".join),
    st.lists(SEGMENT, min_size=1, max_size=3).map("/".join),
    REF,
    PATH,
    st.from_regex(r"[0-9a-f]{40}|[0-9a-f]{64}", fullmatch=True),
    st.datetimes(timezones=st.timezones()),
)
def test_what_snapshot_writes_reads_back(
    host: str, repo: str, ref: str, path: str, commit: str, when: Any
) -> None:
    record = Provenance(
        Source(f"https://{host}/{repo}", ref, path, commit),
        provenance.manifest_path(path, "src/tool/SMART_TOOL.md"),
        provenance.format_time(when),
    )
    text = record.to_json()
    assert provenance.check_provenance(json.loads(text)) == ([], record)
    pointer = Pointer(record.source.repository, ref, path)
    assert provenance.check_pointer(json.loads(pointer.to_json())) == ([], pointer)
    assert provenance.agreement(pointer, record) == []


@given(
    st.sampled_from(["source.json", "provenance.json", "SMART_TOOL.md", "listing.json"]),
    st.binary(max_size=600),
)
def test_any_bytes_in_an_entry_never_raise(tmp_path_factory: Any, name: str, data: bytes) -> None:
    folder = tmp_path_factory.mktemp("entry") / "tool"
    shutil.copytree(ENTRY, folder)
    (folder / name).write_bytes(data)
    found = check_entry(folder, "tools/tool", registry=Registry(True, frozenset({"reporting"})))
    assert_well_formed(found)
    for d in found:
        if d.path == f"tools/tool/{name}" and d.line is not None:
            assert d.line <= data.count(b"\n") + 1, d


LISTING = st.dictionaries(
    st.sampled_from([*editorial.LISTING_KEYS, "x"]),
    st.sampled_from(["reporting", "Other", True, False, None, 1, "true"])
    | st.dictionaries(
        st.sampled_from([*editorial.REVIEWED_KEYS, "ref"]), JSON | st.text(max_size=45), max_size=4
    )
    | JSON,
    max_size=4,
)


@given(LISTING | JSON, st.none() | st.just(frozenset({"reporting"})))
def test_check_listing_never_raises(value: Any, known: Any) -> None:
    check = editorial.check_listing(value, known)
    assert bool(check.findings) == (check.listing is None)
    if check.designates is not None:
        assert isinstance(value, dict) and value["recommended"] is True
    if check.listing is not None:  # a valid listing is what the catalog's validator accepts
        assert check.listing.recommended == (check.listing.reviewed is not None)


CATEGORY = st.dictionaries(
    st.sampled_from([*editorial.CATEGORY_KEYS, "parent"]), st.sampled_from(["a", "b-c", "B", "", 3]) | JSON
)


@given(
    st.dictionaries(st.sampled_from(["categories", "x"]), st.lists(CATEGORY | JSON, max_size=4) | JSON) | JSON
)
def test_check_categories_never_raises(value: Any) -> None:
    findings, ids = editorial.check_categories(value)
    assert ids is not None or findings
    assert all(editorial.IDENTIFIER.match(identity) for identity in ids or ())


@given(st.binary(max_size=600))
def test_any_bytes_as_categories_never_raise(tmp_path_factory: Any, data: bytes) -> None:
    root = tmp_path_factory.mktemp("catalog")
    shutil.copytree(FIXTURES / "catalog", root, dirs_exist_ok=True)
    (root / "categories.json").write_bytes(data)
    found = check_catalog(root, processes=1).diagnostics
    assert_well_formed(found)
    for d in found:
        if d.path == "categories.json" and d.line is not None:
            assert d.line <= data.count(b"\n") + 1, d


# ---- the reader rules against an oracle of the catalog's reading


def catalog_reads(data: bytes) -> bool:
    """Does the public catalog's reader accept this manifest? Its documented behaviour: text
    with universal newlines, frontmatter between a first line `---` and the next line `---`,
    PyYAML's safe_load of it a mapping, `name` and `description` non-blank text and
    `use_cases` and `platforms` lists of it, no character of Unicode category C (the
    description may hold line breaks and tabs)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    match = re.match(r"---\n(.*?)\n---(\n|\Z)", text, re.S)
    if match is None:
        return False
    try:
        meta = yaml.safe_load(match.group(1))
    except (yaml.YAMLError, ValueError, TypeError):
        return False

    def is_text(value: Any, breaks: str = "") -> bool:
        return (
            isinstance(value, str)
            and bool(value.strip())
            and not any(unicodedata.category(c)[0] == "C" and c not in breaks for c in value)
        )

    return (
        isinstance(meta, dict)
        and is_text(meta.get("name"))
        and is_text(meta.get("description"), "\n\r\t")
        and all(
            isinstance(meta.get(k), list) and all(map(is_text, meta[k])) for k in ("use_cases", "platforms")
        )
    )


PIECES = [
    *"ab1-: '\"\t\u200b\u00a0\x85\u2028\x7f=#\n[]{},&*!|>%@`?",
    "\r\n",
    "2026-09-29",
    "2026-02-30",
    "\n  ",
]
ODD = st.lists(st.sampled_from(PIECES), max_size=12).map("".join)


@given(
    st.sampled_from(
        [b"Counts the widgets in a report and says which ones changed.", b"Compare two widget reports"]
    ),
    ODD,
    st.sampled_from([b"", b"\xef\xbb\xbf"]),
    st.sampled_from([b"---\n", b"--- \n", b"---\r\n"]),
)
def test_reader_rules_agree_with_the_catalogs_reading(old: bytes, new: str, bom: bytes, fence: bytes) -> None:
    data = bom + MANIFEST.replace(old, new.encode("utf-8"), 1).replace(b"---\n", fence, 1)
    result = manifest.parse_bytes(data, "SMART_TOOL.md")
    if result.manifest is None:
        return  # refused by the manifest rules already: the reader rules run on valid manifests
    assert (reader_findings(data, result.frontmatter, "SMART_TOOL.md") == []) == catalog_reads(data), data
