"""The manifest's projection and the accessor's two readings of an installed tool: the
projection a build wrote (read as JSON, no rule imported) and the manifest itself (parsed and
checked), which give the same result; and every projection that cannot be trusted read past."""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from archive_kit import MANIFEST
from smart_tool_build.project.manifest_model import PROJECTION_NAME, projection_bytes, record_hash
from smart_tool_build.rules.manifest import ManifestError, load
from smart_tool_build.runtime import accessor
from smart_tool_build.runtime.projection import from_projection, loads_json

DIST_INFO = "unit_projected-1.0.0.dist-info"
MANIFEST_MEMBER = "unit_projected/SMART_TOOL.md"


def _hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def install(
    site: Path, manifest: bytes, projection: bytes | None, *, listed_hash: bytes | None = None
) -> None:
    """A wheel of a smart tool as pip installs it: files, .dist-info, RECORD with hashes
    (the manifest's as ``listed_hash`` gives it, when that differs from what is there)."""
    files = {
        "unit_projected/__init__.py": b"",
        MANIFEST_MEMBER: manifest,
        f"{DIST_INFO}/METADATA": b"Metadata-Version: 2.1\nName: unit-projected\nVersion: 1.0.0\n",
        f"{DIST_INFO}/smart-tool.json": b'{"manifest": "src/unit_projected/SMART_TOOL.md"}',
    }
    if projection is not None:
        files[f"{DIST_INFO}/{PROJECTION_NAME}"] = projection
    for relative, data in files.items():
        (site / relative).parent.mkdir(parents=True, exist_ok=True)
        (site / relative).write_bytes(data)
    rows = [f"{name},{_hash(data)},{len(data)}" for name, data in files.items()]
    if listed_hash is not None:
        rows = [
            f"{MANIFEST_MEMBER},{_hash(listed_hash)},1" if r.startswith(MANIFEST_MEMBER) else r for r in rows
        ]
    (site / DIST_INFO / "RECORD").write_text("\n".join([*rows, f"{DIST_INFO}/RECORD,,"]) + "\n")


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "site-packages"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    accessor.load_manifest.cache_clear()
    accessor._LOCATED.clear()
    yield folder
    accessor.load_manifest.cache_clear()
    accessor._LOCATED.clear()


@pytest.fixture
def no_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading the manifest itself fails the test: the projection must have been read."""

    def refuse(*_: object) -> None:
        raise AssertionError("the manifest was parsed, not the projection read")

    monkeypatch.setattr("smart_tool_build.rules.manifest.load", refuse)


def projected(manifest: bytes = MANIFEST) -> bytes:
    return projection_bytes(load(manifest), manifest)


def test_record_hash_is_what_a_record_lists() -> None:
    assert record_hash(MANIFEST) == _hash(MANIFEST)


def test_the_projection_is_read_when_record_vouches_for_it(site: Path, no_parsing: None) -> None:
    install(site, MANIFEST, projected())
    found = accessor.load_manifest("unit-projected")
    assert found == load(MANIFEST)
    assert found.to_dict() == load(MANIFEST).to_dict()
    assert (
        accessor.render_help("unit-projected") == "# demo-tool\n\nRun `demo-tool --help` to see what it does."
    )


OTHER = MANIFEST.replace(b"Shows what", b"Tells what")
UNTRUSTED = {
    "not JSON": b'{"smart_tool_manifest_projection": 1,',
    "not UTF-8": b"\xff\xfe{}",
    "two values": projected() + b"{}",
    "a list": b"[1, 2]",
    "another format": projected().replace(
        b'"smart_tool_manifest_projection":1', b'"smart_tool_manifest_projection":2'
    ),
    "of another manifest": projected(OTHER),
    "no body": projected().replace(b',"body":', b',"bodies":'),
    "a field of another type": projected().replace(b'"platforms":["linux"]', b'"platforms":"linux"'),
    "a requirement of another shape": projected().replace(
        b'"platforms":["linux"]', b'"platforms":["linux"],"requires":[{"name":1}]'
    ),
    "nested too deep": b"[" * 100_000 + b"]" * 100_000,
    "empty": b"",
}


@pytest.mark.parametrize("case", sorted(UNTRUSTED))
def test_a_projection_that_cannot_be_trusted_is_read_past(site: Path, case: str) -> None:
    """Never a traceback, never another result: the accessor reads the manifest instead."""
    install(site, MANIFEST, UNTRUSTED[case])
    assert accessor.load_manifest("unit-projected") == load(MANIFEST)
    assert accessor.load_manifest("unit-projected").to_dict() == load(MANIFEST).to_dict()


def test_a_projection_that_is_a_folder_is_read_past(site: Path) -> None:
    install(site, MANIFEST, None)
    (site / DIST_INFO / PROJECTION_NAME).mkdir()
    assert accessor.load_manifest("unit-projected") == load(MANIFEST)


def test_a_manifest_edited_after_the_build_is_read_not_its_projection(site: Path) -> None:
    """RECORD's hash of the manifest is not the one the projection was made from: the
    manifest is read, and its own result (here, its error) is the accessor's."""
    broken = MANIFEST.replace(b"name: demo-tool", b"name: Demo Tool")
    install(site, broken, projected())
    with pytest.raises(ManifestError) as raised:
        accessor.load_manifest("unit-projected")
    assert [d.code for d in raised.value.diagnostics] == ["manifest-name-format"]


