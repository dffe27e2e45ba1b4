"""`catalog check` of the catalog's editorial layer: categories.json and each entry's
listing.json (fixtures/catalog has three categories, an ordinary listing in acme-widget and
fresh-tool, the recommendation of its category in deep-thing, none in pinned).

As in test_catalog.py, each case is a mutation of a fresh copy of the catalog with the
*whole* output of ``check_catalog`` for it (code, severity, path, line); every ``catalog-*``
code has a case in one of the two files. The listing faults a catalog can hold (huge, deep,
duplicate keys, a link, not UTF-8) are one coded line each, and nothing else is lost.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from smart_tool.registry import editorial
from smart_tool.registry.catalog import check_catalog
from smart_tool_build.diagnostics.diagnostic import CODES
from unit.registry.test_catalog import (
    CASES as ENTRY_CASES,
)
from unit.registry.test_catalog import (
    CATALOG,
    DEEP,
    PTR,
    Expected,
    Mutation,
    W,
    both,
    e,
    remove,
    replace,
    symlink,
    w,
    write,
)
from unit.registry.test_catalog_v1 import CASES as V1_CASES

CAT = "categories.json"
W_LIST, DEEP_LIST = f"{W}/listing.json", f"{DEEP}/listing.json"
FRESH_LIST = "tools/fresh-tool/listing.json"
WIDGET = {
    "repository": "https://example.org/acme/widget.git",
    "path": ".",
    "commit": "5655d7ef507a6453f72b94ee016fa38df666cb61",
}


def edit(relative: str, change: Any) -> Mutation:
    """Rewrite an editorial file in the catalog's layout (two-space indent, keys as written)."""

    def mutate(root: Path) -> None:
        path = root / relative
        data = json.loads(path.read_text(encoding="utf-8"))
        data = change(data) or data
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")

    return mutate


def add_category(item: object) -> Mutation:
    return edit(CAT, lambda d: d["categories"].append(item))


def reviewed(**changes: object) -> Mutation:
    return edit(DEEP_LIST, lambda d: d["reviewed_source"].update(changes))


def widget_recommended(**changes: object) -> Mutation:
    """acme-widget (before deep-thing in name order) recommended in deep-thing's category."""
    listing = {
        "category": "research-knowledge",
        "recommended": True,
        "reviewed_source": {**WIDGET, **changes},
    }
    return edit(W_LIST, lambda d: listing)


def fifo(relative: str) -> Mutation:
    def mutate(root: Path) -> None:
        (root / relative).unlink()
        os.mkfifo(root / relative)

    return mutate


