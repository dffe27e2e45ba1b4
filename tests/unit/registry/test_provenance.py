"""The shape rules of catalog pointers and provenance records, value by value.

The refused values are the catalog reader's own test vectors (its test_catalog.py) and the
cases where this tool is stricter; the accepted ones are the shapes the public catalog holds.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest

from smart_tool.registry import provenance
from smart_tool.registry.provenance import Pointer, Provenance, Source
from smart_tool.registry.snapshot import https_guess

COMMIT = "5655d7ef507a6453f72b94ee016fa38df666cb61"
REPO = "https://github.com/microsoft/amplifier-smart-tool-tmux.git"
#: the public catalog's provenance of its tmux entry, byte for byte
TMUX = """{
  "last_success": "2026-09-29T09:55:07Z",
  "original_manifest_path": "src/tmux_fleet/SMART_TOOL.md",
  "source": {
    "commit": "5655d7ef507a6453f72b94ee016fa38df666cb61",
    "path": ".",
    "ref": "main",
    "repository": "https://github.com/microsoft/amplifier-smart-tool-tmux.git"
  }
}
"""


UNSAFE_PATHS = [
    "",
    "/absolute",
    "../outside",
    "a/../b",
    "./a",
    "a//b",
    "a/",
    "a\\b",
    "a%2fb",
    "https://host/path",
]
MORE_UNSAFE_PATHS = ["a?query", "a#fragment", "a\x00b", False, None, " ", "a\u200bb"]


@pytest.mark.parametrize("value", [*UNSAFE_PATHS, *MORE_UNSAFE_PATHS])
def test_unsafe_paths(value: Any) -> None:
    assert provenance.path_problem(value)


@pytest.mark.parametrize("value", [".", "tools/deep-research", "src/tmux_fleet/SMART_TOOL.md", "a.b/c-d_e"])
def test_safe_paths(value: str) -> None:
    assert provenance.path_problem(value) is None


@pytest.mark.parametrize(
    "value",
    [
        "http://github.com/example/tool",
        "https://user:secret@github.com/example/tool",
        "https://@github.com/example/tool",
        "https://github.com/example/tool?token=x",
        "https://github.com/example/tool#fragment",
        "https://github.com/../tool",
        "https://github.com/example/%2e%2e/tool",
        "https://github.com",
        "https://github.com/example\\tool",
        "https://github.com/a b/tool",
        "https://github.com/\nexample/tool",
        "https://github.com:99999/example/tool",
        "https://github.com:0/example/tool",
        "https://..host/example/tool",
        "https://github.com/.",
        True,
        # stricter than the catalog's reader: an empty query or fragment marker
        "https://github.com/example/tool?",
        "https://github.com/example/tool#",
        # and refused by it too
        "https://github.com/example/tool/",
        "https://[::1]/example/tool",
        "git@github.com:example/tool.git",
        "ssh://git@github.com/example/tool.git",
        "https://-bad.example/tool",
        "https://github.com:/example/tool",
    ],
)
def test_unsafe_repositories(value: Any) -> None:
    assert provenance.repository_problem(value)


@pytest.mark.parametrize(
    "value",
    [
        REPO,
        "https://github.com/colombod/amplifier-smart-tools-research.git",
        "https://example.test/tool.git",
        "https://git.example.org:8443/group/sub/tool",
        "https://GitHub.com/Owner/Tool",
    ],
)
def test_safe_repositories(value: str) -> None:
    assert provenance.repository_problem(value) is None


INVALID_REFS = ["", False, "branch..name", "a.lock", ".branch", "a//b", "a@{b", "a b", "/branch", "a~1", "-"]
MORE_INVALID_REFS = ["-branch", "--upload-pack=example", "@", "a/", "a.", "a^", "a:b", "a\x7fb", "refs/.x/y"]


@pytest.mark.parametrize("value", [*INVALID_REFS, *MORE_INVALID_REFS])
def test_invalid_refs(value: Any) -> None:
    assert provenance.ref_problem(value)


@pytest.mark.parametrize("value", ["main", "v1.2.0", "feature/catalog-entries", COMMIT, "release-2026.09"])
def test_valid_refs(value: str) -> None:
    assert provenance.ref_problem(value) is None


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("a" * 39, "abbreviated"),
        ("a" * 41, "not a commit id"),
        ("5655d7e", "abbreviated"),
        (COMMIT.upper(), "lowercase"),
        ("g" * 40, "not a commit id"),
        (None, "must be a string"),
        (40, "must be a string"),
    ],
)
def test_invalid_commits(value: Any, says: str) -> None:
    problem = provenance.commit_problem(value)
    assert problem is not None and says in problem


@pytest.mark.parametrize("value", [COMMIT, "b" * 64])
def test_valid_commits(value: str) -> None:
    assert provenance.commit_problem(value) is None


@pytest.mark.parametrize(
    "value",
    [
        "2026-09-29T09:55:07",  # no zone: the reader refuses it
        "not-a-date",
        "",
        "2026-02-30T00:00:00Z",
        "2026-09-29T24:00:00Z",
        "2026-09-29T09:55:07+24:00",
        # stricter than Python 3.11's fromisoformat, which the reader's CI runs: one form only
        "2026-09-29 09:55:07Z",
        "20260929T095507Z",
        "2026-09-29T09:55:07z",
        "2026-09-29T09:55Z",
        "\u0662\u0660\u0662\u0666-09-29T09:55:07Z",  # Arabic-Indic digits match \d, not [0-9]
    ],
)
def test_invalid_times(value: Any) -> None:
    assert provenance.time_problem(value)


@pytest.mark.parametrize(
    "value", ["2026-09-29T09:55:07Z", "2026-10-07T03:38:13+02:00", "2026-09-29T09:55:07.5-05:30"]
)
def test_valid_times(value: str) -> None:
    assert provenance.time_problem(value) is None


def test_format_time_is_utc_whole_seconds_z() -> None:
    when = datetime(2026, 9, 29, 11, 55, 7, 999, tzinfo=timezone(timedelta(hours=2)))
    assert provenance.format_time(when) == "2026-09-29T09:55:07Z"


def test_provenance_json_is_the_catalogs_layout() -> None:
    record = Provenance(
        Source(REPO, "main", ".", COMMIT), "src/tmux_fleet/SMART_TOOL.md", "2026-09-29T09:55:07Z"
    )
    assert record.to_json() == TMUX
    assert provenance.check_provenance(json.loads(TMUX)) == ([], record)


def test_pointer_json_is_the_catalogs_minimal_form() -> None:
    """A root distribution on `main` is `{"repository": ...}` alone: the catalog's own test of
    such entries (test_brian_tool_sources_use_root_main_distributions) asks exactly that."""
    root = Pointer(REPO, "main", ".")
    assert root.to_json() == f'{{\n  "repository": "{REPO}"\n}}\n'
    assert json.loads(root.to_json()) == {"repository": REPO}
    cases = {
        Pointer("https://example.org/a/b.git", "main", "tools/b"): {
            "repository": "https://example.org/a/b.git",
            "path": "tools/b",
        },
        Pointer(REPO, "v1.2.0", "."): {"repository": REPO, "ref": "v1.2.0"},
        Pointer(REPO, "next", "tools/b"): {"repository": REPO, "ref": "next", "path": "tools/b"},
    }
    for pointer, document in cases.items():
        text = pointer.to_json()
        assert text == json.dumps(document, indent=2) + "\n"  # key order: repository, ref, path
        assert provenance.check_pointer(json.loads(text)) == ([], pointer)


def test_json_is_ascii_as_the_catalog_writes_it() -> None:
    """The catalog's refresh writes `json.dumps(record, indent=2, sort_keys=True) + "\\n"`
    (ensure_ascii left on): a path that is not ASCII is escaped, so a refresh of an entry
    written here rewrites no byte."""
    record = Provenance(
        Source("https://example.org/acme/w\u00efdget.git", "main", "tools/w\u00efdget", COMMIT),
        "tools/w\u00efdget/src/w\u00efdget/SMART_TOOL.md",
        "2026-09-29T09:55:07Z",
    )
    catalogs = {
        "source": {
            "repository": record.source.repository,
            "ref": record.source.ref,
            "path": record.source.path,
            "commit": record.source.commit,
        },
        "original_manifest_path": record.original_manifest_path,
        "last_success": record.last_success,
    }
    text = record.to_json()
    assert text == json.dumps(catalogs, indent=2, sort_keys=True) + "\n"
    assert text.isascii() and "w\\u00efdget" in text
    assert provenance.check_provenance(json.loads(text)) == ([], record)
    pointer = Pointer(record.source.repository, "main", "tools/w\u00efdget").to_json()
    assert pointer.isascii() and json.loads(pointer)["path"] == "tools/w\u00efdget"


def test_pointer_defaults() -> None:
    assert provenance.check_pointer({"repository": REPO}) == ([], Pointer(REPO, "main", "."))


@pytest.mark.parametrize(
    "data",
    [
        {"repository": REPO, "extra": True},
        {"repository": REPO, "path": None},
        {"repository": REPO, "ref": False},
        {"path": "."},
        [],
        "https://example.org/a.git",
    ],
)
def test_invalid_pointers(data: Any) -> None:
    findings, pointer = provenance.check_pointer(data)
    assert findings
    if not (isinstance(data, dict) and "extra" in data):
        assert pointer is None


def test_unknown_pointer_key_keeps_the_source_for_the_agreement_check() -> None:
    findings, pointer = provenance.check_pointer({"repository": REPO, "extra": 1})
    assert [f.code for f in findings] == ["catalog-keys"]
    assert pointer == Pointer(REPO)


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda d: d.update(extra=1), "catalog-keys"),  # stricter: the reader ignores it
        (lambda d: d.pop("last_success"), "catalog-keys"),
        (lambda d: d["source"].update(extra=1), "catalog-keys"),
        (lambda d: d["source"].pop("commit"), "catalog-keys"),
        (lambda d: d.update(source=[]), "catalog-keys"),
        (lambda d: d["source"].update(commit="a" * 7), "catalog-commit"),
        (lambda d: d["source"].update(ref="a..b"), "catalog-ref"),
        (lambda d: d["source"].update(path="/x"), "catalog-path"),
        (lambda d: d["source"].update(repository="http://x.org/a"), "catalog-repository"),
        (lambda d: d.update(original_manifest_path="../SMART_TOOL.md"), "catalog-path"),
        (lambda d: d.update(original_manifest_path="src/README.md"), "catalog-path"),
        (lambda d: d.update(last_success="not-a-date"), "catalog-time"),
    ],
)
def test_invalid_provenance(change: Any, code: str) -> None:
    data = json.loads(TMUX)
    change(data)
    findings, record = provenance.check_provenance(data)
    assert [f.code for f in findings] == [code]
    assert record is None


def test_the_manifest_lies_inside_the_distribution_root() -> None:
    """Stricter than the catalog's reader: the descriptor keeps the manifest inside the root."""
    data = json.loads(TMUX)
    data["source"]["path"] = "tools/deep-research"
    data["original_manifest_path"] = "tools/deep-researcher/SMART_TOOL.md"
    findings, _ = provenance.check_provenance(data)
    assert [(f.code, f.key) for f in findings] == [("catalog-path", "original_manifest_path")]
    assert "outside the distribution root 'tools/deep-research'" in findings[0].message
    data["original_manifest_path"] = "tools/deep-research/src/deep_research/SMART_TOOL.md"
    assert provenance.check_provenance(data)[0] == []


