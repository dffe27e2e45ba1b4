"""The catalog's editorial layer: ``categories.json`` at its root and each entry's
``listing.json``, by the rules of the public catalog's validator (``load_catalog_metadata``
in its ``catalog_metadata.py``, which its CI and its site share).

A listing classifies an entry under one category and may designate it the category's
recommendation, at a reviewed source revision; at most one per category. The validator
refuses a catalog that breaks one of these rules, so each is an error here. A recommendation
whose reviewed source or pointer no longer matches the snapshot's provenance is valid data:
the catalog keeps it (and its category's slot) but shows "Recommendation needs review"
without preference, and that is a warning. Values in, findings out: reading the files, and
which entry comes first, is :mod:`smart_tool_build.registry.catalog`'s.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, NamedTuple, Optional

from ..diagnostics.codes import CodeId
from ..parsing.lines import JsonPath
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
LISTING_FILE = "listing.json"
CATEGORY_KEYS = ("id", "label", "scope")
LISTING_KEYS = ("category", "recommended", "reviewed_source")
REVIEWED_KEYS = ("repository", "path", "commit")
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

    category: str
    recommended: bool
    reviewed: Optional[Reviewed] = None


class ListingCheck(NamedTuple):
    """What :func:`check_listing` found."""

    findings: list[Finding]
    #: the listing, when it keeps every rule
    listing: Optional[Listing]
    #: the category a ``recommended: true`` listing occupies, even when another rule fails
    #: (the catalog counts a stale designation too)
    designates: Optional[str]


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
CATEGORY_HINT = (
    'give each category as {"id": "my-category", "label": "My category", "scope": "What it covers."}'
)
TEXT_HINT = "write it as one line of plain text"


def check_categories(value: Any) -> tuple[list[Finding], Optional[frozenset[str]]]:
    """The findings of a parsed categories.json, and the category ids it defines (None when
    its shape gives none). An id that is an identifier counts even if its label is broken,
    so one bad item does not make every listing of that category unknown as well."""
    if not isinstance(value, dict):
        return [
            Finding("catalog-json", (), f"must be a JSON object, not {kind_of(value)}", OBJECT_HINT)
        ], None
    out = _keys(value, (), ("categories",), ("categories",), CATEGORIES_FILE)
    items = value.get("categories")
    if "categories" not in value:
        return out, None
    if not isinstance(items, list):
        message = f"`categories` must be a list of categories, not {kind_of(items)}"
        return [*out, Finding("catalog-categories", ("categories",), message, CATEGORY_HINT)], None
    ids: set[str] = set()
    for index, item in enumerate(items):
        at: JsonPath = ("categories", index)
        where = f"categories[{index}]"
        if not isinstance(item, dict):
            message = f"`{where}` must be an object with `id`, `label` and `scope`, not {kind_of(item)}"
            out.append(Finding("catalog-categories", at, message, CATEGORY_HINT))
            continue
        out += _keys(item, at, CATEGORY_KEYS, CATEGORY_KEYS, f"`{where}`")
        if "id" in item:
            identity = item["id"]
            if not isinstance(identity, str) or not IDENTIFIER.match(identity):
                message = f"`{where}.id` {_shown(identity)} is not a lowercase hyphenated identifier"
                out.append(
                    Finding("catalog-categories", (*at, "id"), message, "write it like `media-production`")
                )
            elif identity in ids:
                message = f"`{where}.id` {identity!r} is defined twice"
                out.append(Finding("catalog-categories", (*at, "id"), message, "keep one category per id"))
            else:
                ids.add(identity)
        for key in ("label", "scope"):
            if key in item:
                problem = text_problem(item[key])
                if problem:
                    out.append(
                        Finding("catalog-categories", (*at, key), f"`{where}.{key}` {problem}", TEXT_HINT)
                    )
    return out, frozenset(ids)


def check_listing(value: Any, known: Optional[frozenset[str]]) -> ListingCheck:
    """The findings of a parsed listing.json; ``known`` is the ids of categories.json (None
    when there is none to compare with: its absence or its shape is reported once, there)."""
    if not isinstance(value, dict):
        return ListingCheck(
            [Finding("catalog-json", (), f"must be a JSON object, not {kind_of(value)}", OBJECT_HINT)],
            None,
            None,
        )
    out = _keys(value, (), LISTING_KEYS, LISTING_KEYS[:2], "the listing")
    category, recommended = value.get("category"), value.get("recommended")
    category_known = False
    if "category" in value:
        if not isinstance(category, str) or not IDENTIFIER.match(category):
            message = f"`category` {_shown(category)} is not a lowercase hyphenated identifier"
            out.append(
                Finding("catalog-listing-category", ("category",), message, "name one id of categories.json")
            )
        elif known is not None and category not in known:
            message = f"`category` {category!r} is not a category of {CATEGORIES_FILE}"
            hint = f"known ids: {', '.join(sorted(known))}" if known else f"{CATEGORIES_FILE} defines none"
            out.append(Finding("catalog-listing-category", ("category",), message, hint))
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
        return ListingCheck(out, None, designates)
    return ListingCheck(out, Listing(value["category"], value["recommended"], reviewed), designates)


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
