"""The catalog's editorial layer: a registry of domains (or, in the earlier layout, of
categories) at its root and each entry's ``listing.json``.

Two layouts are read. The catalog's v1 source contract (``contracts/catalog-source.v1.md``)
keeps ``domains.json`` (``{"domains": [{id, label, scope}]}``) and listings naming a
``domain``; the earlier layout, which the catalog's validator (``load_catalog_metadata`` in
its ``catalog_metadata.py``) read first, keeps ``categories.json`` and listings naming a
``category``. A listing's own key says which it uses. The rules are the same in both: a
listing classifies an entry under one id of the registry, a required boolean
``recommended`` may designate it the recommendation of that id at a reviewed source
revision (a credential-free https repository, a safe relative path, a full commit), and at
most one listing per id does. A recommendation whose reviewed source or pointer no longer
matches the snapshot's provenance is valid data: the catalog keeps it (and its slot) but
shows "Recommendation needs review" without preference, and that is a warning. Values in,
findings out: reading the files, and which entry comes first, is
:mod:`smart_tool.registry.catalog`'s.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, NamedTuple, Optional

from smart_tool_build.diagnostics.codes import CodeId
from smart_tool_build.parsing.json_paths import JsonPath

from .provenance import (
    Pointer,
    Provenance,
    agreement,
    commit_problem,
    kind_of,
    path_problem,
    repository_problem,
    shown_url,
    text_problem,
)

CATEGORIES_FILE = "categories.json"
DOMAINS_FILE = "domains.json"
LISTING_FILE = "listing.json"
CATEGORY_KEYS = ("id", "label", "scope")
LISTING_KEYS = ("category", "recommended", "reviewed_source")
REVIEWED_KEYS = ("repository", "path", "commit")


class Layout(NamedTuple):
    """One layout of the editorial layer: its registry file and the codes of its rules."""

    #: the registry at the catalog's root
    file: str
    #: the registry's one key, a list of items; and the listing's key naming one item's id
    items: str
    key: str
    #: the registry's shape; a listing without the registry; a listing's id
    shape_code: CodeId
    present_code: CodeId
    listing_code: CodeId

    @property
    def listing_keys(self) -> tuple[str, ...]:
        return (self.key, "recommended", "reviewed_source")

    @property
    def hint(self) -> str:
        """How one item of the registry is written."""
        item = f'{{"id": "my-{self.key}", "label": "My {self.key}", "scope": "What it covers."}}'
        return f"give each {self.key} as {item}"


#: the catalog's v1 source contract
DOMAINS = Layout(
    DOMAINS_FILE, "domains", "domain", "catalog-domains", "catalog-domains-present", "catalog-listing-domain"
)
#: the layout before it
CATEGORIES = Layout(
    CATEGORIES_FILE,
    "categories",
    "category",
    "catalog-categories",
    "catalog-categories-present",
    "catalog-listing-category",
)
LAYOUTS = (DOMAINS, CATEGORIES)


def layout_of(value: Any, present: frozenset[str]) -> Layout:
    """The layout a listing uses: the one whose key it names (``domain`` first), else the one
    whose registry the catalog has (``present``: registry files), else the v1 contract's."""
    if isinstance(value, dict):
        for layout in LAYOUTS:
            if layout.key in value:
                return layout
    for layout in LAYOUTS:
        if layout.file in present:
            return layout
    return DOMAINS


#: the catalog's identifier form, for entry folders and category ids alike
IDENTIFIER = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
NEEDS_REVIEW = "needs-review"


class Finding(NamedTuple):
    """One broken rule of an editorial file; ``at`` is where in the document (its line)."""

    code: CodeId
    at: JsonPath
    message: str
    hint: Optional[str] = None


class Reviewed(NamedTuple):
    """A recommendation's ``reviewed_source``: the revision maintainers reviewed."""

    repository: str
    path: str
    commit: str


class Listing(NamedTuple):
    """A valid listing.json."""

    #: the id it names: its ``category``, or its ``domain`` in the v1 layout
    category: str
    recommended: bool
    reviewed: Optional[Reviewed] = None


class ListingCheck(NamedTuple):
    """What :func:`check_listing` found."""

    findings: list[Finding]
    #: the listing, when it keeps every rule
    listing: Optional[Listing]
    #: the category (or domain) a ``recommended: true`` listing occupies, even when another
    #: rule fails (the catalog counts a stale designation too)
    designates: Optional[str]
    layout: Layout = CATEGORIES


