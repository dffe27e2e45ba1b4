"""descriptor: smart-tool.json, strict JSON with three documented keys."""

from __future__ import annotations

import json

import pytest

from smart_tool_build.diagnostics.diagnostic import Severity
from smart_tool_build.project.paths import relative_path_problem
from smart_tool_build.rules import descriptor
from smart_tool_build.rules.descriptor import Descriptor

GOOD = {"manifest": "src/demo_tool/SMART_TOOL.md", "cli_argv": ["demo-tool"]}


def one_key_a_line(value: dict[str, object]) -> str:
    """{ on line 1, then each key on its own line (2, 3, ...), then }."""
    items = [f"  {json.dumps(key)}: {json.dumps(item)}" for key, item in value.items()]
    return "{\n" + ",\n".join(items) + "\n}\n"


def parse(value: dict[str, object]) -> descriptor.DescriptorResult:
    return descriptor.parse_bytes(one_key_a_line(value).encode())


def test_valid_descriptor() -> None:
    result = parse({**GOOD, "deterministic_smoke": ["check", "--offline"]})
    assert result.diagnostics == []
    assert result.descriptor == Descriptor(
        manifest="src/demo_tool/SMART_TOOL.md",
        cli_argv=("demo-tool",),
        deterministic_smoke=("check", "--offline"),
    )
    assert result.key_lines == {"manifest": 2, "cli_argv": 3, "deterministic_smoke": 4}


def test_smoke_is_optional_and_may_be_empty() -> None:
    assert parse(GOOD).descriptor.deterministic_smoke is None  # type: ignore[union-attr]
    assert parse({**GOOD, "deterministic_smoke": []}).descriptor.deterministic_smoke == ()  # type: ignore[union-attr]


def test_bom_and_crlf() -> None:
    data = b"\xef\xbb\xbf" + one_key_a_line(GOOD).replace("\n", "\r\n").encode()
    result = descriptor.parse_bytes(data)
    assert result.descriptor is not None
    assert result.key_lines == {"manifest": 2, "cli_argv": 3}


def test_one_line_descriptor() -> None:
    result = descriptor.parse_bytes(json.dumps(GOOD).encode())
    assert result.descriptor is not None
    assert result.key_lines == {"manifest": 1, "cli_argv": 1}


def test_unknown_keys_warn_and_the_descriptor_stays_usable() -> None:
    result = parse({**GOOD, "name": "x", "version": "1"})
    assert [(d.code, d.severity, d.line) for d in result.diagnostics] == [
        ("descriptor-shape", Severity.WARNING, 4),
        ("descriptor-shape", Severity.WARNING, 5),
    ]
    assert result.descriptor is not None


@pytest.mark.parametrize(
    ("data", "line", "words"),
    [
        pytest.param(
            b'{"manifest": "a/SMART_TOOL.md", "manifest": "b", "cli_argv": ["x"]}',
            1,
            "duplicate key",
            id="duplicate",
        ),
        pytest.param(
            b'{"manifest": "SMART_TOOL.md", "cli_argv": ["x"], "deterministic_smoke": NaN}',
            1,
            "NaN",
            id="nan",
        ),
        pytest.param(b'{"manifest": "SMART_TOOL.md", "cli_argv": [Infinity]}', 1, "Infinity", id="infinity"),
        pytest.param(
            b'{"manifest": "SMART_TOOL.md", "cli_argv": [-Infinity]}', 1, "Infinity", id="minus-infinity"
        ),
        pytest.param(b"{\n  'manifest': 'x'\n}", 2, "not valid JSON", id="single-quotes"),
        pytest.param(b"{\n  // comment\n}", 2, "not valid JSON", id="comment"),
        pytest.param(b"", 1, "not valid JSON", id="empty"),
        pytest.param(b"null", 1, "JSON object", id="null"),
        pytest.param(b'"SMART_TOOL.md"', 1, "JSON object", id="string"),
        pytest.param(b"[" * 100_000 + b"]" * 100_000, 1, "not valid JSON", id="deep-nesting"),
        pytest.param(b'{"manifest": "\xff"}', 1, "not UTF-8", id="not-utf8"),
        pytest.param(b'{"manifest": "x"}\x00', None, "NUL", id="nul-byte"),
    ],
)
def test_refused_documents(data: bytes, line: int | None, words: str) -> None:
    result = descriptor.parse_bytes(data)
    assert result.descriptor is None
    (diagnostic,) = result.diagnostics
    assert diagnostic.code == "descriptor-shape"
    assert diagnostic.severity is Severity.ERROR
    assert words in diagnostic.message
    assert diagnostic.line == line


