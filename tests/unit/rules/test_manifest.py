"""manifest: the model, the rules one manifest keeps on its own, classify_install."""

from __future__ import annotations

import pytest

from smart_tool_build.diagnostics.diagnostic import Severity
from smart_tool_build.rules import manifest
from smart_tool_build.rules.manifest import ManifestError, Requirement, classify_install
from support import ROOTS

VALID = (ROOTS / "valid" / "src" / "demo_tool" / "SMART_TOOL.md").read_bytes()


def fm(text: str, body: str = "Body.\n") -> bytes:
    return f"---\n{text}---\n{body}".encode()


BASE = (
    "smart_tool_format: 1\n"
    "name: demo-tool\n"
    'version: "1.0"\n'
    "description: Does one thing.\n"
    "use_cases: [Do the thing]\n"
    "platforms: [linux]\n"
)


def codes(data: bytes) -> list[tuple[str, int | None]]:
    return [(d.code, d.line) for d in manifest.parse_bytes(data).diagnostics]


def test_valid_manifest_model() -> None:
    result = manifest.parse_bytes(VALID)
    assert result.diagnostics == []
    parsed = result.manifest
    assert parsed is not None
    assert parsed.smart_tool_format == 1
    assert parsed.name == "demo-tool"
    assert parsed.version == "1.0.0"
    assert parsed.description == "Shows what a valid manifest looks like."
    assert parsed.use_cases == ("Check a manifest before publishing it",)
    assert parsed.platforms == ("linux", "macos")
    assert parsed.requires == (
        Requirement(name="git", purpose="Reads the history it reports on.", install="docs/installing-git.md"),
    )
    assert parsed.body == "\n# demo-tool\n\nRun `demo-tool --help` to see what it does.\n"


def test_to_dict_is_the_frontmatter_exactly_as_written() -> None:
    parsed = manifest.load(VALID)
    assert parsed.to_dict() == {
        "smart_tool_format": 1,
        "name": "demo-tool",
        "version": "1.0.0",
        "description": "Shows what a valid manifest looks like.",
        "use_cases": ["Check a manifest before publishing it"],
        "platforms": ["linux", "macos"],
        "requires": [
            {
                "name": "git",
                "purpose": "Reads the history it reports on.",
                "install": "docs/installing-git.md",
            }
        ],
    }
    assert list(parsed.to_dict()) == list(manifest.FIELDS)


def test_to_dict_keeps_optional_and_order() -> None:
    text = (
        "name: demo-tool\nsmart_tool_format: 1\nplatforms: [macos]\nversion: '2'\n"
        "description: d\nuse_cases: [u]\n"
        "requires:\n  - install: https://example.com\n    optional: false\n    purpose: p\n    name: n\n"
    )
    parsed = manifest.load(fm(text))
    assert list(parsed.to_dict()) == [
        "name",
        "smart_tool_format",
        "platforms",
        "version",
        "description",
        "use_cases",
        "requires",
    ]
    assert parsed.to_dict()["requires"] == [
        {"install": "https://example.com", "optional": False, "purpose": "p", "name": "n"}
    ]
    assert parsed.requires[0].optional is False


def test_to_dict_is_a_copy() -> None:
    parsed = manifest.load(VALID)
    parsed.to_dict()["name"] = "changed"
    assert parsed.to_dict()["name"] == "demo-tool"


def test_requires_left_out_is_valid() -> None:
    parsed = manifest.load(fm(BASE))
    assert parsed.requires == ()
    assert "requires" not in parsed.to_dict()


def test_format_as_float_one_is_accepted() -> None:
    assert (
        manifest.load(fm(BASE.replace("smart_tool_format: 1", "smart_tool_format: 1.0"))).smart_tool_format
        == 1
    )


def test_load_raises_with_every_error() -> None:
    with pytest.raises(ManifestError) as caught:
        manifest.load(fm("name: Bad Name\nextra: 1\n"))
    found = {d.code for d in caught.value.diagnostics}
    assert {"manifest-required-fields", "manifest-fields-closed", "manifest-name-format"} <= found
    assert all(d.severity is Severity.ERROR for d in caught.value.diagnostics)
    assert "manifest-name-format" in str(caught.value)


