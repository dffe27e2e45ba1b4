"""yaml_subset: the common shape of frontmatter read without PyYAML, equal to PyYAML's reading.

The border cases below pin what the subset reads (and the property tests in
test_yaml_subset_properties.py compare at random); every real manifest of the corpus and every
fixture is compared too; and a process that reads a common manifest never imports PyYAML.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from budgets import CHECK_AND_PLAN
from smart_tool_build.parsing import frontmatter, yaml_events, yaml_subset
from support import CORPUS, FIXTURES, REPO, cli_env
from unit.parsing.test_yaml_subset_properties import assert_same

READ = {
    "folded": "a: >\n  x\n  y\nb: c\n",
    "folded-stripped-before-a-key": "a: >-\n  x\n  y\nb: 1\n",
    "folded-with-blank-lines": "a: >\n  x\n\n  y\n\n\n  z\n",
    "folded-kept-tail": "a: >+\n  x\n\n\nb: c\n",
    "literal-kept-tail": "a: |+\n  x\n\n\nb: c\n",
    "literal-with-deeper-lines": "a: |\n  x\n    deeper\n\n  y\n",
    "literal-stripped-at-the-end": "a: |-\n  x\n  y\n",
    "block-scalar-without-final-newline": "a: >\n  x",
    "nested-block-scalar-before-an-indented-key": "a:\n  b: |\n    x\n\n    y\n  c: d\n",
    "block-scalars-as-sequence-items": "- >-\n  x\n  y\n- z\n",
    "quotes": "a: 'it''s'\nb: \"q\" # c\nc: ''\nd: \"\"\n",
    "comments-and-hashes": "a: x #c\nb: https://e.org/#x\nc: x#y\n# c\nd: e\n",
    "implicit-types": "yes: 1\nNo: ~\nc: 0.11.1\nd: 0\ne: null\nf: off\ng: 1.2.3rc1\nh: ~/x\n",
    "sequence-at-the-key's-column": "a:\n- x\n- y: 1\n  z: 2\nb: c\n",
    "compact-mappings": (
        "requires:\n  - name: a\n    purpose: >-\n      Why\n      it is.\n    optional: true\n  - name: b\n"
    ),
    "spaces-around": "a: x\n\n   \n# c\nb:   y   \n",
    "non-ascii": "name: é\ndescription: 日本語のツール\n",
    "indented-root": "  a: 1\n  b:\n    - x\n",
    "nested-as-deep-as-allowed": "".join(" " * i + f"k{i}:\n" for i in range(63)) + " " * 63 + "k63: x\n",
    "empty": "",
    "comments-only": "# c\n\n",
}

DECLINED = {
    "multi-line-plain": "a: x\n  y\n",
    "multi-line-plain-in-a-sequence": "- x\n  y\n",
    "float": "a: 1.0\n",
    "octal": "a: 017\n",
    "date": "a: 2024-01-01\n",
    "sexagesimal": "a: 1:20\n",
    "underscored-int": "a: 1_000\n",
    "negative": "a: -1\n",
    "int-of-5000-digits": "a: " + "9" * 5000 + "\n",
    "flow-sequence": "a: [x]\n",
    "flow-mapping": "a: {x: y}\n",
    "anchor": "a: &x y\nb: *x\n",
    "tag": "a: !!str 1\n",
    "escape": 'a: "x\\ny"\n',
    "multi-line-quote": 'a: "x\n  y"\n',
    "blank-first-line-of-a-block": "a: >\n\n  x\n",
    "folded-deeper-line": "a: >\n  x\n   y\n",
    "indentation-indicator": "a: |2\n   x\n",
    "comment-after-a-block-header": "a: > # c\n  x\n",
    "line-of-spaces-in-a-block": "a: |\n  x\n   \n  y\n",
    "tab": "a:\tb\n",
    "crlf": "a: x\r\nb: y\r\n",
    "nel": "a: x\x85b: y\n",
    "bom": "\ufeffa: x\n",
    "duplicate-key": "a: 1\na: 2\n",
    "bool-duplicate-key": "yes: 1\ntrue: 2\n",
    "null-value": "a:\nb: c\n",
    "quoted-key": "'q': x\n",
    "dotted-key": "a.b: x\n",
    "mapping-in-a-value": "a: b: c\n",
    "colon-at-the-end": "a: b:\n",
    "junk-after-a-quote": 'a: "x"y\n',
    "second-document": "a: 1\n---\nb: 2\n",
    "scalar-root": "just text\n",
    "bare-dash": "-\n",
    "nested-sequence": "- - x\n",
    "key-past-the-mapping's-column": "a: 1\n  b: 2\n",
    "comment-past-a-scalar": "a: x\n  # c\n",
    # one level past MAX_DEPTH: PyYAML's to refuse, with its line
    "over-64-KiB": "".join(f"key{i}: value\n" for i in range(6000)),
    "nested-too-deep": "".join(" " * i + f"k{i}:\n" for i in range(64)) + " " * 64 + "k64: x\n",
    "sequences-of-mappings-too-deep": (
        "".join(" " * (2 * i) + "- a:\n" for i in range(32)) + " " * 64 + "- x\n"
    ),
}


def _read(text: str, first_line: int = 1) -> object:
    return yaml_subset.read(text, first_line)


@pytest.mark.parametrize("text", READ.values(), ids=READ.keys())
def test_the_subset_reads_the_border_and_agrees_with_pyyaml(text: str) -> None:
    for first_line in (1, 7):
        mine = _read(text, first_line)
        assert mine is not yaml_subset.DECLINED
        assert_same(mine, yaml_events.loads(text, first_line))


@pytest.mark.parametrize("text", DECLINED.values(), ids=DECLINED.keys())
def test_the_subset_declines_what_is_pyyamls(text: str) -> None:
    assert _read(text) is yaml_subset.DECLINED


def test_block_scalar_values_as_pyyaml_builds_them() -> None:
    assert _read(READ["folded-with-blank-lines"]) == {"a": "x\ny\n\nz\n"}
    assert _read(READ["literal-kept-tail"]) == {"a": "x\n\n\n", "b": "c"}
    assert _read(READ["block-scalar-without-final-newline"]) == {"a": "x"}


def _frontmatters() -> list[tuple[str, str, int]]:
    found = []
    for root in (CORPUS, FIXTURES, REPO / "examples"):
        for path in sorted(root.rglob("*.md")) if root.is_dir() else []:
            try:
                yaml_text, _, first_line = frontmatter.split(frontmatter.decode(path.read_bytes()))
            except (OSError, frontmatter.FrontmatterError):
                continue
            found.append((str(path.relative_to(root.parent)), yaml_text, first_line))
    return found


def test_every_frontmatter_of_corpus_fixtures_and_examples_reads_as_pyyaml_reads_it() -> None:
    read = 0
    for name, text, first_line in _frontmatters():
        mine = _read(text, first_line)
        if mine is yaml_subset.DECLINED:
            continue
        read += 1
        try:
            assert_same(mine, yaml_events.loads(text, first_line))
        except AssertionError as exc:
            raise AssertionError(f"{name}: {exc}") from None
    assert read >= 100


@pytest.mark.skipif(not (CORPUS / "real-world").is_dir(), reason="the shared corpus is not here")
def test_the_real_world_manifests_are_read_without_pyyaml() -> None:
    manifests = sorted((CORPUS / "real-world").rglob("SMART_TOOL.md"))
    declined = [
        str(path.relative_to(CORPUS))
        for path in manifests
        if _read(*frontmatter.split(frontmatter.decode(path.read_bytes()))[::2]) is yaml_subset.DECLINED
    ]
    # one of the twenty continues a plain scalar in a sequence onto a second line
    assert len(declined) <= 1, declined
    assert len(manifests) >= 19


def test_checking_and_planning_the_example_import_no_pyyaml() -> None:
    """What a build process of the shipped example does (check, plan) and a manifest read,
    in a fresh process: PyYAML stays unimported."""
    root = REPO / "examples" / "hatchling-tool"
    script = (
        "import json, sys\n"
        "from pathlib import Path\n"
        "from smart_tool_build.rules import manifest\n"
        "from smart_tool_build.plan.build_plan import plan_build\n"
        f"root = Path({str(root)!r})\n"
        "data = (root / 'src' / 'acme_widget' / 'SMART_TOOL.md').read_bytes()\n"
        "assert manifest.load(data).name\n"
        "plan = plan_build(root, version='0.1.0', version_origin='the test')\n"
        "assert not plan.failed() and plan.files('wheel'), plan.diagnostics\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    command = [sys.executable, "-c", script]
    done = subprocess.run(command, env=cli_env(), capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    CHECK_AND_PLAN.check(json.loads(done.stdout))
