"""lines.json_paths: the line of every value of a JSON document, by its path."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from smart_tool_build.parsing.json_paths import JsonPath, json_paths

# no floats: NaN is not JSON, and every other scalar is placed the same way
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=25,
)


def paths_of(value: Any, at: JsonPath = ()) -> set[JsonPath]:
    found = {at}
    if isinstance(value, dict):
        for key, item in value.items():
            found |= paths_of(item, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found |= paths_of(item, (*at, index))
    return found


def test_each_item_of_a_list_of_objects_has_its_own_lines() -> None:
    text = (
        '{\n  "categories": [\n    {\n      "id": "a",\n      "label": "A"\n    },\n'
        '    {"id": "b", "x": [1,\n      2]}\n  ],\n  "k\\"ey": {}\n}\n'
    )
    assert json_paths(text) == {
        (): 1,
        ("categories",): 2,
        ("categories", 0): 3,
        ("categories", 0, "id"): 4,
        ("categories", 0, "label"): 5,
        ("categories", 1): 7,
        ("categories", 1, "id"): 7,
        ("categories", 1, "x"): 7,
        ("categories", 1, "x", 0): 7,
        ("categories", 1, "x", 1): 8,
        ('k"ey',): 10,
    }


def test_scalars_and_empty_documents() -> None:
    assert json_paths("3") == json_paths("{}") == json_paths("[]") == {(): 1}
    assert json_paths('\n\n"text with [brackets], {braces}: and commas"') == {(): 3}


@given(JSON, st.sampled_from([None, 0, 2]))
def test_every_path_is_found_on_the_line_it_is_written(value: Any, indent: Any) -> None:
    text = json.dumps(value, indent=indent)
    lines = json_paths(text)
    assert set(lines) == paths_of(value)
    written = text.split("\n")
    for path, line in lines.items():
        if path and isinstance(path[-1], str):  # a member: its key is on that line
            assert json.dumps(path[-1]) + ":" in written[line - 1], (path, line)
