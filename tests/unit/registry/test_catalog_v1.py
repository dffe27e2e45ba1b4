"""`catalog check` of a catalog in the v1 source contract's layout (fixtures/catalog-v1):
`domains.json` at its root, listings naming a `domain`, every rule of the contract a code.

As in test_catalog_editorial.py, each case is a mutation of a fresh copy of the catalog with
the *whole* output of ``check_catalog`` for it (code, severity, path, line). The fixture has
three domains, ordinary listings in acme-widget and fresh-tool, the recommendation of its
domain in deep-thing and no listing in pinned.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from smart_tool.registry.catalog import check_catalog
from smart_tool_build.diagnostics.diagnostic import CODES
from support import FIXTURES
from unit.registry.test_catalog import DEEP, PTR, Expected, Mutation, W, both, e, remove, symlink, w, write

CATALOG_V1 = FIXTURES / "catalog-v1"
DOM = "domains.json"
W_LIST, DEEP_LIST = f"{W}/listing.json", f"{DEEP}/listing.json"
FRESH_LIST = "tools/fresh-tool/listing.json"
LISTINGS = (W_LIST, DEEP_LIST, FRESH_LIST)
#: the digital-twin-universe recommendation of the public catalog, as its listing.json holds it
DTU = {
    "repository": "https://github.com/microsoft/amplifier-smart-tool-digital-twin-universe.git",
    "path": ".",
    "commit": "900583d3bc40ea8c6363a9b53c2560a0cdc98b74",
}
PIN_LIST = "tools/pinned/listing.json"
#: pinned, recommended in deep-thing's domain at the revision of its snapshot
PINNED_RECOMMENDED = b"""{
  "domain": "research-knowledge",
  "recommended": true,
  "reviewed_source": {
    "repository": "https://example.org/acme/pinned.git",
    "path": ".",
    "commit": "9a4a167101c92b803f7a693e6614a21a6d21cf5b"
  }
}
"""
PUBLIC_DOMAINS = {
    "domains": [
        {
            "id": "test-environments",
            "label": "Test environments",
            "scope": "Create and operate isolated environments for testing software and "
            "reproducing failures.",
        },
        {
            "id": "smart-tool-development",
            "label": "Smart Tool development",
            "scope": "Create, extend, check, and evaluate Smart Tools.",
        },
    ]
}


def edit(relative: str, change: Any, *, sort: bool = False) -> Mutation:
    """Rewrite a JSON file of the catalog (two-space indent; provenance with sorted keys)."""

    def mutate(root: Path) -> None:
        path = root / relative
        data = json.loads(path.read_text(encoding="utf-8"))
        data = change(data) or data
        path.write_text(json.dumps(data, indent=2, sort_keys=sort) + "\n", encoding="utf-8")

    return mutate


def add_domain(item: object) -> Mutation:
    return edit(DOM, lambda d: d["domains"].append(item))


def reviewed(**changes: object) -> Mutation:
    return edit(DEEP_LIST, lambda d: d["reviewed_source"].update(changes))


def the_public_catalogs_dtu(root: Path) -> None:
    """acme-widget as the public catalog keeps digital-twin-universe: its pointer, snapshot
    provenance and recommended listing, in the public catalog's domains."""
    both(
        write(DOM, json.dumps(PUBLIC_DOMAINS, indent=2).encode()),
        edit(PTR, lambda d: {"repository": DTU["repository"]}),
        edit(f"{W}/provenance.json", lambda d: d["source"].update(DTU), sort=True),
        write(
            W_LIST,
            json.dumps(
                {"domain": "test-environments", "recommended": True, "reviewed_source": DTU}, indent=2
            ).encode(),
        ),
        write(DEEP_LIST, b'{\n  "domain": "smart-tool-development",\n  "recommended": false\n}'),
        remove(FRESH_LIST),
    )(root)


