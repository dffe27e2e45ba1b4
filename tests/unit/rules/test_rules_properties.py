"""Property tests: the parsers and the checks never raise, and valid manifests round-trip exactly.

Two hypothesis profiles (registered in tests/conftest.py), chosen with ``HYPOTHESIS_PROFILE``:

- ``ci`` (the default): 150 examples a test, no deadline; the whole file runs in seconds;
- ``long``: 20,000 examples a test, for a run before a release (several minutes):
  ``HYPOTHESIS_PROFILE=long pytest tests/unit/rules/test_rules_properties.py -n 2``
  (add ``--hypothesis-show-statistics`` for the counts).
"""

from __future__ import annotations

import io
import json
import shutil
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from smart_tool_build.archives.verify import verify
from smart_tool_build.diagnostics.diagnostic import CODES, Diagnostic, Severity
from smart_tool_build.parsing import frontmatter, safe_yaml, strict_json
from smart_tool_build.project.manifest_model import to_plain
from smart_tool_build.rules import descriptor, manifest
from smart_tool_build.rules.collection import check_collection
from smart_tool_build.rules.root import check_root
from support import FIXTURES, ROOTS

M = "src/demo_tool/SMART_TOOL.md"
D = "smart-tool.json"


def assert_well_formed(diagnostics: list[Diagnostic], text: str | None = None) -> None:
    """What every diagnostic promises: a known code, a message, a relative path, a line in the file."""
    for d in diagnostics:
        assert d.code in CODES, d
        assert isinstance(d.severity, Severity), d
        assert d.message.strip(), d
        assert d.path is None or not d.path.startswith("/"), d
        assert d.line is None or d.line >= 1, d
        if text is not None and d.line is not None:
            assert d.line <= text.count("\n") + 1, (d, text)


def decoded(data: bytes) -> str | None:
    try:
        return frontmatter.decode(data)
    except frontmatter.FrontmatterError:
        return None


# ---- arbitrary input never raises


@given(st.binary(max_size=2000))
def test_manifest_parse_bytes_never_raises_on_bytes(data: bytes) -> None:
    result = manifest.parse_bytes(data)
    assert (result.manifest is None) == any(d.severity is Severity.ERROR for d in result.diagnostics)
    assert_well_formed(result.diagnostics, decoded(data))


@given(st.text(max_size=1000))
def test_manifest_parse_bytes_never_raises_inside_fences(text: str) -> None:
    data = f"---\n{text}\n---\nbody\n".encode("utf-8", "surrogatepass")
    result = manifest.parse_bytes(data)
    assert (result.manifest is None) == any(d.severity is Severity.ERROR for d in result.diagnostics)
    assert_well_formed(result.diagnostics, decoded(data))


YAML_ISH = st.text(alphabet=st.sampled_from(list("ab:-[]{}&*!<>|'\"#,? \n\t\r1.0xyz%@`~\\")), max_size=300)


@given(YAML_ISH)
def test_manifest_parse_bytes_never_raises_on_yaml_punctuation(text: str) -> None:
    data = f"---\n{text}\n---\n".encode()
    result = manifest.parse_bytes(data)
    assert_well_formed(result.diagnostics, decoded(data))


@given(st.binary(max_size=2000))
def test_descriptor_parse_bytes_never_raises_on_bytes(data: bytes) -> None:
    result = descriptor.parse_bytes(data)
    assert (result.descriptor is None) == any(d.severity is Severity.ERROR for d in result.diagnostics)
    assert_well_formed(result.diagnostics)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=20,
)


CHANNELS = st.dictionaries(
    st.sampled_from(["skill", "skill_portable", "mcp", "mcpb", "mcp_app", "x"]),
    JSON | st.dictionaries(st.sampled_from(["argv", "url", "x"]), JSON, max_size=3),
    max_size=5,
)


@given(
    st.dictionaries(
        st.sampled_from(["manifest", "cli_argv", "deterministic_smoke", "channels", "x"]),
        JSON | CHANNELS,
        max_size=5,
    )
)
def test_descriptor_parse_bytes_never_raises_on_json(value: dict[str, Any]) -> None:
    text = json.dumps(value, indent=2)
    result = descriptor.parse_bytes(text.encode())
    assert_well_formed(result.diagnostics)
    drafts = [d for d in result.diagnostics if d.code == "descriptor-draft-key"]
    assert all(d.severity is not Severity.ERROR for d in drafts)  # a draft key fails nothing
    try:  # NaN and Infinity are not JSON: such a document is refused before any key is read
        strict_json.loads(text)
        strict = True
    except strict_json.JsonProblem:
        strict = False
    assert bool(drafts) == ("channels" in value and strict)
    if result.descriptor is not None:
        assert result.descriptor.manifest == value["manifest"]
        assert list(result.descriptor.cli_argv) == value["cli_argv"]