def test_huge_integer_does_not_raise() -> None:
    result = descriptor.parse_bytes(b'{"manifest": "SMART_TOOL.md", "cli_argv": [' + b"9" * 10_000 + b"]}")
    assert result.descriptor is None
    assert [d.code for d in result.diagnostics] == ["descriptor-shape"]


@pytest.mark.parametrize(
    ("change", "key_line"),
    [
        pytest.param({"manifest": None}, 2, id="manifest-null"),
        pytest.param({"manifest": ""}, 2, id="manifest-empty"),
        pytest.param({"manifest": 3}, 2, id="manifest-number"),
        pytest.param({"manifest": "/abs/SMART_TOOL.md"}, 2, id="manifest-absolute"),
        pytest.param({"manifest": "C:/x/SMART_TOOL.md"}, 2, id="manifest-drive"),
        pytest.param({"manifest": "a\\SMART_TOOL.md"}, 2, id="manifest-backslash"),
        pytest.param({"manifest": "../SMART_TOOL.md"}, 2, id="manifest-parent"),
        pytest.param({"manifest": "a/../../SMART_TOOL.md"}, 2, id="manifest-climbs"),
        pytest.param({"cli_argv": []}, 3, id="argv-empty"),
        pytest.param({"cli_argv": "demo-tool"}, 3, id="argv-string"),
        pytest.param({"cli_argv": [""]}, 3, id="argv-empty-string"),
        pytest.param({"cli_argv": ["demo", None]}, 3, id="argv-null-item"),
        pytest.param({"cli_argv": {"0": "demo"}}, 3, id="argv-object"),
    ],
)
def test_bad_values(change: dict[str, object], key_line: int) -> None:
    result = parse({**GOOD, **change})
    assert result.descriptor is None
    assert [(d.code, d.severity, d.line) for d in result.diagnostics] == [
        ("descriptor-shape", Severity.ERROR, key_line)
    ]


@pytest.mark.parametrize("smoke", ["check", [1], [None], {"a": "b"}, None])
def test_bad_smoke(smoke: object) -> None:
    result = parse({**GOOD, "deterministic_smoke": smoke})
    assert [(d.code, d.line) for d in result.diagnostics] == [("descriptor-shape", 4)]


def test_missing_keys_are_both_reported() -> None:
    result = parse({})
    assert [(d.code, d.line) for d in result.diagnostics] == [
        ("descriptor-shape", 1),
        ("descriptor-shape", 1),
    ]


@pytest.mark.parametrize(
    ("path", "problem"),
    [
        ("SMART_TOOL.md", None),
        ("src/pkg/SMART_TOOL.md", None),
        ("./src/SMART_TOOL.md", None),
        ("src/../SMART_TOOL.md", None),
        ("/SMART_TOOL.md", "absolute"),
        ("C:/SMART_TOOL.md", "absolute"),
        ("c:SMART_TOOL.md", "absolute"),
        ("..", "escapes"),
        ("../x/SMART_TOOL.md", "escapes"),
        ("src/../../SMART_TOOL.md", "escapes"),
        ("src\\SMART_TOOL.md", "backslashes"),
    ],
)
def test_manifest_path_problem(path: str, problem: str | None) -> None:
    found = relative_path_problem(path)
    if problem is None:
        assert found is None
    else:
        assert found is not None and problem in found


def test_key_lines_ignore_escaped_quotes() -> None:
    text = '{\n  "cli_argv": ["say \\"manifest\\": no"],\n  "manifest": "SMART_TOOL.md"\n}'
    result = descriptor.parse_bytes(text.encode())
    assert result.descriptor is not None
    assert result.key_lines["manifest"] == 3