LISTINGS = (W_LIST, DEEP_LIST, FRESH_LIST)
CASES: dict[str, tuple[Mutation, list[Expected]]] = {
    "valid--no-editorial-files": (both(remove(CAT), *map(remove, LISTINGS)), []),  # a legacy catalog
    "valid--categories-without-listings": (both(*map(remove, LISTINGS)), []),
    "valid--stale-review-of-an-ordinary-listing": (  # no recommendation, so nothing to review
        edit(f"{W}/provenance.json", lambda d: d["source"].update(commit="b" * 40)),
        [],
    ),
    # ---- catalog-categories
    "catalog-categories": (
        add_category({"id": "Not An Id", "label": "Other", "scope": "Anything."}),
        [e("catalog-categories", CAT, 19)],
    ),
    "catalog-categories--duplicate-id": (
        add_category({"id": "reporting", "label": "Reports again", "scope": "Twice."}),
        [e("catalog-categories", CAT, 19)],
    ),
    "catalog-categories--empty-label": (
        edit(CAT, lambda d: d["categories"][0].update(label=" ")),
        [e("catalog-categories", CAT, 5)],
    ),
    "catalog-categories--control-character": (
        edit(CAT, lambda d: d["categories"][2].update(scope="Terminals\u0007")),
        [e("catalog-categories", CAT, 16)],
    ),
    "catalog-categories--not-a-list": (  # no ids to compare listings with: one line, not four
        edit(CAT, lambda d: {"categories": {"reporting": "Reports"}}),
        [e("catalog-categories", CAT, 2)],
    ),
    "catalog-categories--item-not-an-object": (add_category("other"), [e("catalog-categories", CAT, 18)]),
    # ---- catalog-categories-present
    "catalog-categories-present": (
        remove(CAT),
        [
            e("catalog-categories-present", W_LIST, None),
            e("catalog-categories-present", DEEP_LIST, None),
            e("catalog-categories-present", FRESH_LIST, None),
        ],
    ),
    # ---- catalog-listing-category
    "catalog-listing-category": (
        edit(W_LIST, lambda d: d.update(category="self-awarded")),
        [e("catalog-listing-category", W_LIST, 2)],
    ),
    "catalog-listing-category--a-list": (  # one primary category
        edit(W_LIST, lambda d: d.update(category=["reporting"])),
        [e("catalog-listing-category", W_LIST, 2)],
    ),
    "catalog-listing-category--not-an-identifier": (
        edit(W_LIST, lambda d: d.update(category="Reporting")),
        [e("catalog-listing-category", W_LIST, 2)],
    ),
    # ---- catalog-listing-recommended
    "catalog-listing-recommended": (
        edit(W_LIST, lambda d: d.update(recommended="false")),
        [e("catalog-listing-recommended", W_LIST, 3)],
    ),
    "catalog-listing-recommended--number": (
        edit(W_LIST, lambda d: d.update(recommended=0)),
        [e("catalog-listing-recommended", W_LIST, 3)],
    ),
    "catalog-listing-recommended--null": (
        edit(DEEP_LIST, lambda d: d.update(recommended=None)),
        [e("catalog-listing-recommended", DEEP_LIST, 3)],
    ),
    # ---- catalog-reviewed-source
    "catalog-reviewed-source": (
        edit(DEEP_LIST, lambda d: d.pop("reviewed_source") and None),
        [e("catalog-reviewed-source", DEEP_LIST, 3)],
    ),
    "catalog-reviewed-source--on-an-ordinary-listing": (
        edit(W_LIST, lambda d: d.update(reviewed_source=WIDGET)),
        [e("catalog-reviewed-source", W_LIST, 4)],
    ),
    "catalog-reviewed-source--not-an-object": (
        edit(DEEP_LIST, lambda d: d.update(reviewed_source="7540598affad363882571587f3bc20b968cd7305")),
        [e("catalog-reviewed-source", DEEP_LIST, 4)],
    ),
    # ---- the shapes of reviewed_source, by the pointer's and provenance's codes
    "catalog-commit--reviewed-abbreviated": (reviewed(commit="7540598"), [e("catalog-commit", DEEP_LIST, 7)]),
    "catalog-commit--reviewed-uppercase": (
        reviewed(commit="7540598AFFAD363882571587F3BC20B968CD7305"),
        [e("catalog-commit", DEEP_LIST, 7)],
    ),
    "catalog-repository--reviewed": (
        reviewed(repository="http://example.org/acme/research.git"),
        [e("catalog-repository", DEEP_LIST, 5)],
    ),
    "catalog-path--reviewed": (reviewed(path="../research"), [e("catalog-path", DEEP_LIST, 6)]),
    # ---- catalog-keys, in the editorial files
    "catalog-keys--listing-evidence-field": (
        edit(W_LIST, lambda d: d.update(review_status="passed")),
        [e("catalog-keys", W_LIST, 4)],
    ),
    "catalog-keys--listing-without-recommended": (
        edit(W_LIST, lambda d: d.pop("recommended") and None),
        [e("catalog-keys", W_LIST, 1)],
    ),
    "catalog-keys--reviewed-source-ref": (reviewed(ref="main"), [e("catalog-keys", DEEP_LIST, 8)]),
    "catalog-keys--category-parent": (  # the taxonomy is flat
        edit(CAT, lambda d: d["categories"][0].update(parent="research-knowledge")),
        [e("catalog-keys", CAT, 7)],
    ),
    "catalog-keys--category-without-scope": (
        edit(CAT, lambda d: d["categories"][1].pop("scope") and None),
        [e("catalog-keys", CAT, 8)],
    ),
    "catalog-keys--categories-top-level": (
        edit(CAT, lambda d: d.update(version=1)),
        [e("catalog-keys", CAT, 19)],
    ),
    # ---- catalog-recommendation-unique
    "catalog-recommendation-unique": (
        widget_recommended(),
        [e("catalog-recommendation-unique", DEEP_LIST, 3)],
    ),
    "catalog-recommendation-unique--a-stale-one-holds-the-slot": (
        widget_recommended(commit="b" * 40),
        [w("catalog-review-agrees", W_LIST, 7), e("catalog-recommendation-unique", DEEP_LIST, 3)],
    ),
    # ---- catalog-review-agrees: the catalog shows needs-review
    "catalog-review-agrees": (reviewed(commit="b" * 40), [w("catalog-review-agrees", DEEP_LIST, 7)]),
    "catalog-review-agrees--path": (reviewed(path="tools/other"), [w("catalog-review-agrees", DEEP_LIST, 6)]),
    "catalog-review-agrees--no-snapshot": (
        both(remove(f"{DEEP}/SMART_TOOL.md"), remove(f"{DEEP}/provenance.json")),
        [w("catalog-review-agrees", DEEP_LIST, 3)],
    ),
    "catalog-review-agrees--snapshot-moved-on": (  # the refresh advanced the snapshot, not the review
        edit(f"{DEEP}/provenance.json", lambda d: d["source"].update(commit="c" * 40)),
        [w("catalog-review-agrees", DEEP_LIST, 7)],
    ),
    # ---- bad files: one coded line each, and the rest of the entry still checked
    "catalog-json--listing-syntax": (write(W_LIST, b"{ broken\n"), [e("catalog-json", W_LIST, 1)]),
    "catalog-json--listing-huge": (
        write(W_LIST, b'{"category": "reporting", "recommended": false}' + b" " * 70_000),
        [e("catalog-json", W_LIST, None)],
    ),
    "catalog-json--listing-deep": (
        write(W_LIST, b"[" * 30_000 + b"]" * 30_000),
        [e("catalog-json", W_LIST, 1)],
    ),
    "catalog-json--listing-duplicate-key": (
        write(
            W_LIST,
            b'{\n  "category": "reporting",\n  "category": "research-knowledge",\n'
            b'  "recommended": false\n}\n',
        ),
        [e("catalog-json", W_LIST, 3)],
    ),
    "catalog-json--listing-not-utf8": (
        replace(W_LIST, b'"reporting"', b'"r\xe9porting"'),
        [e("catalog-json", W_LIST, 2)],
    ),
    "catalog-json--listing-nan": (
        replace(W_LIST, b"false", b"NaN"),
        [e("catalog-json", W_LIST, 3)],
    ),
    "catalog-json--listing-not-an-object": (write(W_LIST, b"[]\n"), [e("catalog-json", W_LIST, 1)]),
    "catalog-json--categories-duplicate-key": (
        replace(CAT, b'"id": "reporting",\n', b'"id": "reporting",\n      "id": "reports",\n'),
        [e("catalog-json", CAT, 5)],
    ),
    "catalog-json--categories-huge": (
        write(CAT, b'{"categories": []}' + b"\n" * 70_000),
        [e("catalog-json", CAT, None)],
    ),
    "catalog-json--categories-deep": (
        write(CAT, b'{"categories": ' + b"[" * 30_000 + b"]" * 30_000 + b"}\n"),
        [e("catalog-json", CAT, 1)],
    ),
    "catalog-json--categories-not-utf8": (
        write(CAT, b'{"categories": ["\xff"]}\n'),
        [e("catalog-json", CAT, 1)],
    ),
    "catalog-json--categories-bom": (
        lambda r: (r / CAT).write_bytes(b"\xef\xbb\xbf" + (r / CAT).read_bytes()),
        [e("catalog-json", CAT, 1)],
    ),
    "catalog-files-regular--listing-dangling-link": (
        symlink(W_LIST, dangling=True),
        [e("catalog-files-regular", W_LIST, None)],
    ),
    "catalog-files-regular--listing-link": (  # a link to a good listing is still a link
        symlink(W_LIST),
        [e("catalog-files-regular", W_LIST, None)],
    ),
    "catalog-files-regular--listing-fifo": (fifo(W_LIST), [e("catalog-files-regular", W_LIST, None)]),
    "catalog-files-regular--listing-to-dev-zero": (
        lambda r: ((r / W_LIST).unlink(), (r / W_LIST).symlink_to("/dev/zero")),
        [e("catalog-files-regular", W_LIST, None)],
    ),
    "catalog-files-regular--categories-link": (  # ids unknown: no listing is judged by them
        symlink(CAT),
        [e("catalog-files-regular", CAT, None)],
    ),
    "catalog-files-regular--categories-a-folder": (
        both(remove(CAT), lambda r: (r / CAT).mkdir()),
        [e("catalog-files-regular", CAT, None)],
    ),
    "catalog-pointer-present--listing-without-pointer": (
        remove(PTR),
        [e("catalog-pointer-present", PTR, None)],
    ),
}