SEGMENT = st.from_regex(r"[A-Za-z0-9_.-]{1,12}", fullmatch=True).filter(lambda s: s not in (".", ".."))
SAFE_PATH = st.lists(SEGMENT, max_size=4).map(lambda parts: "/".join([*parts, "SMART_TOOL.md"]))
ARGV = st.lists(st.text(min_size=1, max_size=20).filter(str.strip), min_size=1, max_size=4)


@given(SAFE_PATH, ARGV, st.none() | st.lists(st.text(max_size=20), max_size=3), st.booleans())
def test_valid_descriptors_round_trip(path: str, argv: list[str], smoke: Any, indent: bool) -> None:
    value: dict[str, Any] = {"manifest": path, "cli_argv": argv}
    if smoke is not None:
        value["deterministic_smoke"] = smoke
    result = descriptor.parse_bytes(json.dumps(value, indent=2 if indent else None).encode())
    assert result.diagnostics == []
    assert result.descriptor == descriptor.Descriptor(
        path, tuple(argv), None if smoke is None else tuple(smoke)
    )


@given(st.text(max_size=200))
def test_classify_install_never_raises(text: str) -> None:
    kind, reason = manifest.classify_install(text)
    assert kind in {"url", "path", "bad"}
    assert (reason is None) == (kind != "bad")


# ---- safe_yaml on its own


def assert_lines_within(value: Any, last: int) -> None:
    """Every line a LineDict/LineList remembers is a line of the text."""
    if isinstance(value, safe_yaml.LineDict):
        assert 1 <= value.line <= last
        assert all(1 <= line <= last for line in value.key_lines.values())
        for item in value.values():
            assert_lines_within(item, last)
    elif isinstance(value, safe_yaml.LineList):
        assert 1 <= value.line <= last
        assert all(1 <= line <= last for line in value.item_lines)
        for item in value:
            assert_lines_within(item, last)


@given(st.text(max_size=600) | YAML_ISH)
def test_safe_yaml_loads_returns_a_value_or_a_yaml_error(text: str) -> None:
    last = text.count("\n") + 1
    try:
        value = safe_yaml.loads(text)
    except safe_yaml.YamlError as exc:
        assert exc.message.strip()
        # an error at the end of a text without a final newline is on the line after it (as
        # PyYAML counts); frontmatter always ends in a newline, so there it is the closing fence
        assert exc.line is None or 1 <= exc.line <= last + 1, (exc.line, exc.message)
        return
    assert_lines_within(value, last)
    json.dumps(to_plain(value))  # plain data only: no tagged objects, no datetimes


#: any text but lone surrogates, and but NEL, LS and PS, which PyYAML's emitter writes raw
#: with allow_unicode although YAML 1.1 reads them as line breaks (its bug, not ours)
PLAIN_TEXT = st.characters(exclude_categories=("Cs",), exclude_characters="\x85\u2028\u2029")
#: what YAML's core schema can say, without NaN (never equal to itself)
PLAIN = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**63)
    | st.floats(allow_nan=False)
    | st.text(alphabet=PLAIN_TEXT, max_size=20),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(alphabet=PLAIN_TEXT, max_size=10), children, max_size=4)
    ),
    max_leaves=25,
)


@given(PLAIN, st.booleans(), st.booleans())
def test_safe_yaml_round_trips_what_safe_dump_writes(value: Any, flow_style: bool, unicode: bool) -> None:
    text = yaml.safe_dump(value, default_flow_style=flow_style, allow_unicode=unicode)
    loaded = safe_yaml.loads(text)
    assert to_plain(loaded) == value
    assert_lines_within(loaded, text.count("\n") + 1)


# ---- structured manifests

WORD = st.from_regex(r"[a-z0-9]{1,8}", fullmatch=True)
NAME = st.lists(WORD, min_size=1, max_size=4).map("-".join)
VERSION = st.tuples(st.integers(0, 99), st.integers(0, 99), st.integers(0, 99)).map(
    lambda v: ".".join(map(str, v))
)
TEXT = st.text(min_size=1, max_size=80).filter(lambda s: s.strip())
INSTALL = st.one_of(
    st.from_regex(r"[a-z]{1,8}(/[a-z]{1,8}){0,2}\.md", fullmatch=True),
    st.from_regex(r"https://[a-z]{1,10}\.example/[a-z]{0,10}", fullmatch=True),
)
REQUIREMENT = st.fixed_dictionaries(
    {"name": TEXT, "purpose": TEXT, "install": INSTALL}, optional={"optional": st.booleans()}
)
VALID_FIELDS = st.fixed_dictionaries(
    {
        "smart_tool_format": st.just(1),
        "name": NAME,
        "version": VERSION,
        "description": TEXT,
        "use_cases": st.lists(TEXT, min_size=1, max_size=4),
        "platforms": st.lists(
            st.sampled_from(["linux", "macos", "windows"]), min_size=1, max_size=3, unique=True
        ),
    },
    optional={"requires": st.lists(REQUIREMENT, min_size=1, max_size=3)},
)


