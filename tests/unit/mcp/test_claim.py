"""The ``mcp-name:`` claim rule against a reference restatement of the registry's own
(``ReadmeDeclaresMCPName`` in internal/validators/registries/mcpname.go, which reads bytes),
and the archive side: a METADATA / PKG-INFO description, each refusal its own line."""

from __future__ import annotations

import string
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from smart_tool_build.rules.mcp.claim import check_metadata, declares, split_metadata

_NAME_BYTES = frozenset((string.ascii_letters + string.digits + ".-_/").encode())


def registry_rule(content: str, server_name: str) -> bool:
    """The registry's rule restated on UTF-8 bytes, as Go's strings index them."""
    text, name, prefix = content.encode(), server_name.encode(), b"mcp-name: "
    offset = 0
    while True:
        index = text.find(prefix, offset)
        if index < 0:
            return False
        start = index + len(prefix)
        if text.startswith(name, start):
            end = start + len(name)
            if end == len(text) or text[end] not in _NAME_BYTES:
                return True
        offset = start


ALNUM = string.ascii_letters + string.digits
_part = st.builds(
    lambda first, middle, last: first + middle + last,
    st.sampled_from(ALNUM),
    st.text(alphabet=ALNUM + ".-", max_size=12),
    st.sampled_from(ALNUM),
)
_name_part = st.builds(
    lambda first, middle, last: first + middle + last,
    st.sampled_from(ALNUM),
    st.text(alphabet=ALNUM + ".-_", max_size=12),
    st.sampled_from(ALNUM),
)
names = st.one_of(
    st.builds(lambda ns, n: f"{ns}/{n}", _part, _name_part),
    st.builds(lambda owner, n: f"io.github.{owner}/{n}", _part, _name_part),
)
#: what may follow a claimed name: the end, a boundary, or a character that continues it
suffixes = st.one_of(
    st.just(""),
    st.sampled_from(
        [" ", "\n", " -->", "\r\n", "`", ")", ",", "é", "\u2028", "\x00", "-pro", "_x", ".", "/", "2"]
    ),
    st.text(max_size=4),
)
prefixes = st.sampled_from(
    ["mcp-name: ", "mcp-name:", "mcp-name:  ", "MCP-name: ", "mcp-name :", "<!-- mcp-name: "]
)
casings = st.sampled_from(["same", "lower", "upper", "swap"])


def _cased(name: str, how: str) -> str:
    return {"same": name, "lower": name.lower(), "upper": name.upper(), "swap": name.swapcase()}[how]


@settings(max_examples=400)
@given(
    name=names,
    before=st.text(max_size=20),
    prefix=prefixes,
    casing=casings,
    suffix=suffixes,
    after=st.text(max_size=20),
    repeat=st.booleans(),
)
def test_the_claim_rule_is_the_registrys(
    name: str, before: str, prefix: str, casing: str, suffix: str, after: str, repeat: bool
) -> None:
    claim = prefix + _cased(name, casing) + suffix
    content = before + claim + after + (("\n" + claim) if repeat else "")
    assert declares(content, name) == registry_rule(content, name)


@given(name=names, content=st.text(max_size=60))
def test_the_rule_on_any_text(name: str, content: str) -> None:
    assert declares(content, name) == registry_rule(content, name)


N = "io.github.Owner/server"


def test_the_registrys_own_examples() -> None:
    assert declares(f"<!-- mcp-name: {N} -->", N)
    assert declares(f"intro\nmcp-name: {N}", N)  # the last line, no newline after it
    assert not declares(f"mcp-name: {N}-pro", N)
    assert not declares(f"mcp-name: {N.lower()}", N)
    assert declares(f"mcp-name: {N}-pro\nmcp-name: {N}\n", N)  # a later exact claim counts


def _metadata(body: str, **headers: str) -> str:
    lines = ["Metadata-Version: 2.4", "Name: server", "Version: 1.0.0"]
    lines += [f"{key}: {value}" for key, value in headers.items()]
    return "\n".join(lines) + "\n\n" + body


def _found(text: str) -> list[tuple[str, object]]:
    return [(d.code, d.line) for d in check_metadata(text, N, "dist/x.whl/x.dist-info/METADATA", "wheel")]


def test_metadata_with_the_claim_passes() -> None:
    assert _found(_metadata(f"# server\n\n<!-- mcp-name: {N} -->\n")) == []


def test_metadata_refusals_each_have_their_line() -> None:
    assert _found(_metadata("")) == [("mcp-readme-declared", None)]
    assert _found(_metadata("# server\n")) == [("mcp-name-claimed", None)]
    # the body starts on line 5 (three headers, a blank line): the claim is on line 7
    assert _found(_metadata(f"# server\n\nmcp-name: {N}-pro\n")) == [("mcp-name-claimed", 7)]
    assert _found(_metadata(f"# server\n\nmcp-name: {N.lower()}\n")) == [("mcp-name-claimed", 7)]
    only_keywords = check_metadata(_metadata("# server\n", Keywords=f"mcp,mcp-name: {N}"), N, "M", "wheel")
    assert [d.code for d in only_keywords] == ["mcp-name-claimed"]
    assert "only in Keywords" in only_keywords[0].message
    only_summary = check_metadata(_metadata("# server\n", Summary=f"mcp-name: {N}"), N, "M", "wheel")
    assert "only in Summary" in only_summary[0].message


def test_an_old_description_header_is_read() -> None:
    text = f"Metadata-Version: 1.2\nName: server\nDescription: # server\n        \n        mcp-name: {N}\n"
    _, description, _ = split_metadata(text)
    assert declares(description, N)
    assert _found(text) == []


def test_an_archive_whose_metadata_is_over_the_bound_is_a_line_not_a_pass(tmp_path: Path) -> None:
    from archive_kit import write_wheel
    from smart_tool_build.archives.verify import verify

    info = "server-1.0.0.dist-info"

    def wheel(folder: str, body: str) -> Path:
        (tmp_path / folder).mkdir()
        members = {
            "server/__init__.py": b"",
            f"{info}/METADATA": _metadata(body).encode(),
            f"{info}/WHEEL": b"Wheel-Version: 1.0\n",
            f"{info}/RECORD": b"",
        }
        return write_wheel(tmp_path / folder / "server-1.0.0-py3-none-any.whl", members)

    huge = wheel("huge", f"<!-- mcp-name: {N} -->\n" + "x" * (1024 * 1024 + 1))
    found = [(d.code, d.path) for d in verify(huge, display="w.whl", mcp_name=N).diagnostics]
    assert [f for f in found if f[0].startswith("mcp-")] == [("mcp-name-claimed", f"w.whl/{info}/METADATA")]
    small = wheel("small", f"mcp-name: {N}")
    assert not [d for d in verify(small, mcp_name=N).diagnostics if d.code.startswith("mcp-")]