def _run(name: str, tmp_path: Path, processes: int = 1) -> list[Expected]:
    mutation, _ = CASES[name]
    root = tmp_path / "catalog"
    shutil.copytree(CATALOG, root, symlinks=True)
    mutation(root)
    report = check_catalog(root, processes=processes)
    return [(d.code, d.severity, d.path or "", d.line) for d in report.diagnostics]


@pytest.mark.parametrize("name", sorted(CASES))
def test_case(name: str, tmp_path: Path) -> None:
    assert sorted(_run(name, tmp_path), key=str) == sorted(CASES[name][1], key=str)


def test_every_case_is_named_after_what_it_finds() -> None:
    for name, (_, expected) in CASES.items():
        code = name.split("--", 1)[0]
        if code in CODES:
            assert code in {item[0] for item in expected}, name


def test_every_catalog_code_has_a_case() -> None:
    covered = {
        code
        for cases in (ENTRY_CASES, CASES, V1_CASES)
        for _, expected in cases.values()
        for code, *_ in expected
    }
    covered.add("catalog-name-matches-folder")  # test_catalog.py: test_names_match_folders
    assert {code for code in CODES if code.startswith("catalog-")} <= covered


def test_the_messages_say_what_the_catalog_shows(tmp_path: Path) -> None:
    root = tmp_path / "catalog"
    shutil.copytree(CATALOG, root)
    both(reviewed(commit="b" * 40), remove(PTR))(root)
    found = {d.code: d for d in check_catalog(root).diagnostics}
    review = found["catalog-review-agrees"]
    assert review.message.startswith(
        'needs-review: the catalog shows this recommendation as "Recommendation needs review", '
        "without preference: "
    )
    assert "`reviewed_source.commit` 'bbbb" in review.message and "7540598affad" in review.message
    assert "refuses its listing.json" in found["catalog-pointer-present"].message