@st.composite
def valid_frontmatter(draw: st.DrawFn) -> dict[str, Any]:
    fields = draw(VALID_FIELDS)
    order = draw(st.permutations(list(fields)))
    return {key: fields[key] for key in order}


def dump(fields: dict[str, Any], body: str = "\n# Body\n") -> bytes:
    return ("---\n" + yaml.safe_dump(fields, sort_keys=False) + "---\n" + body).encode()


#: any body text a UTF-8 file can hold (no lone surrogates); a NUL byte makes the file
#: binary, which is refused on purpose
BODY = st.text(alphabet=st.characters(exclude_characters="\x00", exclude_categories=("Cs",)), max_size=200)


@given(valid_frontmatter(), BODY)
def test_valid_manifests_round_trip(fields: dict[str, Any], body: str) -> None:
    result = manifest.parse_bytes(dump(fields, body))
    assert result.diagnostics == []
    parsed = result.manifest
    assert parsed is not None
    assert parsed.to_dict() == fields
    assert list(parsed.to_dict()) == list(fields)
    assert parsed.name == fields["name"]
    assert parsed.version == fields["version"]
    assert parsed.use_cases == tuple(fields["use_cases"])
    assert len(parsed.requires) == len(fields.get("requires", []))
    assert parsed.body == body


@given(valid_frontmatter(), st.sampled_from(["\n", "\r\n"]), st.booleans())
def test_valid_manifests_round_trip_whatever_the_line_endings_and_bom(
    fields: dict[str, Any], newline: str, bom: bool
) -> None:
    text = dump(fields).decode().replace("\n", newline)
    data = (b"\xef\xbb\xbf" if bom else b"") + text.encode()
    result = manifest.parse_bytes(data)
    assert result.diagnostics == []
    assert result.manifest is not None
    assert result.manifest.to_dict() == fields


#: values that are wrong for a field whatever else the manifest says
WRONG: dict[str, list[Any]] = {
    "smart_tool_format": ["1", [1], {"v": 1}, True, 2, 0.5, None, ""],
    "name": [42, 1.5, True, ["a"], {"a": "b"}, None, "", "Not A Name"],
    "version": [1, 1.5, True, ["1.0"], {"v": "1"}, None, "", "not-a-version"],
    "description": [42, True, ["a"], {"a": "b"}, None, "", "   "],
    "use_cases": ["one", 3, {"a": "b"}, [], [""], [1], [None], [["x"]], None],
    "platforms": ["linux", 3, {"a": "b"}, [], [""], [1], None],
    "requires": [
        "git",
        3,
        [],
        ["git"],
        [{}],
        [{"name": "x"}],
        [{"name": "x", "purpose": "p", "install": "brew install x"}],
        [{"name": "x", "purpose": "p", "install": "d.md", "optional": "yes"}],
        None,
    ],
}
#: keys outside the spec: near misses, and any text at all (odd unicode included)
EXTRA_KEY = st.sampled_from(["author", "license", "tags", "Name", "requirements", "name "]) | st.text(
    alphabet=st.characters(exclude_categories=("Cs",)), min_size=1, max_size=12
).filter(lambda key: key not in manifest.FIELDS)


@st.composite
def broken_frontmatter(draw: st.DrawFn) -> dict[str, Any]:
    fields = dict(draw(valid_frontmatter()))
    mutations = draw(st.lists(st.sampled_from(["delete", "wrong", "extra"]), min_size=1, max_size=3))
    for mutation in mutations:
        if mutation == "extra":
            fields[draw(EXTRA_KEY)] = draw(JSON)
            continue
        required = [key for key in fields if key in manifest.REQUIRED]
        if not required:
            continue
        candidates = required if mutation == "delete" else sorted(fields.keys() & WRONG.keys())
        key = draw(st.sampled_from(candidates))
        if mutation == "delete":
            del fields[key]
        else:
            fields[key] = draw(st.sampled_from(WRONG[key]))
    return fields