# ---- `channels`: the host channels draft's optional object (rules/channels.py)

DRAFT = {
    "skill": "skills/demo-tool",
    "skill_portable": True,
    "mcp": {"argv": ["demo-tool", "mcp"], "url": "https://example.org/mcp"},
    "mcpb": "demo-tool.mcpb",
    "mcp_app": {"resource": "ui://demo-tool/view"},  # the draft leaves its shape open
}


@pytest.mark.parametrize(
    "channels", [DRAFT, {}, {"skill": "skills/x"}, {"mcp": {"url": "https://example.org/m"}}]
)
def test_channels_of_the_drafts_shape_are_info(channels: object) -> None:
    result = parse({**GOOD, "channels": channels})
    assert [(d.code, d.severity, d.line) for d in result.diagnostics] == [
        ("descriptor-draft-key", Severity.INFO, 4)
    ]
    assert "draft key" in result.diagnostics[0].message and "unknown" not in result.diagnostics[0].message
    assert result.descriptor is not None


@pytest.mark.parametrize(
    ("channels", "where", "words"),
    [
        pytest.param([], ("channels",), "must be an object", id="not-an-object"),
        pytest.param({"skill": "../outside"}, ("channels", "skill"), "escapes", id="skill-escapes"),
        pytest.param({"skill": ""}, ("channels", "skill"), "non-empty string", id="skill-empty"),
        pytest.param({"skill": "/abs"}, ("channels", "skill"), "absolute", id="skill-absolute"),
        pytest.param(
            {"skill": "s", "skill_portable": "yes"},
            ("channels", "skill_portable"),
            "true or false",
            id="portable-not-bool",
        ),
        pytest.param(
            {"skill_portable": True},
            ("channels", "skill_portable"),
            "no `channels.skill`",
            id="portable-without-skill",
        ),
        pytest.param(
            {"mcp": ["demo-tool", "mcp"]}, ("channels", "mcp"), "must be an object", id="mcp-a-list"
        ),
        pytest.param({"mcp": {}}, ("channels", "mcp"), "needs `argv`", id="mcp-empty"),
        pytest.param({"mcp": {"argv": []}}, ("channels", "mcp", "argv"), "non-empty list", id="argv-empty"),
        pytest.param(
            {"mcp": {"argv": ["x", 1]}}, ("channels", "mcp", "argv"), "non-empty list", id="argv-number"
        ),
        pytest.param(
            {"mcp": {"argv": ["x"], "env": {}}}, ("channels", "mcp", "env"), "unknown key", id="mcp-key"
        ),
        pytest.param({"mcp": {"url": "http://x.org"}}, ("channels", "mcp", "url"), "https", id="url-http"),
        pytest.param({"mcpb": "dist/x.mcpb"}, ("channels", "mcpb"), "asset name", id="mcpb-path"),
        pytest.param({"mcpb": "x.zip"}, ("channels", "mcpb"), "asset name", id="mcpb-not-mcpb"),
        pytest.param({"mcpb": 3}, ("channels", "mcpb"), "non-empty string", id="mcpb-number"),
        pytest.param({"ssh": "x"}, ("channels", "ssh"), "unknown channel", id="unknown-channel"),
    ],
)
def test_channels_off_the_drafts_shape_warn_where_they_depart(
    channels: object, where: tuple[str, ...], words: str
) -> None:
    document = {**GOOD, "channels": channels}
    text = json.dumps(document, indent=2)
    result = descriptor.parse_bytes(text.encode())
    assert [(d.code, d.severity) for d in result.diagnostics] == [("descriptor-draft-key", Severity.WARNING)]
    (found,) = result.diagnostics
    assert words in found.message
    key = where[-1]
    assert json.dumps(key) in text.splitlines()[found.line - 1]  # type: ignore[operator]
    assert result.descriptor is not None  # a draft key fails nothing


def test_every_departure_is_its_own_warning() -> None:
    result = parse({**GOOD, "channels": {"skill": "../x", "mcp": {"argv": "x"}, "mcpb": "x.zip", "what": 1}})
    assert [d.severity for d in result.diagnostics] == [Severity.WARNING] * 4
