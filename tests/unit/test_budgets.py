"""The import budgets (tests/budgets.py) themselves: what counts as over a budget."""

from __future__ import annotations

import pytest

from budgets import Budget

BUDGET = Budget(
    "importing the entry",
    frozenset({"smart_tool_build", "smart_tool_build.entry"}),
    frozenset({"yaml", "x.y"}),
)


def test_within_the_budget_is_nothing_over() -> None:
    assert BUDGET.over(["smart_tool_build", "smart_tool_build.entry", "json", "x", "x.z"]) == []


def test_over_the_budget_names_every_module_beyond_it() -> None:
    loaded = ["smart_tool_build.rules.root", "yaml.nodes", "x.y", "smart_tool_build.entry", "yaml"]
    assert BUDGET.over(loaded) == ["smart_tool_build.rules.root", "x.y", "yaml", "yaml.nodes"]
    with pytest.raises(
        AssertionError, match=r"loaded 4 module\(s\) over its import budget: smart_tool_build\.rules"
    ):
        BUDGET.check(loaded)


def test_a_budget_without_a_set_of_ours_bans_only_what_it_names() -> None:
    budget = Budget("it", None, frozenset({"yaml"}))
    assert budget.over(["smart_tool_build.rules.root", "yaml"]) == ["yaml"]