@given(broken_frontmatter())
def test_broken_manifests_never_raise_and_never_pass(fields: dict[str, Any]) -> None:
    data = dump(fields)
    result = manifest.parse_bytes(data)
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    assert result.manifest is None
    assert errors
    assert_well_formed(result.diagnostics, data.decode())
    for d in errors:
        assert d.line is not None and d.line >= 1
        assert d.code.startswith("manifest-")


#: characters that trip up decoders, line counting and YAML: odd line breaks, a BOM in the
#: middle, bidi and zero-width marks, a tab, a NUL, a non-character, astral planes
ODD = st.sampled_from(
    [
        "\r",
        "\x85",
        "\u2028",
        "\u2029",
        "\ufeff",
        "\u200b",
        "\u202e",
        "\t",
        "\x00",
        "\ufffe",
        "\U0001f600",
        "é",
    ]
) | st.characters(exclude_categories=("Cs",))


@st.composite
def mutated_manifest(draw: st.DrawFn) -> str:
    """A valid manifest's text, then a few edits a person (or a bad tool) might make."""
    lines = dump(draw(valid_frontmatter())).decode().splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(lines) - 1))
        edit = draw(
            st.sampled_from(["delete", "duplicate", "swap", "insert", "indent", "dedent", "truncate"])
        )
        if edit == "delete" and len(lines) > 1:
            del lines[at]
        elif edit == "duplicate":
            lines.insert(at, lines[at])
        elif edit == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[at], lines[other] = lines[other], lines[at]
        elif edit == "insert":
            column = draw(st.integers(0, len(lines[at])))
            lines[at] = lines[at][:column] + draw(ODD) + lines[at][column:]
        elif edit == "indent":
            lines[at] = draw(st.sampled_from([" ", "  ", "\t"])) + lines[at]
        elif edit == "dedent":
            lines[at] = lines[at].lstrip(" ")
        else:
            lines[at] = lines[at][: draw(st.integers(0, len(lines[at])))]
    return "".join(lines)


@given(mutated_manifest())
def test_near_valid_manifests_never_raise(text: str) -> None:
    data = text.encode()
    result = manifest.parse_bytes(data)
    assert (result.manifest is None) == any(d.severity is Severity.ERROR for d in result.diagnostics)
    assert_well_formed(result.diagnostics, decoded(data))
    if result.manifest is not None:
        assert result.manifest.to_dict() == to_plain(result.frontmatter)


# ---- the checks over a whole root, and a collection's frontmatter


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """One copy of the valid root (and of a valid collection) that the examples overwrite."""
    top = tmp_path_factory.mktemp("properties")
    shutil.copytree(ROOTS / "valid", top / "root")
    shutil.copytree(FIXTURES / "collections" / "valid-flat", top / "collection")
    yield top


MANIFEST_BYTES = st.one_of(
    st.binary(max_size=1000),
    mutated_manifest().map(str.encode),
    broken_frontmatter().map(dump),
    valid_frontmatter().map(dump),
    st.text(max_size=300).map(lambda t: f"---\n{t}\n---\n".encode("utf-8", "surrogatepass")),
)
#: what `manifest` in a descriptor may say: good, odd, escaping, absolute, not text at all
MANIFEST_PATH = st.one_of(
    st.just(M),
    st.sampled_from(
        [
            "../SMART_TOOL.md",
            "/etc/SMART_TOOL.md",
            "src\\demo_tool\\SMART_TOOL.md",
            "C:/SMART_TOOL.md",
            "src/demo_tool/../demo_tool/SMART_TOOL.md",
            "src/demo_tool/SMART_TOOL.md/",
            "./src/demo_tool/SMART_TOOL.md",
            "pyproject.toml",
            "src",
            ".",
            "",
            "SMART_TOOL.md",
            "docs/SMART_TOOL.md",
            "a/" * 3000 + "SMART_TOOL.md",
        ]
    ),
    SAFE_PATH,
    st.text(max_size=40),
    # JSON can escape half a surrogate pair ("\ud800"), which no file name holds
    st.text(st.characters() | st.characters(categories=["Cs"]), max_size=20).map(
        lambda t: t + "/SMART_TOOL.md"
    ),
)
DESCRIPTOR_BYTES = st.one_of(
    st.binary(max_size=500),
    st.builds(
        lambda path, argv, extra: json.dumps({"manifest": path, "cli_argv": argv, **extra}).encode(),
        MANIFEST_PATH,
        ARGV | JSON,
        st.dictionaries(st.sampled_from(["deterministic_smoke", "x", "manifest "]), JSON, max_size=2),
    ),
)


