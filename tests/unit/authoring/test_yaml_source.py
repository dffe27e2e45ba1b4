"""YAML scalars in their source: spans from the event stream, strings written so any YAML
reader reads them back as the same string."""

from __future__ import annotations

import pytest
import yaml

from smart_tool.authoring.yaml_source import ScalarSource, render_string, scalar_sources

DOCUMENT = """\
a: 1.10  # c
b: 'q'
c: [x, "y"]
d:
  - {e: f}
  - g: |
      block
k: &anchor v
l: *anchor
m: !!str tagged
ü: "é"
"""


def test_every_scalar_value_by_its_path() -> None:
    found = scalar_sources(DOCUMENT)
    shown = {path: DOCUMENT[s.start : s.end] for path, s in found.items()}
    assert shown == {
        ("a",): "1.10",
        ("b",): "'q'",
        ("c", 0): "x",
        ("c", 1): '"y"',
        ("d", 0, "e"): "f",
        ("d", 1, "g"): "|\n      block\n",
        ("ü",): '"é"',
    }
    assert found[("b",)].style == "'" and found[("a",)].style == "" and found[("d", 1, "g")].style == "|"
    assert not {("k",), ("l",), ("m",)} & set(found), "an anchor, an alias or a tag is not a place to edit"


def test_offsets_are_characters_of_the_text() -> None:
    (source,) = scalar_sources("ü: 😀\n").values()
    assert source == ScalarSource(3, 4, "")


@pytest.mark.parametrize(
    ("value", "style", "written"),
    [
        ("1.0.0", "", "1.0.0"),
        ("1.10", "", '"1.10"'),  # plain, YAML would read a number
        ("2024-01-01", "", '"2024-01-01"'),  # plain, PyYAML's safe_load would read a date
        ("yes", "", '"yes"'),
        ("macos", "'", "'macos'"),
        ("it's", "'", "'it''s'"),
        ("macos", '"', '"macos"'),
        ("a, b", "", '"a, b"'),  # would split a flow list
        ('say "hi"', '"', '"say \\"hi\\""'),
        ("bell\x07", "", '"bell\\u0007"'),
    ],
)
def test_render_string_reads_back_everywhere(value: str, style: str, written: str) -> None:
    assert render_string(value, style) == written
    assert yaml.safe_load(f"k: {written}") == {"k": value}
    assert yaml.safe_load(f"k: [{written}]") == {"k": [value]}


def test_render_string_refuses_more_than_one_line() -> None:
    assert render_string("two\nlines") is None