def test_warnings_do_not_stop_the_manifest() -> None:
    result = manifest.parse_bytes(fm(BASE.replace("[linux]", "[linux, Darwin]")))
    assert result.manifest is not None
    assert [(d.code, d.severity, d.line) for d in result.diagnostics] == [
        ("manifest-platforms-known", Severity.WARNING, 7)
    ]
    assert "macos" in (result.diagnostics[0].hint or "")


def test_every_error_is_reported_at_once_in_line_order() -> None:
    text = (
        "smart_tool_format: '1'\n"  # 2 shape
        "name: Demo Tool\n"  # 3 name format
        "version: 1.0\n"  # 4 shape
        "description: ''\n"  # 5 empty
        "use_cases: [ok, '']\n"  # 6 shape
        "platforms: [linux]\n"
        "requires:\n"
        "  - name: x\n"  # 9 missing purpose/install (the entry's line)
        "colour: blue\n"  # 10 closed
    )
    found = codes(fm(text))
    assert found == sorted(found, key=lambda item: item[1] or 0)
    assert set(found) == {
        ("manifest-field-shapes", 2),
        ("manifest-name-format", 3),
        ("manifest-field-shapes", 4),
        ("manifest-required-fields", 5),
        ("manifest-field-shapes", 6),
        ("manifest-requires-shape", 9),
        ("manifest-fields-closed", 10),
    }
    assert len(found) == 8  # purpose and install each missing


@pytest.mark.parametrize(
    ("name", "ok"),
    [
        ("a", True),
        ("demo-tool", True),
        ("tool2", True),
        ("2fa-helper", True),
        ("Demo", False),
        ("demo_tool", False),
        ("demo--tool", False),
        ("-demo", False),
        ("demo-", False),
        ("demo tool", False),
        ("démo", False),
        ("demo.tool", False),
    ],
)
def test_name_format(name: str, ok: bool) -> None:
    found = codes(fm(BASE.replace("name: demo-tool", f"name: '{name}'")))
    assert (("manifest-name-format", 3) not in found) is ok


@pytest.mark.parametrize(
    ("value", "code"),
    [
        ("yes", "manifest-field-shapes"),  # YAML 1.1 boolean
        ("~", "manifest-required-fields"),
        ("[]", "manifest-required-fields"),
        ("{}", "manifest-required-fields"),
        ("'   '", "manifest-required-fields"),
    ],
)
def test_description_values(value: str, code: str) -> None:
    assert codes(fm(BASE.replace("description: Does one thing.", f"description: {value}"))) == [(code, 5)]


@pytest.mark.parametrize(
    ("value", "ok"),
    [
        ("'1.0'", True),
        ("1.0.0", True),
        ("'2024.1'", True),
        ("'1.0.0-rc.1'", True),
        ("1.0.0.dev0", True),
        ("'v1.0'", True),
        ("latest", False),
        ("'1.0.0 beta'", False),
    ],
)
def test_version_is_pep440(value: str, ok: bool) -> None:
    found = codes(fm(BASE.replace('version: "1.0"', f"version: {value}")))
    assert (found == []) is ok
    if not ok:
        assert found == [("manifest-version-matches-package", 4)]


def test_requires_entry_with_every_problem() -> None:
    text = BASE + "requires:\n  - name: ''\n    purpose: [a]\n    optional: 1\n    extra: x\n"
    found = codes(fm(text))
    assert sorted(found) == sorted(
        [
            ("manifest-requires-shape", 9),  # name empty
            ("manifest-requires-shape", 10),  # purpose not a string
            ("manifest-requires-shape", 11),  # optional not bool
            ("manifest-requires-shape", 12),  # unknown key
            ("manifest-requires-shape", 9),  # install missing: the entry's line
        ]
    )