CASES: dict[str, tuple[Mutation, list[Expected]]] = {
    "valid": (lambda root: None, []),
    "valid--no-editorial-files": (both(remove(DOM), *map(remove, LISTINGS)), []),  # listed, unclassified
    "valid--domains-without-listings": (both(*map(remove, LISTINGS)), []),
    "valid--the-public-catalog": (the_public_catalogs_dtu, []),
    # ---- catalog-domains: the registry's shape
    "catalog-domains": (
        add_domain({"id": "Not An Id", "label": "Other", "scope": "Anything."}),
        [e("catalog-domains", DOM, 19)],
    ),
    "catalog-domains--duplicate-id": (
        add_domain({"id": "reporting", "label": "Again", "scope": "Twice."}),
        [e("catalog-domains", DOM, 19)],
    ),
    "catalog-domains--empty-label": (
        edit(DOM, lambda d: d["domains"][0].update(label=" ")),
        [e("catalog-domains", DOM, 5)],
    ),
    "catalog-domains--scope-not-text": (
        edit(DOM, lambda d: d["domains"][1].update(scope=7)),
        [e("catalog-domains", DOM, 11)],
    ),
    "catalog-domains--not-a-list": (
        edit(DOM, lambda d: {"domains": {"reporting": "Reports"}}),
        [e("catalog-domains", DOM, 2)],
    ),
    "catalog-domains--item-not-an-object": (add_domain("other"), [e("catalog-domains", DOM, 18)]),
    "catalog-keys--domain-not-flat": (
        add_domain({"id": "sub", "label": "S", "scope": "S.", "parent": "reporting"}),
        [e("catalog-keys", DOM, 22)],
    ),
    "catalog-keys--domains-missing-scope": (
        add_domain({"id": "sub", "label": "S"}),
        [e("catalog-keys", DOM, 18)],
    ),
    "catalog-keys--domains-file": (
        edit(DOM, lambda d: {**d, "categories": []}),
        [e("catalog-keys", DOM, 19)],
    ),
    "catalog-json--domains": (write(DOM, b"{ broken\n"), [e("catalog-json", DOM, 1)]),
    "catalog-json--domains-not-an-object": (write(DOM, b"[]\n"), [e("catalog-json", DOM, 1)]),
    "catalog-files-regular--domains-link": (symlink(DOM), [e("catalog-files-regular", DOM, None)]),
    # ---- catalog-domains-present: a listing with a domain, and no registry
    "catalog-domains-present": (
        remove(DOM),
        [
            e("catalog-domains-present", W_LIST, None),
            e("catalog-domains-present", DEEP_LIST, None),
            e("catalog-domains-present", FRESH_LIST, None),
        ],
    ),
    # ---- catalog-listing-domain
    "catalog-listing-domain": (
        edit(W_LIST, lambda d: d.update(domain="self-awarded")),
        [e("catalog-listing-domain", W_LIST, 2)],
    ),
    "catalog-listing-domain--a-list": (
        edit(W_LIST, lambda d: d.update(domain=["reporting"])),
        [e("catalog-listing-domain", W_LIST, 2)],
    ),
    "catalog-listing-domain--empty": (
        edit(W_LIST, lambda d: d.update(domain="")),
        [e("catalog-listing-domain", W_LIST, 2)],
    ),
    # ---- the listing's keys: one domain, a required boolean, nothing else
    "catalog-keys--domain-and-category": (
        edit(W_LIST, lambda d: d.update(category="reporting")),
        [e("catalog-keys", W_LIST, 4)],
    ),
    "catalog-keys--no-domain": (
        edit(W_LIST, lambda d: {"recommended": False}),
        [e("catalog-keys", W_LIST, 1)],
    ),
    "catalog-keys--no-recommended": (
        edit(W_LIST, lambda d: {"domain": "reporting"}),
        [e("catalog-keys", W_LIST, 1)],
    ),
    "catalog-keys--review-evidence": (
        edit(DEEP_LIST, lambda d: d.update(review_status="passed")),
        [e("catalog-keys", DEEP_LIST, 9)],
    ),
    "catalog-listing-recommended": (
        edit(W_LIST, lambda d: d.update(recommended="true")),
        [e("catalog-listing-recommended", W_LIST, 3)],
    ),
    "catalog-listing-recommended--number": (
        edit(W_LIST, lambda d: d.update(recommended=1)),
        [e("catalog-listing-recommended", W_LIST, 3)],
    ),
    # ---- reviewed_source: required when recommended, refused otherwise, an identity
    "catalog-reviewed-source": (
        edit(DEEP_LIST, lambda d: d.pop("reviewed_source") and None),
        [e("catalog-reviewed-source", DEEP_LIST, 3)],
    ),
    "catalog-reviewed-source--on-an-ordinary-listing": (
        edit(DEEP_LIST, lambda d: d.update(recommended=False)),
        [e("catalog-reviewed-source", DEEP_LIST, 4)],
    ),
    "catalog-reviewed-source--not-an-object": (
        edit(DEEP_LIST, lambda d: d.update(reviewed_source="x")),
        [e("catalog-reviewed-source", DEEP_LIST, 4)],
    ),
    "catalog-repository--reviewed-http": (
        reviewed(repository="http://example.org/acme/research.git"),
        [e("catalog-repository", DEEP_LIST, 5)],
    ),
    "catalog-repository--reviewed-credentials": (
        reviewed(repository="https://user:secret@example.org/acme/research.git"),
        [e("catalog-repository", DEEP_LIST, 5)],
    ),
    "catalog-path--reviewed-climbs": (reviewed(path="../tools"), [e("catalog-path", DEEP_LIST, 6)]),
    "catalog-path--reviewed-absolute": (
        reviewed(path="/tools/deep-thing"),
        [e("catalog-path", DEEP_LIST, 6)],
    ),
    "catalog-commit--reviewed-short": (reviewed(commit="7540598"), [e("catalog-commit", DEEP_LIST, 7)]),
    "catalog-commit--reviewed-not-hex": (reviewed(commit="g" * 40), [e("catalog-commit", DEEP_LIST, 7)]),
    "catalog-keys--reviewed-ref": (reviewed(ref="main"), [e("catalog-keys", DEEP_LIST, 8)]),
    # ---- at most one recommendation per domain; a stale one keeps its slot
    "catalog-recommendation-unique": (
        write(PIN_LIST, PINNED_RECOMMENDED),
        [e("catalog-recommendation-unique", PIN_LIST, 3)],
    ),
    "catalog-recommendation-unique--a-stale-one-keeps-its-slot": (
        both(reviewed(commit="b" * 40), write(PIN_LIST, PINNED_RECOMMENDED)),
        [w("catalog-review-agrees", DEEP_LIST, 7), e("catalog-recommendation-unique", PIN_LIST, 3)],
    ),
    "valid--one-recommendation-per-domain": (
        write(PIN_LIST, PINNED_RECOMMENDED.replace(b"research-knowledge", b"developer-tools")),
        [],
    ),
    # ---- the source pointer: an https git URL, not an installer's git+https with a revision
    "catalog-repository--pointer-git-plus-https": (
        edit(PTR, lambda d: d.update(repository="git+https://example.org/acme/widget.git@v1")),
        [e("catalog-repository", PTR, 2)],
    ),
    "catalog-keys--pointer-without-repository": (
        edit(PTR, lambda d: {"ref": "main"}),
        [e("catalog-keys", PTR, 1)],
    ),
    "catalog-path--pointer-climbs": (
        edit(PTR, lambda d: d.update(path="../other")),
        [e("catalog-path", PTR, 3)],
    ),
}


