"""The links of a SKILL.md body: which are links to the skill's files, and a hostile body of
a mebibyte read in bounded time (every pattern is linear)."""

from __future__ import annotations

import time

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