def test_a_record_that_does_not_list_the_manifests_hash_trusts_no_projection(site: Path) -> None:
    install(site, OTHER, projected(MANIFEST), listed_hash=MANIFEST)  # RECORD vouches for a stale one
    # RECORD is what the accessor trusts: the projection it vouches for is read (the build's
    # verifier and `smart-tool smoke` check the installed files against RECORD)
    assert accessor.load_manifest("unit-projected") == load(MANIFEST)
    accessor.load_manifest.cache_clear()
    accessor._LOCATED.clear()
    (site / DIST_INFO / "RECORD").write_text(
        (site / DIST_INFO / "RECORD").read_text().replace(_hash(MANIFEST), "")
    )
    assert accessor.load_manifest("unit-projected") == load(OTHER)


def test_a_wheel_built_elsewhere_is_read_from_its_manifest(site: Path) -> None:
    install(site, MANIFEST, None)
    assert accessor.load_manifest("unit-projected") == load(MANIFEST)


# ---------------------------------------------------------------- both readings, the same result

WORD = st.from_regex(r"[a-z0-9]{1,8}", fullmatch=True)
TEXT = st.text(min_size=1, max_size=60).filter(lambda s: s.strip())
REQUIREMENT = st.fixed_dictionaries(
    {
        "name": TEXT,
        "purpose": TEXT,
        "install": st.one_of(
            st.from_regex(r"[a-z]{1,8}(/[a-z]{1,8}){0,2}\.md", fullmatch=True),
            st.from_regex(r"https://[a-z]{1,10}\.example/[a-z]{0,10}", fullmatch=True),
        ),
    },
    optional={"optional": st.booleans()},
)
FIELDS = st.fixed_dictionaries(
    {
        "smart_tool_format": st.sampled_from([1, 1.0]),
        "name": st.lists(WORD, min_size=1, max_size=4).map("-".join),
        "version": st.tuples(st.integers(0, 99), st.integers(0, 99), st.integers(0, 99)).map(
            lambda v: ".".join(map(str, v))
        ),
        "description": TEXT,
        "use_cases": st.lists(TEXT, min_size=1, max_size=4),
        "platforms": st.lists(
            st.sampled_from(["linux", "macos", "windows"]), min_size=1, max_size=3, unique=True
        ),
    },
    optional={"requires": st.lists(REQUIREMENT, min_size=1, max_size=3)},
)
BODY = st.text(alphabet=st.characters(exclude_characters="\x00", exclude_categories=("Cs",)), max_size=200)


def _dump(fields: dict[str, Any], body: str, flow: bool) -> bytes:
    return (
        "---\n" + yaml.safe_dump(fields, sort_keys=False, default_flow_style=flow) + "---\n" + body
    ).encode()


@given(FIELDS, BODY, st.booleans())
def test_the_projection_reads_as_the_manifest_parses(fields: dict[str, Any], body: str, flow: bool) -> None:
    data = _dump(fields, body, flow)
    parsed = load(data)
    text = projection_bytes(parsed, data).decode("ascii")
    for reading in (loads_json(text), json.loads(text)):
        found = from_projection(reading, record_hash(data))
        assert found is not None
        assert found == parsed
        assert found.to_dict() == parsed.to_dict()
        assert list(found.to_dict()) == list(parsed.to_dict())
        assert (found.requires, found.body, found.smart_tool_format) == (
            parsed.requires,
            parsed.body,
            parsed.smart_tool_format,
        )
        assert type(found.smart_tool_format) is type(parsed.smart_tool_format) is int


@settings(max_examples=30)  # each example is an install on disk
@given(FIELDS, BODY)
def test_the_accessor_gives_one_result_both_ways(
    tmp_path_factory: pytest.TempPathFactory, fields: dict[str, Any], body: str
) -> None:
    """An installed tool, read from its projection and (the projection removed) from its manifest."""
    import sys

    data = _dump(fields, body, False)
    site = tmp_path_factory.mktemp("site")
    install(site, data, projection_bytes(load(data), data))
    sys.path.insert(0, str(site))
    try:
        readings = []
        for _ in range(2):
            accessor.load_manifest.cache_clear()
            accessor._LOCATED.clear()
            readings.append(accessor.load_manifest("unit-projected"))
            (site / DIST_INFO / PROJECTION_NAME).unlink(missing_ok=True)
        assert readings[0] == readings[1] == load(data)
        assert readings[0].to_dict() == readings[1].to_dict()
    finally:
        sys.path.remove(str(site))
        accessor.load_manifest.cache_clear()
        accessor._LOCATED.clear()


