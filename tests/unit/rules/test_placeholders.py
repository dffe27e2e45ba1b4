"""manifest-placeholders: which field values are placeholders (and which prose is not), and
that `inspect` judges a built archive's manifest as `check` judges the source's.

The fixture roots (fixtures/roots/manifest-placeholders*) are in tests/unit/diagnostics/test_codes.py;
`catalog check` is a case of tests/unit/registry/test_catalog.py; `init`'s own TODO lines are
in tests/unit/authoring/test_init.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from archive_kit import MANIFEST, MANIFEST_PATH, sdist_members, wheel_members, write_sdist, write_wheel
from smart_tool_build.archives.verify import verify
from smart_tool_build.parsing import frontmatter
from smart_tool_build.rules.placeholders import placeholder_rule
from smart_tool_build.rules.values import placeholder_kind


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        ("TODO", "a TODO/TBD marker"),
        ("TODO: a job someone wants done with acme, one item a job", "a TODO/TBD marker"),
        ("todo: say what it does", "a TODO/TBD marker"),
        ("[TBD]", "a TODO/TBD marker"),
        ("TBD - later", "a TODO/TBD marker"),
        ("Counts widgets. TODO: say when to reach for it.", "a TODO/TBD marker"),
        ("Counts widgets.\nTODO: say more\n", "a TODO/TBD marker"),  # a folded or literal block
        ("<description>", "a template's empty slot"),
        ("{{ description }}", "a template's empty slot"),
        ("${DESCRIPTION}", "a template's empty slot"),
        ("...", "a template's empty slot"),
        ("Add your description here", "a project template's stock sentence"),  # uv init
        ("add your description here.", "a project template's stock sentence"),
        ("Default template for PDM package", "a project template's stock sentence"),  # pdm init
        # prose that speaks of TODOs, or merely looks like a slot, is content
        ("Manage TODO lists from the command line", None),
        ("TODO list manager for teams", None),
        ("TODOs, tracked in one place", None),
        ("Finds TODO: comments in source files", None),
        ("Reports what is TBD in a release plan", None),
        ("<https://example.org/install>", None),
        ("Says what the description of a package should hold", None),
        ("tbd", None),
    ],
)
def test_what_is_a_placeholder(value: str, kind: Optional[str]) -> None:
    assert placeholder_kind(value) == kind


def test_nested_values_are_found_on_their_lines() -> None:
    text = (
        "---\n"
        "description: >\n"
        "  Counts widgets.\n"
        "use_cases:\n"
        "  - TBD\n"
        "requires:\n"
        "  - name: git\n"
        "    purpose: Reads history.\n"
        "    install: <install document>\n"
        "---\n"
        "\n"
        "TODO: the body is prose, never judged.\n"
    )
    fm = frontmatter.parse_text(text).frontmatter
    found = [(d.code, d.path, d.line) for d in placeholder_rule(fm, "SMART_TOOL.md")]
    assert found == [
        ("manifest-placeholders", "SMART_TOOL.md", 5),
        ("manifest-placeholders", "SMART_TOOL.md", 9),
    ]
    messages = [d.message for d in placeholder_rule(fm, "SMART_TOOL.md")]
    assert messages[0].startswith("`use_cases[0]` holds a TODO/TBD marker")
    assert messages[1].startswith("`requires[0].install` holds a template's empty slot")
    assert placeholder_rule(["not", "a", "mapping"], "SMART_TOOL.md") == []


TEMPLATE = MANIFEST.replace(b"Shows what a valid manifest looks like.", b"Add your description here")


def test_inspect_judges_the_archived_manifest(tmp_path: Path) -> None:
    wheel = write_wheel(
        tmp_path / "demo_tool-1.0.0-py3-none-any.whl", wheel_members({MANIFEST_PATH: TEMPLATE})
    )
    sdist = write_sdist(
        tmp_path / "demo_tool-1.0.0.tar.gz", sdist_members({"src/demo_tool/SMART_TOOL.md": TEMPLATE})
    )
    found = [(d.code, d.path, d.line) for d in verify(wheel).diagnostics + verify(sdist).diagnostics]
    assert found == [
        ("manifest-placeholders", f"{wheel.as_posix()}/{MANIFEST_PATH}", 5),
        ("manifest-placeholders", f"{sdist.as_posix()}/demo_tool-1.0.0/src/demo_tool/SMART_TOOL.md", 5),
    ]


_PIECES = st.sampled_from(
    [
        *("TODO", "todo", "ToDo", "TBD", "tbd", " ", "\n", ".", ":", "-", "<", ">", "{", "}", "{{", "}}"),
        *("${", "...", "\u2026", "add", "your", "description", "here", "HERE", "default", "template"),
        *("for", "pdm", "PDM", "package", "goes", "short", "project", "://", "x", "[", "]", "(", "*"),
        *("_", "`", "'", '"', "\u2013", "\u0130", "\u0131", "\u017f", "\u212a", "\u00e9"),
    ]
)


def _every_pattern(value: str) -> Optional[str]:
    """The judgement with every pattern tried on every value, as before the words were looked for."""
    from smart_tool_build.rules import placeholder_patterns as rule

    marker = (rule._MARKER, rule._ANY_CASE)
    if any(rule._pattern(p).match(value) for p in marker) or rule._pattern(rule._LATER).search(value):
        return "a TODO/TBD marker"
    if rule._pattern(rule._SLOT).match(value) and "://" not in value:
        return "a template's empty slot"
    if rule._pattern(rule._TEMPLATE).match(value):
        return "a project template's stock sentence"
    return None


@settings(max_examples=500, deadline=None)
@given(st.lists(_PIECES, max_size=12).map(" ".join) | st.lists(_PIECES, max_size=12).map("".join) | st.text())
def test_looking_for_the_words_first_changes_no_judgement(value: str) -> None:
    """Each pattern is tried only when the value holds what it needs (no compiling at import):
    the same judgement as trying them all, Unicode case forms included."""
    assert placeholder_kind(value) == _every_pattern(value)
