"""The documentation tells the truth: the table of codes is the core's table, row for row,
the files and commands it names exist, every relative link leads somewhere, and the README stays a
first read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from smart_tool.cli.output import codes_markdown
from smart_tool_build.diagnostics.diagnostic import CODES

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
CODES_PAGE = ROOT / "docs" / "codes.md"
#: the pages whose links are checked: the README, the contributors' guide, docs/, and the
#: benchmarks, the changelog and the release guide beside them
TOP_PAGES = ("README.md", "CONTRIBUTING.md", "BENCHMARKS.md", "CHANGELOG.md", "RELEASING.md")
LINKED_PAGES = sorted([*(ROOT / name for name in TOP_PAGES), *(ROOT / "docs").glob("*.md")])
README_MAX_LINES = 320

_FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.M | re.S)
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"\[[^\]\n]*\]\(([^)\s]+)\)")
_HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.M)
#: a file of this repository a page names, in prose or in a command: a test, a benchmark, a script
_NAMED_FILE = re.compile(r"(?<![\w/.-])((?:tests|bench)/[\w/.-]+\.py|scripts/[\w-]+)")


def test_codes_table_matches_the_core() -> None:
    text = CODES_PAGE.read_text(encoding="utf-8")
    match = re.search(r"<!-- codes:start -->\n(.*?)\n<!-- codes:end -->", text, re.S)
    assert match, "docs/codes.md has no codes table markers"
    assert match.group(1) == codes_markdown(), "run scripts/update-codes-table"


def test_every_code_is_documented_once() -> None:
    text = CODES_PAGE.read_text(encoding="utf-8")
    for code in CODES:
        # one row, which is the code's anchor: a failing build names docs/codes.md#CODE
        assert text.count(f'| <a id="{code}"></a>`{code}` |') == 1, code
        assert text.count(f"`{code}` |") == 1, code


def test_the_generator_writes_docs_codes() -> None:
    script = (ROOT / "scripts" / "update-codes-table").read_text(encoding="utf-8")
    assert 'Path("docs/codes.md")' in script


def test_readme_commands_exist() -> None:
    text = README.read_text(encoding="utf-8")
    for script in ("scripts/build-example", "scripts/run-tests"):
        assert script in text
        assert (ROOT / script).is_file()
    assert "scripts/run-tests" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_readme_stays_a_first_read() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) < README_MAX_LINES, f"README.md has {len(lines)} lines: move detail into docs/"


def _prose(text: str) -> str:
    """The text without code blocks and code spans, where a `[x](y)` is not a link."""
    return _CODE_SPAN.sub("", _FENCE.sub("", text))


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lowercase, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading: its text
    text = re.sub(r"[^\w\- ]", "", text.lower())
    return text.replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    """Every anchor of a Markdown page; a repeated heading gets -1, -2, ... as on GitHub."""
    seen: dict[str, int] = {}
    anchors: set[str] = set()
    for heading in _HEADING.findall(_FENCE.sub("", page.read_text(encoding="utf-8"))):
        slug = _slug(heading)
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


def _relative_links(page: Path) -> list[str]:
    links = _LINK.findall(_prose(page.read_text(encoding="utf-8")))
    return [link for link in links if not re.match(r"[a-z][a-z0-9+.-]*:", link)]


def test_slugs_are_githubs() -> None:
    assert _slug("Quick start (from a fresh clone)") == "quick-start-from-a-fresh-clone"
    assert _slug("Starting a tool with `smart-tool init`") == "starting-a-tool-with-smart-tool-init"
    assert _slug("Registries: snapshots and catalogs") == "registries-snapshots-and-catalogs"
    assert _slug("CI with VCS versions (hatch-vcs, setuptools-scm)") == (
        "ci-with-vcs-versions-hatch-vcs-setuptools-scm"
    )


def test_the_link_check_finds_links() -> None:
    assert "docs/codes.md" in _relative_links(README)


@pytest.mark.parametrize("page", LINKED_PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_leads_somewhere(page: Path) -> None:
    broken = []
    for link in _relative_links(page):
        path, _, anchor = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        if not target.exists():
            broken.append(f"{link}: no such file")
        elif anchor and target.suffix == ".md" and anchor not in _anchors(target):
            broken.append(f"{link}: no heading with that anchor")
    assert broken == []


@pytest.mark.parametrize("page", LINKED_PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_file_a_page_names_exists(page: Path) -> None:
    named = set(_NAMED_FILE.findall(page.read_text(encoding="utf-8")))
    assert sorted(name for name in named if not (ROOT / name).is_file()) == []
