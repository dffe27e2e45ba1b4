"""frontmatter: splitting SMART_TOOL.md into YAML and a body kept byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest

from smart_tool_build.parsing import frontmatter
from smart_tool_build.parsing.frontmatter import FrontmatterError, UnreadableFile

DOC = "---\nname: x\n---\n# Title\n\nText.\n"


def test_split_basic() -> None:
    document = frontmatter.parse_bytes(DOC.encode())
    assert document.frontmatter == {"name": "x"}
    assert document.body == "# Title\n\nText.\n"
    # lines of the parsed YAML are lines of the file: `name` is on line 2
    assert document.frontmatter.line_of("name") == 2


def test_bom_is_dropped() -> None:
    document = frontmatter.parse_bytes(b"\xef\xbb\xbf" + DOC.encode())
    assert document.frontmatter == {"name": "x"}
    assert document.body == "# Title\n\nText.\n"


def test_crlf_body_is_kept_byte_for_byte() -> None:
    body = "# Title\r\n\r\nMixed endings\nkept\r\n  trailing spaces  \r\n\ttab\r\n"
    data = ("---\r\nname: x\r\nversion: '1'\r\n---\r\n" + body).encode()
    document = frontmatter.parse_bytes(data)
    assert document.frontmatter == {"name": "x", "version": "1"}
    assert document.body.encode() == body.encode()


def test_body_without_final_newline_is_kept() -> None:
    assert frontmatter.parse_bytes(b"---\na: 1\n---\nlast line").body == "last line"


def test_empty_body() -> None:
    assert frontmatter.parse_bytes(b"---\na: 1\n---\n").body == ""
    assert frontmatter.parse_bytes(b"---\na: 1\n---").body == ""


def test_later_fences_belong_to_the_body() -> None:
    document = frontmatter.parse_bytes(b"---\na: 1\n---\nbody\n---\nmore\n")
    assert document.body == "body\n---\nmore\n"


def test_fence_with_trailing_spaces_counts() -> None:
    assert frontmatter.parse_bytes(b"--- \na: 1\n---\t\nbody").frontmatter == {"a": 1}


def test_form_feed_is_not_a_line_break_for_the_split() -> None:
    # str.splitlines() would split on \x0c and \x1c; the split must not
    document = frontmatter.parse_bytes(b"---\na: 1\n---\npage\x0cbreak\x1cx\n")
    assert document.body == "page\x0cbreak\x1cx\n"


@pytest.mark.parametrize(
    ("data", "line", "words"),
    [
        pytest.param(b"name: x\n---\n", 1, "does not start", id="no-opening-fence"),
        pytest.param(b"\n---\nname: x\n---\n", 1, "does not start", id="blank-first-line"),
        pytest.param(b"---\nname: x\n", 1, "no closing", id="no-closing-fence"),
        pytest.param(b"", 1, "does not start", id="empty-file"),
        pytest.param(b"----\nname: x\n---\n", 1, "does not start", id="four-dashes"),
        pytest.param(b"---\nname: x\n\tversion: 1\n---\n", 3, "tab", id="tab-indent"),
        pytest.param(b"---\nname: x\nname: y\n---\n", 3, "duplicate", id="duplicate-key-line-in-file"),
        pytest.param(b"---\na: 1\nb: [\n---\n", None, "invalid YAML", id="invalid-yaml"),
        pytest.param(b"---\na: \xff\n---\n", 2, "not UTF-8", id="not-utf8"),
        pytest.param(b"---\na: 1\x00\n---\n", None, "NUL", id="nul"),
        pytest.param(b"\xff\xfe-\x00-\x00-\x00", None, "NUL", id="utf16"),
    ],
)
def test_refused(data: bytes, line: int | None, words: str) -> None:
    with pytest.raises(FrontmatterError) as caught:
        frontmatter.parse_bytes(data)
    assert words in caught.value.message
    if line is not None:
        assert caught.value.line == line


def test_tab_inside_a_value_is_fine() -> None:
    assert frontmatter.parse_bytes(b"---\na: 'x\ty'\n---\n").frontmatter == {"a": "x\ty"}


def test_crlf_yaml_lines() -> None:
    with pytest.raises(FrontmatterError) as caught:
        frontmatter.parse_bytes(b"---\r\nname: x\r\nother: 1\r\nname: y\r\n---\r\n")
    assert caught.value.line == 4


def test_read_bytes_refuses_what_is_not_a_small_regular_file(tmp_path: Path) -> None:
    with pytest.raises(UnreadableFile, match="does not exist"):
        frontmatter.read_bytes(tmp_path / "missing.md")
    with pytest.raises(UnreadableFile, match="folder"):
        frontmatter.read_bytes(tmp_path)
    big = tmp_path / "big.md"
    big.write_bytes(b"x" * 11)
    with pytest.raises(FrontmatterError, match="over the limit"):
        frontmatter.read_bytes(big, limit=10)
    assert frontmatter.read_bytes(big, limit=11) == b"x" * 11


def test_read_bytes_of_a_fifo_does_not_block(tmp_path: Path) -> None:
    import os

    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    fifo = tmp_path / "SMART_TOOL.md"
    os.mkfifo(fifo)
    with pytest.raises(UnreadableFile, match="not a regular file"):
        frontmatter.read_bytes(fifo)
