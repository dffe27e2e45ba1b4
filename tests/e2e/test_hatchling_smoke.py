"""The shipped hatchling example builds, and its archives carry both files byte for byte."""

from __future__ import annotations

from buildkit import EXAMPLES, sdist_members, wheel_members


def test_example_builds_isolated(builder):
    project = builder.copy(EXAMPLES / "hatchling-tool")
    build = builder.build(project)
    assert build.ok, build.output
    manifest = (project / "src/acme_widget/SMART_TOOL.md").read_bytes()
    wheel = wheel_members(build.wheel)
    assert wheel["acme_widget/SMART_TOOL.md"] == manifest
    assert wheel["acme_widget-0.1.0.dist-info/smart-tool.json"] == (project / "smart-tool.json").read_bytes()
    assert [n for n in wheel if n.endswith("SMART_TOOL.md")] == ["acme_widget/SMART_TOOL.md"]
    sdist = sdist_members(build.sdist)
    assert sdist["src/acme_widget/SMART_TOOL.md"] == manifest
    assert "docs/installing-graphviz.md" in sdist
