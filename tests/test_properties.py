"""Property tests: the parsers never raise, and valid manifests round-trip exactly."""

from __future__ import annotations

import json
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smart_tool_build import descriptor, manifest
from smart_tool_build.diagnostics import Severity

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# ---- arbitrary input never raises


@SETTINGS
@given(st.binary(max_size=2000))
def test_manifest_parse_bytes_never_raises_on_bytes(data: bytes) -> None:
    result = manifest.parse_bytes(data)
    assert (result.manifest is None) == any(d.severity is Severity.ERROR for d in result.diagnostics)


@SETTINGS
@given(st.text(max_size=1000))
def test_manifest_parse_bytes_never_raises_inside_fences(text: str) -> None:
    result = manifest.parse_bytes(f"---\n{text}\n---\nbody\n".encode())
    assert (result.manifest is None) == any(d.severity is Severity.ERROR for d in result.diagnostics)
    for d in result.diagnostics:
        assert d.line is None or d.line >= 1


YAML_ISH = st.text(alphabet=st.sampled_from(list("ab:-[]{}&*!<>|'\"#,? \n\t\r1.0xyz%@`~\\")), max_size=300)


@SETTINGS
@given(YAML_ISH)
def test_manifest_parse_bytes_never_raises_on_yaml_punctuation(text: str) -> None:
    manifest.parse_bytes(f"---\n{text}\n---\n".encode())


@SETTINGS
@given(st.binary(max_size=2000))
def test_descriptor_parse_bytes_never_raises_on_bytes(data: bytes) -> None:
    result = descriptor.parse_bytes(data)
    assert (result.descriptor is None) == any(d.severity is Severity.ERROR for d in result.diagnostics)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=20,
)


@SETTINGS
@given(
    st.dictionaries(st.sampled_from(["manifest", "cli_argv", "deterministic_smoke", "x"]), JSON, max_size=4)
)
def test_descriptor_parse_bytes_never_raises_on_json(value: dict[str, Any]) -> None:
    result = descriptor.parse_bytes(json.dumps(value, indent=2).encode())
    if result.descriptor is not None:
        assert result.descriptor.manifest == value["manifest"]
        assert list(result.descriptor.cli_argv) == value["cli_argv"]


@SETTINGS
@given(st.text(max_size=200))
def test_classify_install_never_raises(text: str) -> None:
    kind, reason = manifest.classify_install(text)
    assert kind in {"url", "path", "bad"}
    assert (reason is None) == (kind != "bad")


# ---- structured manifests

WORD = st.from_regex(r"[a-z0-9]{1,8}", fullmatch=True)
NAME = st.lists(WORD, min_size=1, max_size=4).map("-".join)
VERSION = st.tuples(st.integers(0, 99), st.integers(0, 99), st.integers(0, 99)).map(
    lambda v: ".".join(map(str, v))
)
TEXT = st.text(min_size=1, max_size=80).filter(lambda s: s.strip())
INSTALL = st.one_of(
    st.from_regex(r"[a-z]{1,8}(/[a-z]{1,8}){0,2}\.md", fullmatch=True),
    st.from_regex(r"https://[a-z]{1,10}\.example/[a-z]{0,10}", fullmatch=True),
)
REQUIREMENT = st.fixed_dictionaries(
    {"name": TEXT, "purpose": TEXT, "install": INSTALL}, optional={"optional": st.booleans()}
)
VALID_FIELDS = st.fixed_dictionaries(
    {
        "smart_tool_format": st.just(1),
        "name": NAME,
        "version": VERSION,
        "description": TEXT,
        "use_cases": st.lists(TEXT, min_size=1, max_size=4),
        "platforms": st.lists(
            st.sampled_from(["linux", "macos", "windows"]), min_size=1, max_size=3, unique=True
        ),
    },
    optional={"requires": st.lists(REQUIREMENT, min_size=1, max_size=3)},
)


@st.composite
def valid_frontmatter(draw: st.DrawFn) -> dict[str, Any]:
    fields = draw(VALID_FIELDS)
    order = draw(st.permutations(list(fields)))
    return {key: fields[key] for key in order}


def dump(fields: dict[str, Any], body: str = "\n# Body\n") -> bytes:
    return ("---\n" + yaml.safe_dump(fields, sort_keys=False) + "---\n" + body).encode()


#: any body text a UTF-8 file can hold (no lone surrogates); a NUL byte makes the file
#: binary, which is refused on purpose
BODY = st.text(alphabet=st.characters(exclude_characters="\x00", exclude_categories=("Cs",)), max_size=200)


@SETTINGS
@given(valid_frontmatter(), BODY)
def test_valid_manifests_round_trip(fields: dict[str, Any], body: str) -> None:
    result = manifest.parse_bytes(dump(fields, body))
    assert result.diagnostics == []
    parsed = result.manifest
    assert parsed is not None
    assert parsed.to_dict() == fields
    assert list(parsed.to_dict()) == list(fields)
    assert parsed.name == fields["name"]
    assert parsed.version == fields["version"]
    assert parsed.use_cases == tuple(fields["use_cases"])
    assert len(parsed.requires) == len(fields.get("requires", []))
    assert parsed.body == body


#: values that are wrong for a field whatever else the manifest says
WRONG: dict[str, list[Any]] = {
    "smart_tool_format": ["1", [1], {"v": 1}, True, 2, 0.5, None, ""],
    "name": [42, 1.5, True, ["a"], {"a": "b"}, None, "", "Not A Name"],
    "version": [1, 1.5, True, ["1.0"], {"v": "1"}, None, "", "not-a-version"],
    "description": [42, True, ["a"], {"a": "b"}, None, "", "   "],
    "use_cases": ["one", 3, {"a": "b"}, [], [""], [1], [None], [["x"]], None],
    "platforms": ["linux", 3, {"a": "b"}, [], [""], [1], None],
    "requires": [
        "git",
        3,
        [],
        ["git"],
        [{}],
        [{"name": "x"}],
        [{"name": "x", "purpose": "p", "install": "brew install x"}],
        [{"name": "x", "purpose": "p", "install": "d.md", "optional": "yes"}],
        None,
    ],
}


@st.composite
def broken_frontmatter(draw: st.DrawFn) -> dict[str, Any]:
    fields = dict(draw(valid_frontmatter()))
    mutations = draw(st.lists(st.sampled_from(["delete", "wrong", "extra"]), min_size=1, max_size=3))
    for mutation in mutations:
        if mutation == "extra":
            fields[draw(st.sampled_from(["author", "license", "tags", "Name", "requirements"]))] = draw(JSON)
            continue
        required = [key for key in fields if key in manifest.REQUIRED]
        if not required:
            continue
        candidates = required if mutation == "delete" else sorted(fields.keys() & WRONG.keys())
        key = draw(st.sampled_from(candidates))
        if mutation == "delete":
            del fields[key]
        else:
            fields[key] = draw(st.sampled_from(WRONG[key]))
    return fields


@SETTINGS
@given(broken_frontmatter())
def test_broken_manifests_never_raise_and_never_pass(fields: dict[str, Any]) -> None:
    result = manifest.parse_bytes(dump(fields))
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    assert result.manifest is None
    assert errors
    for d in errors:
        assert d.line is not None and d.line >= 1
        assert d.code.startswith("manifest-")
