"""Property tests of `smart-tool fix` on generated projects: pyproject.toml with static,
read-from-source or unknown versions, release or development; manifests with CRLF, a BOM,
comments, every quoting, flow and block lists, versions YAML reads as numbers; `__version__`
modules plain, annotated, commented or not rewritable; a missing descriptor.

Three properties: fix changes no byte outside the spans it edits (and creates no file but a
missing descriptor); a second fix has nothing left to do; after it, `check` reports only
what fix cannot decide, never a finding of a code fix handles where the project gave it the
one right answer (an oracle below says when it does, from how the project was generated).

The hypothesis profiles are test_properties.py's (``HYPOTHESIS_PROFILE``: ``ci`` by default,
150 examples a test in a few seconds; ``long``, 20,000):
``HYPOTHESIS_PROFILE=long pytest tests/unit/authoring/test_fix_properties.py -p no:cacheprovider``.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from packaging.version import InvalidVersion, Version

from smart_tool.authoring.edits import Edit, apply
from smart_tool.authoring.fixes import plan_fixes
from smart_tool_build.rules.platforms import canonical_platform
from smart_tool_build.rules.root import check_root

M = "src/demo_tool/SMART_TOOL.md"
INIT = "src/demo_tool/__init__.py"
D = "smart-tool.json"
SPELLINGS = ["linux", "macos", "windows", "darwin", "osx", "Linux", "win32", "MacOS", "cygwin", "beos"]
VERSION_CODE = "manifest-version-matches-package"

#: PEP 440 versions, releases mostly, written as people write them
releases = st.builds(
    lambda v, parts, pre: v + ".".join(map(str, parts)) + pre,
    st.sampled_from(["", "", "", "v"]),
    st.lists(st.integers(0, 12), min_size=1, max_size=3),
    st.sampled_from(["", "", "", "rc1", "a2", ".post1", "-rc1", "b0"]),
)
package_versions = releases | st.sampled_from(
    ["1.1.dev3", "2.0.0.dev0+g1a2b3c", "1.0+local", "0.9.0rc1.dev2"]
)
#: what a manifest's version may say: any of those, and what YAML reads as a number
manifest_versions = package_versions | st.sampled_from(["1.10", "2", "1.0", "1e3", "0.5", "one-point-oh"])


def quoted(value: str, style: str) -> str:
    return {"plain": value, "single": f"'{value}'", "double": f'"{value}"'}[style]


styles = st.sampled_from(["plain", "single", "double"])
comments = st.sampled_from(["", "  # a comment", "\t# tab, then a comment", " #"])


def release(version: str) -> bool:
    """The oracle's own reading: a valid PEP 440 version, no development or local part."""
    try:
        parsed = Version(version)
    except InvalidVersion:
        return False
    return not parsed.is_devrelease and parsed.local is None


@dataclass
class Project:
    files: dict[str, bytes]
    #: codes fix has the one right answer for here: none may be left after it
    decidable: set[str] = field(default_factory=set)
    #: codes it may leave (what only the author can decide)
    undecidable: set[str] = field(default_factory=set)