@given(manifest_bytes=MANIFEST_BYTES, descriptor_bytes=DESCRIPTOR_BYTES)
def test_check_root_only_ever_returns_diagnostics(
    scratch: Path, manifest_bytes: bytes, descriptor_bytes: bytes
) -> None:
    root = scratch / "root"
    (root / M).write_bytes(manifest_bytes)
    (root / D).write_bytes(descriptor_bytes)
    report = check_root(root, display="shown")
    assert_well_formed(report.diagnostics)
    assert all(d.path is None or d.path.startswith("shown/") for d in report.diagnostics)
    keys = [(d.path or "", d.line or 0) for d in report.diagnostics]
    assert keys == sorted(keys)
    if report.manifest is not None:
        assert report.descriptor is not None
        alone = manifest.parse_bytes((root / str(report.manifest_relative)).read_bytes())
        assert alone.manifest == report.manifest


@given(st.sampled_from(["profiles/dev.md", "agents/helper.md"]), MANIFEST_BYTES, st.integers(0, 3))
def test_collection_frontmatter_only_ever_returns_its_own_code(
    scratch: Path, relative: str, data: bytes, blank_lines: int
) -> None:
    root = scratch / "collection"
    original = (root / relative).read_bytes()
    (root / relative).write_bytes(b"\n" * blank_lines + data)
    try:
        report = check_collection(root)
    finally:
        (root / relative).write_bytes(original)
    code = "collection-profile" if relative.startswith("profiles/") else "collection-agent"
    assert_well_formed(report.diagnostics)
    assert {(d.code, d.path) for d in report.diagnostics} <= {(code, relative)}


WHEEL_MANIFEST = "demo_tool/SMART_TOOL.md"
DIST_INFO = "demo_tool-1.0.0.dist-info"


@given(
    MANIFEST_BYTES,
    DESCRIPTOR_BYTES,
    st.binary(max_size=200) | st.just(b"Metadata-Version: 2.1\nName: demo-tool\nVersion: 1.0.0\n"),
)
def test_verify_only_ever_returns_diagnostics(
    scratch: Path, manifest_bytes: bytes, descriptor_bytes: bytes, metadata: bytes
) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("demo_tool/__init__.py", b"")
        archive.writestr(WHEEL_MANIFEST, manifest_bytes)
        archive.writestr(f"{DIST_INFO}/METADATA", metadata)
        archive.writestr(f"{DIST_INFO}/smart-tool.json", descriptor_bytes)
        archive.writestr(f"{DIST_INFO}/RECORD", b"")
    wheel = scratch / "demo_tool-1.0.0-py3-none-any.whl"
    wheel.write_bytes(buffer.getvalue())
    report = verify(wheel, display="demo.whl")
    assert_well_formed(report.diagnostics)
    assert all(d.path is None or d.path.startswith("demo.whl") for d in report.diagnostics)


VERSION_TEXT = st.text(alphabet="0123456789.-_+!vVabcdeprtlosvr ", max_size=16)


@given(VERSION_TEXT)
def test_the_version_pattern_agrees_with_packaging(text: str) -> None:
    """The manifest's version is judged without importing packaging (a smart tool's --help
    reads it): the pattern must say exactly what packaging and semver say."""
    from smart_tool_build.rules.semver import semver_clean
    from smart_tool_build.rules.versions import pep440_normal, valid_anywhere

    assert valid_anywhere(text) == (pep440_normal(text) is not None or semver_clean(text) is not None)


_INSTALL_PIECES = st.sampled_from(
    [
        *("docs", "/", ".", "md", "https", "://", "x.com", ":", "\\", " ", "\u3000", "pip", "uv", "&&"),
        *(";", "C:", "\x00", "\n", "[", "#", "..", "mailto:", "file:///", "INSTALL"),
    ]
)


@given(st.lists(_INSTALL_PIECES, max_size=8).map("".join) | st.text(max_size=40))
def test_the_plain_look_at_an_install_agrees_with_the_full_judgement(text: str) -> None:
    """A plain relative path or URL is told without the installers' names and the reasons:
    never otherwise than the full judgement tells it."""
    from smart_tool_build.rules.requirements import classify_install
    from smart_tool_build.rules.requirements_words import judge_install

    assert classify_install(text) == judge_install(text.strip())


@given(st.text(max_size=40))
def test_the_url_shortcut_agrees_with_urllib(text: str) -> None:
    """Installs are told apart without urllib where they can be: never otherwise than with it."""
    from urllib.parse import urlsplit

    from smart_tool_build.rules.requirements import classify_install

    kind, _ = classify_install(text)
    stripped = text.strip()
    if kind == "url":
        assert urlsplit(stripped).hostname
    if ":" not in stripped:
        assert kind != "url"