def test_nothing_is_lost(tmp_path: Path) -> None:
    """Every fault a listing can hold, each in its own entry beside a fault of the entry's
    provenance, checked at once (and on two processes): each listing is one coded line, and
    every other finding is still there."""
    root = tmp_path / "catalog"
    shutil.copytree(CATALOG, root)
    faults = {
        "huge": (b'{"category": "reporting", "recommended": false}' + b" " * 70_000, ("catalog-json", None)),
        "deep": (b"[" * 30_000 + b"]" * 30_000, ("catalog-json", 1)),
        "duplicate": (b'{\n  "recommended": false,\n  "recommended": true\n}\n', ("catalog-json", 3)),
        "not-utf8": (b'{"category": "\xc3\x28"}\n', ("catalog-json", 1)),
        "link": (None, ("catalog-files-regular", None)),
    }
    expected = []
    for n in range(205):  # above the threshold of a process pool
        name = f"copy-{n:03}"
        shutil.copytree(root / W, root / "tools" / name)
    for n, (data, (code, line)) in enumerate(faults.values()):
        entry = root / "tools" / f"copy-{n * 40:03}"
        listing = entry / "listing.json"
        if data is None:
            listing.unlink()
            listing.symlink_to(root / CAT)
        else:
            listing.write_bytes(data)
        prov = entry / "provenance.json"
        prov.write_text(prov.read_text().replace("09:55:07Z", "09:55:07"))
        shown = f"tools/{entry.name}"
        found = [("catalog-time", f"{shown}/provenance.json", 2), (code, f"{shown}/listing.json", line)]
        expected += found[::-1] if data is None else found  # links are found as the folder is listed
    one = check_catalog(root, processes=1)
    assert [(d.code, d.path, d.line) for d in one.diagnostics] == expected
    assert check_catalog(root, processes=2) == one


