"""The registry's rules restated (rules/mcp/registry_rules.py), case by case: the range
detector on the registry's own examples, the transports, a package's PyPI rules, the name's
bounds; and the versions rule where the package's version is known only to a build."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from smart_tool_build.diagnostics.diagnostic import Severity
from smart_tool_build.parsing.json_paths import json_paths
from smart_tool_build.project.distribution import PackageVersion
from smart_tool_build.rules.mcp.registry_rules import check_document, looks_like_range
from smart_tool_build.rules.mcp.server_json import ServerJson
from smart_tool_build.rules.mcp.versions import check_versions
from support import ROOTS

BASE: dict[str, Any] = json.loads((ROOTS / "valid-mcp-server" / "server.json").read_text())


def server(**changes: Any) -> ServerJson:
    doc = json.loads(json.dumps(BASE))
    package = doc["packages"][0]
    for key, value in changes.items():
        target, name = (package, key[4:]) if key.startswith("pkg_") else (doc, key)
        if value is None:
            target.pop(name, None)
        else:
            target[name] = value
    text = json.dumps(doc, indent=2)
    return ServerJson("server.json", doc, json_paths(text))


def found(doc: ServerJson) -> list[tuple[str, int | None]]:
    return [(d.code, d.line) for d in check_document(doc)]


@pytest.mark.parametrize(
    "version",
    [
        "^1.2.3",
        "~1.2.3",
        ">=1.0.0",
        "<=1.0.0",
        ">1.0.0",
        "<1.0.0",
        "=1.0.0",
        "1.x",
        "1.2.*",
        "1.2.X",
        "1 - 2",
        "1.2.3 - 2.0.0",
        "1.2 || 1.3",
        " ^1.2 ",
    ],
)
def test_the_registrys_ranges_are_ranges(version: str) -> None:
    assert looks_like_range(version)


@pytest.mark.parametrize(
    "version", ["1.2.3", "1.2.3-alpha.1", "2025.12.11", "1.0.0rc1", "v1.2", "latest-ish", ""]
)
def test_one_version_is_no_range(version: str) -> None:
    assert not looks_like_range(version)


def test_the_valid_server_passes() -> None:
    assert found(server()) == []


def test_transports() -> None:
    assert found(server(pkg_transport={"type": "sse"})) == [("mcp-schema", 15)]  # sse without url
    assert found(server(pkg_transport={"type": "sse", "url": "https://x.example/sse"})) == []
    assert found(server(pkg_transport={"type": "streamable-http", "url": "ftp://x"})) == [("mcp-schema", 15)]
    assert found(server(pkg_transport={"type": "stdio", "url": "https://x.example"})) == [("mcp-schema", 17)]
    assert found(server(pkg_transport={"type": "websocket"})) == [("mcp-schema", 16)]
    assert found(server(pkg_transport="stdio")) == [("mcp-schema", 15)]


def test_a_pypi_entrys_rules() -> None:
    assert found(server(pkg_identifier="acme mcp")) == [("mcp-pypi-package", 13)]
    assert found(server(pkg_registryBaseUrl="https://pypi.org")) == []
    assert found(server(pkg_fileSha256="not-hex")) == [("mcp-schema", 18), ("mcp-pypi-package", 18)]
    assert found(server(pkg_registryType=None)) == [("mcp-schema", 11)]
    assert found(server(pkg_version="")) == [("mcp-schema", 14)]


def test_an_npm_entry_is_not_held_to_pypis_rules() -> None:
    assert found(server(pkg_registryType="npm", pkg_registryBaseUrl="https://registry.npmjs.org")) == []


def test_names() -> None:
    assert found(server(name="io/xy")) == []  # the shortest parts the grammar takes
    assert found(server(name="a/b")) == [("mcp-name-format", 3)]  # parts of one character
    assert found(server(name="io.github.Acme/" + "x" * 190)) == [("mcp-name-format", 3)]  # over 200
    assert found(server(name="-acme/x1")) == [("mcp-name-format", 3)]
    assert found(server(name="acme")) == [("mcp-name-format", 3)]
    assert found(server(name=7)) == [("mcp-schema", 3)]
    assert found(server(name=None)) == [("mcp-schema", 1)]


def test_texts_and_shapes() -> None:
    assert found(server(description="")) == [("mcp-schema", 4)]
    assert found(server(description="x" * 100)) == []
    assert found(server(title="   ")) == [("mcp-schema", 20)]
    assert found(server(version="1" * 256)) == [("mcp-schema", 9)]
    assert found(server(repository="https://github.com/Acme/acme-mcp")) == [("mcp-schema", 5)]
    assert found(server(packages={})) == [("mcp-schema", 10)]


def test_the_casing_rule_needs_the_same_owner_otherwise_spelt() -> None:
    assert found(server(name="io.github.ACME/acme-mcp")) == [("mcp-namespace-casing", 3)]
    assert found(server(name="io.github.Other/acme-mcp")) == []  # another owner: not a casing question
    assert found(server(name="com.acme/acme-mcp")) == []


def test_a_version_only_a_build_knows_is_info_and_a_dev_version_can_warn() -> None:
    doc = server()
    unresolved = PackageVersion(None, "hatch-vcs", unresolved="the version comes from git tags at build time")
    infos = check_versions(doc, [0], unresolved, independent=False, dev_versions="error")
    assert [(d.code, d.severity, d.line) for d in infos] == [
        ("mcp-version-matches-package", Severity.INFO, 9),
        ("mcp-version-matches-package", Severity.INFO, 14),
    ]
    dev = PackageVersion("1.2.1.dev3+g1a2b3c4", "the build backend's resolved version")
    errors = check_versions(doc, [0], dev, independent=True, dev_versions="error")
    assert [(d.severity, d.line) for d in errors] == [(Severity.ERROR, 14)]
    assert "3 commits past the last tag" in (errors[0].hint or "")
    warned = check_versions(doc, [0], dev, independent=True, dev_versions="warn")
    assert [d.severity for d in warned] == [Severity.WARNING]


def test_the_build_plans_the_claim_and_ships_server_json(tmp_path: Path) -> None:
    from smart_tool_build.plan.build_plan import plan_build

    plan = plan_build(ROOTS / "valid-mcp-server", version="1.2.0", version_origin="hatchling")
    assert not plan.failed(), plan.diagnostics
    assert plan.mcp_name == "io.github.Acme/acme-mcp"
    assert "server.json" in [f.target for f in plan.files("sdist")]
    assert "server.json" not in [f.target for f in plan.files("wheel")]
    assert plan.facts("wheel").mcp_name == plan.facts("sdist").mcp_name == "io.github.Acme/acme-mcp"
    drifted = plan_build(ROOTS / "valid-mcp-server", version="1.3.0", version_origin="hatchling")
    assert [(d.code, d.line) for d in drifted.diagnostics] == [
        ("mcp-version-matches-package", 9),
        ("mcp-version-matches-package", 14),
    ]
