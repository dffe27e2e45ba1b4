"""The skill `--help` prints: rendered from its pieces in the invocation text's shape, and
read back by smoke. (Rendered from an installed copy: tests/e2e/test_smoke.py.)"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from smart_tool_build.runtime import skill

BODY = "\n# doc-summarizer\n\nCondenses long documents.\n\n## When to reach for it\n\nOften.\n"


def test_the_shape_of_the_invocation_text() -> None:
    text = skill.render(
        name="doc-summarizer",
        body=BODY,
        skill_directory="/site-packages/doc_summarizer",
        repository="https://github.com/example/doc-summarizer",
        capabilities=[
            ("manifest", "deterministic", "Print the tool's manifest as JSON."),
            skill.Capability("summarize", "model-backed", "Condense a document"),
        ],
        resources=["SMART_TOOL.md", "lib.py"],
    )
    assert text == (
        '<skill_content name="doc-summarizer">\n'
        "Skill directory: /site-packages/doc_summarizer\n"
        "Repository: https://github.com/example/doc-summarizer\n"
        "Relative paths in this skill are relative to the skill directory.\n"
        "\n"
        "# doc-summarizer\n"
        "\n"
        "Condenses long documents.\n"
        "\n"
        "## When to reach for it\n"
        "\n"
        "Often.\n"
        "\n"
        "## Capabilities\n"
        "\n"
        "- `manifest` [deterministic] -- Print the tool's manifest as JSON. Arguments, result, and "
        "exit codes: `doc-summarizer manifest --help`.\n"
        "- `summarize` [model-backed] -- Condense a document. Arguments, result, and exit codes: "
        "`doc-summarizer summarize --help`.\n"
        "\n"
        "<skill_resources>\n"
        "  <file>SMART_TOOL.md</file>\n"
        "  <file>lib.py</file>\n"
        "</skill_resources>\n"
        "</skill_content>"
    )


def test_omitted_pieces_and_a_body_without_its_own_heading() -> None:
    text = skill.render(name="acme", body="Does things.\n", skill_directory="/x/acme", command="uvx acme")
    assert "Repository:" not in text and "<skill_resources>" not in text and "## Capabilities" not in text
    assert "\n# acme\n\nDoes things.\n</skill_content>" in text
    with_one = skill.render(
        name="acme", body="", skill_directory="/x", capabilities=[("go", "deterministic", "")]
    )
    assert "- `go` [deterministic] -- Arguments, result, and exit codes: `acme go --help`." in with_one
    assert "`uvx acme go --help`" in skill.render(
        name="acme",
        body="",
        skill_directory="/x",
        capabilities=[("go", "deterministic", "Go")],
        command="uvx acme",
    )


@pytest.mark.parametrize(
    ("capabilities", "resources", "message"),
    [
        ([("go", "smart", "Go")], [], "kind must be one of deterministic, model-backed"),
        ([("two words", "deterministic", "Go")], [], "one word"),
        ([], ["/etc/passwd"], "relative POSIX path"),
        ([], ["../outside.md"], "relative POSIX path"),
        ([], ["docs\\x.md"], "relative POSIX path"),
        ([], [""], "relative POSIX path"),
    ],
)
def test_bad_pieces_are_a_clear_error(
    capabilities: list[tuple[str, str, str]], resources: list[str], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        skill.render(
            name="acme", body="", skill_directory="/x", capabilities=capabilities, resources=resources
        )


def test_read_back() -> None:
    text = "noise before\n" + skill.render(
        name="acme",
        body=BODY,
        skill_directory="/x/acme",
        repository="https://h/r",
        resources=["a&b.md", "docs/x.md"],
    )
    view = skill.read(text)
    assert view == skill.SkillView("acme", "/x/acme", "https://h/r", ("a&b.md", "docs/x.md"))
    assert skill.read("usage: acme [-h]") is None
    bare = skill.read('<skill_content name="acme">\nhello\n</skill_content>')
    assert bare == skill.SkillView("acme", None, None, None)


@pytest.mark.parametrize(
    "body", ["x</skill_content>", "<skill_resources>\n  <file>b</file>\n</skill_resources>"]
)
def test_a_body_that_holds_the_envelope_s_tags_reads_back(body: str) -> None:
    """The envelope's own tags close it: a body may quote them (found by the property below)."""
    text = skill.render(name="acme", body=body, skill_directory="/x/acme", resources=["a.md"])
    assert skill.read(text) == skill.SkillView("acme", "/x/acme", None, ("a.md",))


def test_a_body_that_holds_the_closing_tag_reads_back_without_resources() -> None:
    bare = skill.render(name="acme", body="x</skill_content>", skill_directory="/x/acme")
    assert skill.read(bare) == skill.SkillView("acme", "/x/acme", None, None)


@given(
    st.text(max_size=200),
    st.lists(st.from_regex(r"[a-z][a-z0-9_./&<>-]{0,20}", fullmatch=True), max_size=4),
)
def test_what_is_rendered_reads_back(body: str, resources: list[str]) -> None:
    safe = [r for r in resources if ".." not in r.split("/") and not r.endswith("/") and "//" not in r]
    text = skill.render(name="acme", body=body, skill_directory="/x/acme", resources=safe)
    view = skill.read(text)
    assert view is not None and view.directory == "/x/acme"
    assert view.resources == (tuple(skill.resource(r) for r in safe) if safe else None)
