"""Property tests of the subset reader against PyYAML's: where :mod:`yaml_subset` reads a
text, the general reader (:mod:`yaml_events`, PyYAML's C parser) reads it too and builds the
same thing: values of the same types, the same line for every key, item and collection, the
same span for every scalar. Where PyYAML refuses a text, the subset has declined it.

The generated documents sit on the subset's border on purpose: plain scalars that YAML 1.1
reads as bools, ints, floats, octals, dates or nulls; comments, ``: `` and `` #`` inside
values; quotes with escapes; block scalars of every header with blank lines, lines of
spaces, trailing spaces and more-indented lines; sequences at the key's indentation and
past it; compact mappings in sequences; keys PyYAML reads as bools; lines replaced by
anything at all. A statistics line at the end of the module says how much of each side
was exercised.

The hypothesis profiles are test_properties.py's (``HYPOTHESIS_PROFILE``: ``ci`` by default,
``long`` for 20,000 examples a test):
``HYPOTHESIS_PROFILE=long pytest tests/unit/parsing/test_yaml_subset_properties.py -p no:cacheprovider``.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, note
from hypothesis import strategies as st

from smart_tool_build.parsing import yaml_events, yaml_subset
from smart_tool_build.parsing.yaml_values import LineDict, LineList, YamlError

#: plain words on the border of YAML 1.1's implicit types
WORDS = [
    "demo",
    "a b",
    "yes",
    "No",
    "TRUE",
    "off",
    "On",
    "y",
    "n",
    "null",
    "Null",
    "~",
    "~/x",
    "0",
    "1",
    "01",
    "017",
    "09",
    "10",
    "1_000",
    "0x1F",
    "123456789012345678",
    "1234567890123456789",
    "9" * 5000,
    "0b11",
    "1.0",
    "1.",
    ".5",
    "1e3",
    "1.0e+3",
    "0.11.1",
    "1.2.3rc1",
    "1..2",
    "1.2.3:4",
    "12:30",
    "1:2.3",
    "2024-01-01",
    "2024-1-1 10:00:00",
    ".inf",
    ".NaN",
    "-1",
    "+1",
    "-x",
    "?x",
    ":x",
    "=",
    "<<",
    "@x",
    "`x`",
    "%x",
    "!x",
    "&x",
    "*x",
    "x: y",
    "x:",
    "x #y",
    "x#y",
    "https://e.org/a#b",
    "a, b",
    "[a]",
    "{a}",
    "a [b]",
    "é",
    "日本",
    "a\\b",
    'say "hi"',
    "it's",
    "x  ",
    "x ",
]
KEYS = [
    "name",
    "version",
    "a",
    "_x",
    "a-b",
    "yes",
    "no",
    "on",
    "null",
    "x1",
    "a b",
    "a.b",
    "1",
    "-a",
    '"q"',
    "'q'",
]
QUOTED = [
    '"x"',
    '"a b"',
    '""',
    '"a\\"b"',
    '"a\\nb"',
    "'x'",
    "''",
    "'it''s'",
    "'a\"b'",
    '"x" # c',
    "'x'  ",
    '"x"y',
    "'x' #",
]
HEADERS = [">", ">-", ">+", "|", "|-", "|+", ">2", "| # c", ">-  ", "|1-"]
#: odd lines for the perturbation: anything at all, near YAML or not
ODD_LINES = [
    "",
    " ",
    "  ",
    "# c",
    "  # c",
    "---",
    "...",
    "%YAML 1.1",
    "-",
    "- ",
    "x",
    "  x",
    "\tx",
    "a: b: c",
    "[",
    "? x",
    "&a x",
    "*a",
    "x: !!str 1",
]


class Pieces:
    """What documents are made of: all of the above, or (``clean``) only the pieces the subset
    reads on their own, so that a fair share of the documents is read and compared whatever
    the draw (23 to 54 of 150 in six runs; with every piece alone, 9 in one run on 3.9).
    Which pieces those are, the reader says; PyYAML stays the judge."""

    def __init__(self, clean: bool) -> None:
        def read(text: str) -> bool:
            return not clean or yaml_subset.read(text) is not yaml_subset.DECLINED

        self.clean = clean
        self.words = [w for w in WORDS if read(f"a: {w}\n") and read(f"- {w}\n")]
        self.keys = [k for k in KEYS if read(f"{k}: x\n")]
        self.quoted = [q for q in QUOTED if read(f"a: {q}\n")]
        self.headers = [h for h in HEADERS if read(f"a: {h}\n  x\n")]
        self.shapes = ["text", "text", "blank", "trailing"] + ([] if clean else ["spaces", "deeper"])
        self.notes = ["# note", ""] + ([] if clean else ["  # deeper note"])


PIECES = {clean: Pieces(clean) for clean in (False, True)}


@st.composite
def scalars(draw: Any, pieces: Pieces) -> str:
    kind = draw(st.sampled_from(["plain", "plain", "quoted", "joined"]))
    if kind == "plain":
        return str(draw(st.sampled_from(pieces.words)))
    if kind == "quoted":
        return str(draw(st.sampled_from(pieces.quoted)))
    return " ".join(draw(st.lists(st.sampled_from(pieces.words), min_size=1, max_size=3)))


@st.composite
def block_scalar(draw: Any, indent: int, pieces: Pieces) -> list[str]:
    header = draw(st.sampled_from(pieces.headers))
    step = draw(st.integers(1, 3))
    lines = [header]
    for line in range(draw(st.integers(1 if pieces.clean else 0, 4))):
        # a clean block starts with text (a blank first line or none at all is PyYAML's)
        shape = "text" if pieces.clean and line == 0 else draw(st.sampled_from(pieces.shapes))
        if shape == "blank":
            lines.append("")
        elif shape == "spaces":
            lines.append(" " * draw(st.integers(1, indent + step + 2)))
        elif shape == "deeper":
            lines.append(" " * (indent + step + 1) + draw(st.sampled_from(pieces.words)))
        elif shape == "trailing":
            lines.append(" " * (indent + step) + draw(st.sampled_from(pieces.words)) + "  ")
        else:
            lines.append(" " * (indent + step) + draw(st.sampled_from(pieces.words)))
    return lines


@st.composite
def node(draw: Any, indent: int, depth: int, pieces: Pieces) -> list[str]:
    """The lines of a mapping or sequence at ``indent`` (no trailing newlines)."""
    is_sequence = draw(st.booleans())
    lines: list[str] = []
    # clean: no key twice in a mapping, and no note before its first entry (a compact
    # mapping would start with it)
    keys = draw(st.permutations(pieces.keys)) if pieces.clean else None
    for entry in range(draw(st.integers(1, 4))):
        pad = " " * indent
        if (entry or not pieces.clean) and draw(st.integers(0, 5)) == 0:
            lines.append(pad + draw(st.sampled_from(pieces.notes)))
        key = keys[entry] if keys is not None else draw(st.sampled_from(pieces.keys))
        lead = pad + ("- " if is_sequence else f"{key}:")
        shapes = ["scalar", "scalar", "block", "nested", "compact"] if depth < 3 else ["scalar", "block"]
        shape = draw(st.sampled_from(shapes))
        if shape == "scalar":
            lines.append(lead + ("" if is_sequence else " ") + draw(scalars(pieces)))
        elif shape == "block":
            body = draw(block_scalar(indent, pieces))
            lines.append(lead + ("" if is_sequence else " ") + body[0])
            lines.extend(body[1:])
        elif shape == "compact" and is_sequence:
            inner = draw(node(indent + 2, depth + 1, pieces))
            head = inner[0]
            first = head[indent + 2 :] if head.startswith(" " * (indent + 2)) else head.lstrip(" ")
            lines.append(lead + first)
            lines.extend(inner[1:])
        else:
            same_column = not is_sequence and draw(st.booleans())
            inner = draw(node(indent if same_column else indent + draw(st.integers(1, 3)), depth + 1, pieces))
            lines.append(lead.rstrip(" "))
            lines.extend(inner)
    return lines


@st.composite
def documents(draw: Any) -> str:
    pieces = PIECES[draw(st.booleans())]
    lines = draw(node(draw(st.integers(0, 1)), 0, pieces))
    if lines and not pieces.clean and draw(st.integers(0, 3)) == 0:  # perturb: one line replaced by anything
        at = draw(st.integers(0, len(lines) - 1))
        lines[at] = draw(st.sampled_from(ODD_LINES) | st.text(max_size=12))
    ending = draw(st.sampled_from(["\n", "\n", "", "\n\n"]))
    return "\n".join(lines) + ending


def assert_same(subset: Any, general: Any, where: str = "$") -> None:
    assert type(subset) is type(general), (where, subset, general)
    if isinstance(subset, LineDict):
        assert list(subset) == list(general), where
        assert subset.line == general.line, where
        assert subset.key_lines == general.key_lines, where
        assert subset.value_spans == general.value_spans, where
        for key in subset:
            assert_same(subset[key], general[key], f"{where}.{key}")
    elif isinstance(subset, LineList):
        assert len(subset) == len(general), where
        assert (subset.line, subset.item_lines) == (general.line, general.item_lines), where
        for index, (mine, theirs) in enumerate(zip(subset, general)):
            assert_same(mine, theirs, f"{where}[{index}]")
    else:
        assert subset == general, where


@given(documents(), st.integers(1, 5))
def test_what_the_subset_reads_pyyaml_reads_the_same(text: str, first_line: int) -> None:
    subset = yaml_subset.read(text, first_line)
    note(f"subset: {'declined' if subset is yaml_subset.DECLINED else 'read'}")
    try:
        general = yaml_events.loads(text, first_line)
    except YamlError as exc:
        assert subset is yaml_subset.DECLINED, (text, exc.message)
        return
    if subset is not yaml_subset.DECLINED:
        assert_same(subset, general)


@given(st.text(max_size=300))
def test_the_subset_never_raises_and_never_disagrees_on_any_text(text: str) -> None:
    subset = yaml_subset.read(text)
    if subset is yaml_subset.DECLINED:
        return
    assert_same(subset, yaml_events.loads(text))


def test_the_generator_reaches_both_sides() -> None:
    """A property that only ever saw declined texts would prove nothing: the generated
    documents are read by the subset often, and declined often."""
    read = declined = 0

    @given(documents())
    def count(text: str) -> None:
        nonlocal read, declined
        if yaml_subset.read(text) is yaml_subset.DECLINED:
            declined += 1
        else:
            read += 1

    count()
    assert read >= 10 and declined >= 10, (read, declined)
