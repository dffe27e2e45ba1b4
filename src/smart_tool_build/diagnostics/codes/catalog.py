"""Codes of the catalog rules (``catalog-*``): a registry checkout's ``tools/<id>/`` entries.

The rules are those of the public smart-tools catalog's reader (pointer ``source.json``,
``provenance.json``, the ``SMART_TOOL.md`` snapshot) and of its v1 source contract (the
editorial ``domains.json`` and ``listing.json``; the earlier ``categories.json`` layout too),
a few of them stricter; the snapshot's manifest also keeps every ``manifest-*`` rule that
needs no package definition.
"""

from __future__ import annotations

from .base import ERROR, WARNING, Code

CODES: tuple[Code, ...] = (
    Code(
        "catalog-layout",
        ERROR,
        "The catalog has no tools/ folder, or a folder under tools/ is not named with a "
        "lowercase hyphenated identifier (the catalog's reader then refuses the whole catalog).",
        "Keep one folder per tool, tools/<id>/, with an id such as `my-tool`; move anything else out.",
    ),
    Code(
        "catalog-files-regular",
        ERROR,
        "A catalog folder or file (the root, domains.json, categories.json, tools/, an entry, its "
        "source.json, provenance.json, SMART_TOOL.md or listing.json) is a symlink (dangling ones "
        "included), is not a regular file or folder, or cannot be read.",
        "Replace the link with the file itself; nothing in a catalog may point elsewhere.",
    ),
    Code(
        "catalog-pointer-present",
        ERROR,
        "An entry has no source.json: the catalog lists and refreshes only entries with a "
        "pointer, and its validator refuses a listing.json without one.",
        'Add tools/<id>/source.json: {"repository": "https://host/owner/repo.git"}, or remove the folder.',
    ),
    Code(
        "catalog-snapshot-pair",
        WARNING,
        "An entry has SMART_TOOL.md without provenance.json, or the reverse: the catalog then "
        "shows the entry without its snapshot.",
        "Write both with `smart-tool snapshot ROOT --output-dir tools/<id>`, or remove the half.",
    ),
    Code(
        "catalog-json",
        ERROR,
        "source.json, provenance.json, listing.json, domains.json or categories.json is not strict JSON: "
        "not UTF-8, a byte order mark, a syntax error, a duplicate key, NaN or Infinity, "
        "over 64 KiB or nested too deep, or not an object.",
        "Write it again as a plain JSON object, each key once (the snapshot command writes it so).",
    ),
    Code(
        "catalog-keys",
        ERROR,
        "A key set is not the catalog's: source.json needs `repository` and allows only "
        "`ref` and `path`; provenance.json holds exactly `last_success`, "
        "`original_manifest_path` and `source`, and `source` exactly `commit`, `path`, "
        "`ref` and `repository`; listing.json needs `domain` (or, in the earlier layout, "
        "`category`, never both) and `recommended` and allows only `reviewed_source`, which "
        "holds exactly `repository`, `path` and `commit`; domains.json holds only `domains` and "
        "categories.json only `categories`, each item exactly `id`, `label` and `scope`.",
        "Remove the unknown key or add the missing one (no review evidence or second domain "
        "in a listing); regenerate provenance.json with `smart-tool snapshot`.",
    ),
    Code(
        "catalog-repository",
        ERROR,
        "A `repository` is not a credential-free https URL: another scheme, a user or token "
        "before `@`, a query or fragment, whitespace or control characters, a host that is "
        "not DNS labels, a port outside 1-65535, or a path that is empty or not safe.",
        "Use the plain clone URL, e.g. https://github.com/owner/repo.git.",
    ),
    Code(
        "catalog-ref",
        ERROR,
        "A `ref` is not a safe git ref: empty, whitespace or control characters, one of "
        "~^:?*[\\, `..`, `@{` or `//`, a leading `/` or `-`, a trailing `/` or `.`, a "
        "component starting with `.` or ending in `.lock`, or `@` alone.",
        "Use the branch or tag name (`main`, `v1.2.0`) or a full commit id.",
    ),
    Code(
        "catalog-path",
        ERROR,
        "A `path` or `original_manifest_path` is not a safe repository-relative path "
        "(absolute, empty, `.`/`..`/empty segments, one of \\%:?#, control characters), "
        "`original_manifest_path` does not name SMART_TOOL.md, or it lies outside the "
        "distribution root `path`.",
        "Write POSIX paths from the repository's top: `.` or `tools/my-tool` for the root, "
        "`tools/my-tool/src/my_tool/SMART_TOOL.md` for the manifest.",
    ),
    Code(
        "catalog-commit",
        ERROR,
        "The provenance `commit`, or a listing's `reviewed_source.commit`, is not a full "
        "lowercase commit id (40 or 64 hex digits).",
        "Record the full id, as `git rev-parse HEAD` prints it.",
    ),
    Code(
        "catalog-time",
        ERROR,
        "`last_success` is not an ISO 8601 time with a zone (YYYY-MM-DDTHH:MM:SS, optional "
        "fraction, then Z or +HH:MM).",
        "Write it as UTC, e.g. 2026-09-29T09:55:07Z.",
    ),
    Code(
        "catalog-source-agrees",
        ERROR,
        "provenance.json was not made from the source the pointer names: its `repository`, "
        "`ref` or `path` differs from source.json's (ref default `main`, path default `.`), "
        "or the pointer pins a full commit the provenance does not record.",
        "Refresh the snapshot from the pointer's source, or fix the pointer.",
    ),
    Code(
        "catalog-manifest-readable",
        ERROR,
        "The catalog's reader would not read the snapshot as this tool does: a byte order "
        "mark, fences not exactly `---`, a tab PyYAML's safe_load refuses (outside quoted "
        "and block text), or `name`, `description`, `use_cases` or `platforms` not text "
        "without control characters as it reads them (an unquoted date, for instance).",
        "Save SMART_TOOL.md as UTF-8 without BOM, fence the frontmatter with bare `---` "
        "lines, indent and separate with spaces, and quote values YAML would read as dates.",
    ),
    Code(
        "catalog-name-matches-folder",
        ERROR,
        "With --names-match-folders: the snapshot's `name` is not the entry's folder name.",
        "Rename the folder tools/<id>/ to the manifest's name (the catalog does not require it otherwise).",
    ),
    Code(
        "catalog-categories",
        ERROR,
        "categories.json is not the catalog's flat list of categories: `categories` not a "
        "list, an item not an object, an `id` not a lowercase hyphenated identifier or "
        "defined twice, a `label` or `scope` not text without control characters.",
        'Write {"categories": [{"id": "my-category", "label": "My category", "scope": "What '
        'it covers."}]}, each id once (a category is a maintainer decision).',
    ),
    Code(
        "catalog-categories-present",
        ERROR,
        "An entry has listing.json but the catalog has no categories.json at its root: the "
        "catalog's validator refuses listings without it (and with them the catalog).",
        "Add categories.json with the categories the listings name, or remove the listing "
        "(the entry is then shown as not yet classified).",
    ),
    Code(
        "catalog-listing-category",
        ERROR,
        "A listing's `category` is not a lowercase hyphenated identifier (a list or a second "
        "category included), or not an `id` of categories.json.",
        "Name one id of categories.json; adding a category is a separate maintainer decision.",
    ),
    Code(
        "catalog-domains",
        ERROR,
        "domains.json (the v1 source contract's registry) is not a flat list of domains: "
        "`domains` not a list, an item not an object, an `id` not a lowercase hyphenated "
        "identifier or defined twice, a `label` or `scope` not text without control characters.",
        'Write {"domains": [{"id": "my-domain", "label": "My domain", "scope": "What it '
        'covers."}]}, each id once (a domain is a catalog review decision).',
    ),
    Code(
        "catalog-domains-present",
        ERROR,
        "An entry has a listing.json naming a `domain` but the catalog has no domains.json at "
        "its root: the listing's domain identifies nothing, and validation fails.",
        "Add domains.json with the domains the listings name, or remove the listing (the entry "
        "is then listed, unclassified and not recommended).",
    ),
    Code(
        "catalog-listing-domain",
        ERROR,
        "A listing's `domain` is not a lowercase hyphenated identifier (a list or a second "
        "domain included), or not an `id` of domains.json.",
        "Name one id of domains.json; adding a domain is a separate catalog review decision.",
    ),
    Code(
        "catalog-listing-recommended",
        ERROR,
        'A listing\'s `recommended` is not an explicit boolean: a string such as "true", a number, or null.',
        'Write `"recommended": false`, or `true` for a maintainer\'s reviewed designation.',
    ),
    Code(
        "catalog-reviewed-source",
        ERROR,
        "A recommendation (`recommended: true`) has no `reviewed_source`, or it is not an "
        "object; or an ordinary listing (`recommended: false`) carries one.",
        "Record the reviewed repository, distribution path and full commit in "
        "`reviewed_source` for a recommendation; remove it from an ordinary listing.",
    ),
    Code(
        "catalog-recommendation-unique",
        ERROR,
        "A second `recommended: true` listing in one domain or category; entries are taken in "
        "name order: the first holds the slot, a recommendation that needs review included.",
        "Keep one recommendation per domain: withdraw the other (`recommended: false`, no "
        "`reviewed_source`), or replace it in the same change.",
    ),
    Code(
        "catalog-review-agrees",
        WARNING,
        'A recommendation the catalog shows as needs-review ("Recommendation needs review", '
        "no preference, the slot kept): the entry has no snapshot, its `reviewed_source` is "
        "not the provenance's repository, path and commit, or its pointer names another "
        "source than the provenance.",
        "A maintainer reviews the snapshot's revision and renews `reviewed_source` to it, or "
        "withdraws the recommendation; the reviewed commit is never advanced unreviewed.",
    ),
)
