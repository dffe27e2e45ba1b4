"""safe_yaml: PyYAML's safe parser with what it lets through silently refused."""

from __future__ import annotations

import time

import pytest

from smart_tool_build.parsing import safe_yaml
from smart_tool_build.parsing.safe_yaml import LineDict, LineList, YamlError, loads
from smart_tool_build.project.manifest_model import to_plain


def test_plain_values_and_types() -> None:
    value = loads("a: 1\nb: 1.5\nc: true\nd: null\ne: text\nf: [x, y]\ng: {h: i}\n")
    assert value == {"a": 1, "b": 1.5, "c": True, "d": None, "e": "text", "f": ["x", "y"], "g": {"h": "i"}}
    assert isinstance(value, LineDict)
    assert isinstance(value["f"], LineList)
    assert isinstance(value["g"], LineDict)


def test_empty_document_is_none() -> None:
    assert loads("") is None
    assert loads("# only a comment\n") is None


def test_line_numbers_of_keys_and_items() -> None:
    value = loads("first: 1\nsecond:\n  - a\n  - b\n\nthird:\n  nested: x\n")
    assert value.line == 1
    assert value.line_of("first") == 1
    assert value.line_of("second") == 2
    assert value["second"].line_of(0) == 3
    assert value["second"].line_of(1) == 4
    assert value.line_of("third") == 6
    assert value["third"].line_of("nested") == 7
    # unknown keys and indices fall back to the container's own line
    assert value.line_of("missing") == 1
    assert value["second"].line_of(99) == value["second"].line


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        pytest.param("a: 1\nb: 2\na: 3\n", 3, "duplicate key 'a'", id="duplicate-key"),
        pytest.param("a:\n  x: 1\n  x: 2\n", 3, "duplicate key 'x'", id="duplicate-nested-key"),
        pytest.param("? [a, b]\n: c\n", 1, "keys must be scalars", id="sequence-key"),
        pytest.param("? {a: b}\n: c\n", 1, "keys must be scalars", id="mapping-key"),
        pytest.param("a: !!binary aGVsbG8=\n", 1, "tag", id="binary-tag"),
        pytest.param("a: !!timestamp 2024-01-01\n", 1, "tag", id="timestamp-tag"),
        pytest.param("a: !!python/name:os.system\n", 1, "tag", id="python-name-tag"),
        pytest.param("a: !!python/object/apply:os.system [ls]\n", 1, "tag", id="python-apply-tag"),
        pytest.param("a: !!set {x}\n", 1, "tag", id="set-tag"),
        pytest.param("a: !custom x\n", 1, "tag", id="local-tag"),
        pytest.param("b: &x {k: v}\na:\n  <<: *x\n", 3, "merge keys", id="merge-key"),
        pytest.param("a: *nowhere\n", 1, "unknown alias", id="unknown-alias"),
        pytest.param("a: b: c\n", 1, "invalid YAML", id="invalid"),
        pytest.param("a: [1, 2\nb: 3\n", None, "invalid YAML", id="unclosed-flow"),
        pytest.param("a: 1\n---\nb: 2\n", 2, "more than one YAML document", id="two-documents"),
    ],
)
def test_refused(text: str, line: int | None, words: str) -> None:
    with pytest.raises(YamlError) as caught:
        loads(text)
    assert words in caught.value.message
    if line is not None:
        assert caught.value.line == line


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("a: !!str 1\n", "1", id="str"),
        pytest.param("a: !!int '7'\n", 7, id="int"),
        pytest.param("a: !!float '1'\n", 1.0, id="float"),
        pytest.param("a: !!bool 'true'\n", True, id="bool"),
        pytest.param("a: !!null ''\n", None, id="null"),
        pytest.param("a: !!seq [x]\n", ["x"], id="seq"),
        pytest.param("a: !!map {x: y}\n", {"x": "y"}, id="map"),
    ],
)
def test_core_schema_tags_are_accepted(text: str, expected: object) -> None:
    assert loads(text)["a"] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("a: 2024-01-01\n", "2024-01-01", id="date-stays-text"),
        pytest.param("a: 2001-12-14t21:59:43.10-05:00\n", "2001-12-14t21:59:43.10-05:00", id="timestamp"),
        pytest.param("a: '1.0'\n", "1.0", id="quoted-number"),
        pytest.param("a: 1.0.0\n", "1.0.0", id="version"),
        pytest.param("a: =\n", "=", id="value-tag-text"),
    ],
)
def test_implicit_types_outside_the_core_stay_strings(text: str, expected: object) -> None:
    assert loads(text)["a"] == expected