def test_one_recommendation_per_category_across_processes(tmp_path: Path) -> None:
    root = tmp_path / "catalog"
    shutil.copytree(CATALOG, root)
    listing = {"category": "reporting", "recommended": True, "reviewed_source": WIDGET}
    for n in range(205):
        shutil.copytree(root / W, root / "tools" / f"copy-{n:03}")
    for n in (30, 120, 199):
        (root / "tools" / f"copy-{n:03}" / "listing.json").write_text(json.dumps(listing, indent=2) + "\n")
    one = check_catalog(root, processes=1)
    assert [(d.code, d.path, d.line) for d in one.diagnostics] == [
        ("catalog-recommendation-unique", "tools/copy-120/listing.json", 3),
        ("catalog-recommendation-unique", "tools/copy-199/listing.json", 3),
    ]
    assert ", tools/copy-030/listing.json;" in one.diagnostics[0].message
    assert check_catalog(root) == one == check_catalog(root, processes=2)


def test_the_catalog_fixture_is_clean() -> None:
    assert check_catalog(CATALOG).diagnostics == []


def test_the_public_catalogs_listings_are_clean(tmp_path: Path) -> None:
    """The public catalog's editorial files as it keeps them today (nine categories; every
    listing ordinary, written without a final newline)."""
    root = tmp_path / "catalog"
    shutil.copytree(CATALOG, root)
    (root / CAT).write_text(
        json.dumps(
            {
                "categories": [
                    {
                        "id": "test-environments",
                        "label": "Test environments",
                        "scope": "Create and operate isolated environments.",
                    },
                    {
                        "id": "research-knowledge",
                        "label": "Research & knowledge",
                        "scope": "Find sourced answers.",
                    },
                ]
            },
            indent=2,
        )
    )
    for entry in ("acme-widget", "pinned"):
        (root / "tools" / entry / "listing.json").write_text(
            '{\n  "category": "research-knowledge",\n  "recommended": false\n}'
        )
    (root / FRESH_LIST).unlink()
    assert check_catalog(root).diagnostics == []


def test_check_listing_and_categories_directly() -> None:
    known = frozenset({"reporting"})
    ordinary = editorial.check_listing({"category": "reporting", "recommended": False}, known)
    assert ordinary == editorial.ListingCheck([], editorial.Listing("reporting", False), None)
    recommended = editorial.check_listing(
        {"category": "reporting", "recommended": True, "reviewed_source": WIDGET}, known
    )
    assert recommended.findings == [] and recommended.designates == "reporting"
    assert recommended.listing == editorial.Listing("reporting", True, editorial.Reviewed(*WIDGET.values()))
    unknown = editorial.check_listing(
        {"category": "other", "recommended": True, "reviewed_source": WIDGET}, known
    )
    assert [f.code for f in unknown.findings] == ["catalog-listing-category"] and unknown.designates is None
    # without categories.json to compare with, an identifier is taken as given (its absence is reported once)
    assert editorial.check_listing({"category": "other", "recommended": False}, None).findings == []
    findings, ids = editorial.check_categories({"categories": [{"id": "a", "label": "A", "scope": ""}]})
    assert [f.code for f in findings] == ["catalog-categories"] and ids == frozenset({"a"})