def _run(name: str, tmp_path: Path) -> list[Expected]:
    mutation, _ = CASES[name]
    root = tmp_path / "catalog"
    shutil.copytree(CATALOG_V1, root, symlinks=True)
    mutation(root)
    report = check_catalog(root, processes=1)
    return [(d.code, d.severity, d.path or "", d.line) for d in report.diagnostics]


@pytest.mark.parametrize("name", sorted(CASES))
def test_case(name: str, tmp_path: Path) -> None:
    assert sorted(_run(name, tmp_path), key=str) == sorted(CASES[name][1], key=str)


def test_every_case_is_named_after_what_it_finds() -> None:
    for name, (_, expected) in CASES.items():
        code = name.split("--", 1)[0]
        if code in CODES:
            assert code in {item[0] for item in expected}, name


def test_both_layouts_in_one_catalog(tmp_path: Path) -> None:
    """A catalog moving to the v1 layout keeps categories.json beside domains.json for a
    while: each listing is held to the registry its own key names, and a category and a
    domain of one id are two slots."""
    root = tmp_path / "catalog"
    shutil.copytree(CATALOG_V1, root)
    shutil.copy(FIXTURES / "catalog" / "categories.json", root / "categories.json")
    (root / FRESH_LIST).write_text('{\n  "category": "developer-tools",\n  "recommended": false\n}\n')
    (root / PIN_LIST).write_bytes(PINNED_RECOMMENDED.replace(b'"domain"', b'"category"'))
    assert check_catalog(root).diagnostics == []
    (root / "categories.json").unlink()
    found = [(d.code, d.path, d.line) for d in check_catalog(root).diagnostics]
    assert found == [
        ("catalog-categories-present", FRESH_LIST, None),
        ("catalog-categories-present", PIN_LIST, None),
    ]
