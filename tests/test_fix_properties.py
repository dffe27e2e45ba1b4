"""Property tests of `smart-tool fix` on generated manifests (line endings, BOM, comments,
quoting, flow and block lists): it fixes what it says, changes no byte outside the spans it
edits, and a second run has nothing left to do.

The number of examples follows the hypothesis profile loaded by test_properties.py when both
run (``HYPOTHESIS_PROFILE``); alone, hypothesis' default.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smart_tool_build.checks import check_root
from smart_tool_build.edits import apply
from smart_tool_build.fixes import plan_fixes
from smart_tool_build.platforms import canonical_platform

M = "src/demo_tool/SMART_TOOL.md"
INIT = "src/demo_tool/__init__.py"
SPELLINGS = ["linux", "macos", "windows", "darwin", "osx", "Linux", "win32", "MacOS", "cygwin"]

versions = st.builds(
    lambda parts, pre: ".".join(map(str, parts)) + pre,
    st.lists(st.integers(0, 12), min_size=2, max_size=3),
    st.sampled_from(["", "", "rc1", "a2", ".post1"]),
)


def quoted(value: str, style: str) -> str:
    return {"plain": value, "single": f"'{value}'", "double": f'"{value}"'}[style]


styles = st.sampled_from(["plain", "single", "double"])


@st.composite
def projects(draw: st.DrawFn) -> tuple[dict[str, bytes], list[str]]:
    eol = draw(st.sampled_from(["\n", "\r\n"]))
    comment = draw(st.sampled_from(["", "  # a comment", "\t# tab, then a comment"]))
    manifest_version = draw(versions)
    platforms = draw(st.lists(st.sampled_from(SPELLINGS), min_size=1, max_size=3, unique=True))
    flow = draw(st.booleans())
    items = [quoted(p, draw(styles)) for p in platforms]
    listed = ["platforms: [" + ", ".join(items) + "]" + comment] if flow else ["platforms:" + comment]
    if not flow:
        listed += [f"  - {item}" for item in items]
    format_value = draw(st.sampled_from(["1", "1", '"1"']))
    lines = [
        "---",
        *(["# written by hand — é"] if draw(st.booleans()) else []),
        f"smart_tool_format: {format_value}",
        "name: demo-tool",
        f"version: {quoted(manifest_version, draw(styles))}{comment}",
        "description: Ünïcode before and after the spans.",
        "use_cases:",
        "  - Check a manifest before publishing it",
        *listed,
        "---",
        "",
        "# demo-tool",
    ]
    bom = "\ufeff" if draw(st.booleans()) else ""
    package_version = draw(versions)
    attr = draw(st.one_of(st.none(), versions))
    init = '"""demo-tool."""' + eol
    if attr is not None:
        init += f"__version__ = {quoted(attr, draw(st.sampled_from(['single', 'double'])))}{comment}{eol}"
    files = {
        "pyproject.toml": f'[project]{eol}name = "demo-tool"{eol}version = "{package_version}"{eol}'.encode(),
        "smart-tool.json": b'{"manifest": "src/demo_tool/SMART_TOOL.md", "cli_argv": ["demo-tool"]}\n',
        M: (bom + eol.join(lines) + eol).encode(),
        INIT: init.encode(),
    }
    return files, platforms


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(projects())
def test_fix_changes_only_its_spans_and_is_idempotent(project: tuple[dict[str, bytes], list[str]]) -> None:
    files, platforms = project
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for relative, data in files.items():
            (root / relative).parent.mkdir(parents=True, exist_ok=True)
            (root / relative).write_bytes(data)
        edits = plan_fixes(root).edits
        apply(edits)
        for relative, before in files.items():
            after = (root / relative).read_bytes()
            mine = [e for e in edits if e.shown == relative]
            # outside the spans, every byte is as it was: rebuild the file from the spans
            rebuilt, position = b"", 0
            for edit in sorted(mine, key=lambda e: e.start):
                assert before[edit.start : edit.end] == edit.old
                assert not any(c in edit.old + edit.new for c in b"\r\n#"), edit
                rebuilt += before[position : edit.start] + edit.new
                position = edit.end
            assert after == rebuilt + before[position:]
        assert plan_fixes(root).edits == [], "a second fix has nothing left to do"
        left = {d.code for d in check_root(root).diagnostics}
        assert not left & {"manifest-version-matches-package", "manifest-field-shapes"}, left
        canonical = [canonical_platform(p) for p in platforms]
        if len(set(canonical)) == len(canonical):  # no platform named twice: every spelling fixed
            assert "manifest-platforms-known" not in left
