"""The links of a SKILL.md body: which are links to the skill's files, and a hostile body of
a mebibyte read in bounded time (every pattern is linear)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from smart_tool_build.rules.skills import _links


def test_what_is_a_link_to_the_skills_files() -> None:
    body = (
        'See [the API](references/api.md), ![chart](assets/a.png "a chart"), [space](<my file.md>)\n'
        "and [ref]: scripts/run.sh\n"
        "[ref]: scripts/run.sh\n"
        "Not: [site](https://example.org), [mail](mailto:a@b.c), [top](#usage), [abs](/etc/passwd),\n"
        "`[code](in-code.md)`, ``[code](in-double.md)``\n"
        "```\n[fenced](in-fence.md)\n```\n"
    )
    assert [target for _, target in _links(body)] == [
        "references/api.md",
        "assets/a.png",
        "my file.md",
        "scripts/run.sh",
    ]


@pytest.mark.parametrize(
    "unit", ["[", "`", "](", "[a](", "[a](b '", "``a`", "```\n", "[x]: y\n", "![", "\\", "[a]( "]
)
def test_a_hostile_body_is_read_in_bounded_time(unit: str) -> None:
    body = unit * (1024 * 1024 // len(unit))
    started = time.perf_counter()
    _links(body)
    assert time.perf_counter() - started < 10  # seconds: a bound against a quadratic scan


def test_a_name_over_255_bytes_is_one_coded_line(tmp_path: Path) -> None:
    """A link target and a skillmeta.manifest whose name the file system refuses (over 255
    bytes a part): each names nothing, one line, never a traceback."""
    from smart_tool_build.project.distribution import PackageVersion
    from smart_tool_build.project.skills import SkillSource
    from smart_tool_build.rules.skills import check_skills

    folder = tmp_path / "skills" / "long-names"
    folder.mkdir(parents=True)
    long = "a" * 300
    (folder / "SKILL.md").write_text(
        "---\nname: long-names\ndescription: Long names.\nmetadata:\n"
        f"  skillmeta.manifest: {long}.json\n---\n"
        f"See [x](references/{long}.md).\n",
        encoding="utf-8",
    )
    skill = SkillSource("long-names", "skills/long-names", None, "skills/long-names")
    found = check_skills(tmp_path, [skill], PackageVersion("1.0.0", "test"))
    assert [(d.code, d.path, d.line) for d in found] == [
        ("skill-link-resolves", "skills/long-names/SKILL.md", 7),
        ("skillmeta-manifest-present", "skills/long-names/SKILL.md", 5),
    ]


@pytest.mark.parametrize(
    ("version", "says"),
    [("banana", "is no version"), ("1" * 5000, "is not a valid PEP 440 version")],
)
def test_skills_version_match_refuses_what_is_no_version(tmp_path: Path, version: str, says: str) -> None:
    """With skills-version = "match", a skill whose version is no version ("banana"), or one
    past int's digit limit, is one coded line (neither passed nor a traceback)."""
    from smart_tool_build.project.distribution import PackageVersion
    from smart_tool_build.project.skills import SkillSource
    from smart_tool_build.rules.skills import check_skills

    folder = tmp_path / "skills" / "versioned"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(
        f'---\nname: versioned\ndescription: Versioned.\nmetadata:\n  version: "{version}"\n---\n# v\n',
        encoding="utf-8",
    )
    skill = SkillSource("versioned", "skills/versioned", None, "skills/versioned")
    found = check_skills(tmp_path, [skill], PackageVersion("1.0.0", "test"), skills_version="match")
    assert [(d.code, d.path, d.line) for d in found] == [
        ("skill-version-matches-package", "skills/versioned/SKILL.md", 5)
    ]
    assert says in found[0].message


def test_a_link_over_1000_characters_is_not_passed_in_silence(tmp_path: Path) -> None:
    from smart_tool_build.project.distribution import PackageVersion
    from smart_tool_build.project.skills import SkillSource
    from smart_tool_build.rules.skills import check_skills

    folder = tmp_path / "skills" / "long-link"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(
        "---\nname: long-link\ndescription: A long link.\n---\n# l\n\n" + f"See [x]({'a/' * 600}x.md).\n",
        encoding="utf-8",
    )
    skill = SkillSource("long-link", "skills/long-link", None, "skills/long-link")
    found = check_skills(tmp_path, [skill], PackageVersion("1.0.0", "test"))
    assert [(d.code, d.severity.value, d.line) for d in found] == [("skill-link-resolves", "warning", 7)]


def test_a_hostile_body_of_long_links_is_read_in_bounded_time(tmp_path: Path) -> None:
    from smart_tool_build.rules.skills import _LONG_LINK

    body = ("](" + "a" * 999 + "(") * 1000 + "](" * 300_000
    started = time.perf_counter()
    assert list(_LONG_LINK.finditer(body)) == []
    assert time.perf_counter() - started < 10