@st.composite
def projects(draw: st.DrawFn) -> Project:
    eol = draw(st.sampled_from(["\n", "\r\n"]))
    comment = draw(comments)
    project = Project({})

    # __init__.py: no __version__, a literal fix can rewrite, or one it cannot
    attr_kind = draw(st.sampled_from(["none", "plain", "plain", "annotated", "concatenated", "escaped"]))
    attr = draw(package_versions)
    head = draw(st.sampled_from(['"""demo-tool."""' + eol, "", "\ufeff# -*- coding: utf-8 -*-" + eol]))
    attr_quote = draw(st.sampled_from(["single", "double"]))
    assignment = {
        "none": "",
        "plain": f"__version__ = {quoted(attr, attr_quote)}{comment}{eol}",
        "annotated": f"__version__: str = {quoted(attr, attr_quote)}{comment}{eol}",
        "concatenated": f'__version__ = "{attr[:1]}" "{attr[1:]}"{eol}',
        "escaped": f'__version__ = "{attr[:1]}\\x{ord(attr[1]):02x}{attr[2:]}"{eol}' if len(attr) > 1 else "",
    }[attr_kind]
    project.files[INIT] = (head + assignment + f"def main():{eol}    return 0{eol}").encode()
    attr_present = bool(assignment)

    # pyproject.toml: the version static, read from __init__.py by hatchling, or unknown here
    source = draw(st.sampled_from(["static", "static", "hatch-path", "dynamic"]))
    if source == "hatch-path" and attr_kind not in ("plain", "annotated"):
        source = "static"  # hatch's regex reads one plain literal
    package = draw(package_versions)
    scripts = draw(st.sampled_from([1, 1, 2]))
    lines = ["[project]", 'name = "demo-tool"']
    if source == "static":
        lines.append(f"version = {quoted(package, draw(st.sampled_from(['single', 'double'])))}{comment}")
    else:
        lines.append('dynamic = ["version"]')
    lines += ["", "[project.scripts]", 'demo-tool = "demo_tool:main"']
    if scripts == 2:
        lines.append('demo-tool-admin = "demo_tool:main"')
    if source == "hatch-path":
        lines += ["", "[tool.hatch.version]", f'path = "{INIT}"']
        package = attr
    project.files["pyproject.toml"] = (eol.join(lines) + eol).encode()
    known = source != "dynamic"

    # the manifest
    manifest_version = draw(manifest_versions)
    platforms = draw(st.lists(st.sampled_from(SPELLINGS), min_size=1, max_size=3, unique=True))
    items = [quoted(p, draw(styles)) for p in platforms]
    if draw(st.booleans()):
        listed = ["platforms: [" + ", ".join(items) + "]" + comment]
    else:
        listed = ["platforms:" + comment, *(f"  - {item}" for item in items)]
    format_value = draw(st.sampled_from(["1", "1", '"1"', "'1'"]))
    front = [
        "---",
        *(["# written by hand — é"] if draw(st.booleans()) else []),
        f"smart_tool_format: {format_value}",
        "name: demo-tool",
        f"version: {quoted(manifest_version, draw(styles))}{comment}",
        "description: Ünïcode before and after the spans.",
        *(["# a comment between the keys"] if draw(st.booleans()) else []),
        "use_cases:",
        "  - Check a manifest before publishing it",
        *listed,
        "---",
        "",
        "# demo-tool",
    ]
    bom = "\ufeff" if draw(st.booleans()) else ""
    project.files[M] = (bom + eol.join(front) + eol).encode()

    # the descriptor: there, or missing (fix writes it when there is one command)
    descriptor = draw(st.booleans())
    if descriptor:
        project.files[D] = b'{"manifest": "src/demo_tool/SMART_TOOL.md", "cli_argv": ["demo-tool"]}\n'

    # the oracle: what has one right answer, and what may stay
    project.decidable.add("manifest-field-shapes")
    if descriptor or scripts == 1:
        project.decidable.add("descriptor-present")
    else:
        project.undecidable.add("descriptor-present")
    right = known and release(package)
    (project.decidable if right else project.undecidable).add(VERSION_CODE)
    if attr_present and right and attr_kind in ("plain", "annotated"):
        project.decidable.add("version-attr-matches-package")
    elif attr_present:
        project.undecidable.add("version-attr-matches-package")
    canonical = [canonical_platform(p) for p in platforms]
    if None not in canonical and len(set(canonical)) == len(canonical):
        project.decidable.add("manifest-platforms-known")
    else:  # unknown, or named twice: which entry goes is the author's choice
        project.undecidable.add("manifest-platforms-known")
    return project


@contextmanager
def written(project: Project) -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for relative, data in project.files.items():
            (root / relative).parent.mkdir(parents=True, exist_ok=True)
            (root / relative).write_bytes(data)
        yield root


def files_of(root: Path) -> dict[str, bytes]:
    found = {}
    for folder, _, names in os.walk(root):
        for name in names:
            path = Path(folder, name)
            found[path.relative_to(root).as_posix()] = path.read_bytes()
    return found


def rebuilt(before: bytes, edits: list[Edit]) -> bytes:
    """``before`` with the spans of ``edits`` replaced, every other byte kept."""
    out, position = b"", 0
    for edit in sorted(edits, key=lambda e: e.start):
        assert before[edit.start : edit.end] == edit.old, edit
        assert not any(c in edit.old + edit.new for c in b"\r\n#"), edit  # no line end, no comment
        out += before[position : edit.start] + edit.new
        position = edit.end
    return out + before[position:]


@given(projects())
def test_fix_changes_only_its_spans_and_is_idempotent(project: Project) -> None:
    with written(project) as root:
        edits = plan_fixes(root).edits
        apply(edits)
        after = files_of(root)
        created = {e.shown for e in edits if e.create}
        assert created <= {D} and set(after) == set(project.files) | created
        for relative, before in project.files.items():
            assert after[relative] == rebuilt(before, [e for e in edits if e.shown == relative]), relative
        assert plan_fixes(root).edits == [], "a second fix has nothing left to do"
        apply(plan_fixes(root).edits)
        assert files_of(root) == after


def findings(root: Path) -> set[str]:
    """The codes `check` reports (a drifted static ``__version__`` among them)."""
    return {d.code for d in check_root(root).diagnostics}


@given(projects())
def test_after_fix_check_reports_only_what_fix_cannot_decide(project: Project) -> None:
    with written(project) as root:
        apply(plan_fixes(root).edits)
        left = findings(root)
        assert not left & project.decidable, (left, project.decidable)
        assert left <= project.undecidable, (left - project.undecidable, project.files)