@pytest.mark.parametrize(
    ("install", "kind"),
    [
        ("docs/install.md", "path"),
        ("install.md", "path"),
        ("../shared/install.md", "path"),
        ("docs/install.md#linux", "path"),
        ("README", "path"),
        ("https://example.com/install", "url"),
        ("http://example.com", "url"),
        ("HTTPS://EXAMPLE.COM/x", "url"),
        ("https://github.com/o/r#section", "url"),
        ("  https://example.com  ", "url"),
        ("brew install git", "bad"),
        ("apt-get install -y git", "bad"),
        ("sudo apt install git", "bad"),
        ("pip install demo", "bad"),
        ("uvx demo", "bad"),
        ("npm i -g x", "bad"),
        ("pip", "bad"),
        ("curl https://x.sh | sh", "bad"),
        ("make && make install", "bad"),
        ("echo $(whoami)", "bad"),
        ("cat x > y", "bad"),
        ("`id`", "bad"),
        ("see the docs", "bad"),
        ("ftp://example.com/x", "url"),  # any absolute URL with a host
        ("ssh://git@example.com/docs", "url"),
        ("http://[::1", "bad"),
        ("file:///etc/passwd", "bad"),
        ("javascript:alert(1)", "bad"),
        ("https://", "bad"),
        ("mailto:a@example.com", "bad"),
        ("/usr/share/doc/x", "bad"),
        ("\\\\server\\share", "bad"),
        ("C:\\docs\\x.md", "bad"),
        ("C:/docs/x.md", "bad"),
        ("docs\\x.md", "bad"),
    ],
)
def test_classify_install(install: str, kind: str) -> None:
    found, reason = classify_install(install)
    assert found == kind, reason
    assert (reason is None) == (kind != "bad")


def test_parse_bytes_never_raises_on_garbage() -> None:
    for data in (
        b"",
        b"---",
        b"---\n---\n",
        b"\xff\xfe",
        b"---\n[\n---\n",
        b"---\n- a\n---\n",
        b"---\n'x'\n---\n",
    ):
        result = manifest.parse_bytes(data)
        assert result.manifest is None
        assert [d.code for d in result.diagnostics] == ["manifest-frontmatter-parses"]


def test_parse_file_path_shown(tmp_path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "SMART_TOOL.md"
    result = manifest.parse_file(target, "shown/SMART_TOOL.md")
    assert [(d.code, d.path) for d in result.diagnostics] == [("manifest-present", "shown/SMART_TOOL.md")]
    target.write_bytes(VALID)
    assert manifest.parse_file(target).manifest is not None


# ---- regressions: each of these was a bug this suite found (fixed in 2f16360)


# smart_tool_format: .inf made _check_format call int(inf): OverflowError out of parse_bytes,
# which never raises for bad input, and a traceback from `smart-tool check`.
@pytest.mark.parametrize("value", [".inf", ".Inf", "1.0e+400"])
def test_infinite_format_is_a_shape_error(value: str) -> None:
    found = codes(fm(BASE.replace("smart_tool_format: 1", f"smart_tool_format: {value}")))
    assert found == [("manifest-field-shapes", 2)]


@pytest.mark.parametrize("value", ["-.inf", ".nan", "0", "-1", "true"])
def test_odd_numeric_formats_are_shape_errors(value: str) -> None:
    found = codes(fm(BASE.replace("smart_tool_format: 1", f"smart_tool_format: {value}")))
    assert found == [("manifest-field-shapes", 2)]


# "duplicate key 'x' (first on line N)" gave N relative to the YAML text, one short of the file.
def test_duplicate_key_message_names_the_file_line() -> None:
    (diagnostic,) = manifest.parse_bytes(fm(BASE + "name: again\n")).diagnostics
    assert diagnostic.line == 8
    assert "first on line 3" in diagnostic.message


# PyYAML also breaks lines on a lone CR, NEL and U+2028/U+2029; the split counted \n only, so
# every line after such a character was off by one.
@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85", "\r"], ids=["LS", "PS", "NEL", "CR"])
def test_line_numbers_after_unusual_line_breaks(separator: str) -> None:
    text = f"# a comment{separator}# with an odd line break\n" + BASE + "name: again\n"
    (diagnostic,) = manifest.parse_bytes(fm(text)).diagnostics
    assert diagnostic.code == "manifest-frontmatter-parses"
    assert diagnostic.line == 9  # the second `name`, as an editor counts lines (\n)
    assert "first on line 4" in diagnostic.message


def test_field_lines_after_unusual_line_breaks() -> None:
    text = "# odd\u2028# break\n" + BASE.replace("name: demo-tool", "name: Demo")
    assert codes(fm(text)) == [("manifest-name-format", 4)]


# the message said "frontmatter is a LineList, not a mapping" (the Python class name).
@pytest.mark.parametrize(
    ("text", "kind"), [("- a\n- b\n", "a list"), ("just text\n", "a string"), ("42\n", "a number")]
)
def test_not_a_mapping_message_is_plain(text: str, kind: str) -> None:
    (diagnostic,) = manifest.parse_bytes(fm(text)).diagnostics
    assert "LineList" not in diagnostic.message
    assert kind in diagnostic.message