def test_plain_anchor_and_alias_are_allowed() -> None:
    value = loads("a: &x [1, 2]\nb: *x\nc: &s word\nd: *s\n")
    assert value["b"] == [1, 2]
    assert value["d"] == "word"


def test_recursive_alias_is_refused() -> None:
    with pytest.raises(YamlError, match="unknown alias"):
        loads("a: &x [*x]\n")


def _bomb(levels: int = 9) -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, levels):
        items = ", ".join([f"*a{level - 1}"] * 9)
        lines.append(f"a{level}: &a{level} [{items}]")
    return "\n".join(lines) + "\n"


def test_alias_bomb_fails_fast() -> None:
    start = time.perf_counter()
    with pytest.raises(YamlError, match="alias") as caught:
        loads(_bomb())
    assert time.perf_counter() - start < 1.0
    assert caught.value.line is not None


def test_many_aliases_just_under_the_limit_are_fine() -> None:
    # 3 levels of 9 aliases: about 1,000 nodes, far below MAX_NODES
    assert loads(_bomb(3))["a2"][8][8] == ["lol"] * 9


@pytest.mark.parametrize("depth", [safe_yaml.MAX_DEPTH + 1, 10_000, 100_000])
def test_deep_flow_nesting_fails_fast(depth: int) -> None:
    start = time.perf_counter()
    with pytest.raises(YamlError, match="nesting") as caught:
        loads("a: " + "[" * depth + "]" * depth + "\n")
    assert time.perf_counter() - start < 1.0
    assert caught.value.line == 1


def test_deep_block_nesting_fails() -> None:
    text = (
        "".join(f"{' ' * level}k{level}:\n" for level in range(safe_yaml.MAX_DEPTH + 5))
        + " " * 70
        + "end: 1\n"
    )
    with pytest.raises(YamlError, match="nesting"):
        loads(text)


def test_nesting_at_the_limit_is_fine() -> None:
    depth = safe_yaml.MAX_DEPTH - 1  # the top mapping is one level
    value = loads("a: " + "[" * depth + "x" + "]" * depth + "\n")
    for _ in range(depth):
        value = value[0] if isinstance(value, list) else value["a"]
    assert value == ["x"] or value == "x"


def test_too_many_plain_nodes() -> None:
    with pytest.raises(YamlError, match="nodes"):
        loads("a: [" + ", ".join(["x"] * (safe_yaml.MAX_NODES + 1)) + "]\n")


def test_to_plain_is_json_ready() -> None:
    value = loads("1: a\nb: [x, {c: d}]\n")
    plain = to_plain(value)
    assert plain == {"1": "a", "b": ["x", {"c": "d"}]}
    assert type(plain) is dict
    assert type(plain["b"]) is list
    assert type(plain["b"][1]) is dict


def test_crlf_lines_count_like_lf() -> None:
    value = loads("a: 1\r\nb: 2\r\nc: 3\r\n")
    assert value.line_of("c") == 3


def test_first_line_shifts_every_line() -> None:
    value = loads("a: 1\nb: [x, y]\n", 5)
    assert value.line == 5
    assert value.line_of("b") == 6
    assert value["b"].line_of(1) == 6
    with pytest.raises(YamlError) as caught:
        loads("a: 1\na: 2\n", 10)
    assert caught.value.line == 11
    assert "first on line 10" in caught.value.message


def test_quoted_and_block_scalars_are_strings() -> None:
    value = loads("a: '12'\nb: \"true\"\nc: |\n  3\nd: >\n  null\n")
    assert value == {"a": "12", "b": "true", "c": "3\n", "d": "null\n"}