@pytest.mark.parametrize(
    "url",
    [
        "https://fixture-user:fixture-secret@github.com/example/tool",
        "https://github.com/example/tool?token=fixture-secret",
    ],
)
def test_messages_never_echo_credentials(url: str) -> None:
    for findings in (provenance.check_pointer({"repository": url})[0], _provenance_with(url)):
        text = " ".join(f.message + (f.hint or "") for f in findings)
        assert findings and "fixture-secret" not in text and "fixture-user" not in text


def _provenance_with(url: str) -> list[provenance.Finding]:
    data = json.loads(TMUX)
    data["source"]["repository"] = url
    return provenance.check_provenance(data)[0]


def test_agreement() -> None:
    record = provenance.check_provenance(json.loads(TMUX))[1]
    assert record is not None
    assert provenance.agreement(Pointer(REPO), record) == []
    assert [f.key for f in provenance.agreement(Pointer(REPO, "next", "sub"), record)] == ["ref", "path"]
    assert [f.key for f in provenance.agreement(Pointer(REPO + "x"), record)] == ["repository"]
    pinned = record._replace(source=record.source._replace(ref="c" * 40))
    assert [f.key for f in provenance.agreement(Pointer(REPO, "c" * 40), pinned)] == ["commit"]


@pytest.mark.parametrize(
    ("origin", "guess"),
    [
        ("git@github.com:acme/tool.git", "https://github.com/acme/tool.git"),
        ("ssh://git@github.com/acme/tool.git", "https://github.com/acme/tool.git"),
        ("ssh://git@example.org:2222/acme/tool", "https://example.org/acme/tool"),
        ("git://example.org/acme/tool.git", "https://example.org/acme/tool.git"),
        ("http://example.org/acme/tool.git", "https://example.org/acme/tool.git"),
        ("https://user:token@github.com/acme/tool.git", "https://github.com/acme/tool.git"),
        ("/srv/git/tool.git", None),
        ("file:///srv/git/tool.git", None),
    ],
)
def test_https_guess(origin: str, guess: Any) -> None:
    assert https_guess(origin) == guess