def _shown(value: Any) -> str:
    """A value for a message: a string quoted (cut at 60), another scalar as JSON writes it
    with its kind, a container by its kind."""
    if isinstance(value, str):
        return repr(value if len(value) <= 60 else value[:57] + "...")
    if value is not None and isinstance(value, (bool, int, float)):
        return f"{kind_of(value)} ({json.dumps(value)})"
    return kind_of(value)


def _keys(
    value: dict[str, Any], at: JsonPath, allowed: tuple[str, ...], required: tuple[str, ...], where: str
) -> list[Finding]:
    """Unknown keys (at their lines) and missing required ones (at the object holding them)."""
    hint = f"keys are: {', '.join(allowed)}"
    out = [
        Finding("catalog-keys", (*at, key), f"unknown key {key!r} in {where}", hint)
        for key in value
        if key not in allowed
    ]
    out += [
        Finding("catalog-keys", at, f"`{key}` is missing from {where}", f"add `{key}` to {where}")
        for key in required
        if key not in value
    ]
    return out


#: the hints of findings said in more than one place
OBJECT_HINT = "write it as one JSON object"
TEXT_HINT = "write it as one line of plain text"


def check_categories(value: Any) -> tuple[list[Finding], Optional[frozenset[str]]]:
    """:func:`check_registry` of categories.json."""
    return check_registry(value, CATEGORIES)


def check_registry(value: Any, layout: Layout) -> tuple[list[Finding], Optional[frozenset[str]]]:
    """The findings of a parsed registry (domains.json or categories.json), and the ids it
    defines (None when its shape gives none). An id that is an identifier counts even if its
    label is broken, so one bad item does not make every listing of that id unknown as well."""
    if not isinstance(value, dict):
        return [
            Finding("catalog-json", (), f"must be a JSON object, not {kind_of(value)}", OBJECT_HINT)
        ], None
    name, code = layout.items, layout.shape_code
    out = _keys(value, (), (name,), (name,), layout.file)
    items = value.get(name)
    if name not in value:
        return out, None
    if not isinstance(items, list):
        message = f"`{name}` must be a list of {name}, not {kind_of(items)}"
        return [*out, Finding(code, (name,), message, layout.hint)], None
    ids: set[str] = set()
    for index, item in enumerate(items):
        at: JsonPath = (name, index)
        where = f"{name}[{index}]"
        if not isinstance(item, dict):
            message = f"`{where}` must be an object with `id`, `label` and `scope`, not {kind_of(item)}"
            out.append(Finding(code, at, message, layout.hint))
            continue
        out += _keys(item, at, CATEGORY_KEYS, CATEGORY_KEYS, f"`{where}`")
        if "id" in item:
            identity = item["id"]
            if not isinstance(identity, str) or not IDENTIFIER.match(identity):
                message = f"`{where}.id` {_shown(identity)} is not a lowercase hyphenated identifier"
                out.append(Finding(code, (*at, "id"), message, "write it like `media-production`"))
            elif identity in ids:
                message = f"`{where}.id` {identity!r} is defined twice"
                out.append(Finding(code, (*at, "id"), message, f"keep one {layout.key} per id"))
            else:
                ids.add(identity)
        for key in ("label", "scope"):
            if key in item:
                problem = text_problem(item[key])
                if problem:
                    out.append(Finding(code, (*at, key), f"`{where}.{key}` {problem}", TEXT_HINT))
    return out, frozenset(ids)


def check_listing(value: Any, known: Optional[frozenset[str]], layout: Layout = CATEGORIES) -> ListingCheck:
    """The findings of a parsed listing.json in ``layout``; ``known`` is the ids of its
    registry (None when there is none to compare with: its absence or its shape is reported
    once, there)."""
    if not isinstance(value, dict):
        return ListingCheck(
            [Finding("catalog-json", (), f"must be a JSON object, not {kind_of(value)}", OBJECT_HINT)],
            None,
            None,
            layout,
        )
    key, code = layout.key, layout.listing_code
    out = _keys(value, (), layout.listing_keys, layout.listing_keys[:2], "the listing")
    category, recommended = value.get(key), value.get("recommended")
    category_known = False
    if key in value:
        if not isinstance(category, str) or not IDENTIFIER.match(category):
            message = f"`{key}` {_shown(category)} is not a lowercase hyphenated identifier"
            out.append(Finding(code, (key,), message, f"name one id of {layout.file}"))
        elif known is not None and category not in known:
            message = f"`{key}` {category!r} is not a {key} of {layout.file}"
            hint = f"known ids: {', '.join(sorted(known))}" if known else f"{layout.file} defines none"
            out.append(Finding(code, (key,), message, hint))
        else:
            category_known = True
    if "recommended" in value and type(recommended) is not bool:
        message = f"`recommended` must be the boolean true or false, not {_shown(recommended)}"
        out.append(
            Finding("catalog-listing-recommended", ("recommended",), message, "write it unquoted: false")
        )
    reviewed = _reviewed(value, recommended, out)
    designates = category if category_known and recommended is True else None
    if out:
        return ListingCheck(out, None, designates, layout)
    return ListingCheck(out, Listing(value[key], value["recommended"], reviewed), designates, layout)


