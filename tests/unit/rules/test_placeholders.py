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

from archive_kit import MANIFEST, MANIFEST_PATH, sdist_members, wheel_members, write_sdist, write_wheel
from smart_tool_build.archives.verify import verify
from smart_tool_build.parsing import frontmatter
from smart_tool_build.rules.placeholders import placeholder_kind, placeholder_rule


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