# ---------------------------------------------------------------- what the runtime path imports

PROBE = """
import sys
before = set(sys.modules)
sys.path.insert(0, sys.argv[1])
import smart_tool_build
smart_tool_build.render_skill("unit-projected", [("go", "deterministic", "Go.")])
smart_tool_build.load_manifest("unit-projected")
smart_tool_build.render_help("unit-projected")
print(" ".join(sorted(set(sys.modules) - before)))
"""

#: every module of ours a smart tool's --help imports to read a projection: no rule, no
#: diagnostic, no YAML reader
PROJECTION_BUDGET = {
    "smart_tool_build",
    # the one JSON scanner, shared with the strict reader: two small modules that import nothing
    "smart_tool_build.parsing",
    "smart_tool_build.parsing.json_scan",
    "smart_tool_build.project",
    "smart_tool_build.project.manifest_model",
    "smart_tool_build.project.names",
    "smart_tool_build.project.records",
    "smart_tool_build.runtime",
    "smart_tool_build.runtime.accessor",
    "smart_tool_build.runtime.installed",
    "smart_tool_build.runtime.projection",
    "smart_tool_build.runtime.skill",
}
#: what it must not import at all: the standard library's costly modules, and the
#: build's dependencies
NEVER = {
    "typing",
    "re",
    "json",
    "functools",
    "importlib.metadata",
    "dataclasses",
    "yaml",
    "packaging",
    "tomli",
}
#: what the fallback (a manifest parsed and checked: a wheel built elsewhere, an editable
#: install's source tree and its descriptor) must not import: it may need ``re`` and the
#: rules, but not these, which were half of an editable install's ``--help``
FALLBACK_NEVER = {
    "typing",
    "json",
    "pathlib",
    "urllib",
    "dataclasses",
    "importlib.metadata",
    "yaml",
    "packaging",
    "tomli",
}


def _imported(site: Path) -> set[str]:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(site)], capture_output=True, text=True, check=True, timeout=120
    )
    return set(done.stdout.split())


def test_the_projection_path_imports_only_its_budget(tmp_path: Path) -> None:
    install(tmp_path, MANIFEST, projected())
    imported = _imported(tmp_path)
    assert {m for m in imported if m.startswith("smart_tool_build")} == PROJECTION_BUDGET
    assert not imported & NEVER, sorted(imported & NEVER)


def test_the_fallback_path_parses_without_pyyaml_or_packaging(tmp_path: Path) -> None:
    """A wheel built elsewhere: the manifest is parsed and checked (rules imported), but a
    manifest of the common shape needs neither PyYAML nor packaging."""
    install(tmp_path, MANIFEST, None)
    imported = _imported(tmp_path)
    assert "smart_tool_build.rules.manifest" in imported
    assert not imported & FALLBACK_NEVER, sorted(imported & FALLBACK_NEVER)


@pytest.mark.parametrize(
    "url",
    [
        "file:///srv/tools/acme",
        "file:///srv/a%20b/tool%2541",
        "file://localhost/srv/acme",
        "file:/srv/acme",
        "file:///srv/acme?x=1#frag",
        "FILE:///srv/ACME",
        "https://example.com/acme",
        "acme",
    ],
)
def test_a_file_url_is_read_as_urllib_reads_it(url: str) -> None:
    from urllib.parse import urlsplit
    from urllib.request import url2pathname

    parts = urlsplit(url)
    assert accessor._file_url_path(url) == (url2pathname(parts.path) if parts.scheme == "file" else None)


def test_the_editable_path_imports_no_url_machinery(tmp_path: Path) -> None:
    """An editable install is read from its source tree, found through direct_url.json."""
    source = tmp_path / "tree"
    (source / "src" / "unit_projected").mkdir(parents=True)
    (source / "src" / "unit_projected" / "SMART_TOOL.md").write_bytes(MANIFEST)
    (source / "smart-tool.json").write_text(
        '{"manifest": "src/unit_projected/SMART_TOOL.md", "cli_argv": ["x"]}'
    )
    site = tmp_path / "site"
    dist_info = site / DIST_INFO
    dist_info.mkdir(parents=True)
    (dist_info / "METADATA").write_text("Metadata-Version: 2.1\nName: unit-projected\nVersion: 1.0.0\n")
    url = source.as_uri()
    (dist_info / "direct_url.json").write_text(json.dumps({"url": url, "dir_info": {"editable": True}}))
    (dist_info / "RECORD").write_text(f"{DIST_INFO}/METADATA,,\n{DIST_INFO}/RECORD,,\n")
    imported = _imported(site)
    assert "smart_tool_build.rules.manifest" in imported  # the source tree's manifest, parsed
    assert "smart_tool_build.rules.descriptor" in imported  # and its descriptor
    banned = FALLBACK_NEVER | {"urllib.request", "email", "http", "ssl"}
    assert not imported & banned, sorted(imported & banned)