_REVIEWED_RULES: tuple[tuple[CodeId, str, Callable[[Any], Optional[str]]], ...] = (
    ("catalog-repository", "repository", repository_problem),
    ("catalog-path", "path", path_problem),
    ("catalog-commit", "commit", commit_problem),
)


def _reviewed(value: dict[str, Any], recommended: Any, out: list[Finding]) -> Optional[Reviewed]:
    """A recommendation's ``reviewed_source`` (findings into ``out``); an ordinary one has none."""
    given = value.get("reviewed_source")
    if recommended is False and "reviewed_source" in value:
        message = "an ordinary listing (`recommended: false`) must not carry `reviewed_source`"
        hint = "remove it: a withdrawn recommendation drops its reviewed source"
        out.append(Finding("catalog-reviewed-source", ("reviewed_source",), message, hint))
        return None
    if recommended is not True:
        return None
    if "reviewed_source" not in value:
        message = "a recommendation needs `reviewed_source`: the repository, path and full commit reviewed"
        hint = 'add "reviewed_source": {"repository": ..., "path": ..., "commit": ...}'
        out.append(Finding("catalog-reviewed-source", ("recommended",), message, hint))
        return None
    if not isinstance(given, dict):
        message = f"`reviewed_source` must be an object, not {kind_of(given)}"
        hint = 'write "reviewed_source": {"repository": ..., "path": ..., "commit": ...}'
        out.append(Finding("catalog-reviewed-source", ("reviewed_source",), message, hint))
        return None
    before = len(out)
    out += _keys(given, ("reviewed_source",), REVIEWED_KEYS, REVIEWED_KEYS, "`reviewed_source`")
    for code, key, rule in _REVIEWED_RULES:
        item = given.get(key)
        problem = rule(item) if key in given else None
        if problem:
            shown = (
                ""
                if not isinstance(item, str)
                else " " + (shown_url(item) if key == "repository" else repr(item))
            )
            out.append(Finding(code, ("reviewed_source", key), f"`reviewed_source.{key}`{shown} {problem}"))
    if len(out) > before:
        return None
    return Reviewed(given["repository"], given["path"], given["commit"])


def review_problems(
    listing: Listing, pointer: Optional[Pointer], record: Optional[Provenance], snapshot: bool
) -> list[tuple[JsonPath, str]]:
    """Why the catalog shows this recommendation as needing review (``recommendation_state``):
    (where in the listing, why) for each reason; none for an ordinary listing, or when the
    pointer or the provenance is broken (their own errors say so; the state is not known).
    ``snapshot``: both SMART_TOOL.md and provenance.json are in the entry."""
    if not listing.recommended or listing.reviewed is None:
        return []
    if not snapshot:
        return [(("recommended",), "the entry has no snapshot (SMART_TOOL.md and provenance.json)")]
    if pointer is None or record is None:
        return []
    source, reviewed = record.source, listing.reviewed
    out: list[tuple[JsonPath, str]] = []
    for key in REVIEWED_KEYS:
        wanted, recorded = getattr(reviewed, key), getattr(source, key)
        if wanted != recorded:
            shown = (
                (shown_url(wanted), shown_url(recorded))
                if key == "repository"
                else (repr(wanted), repr(recorded))
            )
            reason = f"`reviewed_source.{key}` {shown[0]} is not the snapshot's {shown[1]} (provenance.json)"
            out.append((("reviewed_source", key), reason))
    if agreement(pointer, record):  # the pointer names another source (catalog-source-agrees)
        out.append((("recommended",), "the pointer (source.json) names another source than the snapshot's"))
    return out
