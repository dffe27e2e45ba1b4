"""Hints for YAML errors: each common mistake in a manifest's frontmatter gets the line as it
would be written right, on the finding of manifest-frontmatter-parses (or of
manifest-field-shapes, for a list item YAML read as a mapping)."""

from __future__ import annotations

from typing import Optional

import pytest

from smart_tool_build.parsing import frontmatter
from smart_tool_build.parsing.yaml_hints import hint_for
from smart_tool_build.rules.manifest import parse_bytes
from smart_tool_build.rules.root import check_root
from support import ROOTS

HEAD = "---\nsmart_tool_format: 1\nname: demo-tool\nversion: 1.0.0\n"
TAIL = "platforms:\n  - linux\n---\n\n# demo-tool\n"
USE = "use_cases:\n  - Count things\n"


def finding(text: str) -> tuple[str, Optional[int], Optional[str]]:
    (diagnostic,) = parse_bytes(text.encode()).diagnostics
    return diagnostic.code, diagnostic.line, diagnostic.hint


@pytest.mark.parametrize(
    ("field", "line", "hint"),
    [
        pytest.param(
            "description: Counts things: in a text file\n",
            5,
            "`: ` inside a plain value starts a mapping; quote the value: "
            'description: "Counts things: in a text file"',
            id="colon-space",
        ),
        pytest.param(
            "description: @mentions people who changed a file\n",
            5,
            "YAML reserves a leading `@`; quote the value: "
            'description: "@mentions people who changed a file"',
            id="at",
        ),
        pytest.param(
            "description: `wc` for widgets\n",
            5,
            'YAML reserves a leading backtick; quote the value: description: "`wc` for widgets"',
            id="backtick",
        ),
        pytest.param(
            'description: "wc" for widgets\n',
            5,
            "only the start of the value is quoted; quote all of it: description: '\"wc\" for widgets'",
            id="quoted-in-part",
        ),
        pytest.param(
            "description: [beta] counts widgets\n",
            5,
            'a leading `[` starts a list; quote the value: description: "[beta] counts widgets"',
            id="bracket",
        ),
    ],
)
def test_a_plain_value_yaml_cannot_read(field: str, line: int, hint: str) -> None:
    assert finding(HEAD + field + USE + TAIL) == ("manifest-frontmatter-parses", line, hint)


def test_a_nested_value_is_quoted_as_it_stands() -> None:
    requires = (
        "requires:\n  - name: git\n    purpose: Reads history: who changed what\n    install: docs/git.md\n"
    )
    text = HEAD + "description: Counts.\n" + USE + "platforms:\n  - linux\n" + requires + "---\n"
    assert finding(text) == (
        "manifest-frontmatter-parses",
        12,
        "`: ` inside a plain value starts a mapping; quote the value: "
        'purpose: "Reads history: who changed what"',
    )


def test_tabs() -> None:
    leading = HEAD + "description: Counts.\nuse_cases:\n\t- Count things\n" + TAIL
    assert finding(leading) == (
        "manifest-frontmatter-parses",
        7,
        "replace each tab at the start of the line with spaces",
    )
    after_dash = HEAD + "description: Counts.\nuse_cases:\n  -\tCount things\n" + TAIL
    assert finding(after_dash) == (
        "manifest-frontmatter-parses",
        7,
        "replace the tab with spaces: YAML allows no tab in indentation or after `-`",
    )


def test_a_use_case_read_as_a_mapping() -> None:
    """Inside a list, `: ` parses: the item becomes a mapping, and the shape rule says how to quote it."""
    text = HEAD + "description: Counts.\nuse_cases:\n  - Count things: in a text file\n" + TAIL
    assert finding(text) == (
        "manifest-field-shapes",
        7,
        '`: ` inside a plain value starts a mapping; quote the item: - "Count things: in a text file"',
    )


def test_no_closing_fence_is_one_sentence() -> None:
    with pytest.raises(frontmatter.FrontmatterError) as caught:
        frontmatter.parse_text(
            HEAD + "description: Counts.\n" + USE + "platforms:\n  - linux\n\n# demo-tool\n"
        )
    assert (caught.value.message, caught.value.line, caught.value.hint) == (
        "has no closing `---` line after its fields",
        1,
        "add a line `---` before line 11, where the Markdown body starts",
    )
    with pytest.raises(frontmatter.FrontmatterError) as caught:
        frontmatter.parse_text("---\nname: demo-tool\n")
    assert caught.value.hint == "add a line `---` after the last field"


def test_the_fixtures_carry_their_hints() -> None:
    shown = {
        name: [(d.line, d.message, d.hint) for d in check_root(ROOTS / name).diagnostics]
        for name in (
            "manifest-frontmatter-parses--invalid-yaml",
            "manifest-frontmatter-parses--no-closing-fence",
        )
    }
    assert shown == {
        "manifest-frontmatter-parses--invalid-yaml": [
            (
                5,
                "frontmatter invalid YAML: mapping values are not allowed in this context",
                '`: ` inside a plain value starts a mapping; quote the value: description: "Shows: what a '
                'valid manifest looks like."',
            )
        ],
        "manifest-frontmatter-parses--no-closing-fence": [
            (
                1,
                "frontmatter has no closing `---` line after its fields",
                "add a line `---` before line 16, where the Markdown body starts",
            )
        ],
    }


@pytest.mark.parametrize(
    "line",
    [
        "name: demo-tool",
        "description: >",
        "  - Count things",
        None,
        "description: 'quoted: fine'",
        "description: @" + " " * 5000,  # a hostile line: no pattern is run over it
    ],
)
def test_no_hint_where_nothing_better_can_be_said(line: Optional[str]) -> None:
    assert hint_for("invalid YAML: something", line) is None
