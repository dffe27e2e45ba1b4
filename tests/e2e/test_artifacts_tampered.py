"""Tampered copies of real artifacts: each fails `smart-tool inspect` (exit 1) with its code.

The example projects of both backends are built once (with the plugin: the originals are
clean); each case rebuilds the wheel or the sdist member by member with zipfile/tarfile,
changing one thing, and asserts the *whole* list of errors `inspect` reports.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from buildkit import Build, Builder, wheel_members
from smartkit import (
    HATCHLING_EXAMPLE,
    SETUPTOOLS_EXAMPLE,
    Changes,
    errors_of,
    read_member,
    rewrite_sdist,
    rewrite_wheel,
    sdist_top,
    shared_build,
    smart_tool,
)

EXAMPLES = {"hatchling": HATCHLING_EXAMPLE, "setuptools": SETUPTOOLS_EXAMPLE}


class Tool:
    """One clean build and the names a tampering needs."""

    def __init__(self, build: Build) -> None:
        self.build = build
        names = list(wheel_members(build.wheel))
        self.dist_info = next(n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info"))
        self.package = self.dist_info.split("-")[0]
        self.wheel_manifest = f"{self.package}/SMART_TOOL.md"
        self.top = sdist_top(build.sdist)
        self.sdist_manifest = f"{self.top}/src/{self.package}/SMART_TOOL.md"
        self.manifest = read_member(build.wheel, self.wheel_manifest)
        self.version = self.dist_info.removesuffix(".dist-info").split("-")[1]

    def edited(self, old: bytes, new: bytes) -> bytes:
        assert old in self.manifest
        return self.manifest.replace(old, new, 1)

    def other_version(self) -> bytes:
        return self.edited(f"version: {self.version}".encode(), b"version: 9.9.9")

    def other_body(self) -> bytes:
        return self.manifest + b"\nA line the other archive does not have.\n"


@pytest.fixture(scope="module", params=sorted(EXAMPLES))
def tool(request: pytest.FixtureRequest, builder: Builder) -> Tool:
    return Tool(shared_build(builder, EXAMPLES[request.param]))


def test_originals_are_clean(tool: Tool) -> None:
    assert errors_of(tool.build.wheel, tool.build.sdist) == (0, [])


# ---------------------------------------------------------------- wheels

WheelCase = Callable[[Tool], Changes]

WHEEL_CASES: dict[str, tuple[WheelCase, list[str]]] = {
    "manifest-version-edited": (
        lambda t: {t.wheel_manifest: t.other_version()},
        ["manifest-version-matches-package"],
    ),
    "metadata-version-edited": (
        lambda t: {
            f"{t.dist_info}/METADATA": read_member(t.build.wheel, f"{t.dist_info}/METADATA").replace(
                f"Version: {t.version}".encode(), b"Version: 9.9.9", 1
            )
        },
        ["manifest-version-matches-package"],
    ),
    "descriptor-removed": (
        lambda t: {f"{t.dist_info}/smart-tool.json": None},
        ["artifact-descriptor-present"],
    ),
    "descriptor-broken": (
        lambda t: {f"{t.dist_info}/smart-tool.json": b'{"manifest": "../SMART_TOOL.md"}'},
        ["descriptor-shape", "descriptor-shape"],
    ),
    "manifest-removed": (
        lambda t: {t.wheel_manifest: None},
        ["artifact-manifest-present"],
    ),
    # a second copy of the manifest stays when it is the same bytes (a project's own
    # force-include, say); one that drifted is the finding
    "second-manifest": (
        lambda t: {f"{t.package}/templates/SMART_TOOL.md": t.manifest + b"\nA line a later hook added.\n"},
        ["artifact-manifest-copies-match"],
    ),
    # the accessor reads a .dist-info copy first: the package's (the real one) is the drifted
    # copy then, and the install document the copy names is not beside it
    "second-manifest-in-dist-info": (
        lambda t: {f"{t.dist_info}/SMART_TOOL.md": t.manifest + b"\nA line a later hook added.\n"},
        ["artifact-install-docs-present", "artifact-manifest-copies-match"],
    ),
    "path-traversal": (
        lambda t: {"../evil.py": b"print('escaped')\n"},
        ["artifact-member-paths"],
    ),
    "absolute-path": (
        lambda t: {"/tmp/evil.py": b"print('escaped')\n"},
        ["artifact-member-paths"],
    ),
    "manifest-invalid": (
        lambda t: {t.wheel_manifest: t.edited(b"platforms:", b"colour: blue\nplatforms:")},
        ["manifest-fields-closed"],
    ),
    "two-dist-infos": (
        lambda t: {"other-1.0.dist-info/METADATA": b"Metadata-Version: 2.1\nName: other\nVersion: 1.0\n"},
        ["artifact-readable"],
    ),
}


@pytest.mark.parametrize("case", sorted(WHEEL_CASES))
def test_tampered_wheel(tool: Tool, case: str, tmp_path: Path) -> None:
    changes, expected = WHEEL_CASES[case]
    tampered = rewrite_wheel(tool.build.wheel, tmp_path / tool.build.wheel.name, changes(tool))
    assert errors_of(tampered) == (1, sorted(expected))


def test_nested_tool_in_wheel_is_not_a_second_manifest(tool: Tool, tmp_path: Path) -> None:
    """A folder with its own smart-tool.json is another tool: its manifest does not count."""
    nested = f"{tool.package}/plugins/helper"
    changes: Changes = {
        f"{nested}/smart-tool.json": b'{"manifest": "SMART_TOOL.md", "cli_argv": ["helper"]}',
        f"{nested}/SMART_TOOL.md": tool.manifest,
    }
    tampered = rewrite_wheel(tool.build.wheel, tmp_path / tool.build.wheel.name, changes)
    assert errors_of(tampered) == (0, [])


# ---------------------------------------------------------------- sdists

SDIST_CASES: dict[str, tuple[WheelCase, list[str]]] = {
    "manifest-version-edited": (
        lambda t: {t.sdist_manifest: t.other_version()},
        ["manifest-version-matches-package"],
    ),
    "descriptor-removed": (
        lambda t: {f"{t.top}/smart-tool.json": None},
        ["descriptor-present"],
    ),
    "manifest-removed": (
        lambda t: {t.sdist_manifest: None},
        ["manifest-present"],
    ),
    "second-manifest": (
        lambda t: {f"{t.top}/docs/SMART_TOOL.md": t.manifest},
        ["manifest-single-per-root"],
    ),
    "path-traversal": (
        lambda t: {"../evil.py": b"print('escaped')\n"},
        ["artifact-member-paths"],
    ),
    "path-traversal-below-top": (
        lambda t: {f"{t.top}/../../evil.py": b"print('escaped')\n"},
        ["artifact-member-paths"],
    ),
    "install-doc-removed": (
        lambda t: {
            f"{t.top}/docs/installing-graphviz.md"
            if t.package == "acme_widget"
            else f"{t.top}/docs/installing-inkscape.md": None
        },
        ["manifest-install-doc-missing"],
    ),
}


@pytest.mark.parametrize("case", sorted(SDIST_CASES))
def test_tampered_sdist(tool: Tool, case: str, tmp_path: Path) -> None:
    changes, expected = SDIST_CASES[case]
    tampered = rewrite_sdist(tool.build.sdist, tmp_path / tool.build.sdist.name, changes(tool))
    assert errors_of(tampered) == (1, sorted(expected))


# ---------------------------------------------------------------- unreadable files


@pytest.mark.parametrize("which", ["wheel", "sdist"])
@pytest.mark.parametrize("cut", [0.1, 0.5, 0.9, -1])
def test_truncated(tool: Tool, which: str, cut: float, tmp_path: Path) -> None:
    source = tool.build.wheel if which == "wheel" else tool.build.sdist
    data = source.read_bytes()
    keep = len(data) - 1 if cut == -1 else int(len(data) * cut)
    truncated = tmp_path / source.name
    truncated.write_bytes(data[:keep])
    assert errors_of(truncated) == (1, ["artifact-readable"])


def test_corrupt_manifest_data_in_wheel(tool: Tool, tmp_path: Path) -> None:
    """Flipped bytes inside the deflated manifest: a finding, not a zlib traceback."""
    import zipfile

    damaged = tmp_path / tool.build.wheel.name
    data = bytearray(tool.build.wheel.read_bytes())
    with zipfile.ZipFile(tool.build.wheel) as archive:
        info = archive.getinfo(tool.wheel_manifest)
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    for offset in range(start, start + info.compress_size):
        data[offset] ^= 0xFF
    damaged.write_bytes(bytes(data))
    assert errors_of(damaged) == (1, ["artifact-readable"])
    done = smart_tool("inspect", damaged)
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr


def test_not_an_archive(tmp_path: Path) -> None:
    page = tmp_path / "acme_widget-0.1.0-py3-none-any.whl"
    page.write_text("<html>rate limited</html>\n")
    assert errors_of(page) == (1, ["artifact-readable"])


# ---------------------------------------------------------------- wheel + sdist of one release


def test_pair_with_different_bodies(tool: Tool, tmp_path: Path) -> None:
    wheel, sdist = tool.build.wheel, tool.build.sdist
    edited_sdist = rewrite_sdist(sdist, tmp_path / sdist.name, {tool.sdist_manifest: tool.other_body()})
    # each archive is fine on its own; together they are two answers for one release
    assert errors_of(edited_sdist) == (0, [])
    assert errors_of(wheel, edited_sdist) == (1, ["artifact-pair-identical"])
    edited_wheel = rewrite_wheel(wheel, tmp_path / wheel.name, {tool.wheel_manifest: tool.other_body()})
    assert errors_of(edited_wheel) == (0, [])
    assert errors_of(edited_wheel, sdist) == (1, ["artifact-pair-identical"])
    done = smart_tool("inspect", wheel, edited_sdist)
    assert "differ for the same release" in done.stdout


def test_wheels_of_both_backends_are_no_pair(builder: Builder) -> None:
    """Different tools in one dist/ folder are never compared with each other."""
    widget = shared_build(builder, HATCHLING_EXAMPLE)
    sprocket = shared_build(builder, SETUPTOOLS_EXAMPLE)
    assert errors_of(widget.wheel, widget.sdist, sprocket.wheel, sprocket.sdist) == (0, [])


# ---------------------------------------------------------------- RECORD


def test_member_edited_after_the_build_fails_record(tool: Tool, tmp_path: Path) -> None:
    """A member rewritten after the build, RECORD left as the backend wrote it: the only
    finding, on RECORD's line of that member (pip would say so only at install)."""
    member = f"{tool.package}/__init__.py"
    record = f"{tool.dist_info}/RECORD"
    edited = read_member(tool.build.wheel, member) + b"\n# edited after the build\n"
    tampered = rewrite_wheel(
        tool.build.wheel, tmp_path / tool.build.wheel.name, {member: edited}, record=False
    )
    lines = read_member(tool.build.wheel, record).decode().splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.startswith(f"{member},"))
    done = smart_tool("inspect", "--format", "json", tampered)
    assert done.returncode == 1, done.stdout
    found = [(d["code"], d["path"], d["line"]) for d in json.loads(done.stdout)["diagnostics"]]
    assert found == [("artifact-record-matches", f"{tampered.as_posix()}/{record}", line)]
    # the same wheel with RECORD written anew is clean: the rule is about RECORD alone
    (tmp_path / "renewed").mkdir()
    renewed = rewrite_wheel(tool.build.wheel, tmp_path / "renewed" / tool.build.wheel.name, {member: edited})
    assert errors_of(renewed) == (0, [])
