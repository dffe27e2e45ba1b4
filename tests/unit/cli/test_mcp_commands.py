"""The command line's MCP server routes: ``check`` on the source (the core's root check),
``inspect ARTIFACT... --server-json FILE`` on archives built with or without the plugin."""

from __future__ import annotations

from pathlib import Path

from archive_kit import write_sdist, write_wheel
from support import ROOTS, run_cli

NAME = "io.github.Acme/acme-mcp"
SERVER = ROOTS / "valid-mcp-server" / "server.json"


def _metadata(body: str, keywords: str = "") -> bytes:
    headers = "Metadata-Version: 2.4\nName: acme-mcp\nVersion: 1.2.0\n"
    if keywords:
        headers += f"Keywords: {keywords}\n"
    return (headers + "\n" + body).encode()


def _archives(tmp: Path, body: str, keywords: str = "") -> list[str]:
    """A plain wheel and sdist of an MCP server, as a backend alone builds them."""
    wheel = write_wheel(
        tmp / "acme_mcp-1.2.0-py3-none-any.whl",
        {
            "acme_mcp/__init__.py": b"",
            "acme_mcp-1.2.0.dist-info/METADATA": _metadata(body, keywords),
            "acme_mcp-1.2.0.dist-info/WHEEL": b"Wheel-Version: 1.0\nGenerator: hatchling 1.27.0\n",
            "acme_mcp-1.2.0.dist-info/RECORD": b"",
        },
    )
    sdist = write_sdist(
        tmp / "acme_mcp-1.2.0.tar.gz",
        {
            "acme_mcp-1.2.0/PKG-INFO": _metadata(body, keywords),
            "acme_mcp-1.2.0/pyproject.toml": b'[project]\nname = "acme-mcp"\nversion = "1.2.0"\n',
            "acme_mcp-1.2.0/src/acme_mcp/__init__.py": b"",
        },
    )
    return [str(wheel), str(sdist)]


def inspect(*args: str) -> tuple[int, list[str]]:
    done = run_cli("inspect", *args)
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    return done.returncode, done.stdout.splitlines()


def test_check_covers_an_mcp_server() -> None:
    done = run_cli("check", str(ROOTS / "mcp-name-claimed--glued"))
    assert done.returncode == 1
    assert f"{ROOTS / 'mcp-name-claimed--glued'}/README.md:5: mcp-name-claimed: " in done.stdout, done.stdout
    assert run_cli("check", str(ROOTS / "valid-mcp-server")).returncode == 0


def test_inspect_passes_a_plain_server_that_claims_its_name(tmp_path: Path) -> None:
    """Built without the plugin, carrying no smart-tool file: judged as an MCP server's."""
    code, lines = inspect(
        *_archives(tmp_path, f"# acme\n\n<!-- mcp-name: {NAME} -->\n"), "--server-json", str(SERVER)
    )
    assert code == 0, lines
    assert lines == ["2 artifacts checked: 0 errors, 0 warnings, 0 info"]


def test_inspect_names_each_archive_that_lacks_the_claim(tmp_path: Path) -> None:
    code, lines = inspect(
        *_archives(tmp_path, f"# acme\n\nmcp-name: {NAME}-pro\n"), "--server-json", str(SERVER)
    )
    assert code == 1
    wheel, sdist = _archives(tmp_path, "")[:2]
    claimed = [line for line in lines if ": mcp-name-claimed: " in line]
    assert [line.split(": ", 1)[0] for line in claimed] == [
        f"{wheel}/acme_mcp-1.2.0.dist-info/METADATA:7",
        f"{sdist}/acme_mcp-1.2.0/PKG-INFO:7",
    ], lines


def test_inspect_tells_a_claim_only_in_keywords_and_a_missing_description(tmp_path: Path) -> None:
    code, lines = inspect(
        *_archives(tmp_path, "# acme\n", keywords=f"mcp-name: {NAME}"), "--server-json", str(SERVER)
    )
    assert code == 1 and all("only in Keywords" in line for line in lines if "mcp-name-claimed" in line), (
        lines
    )
    code, lines = inspect(*_archives(tmp_path, ""), "--server-json", str(SERVER))
    assert code == 1 and sum(": mcp-readme-declared: " in line for line in lines) == 2, lines


def test_inspect_reports_a_bad_server_json_on_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "server.json"
    bad.write_text(SERVER.read_text().replace("2025-12-11", "2025-10-17"))
    code, lines = inspect(*_archives(tmp_path, f"mcp-name: {NAME}"), "--server-json", str(bad))
    assert code == 1
    assert [line for line in lines if line.startswith(f"{bad}:2: mcp-schema-version: ")], lines
    (tmp_path / "broken.json").write_bytes(b"\x00\x01binary")
    code, lines = inspect(*_archives(tmp_path, ""), "--server-json", str(tmp_path / "broken.json"))
    assert code == 1 and [line for line in lines if ": mcp-server-json-parses: " in line], lines


LONG = (
    "An MCP server that lets agents search, read and annotate the Acme knowledge base, "
    "with citations and rate limits built in"
)


def _project(tmp: Path, urls: str = 'Repository = "https://github.com/AcmeCorp/acme-mcp.git"\n') -> Path:
    root = tmp / "acme-mcp"
    (root / "src" / "acme_mcp").mkdir(parents=True)
    (root / "src" / "acme_mcp" / "__init__.py").write_text("")
    (root / "README.md").write_text("# acme-mcp\n")
    (root / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["hatchling", "smart-tool-build"]\nbuild-backend = "hatchling.build"\n\n'
        f'[project]\nname = "acme-mcp"\nversion = "0.4.0"\ndescription = "{LONG}"\nreadme = "README.md"\n\n'
        f"[project.urls]\n{urls}\n[tool.hatch.build.hooks.smart-tool]\n"
    )
    return root


def test_init_writes_a_server_json_the_registry_accepts(tmp_path: Path) -> None:
    import json

    root = _project(tmp_path)
    done = run_cli("init", "--mcp-server", str(root))
    assert done.returncode == 0, done.stderr
    name = "io.github.AcmeCorp/acme-mcp"
    document = json.loads((root / "server.json").read_text())
    assert document["name"] == name
    assert document["description"] == LONG[:100].rstrip()
    assert document["repository"] == {"url": "https://github.com/AcmeCorp/acme-mcp", "source": "github"}
    assert document["version"] == "0.4.0"
    assert document["packages"] == [
        {"registryType": "pypi", "identifier": "acme-mcp", "version": "0.4.0", "transport": {"type": "stdio"}}
    ]
    assert (
        "smart-tool: description cut to 100 characters, the registry's limit "
        f"([project].description has {len(LONG)})" in done.stdout
    )
    assert f"\n<!-- mcp-name: {name} -->\n" in done.stdout, done.stdout
    assert "README.md: mcp-name-claimed: " in done.stdout  # until the line is added
    with (root / "README.md").open("a") as readme:
        readme.write(f"\n<!-- mcp-name: {name} -->\n")
    assert run_cli("check", str(root)).returncode == 0
    again = run_cli("init", "--mcp-server", str(root))
    assert again.returncode == 2 and "already exists; it is never overwritten" in again.stderr


def test_init_asks_for_a_name_without_a_github_url(tmp_path: Path) -> None:
    root = _project(tmp_path, urls='Homepage = "https://acme.example"\n')
    done = run_cli("init", "--mcp-server", str(root))
    assert done.returncode == 2 and "give --name namespace/name" in done.stderr, done.stderr
    assert not (root / "server.json").exists()
    bad = run_cli("init", "--mcp-server", "--name", "acme mcp", str(root))
    assert bad.returncode == 2 and "is not of the registry's form" in bad.stderr
    done = run_cli("init", "--mcp-server", "--name", "com.example/acme-mcp", str(root))
    assert done.returncode == 0, done.stderr
    assert '"name": "com.example/acme-mcp"' in (root / "server.json").read_text()


def test_fix_sets_server_json_versions_to_the_package_and_nothing_else(tmp_path: Path) -> None:
    import shutil

    for fixture in ("mcp-version-matches-package", "mcp-version-matches-package--spelling"):
        root = tmp_path / fixture
        shutil.copytree(ROOTS / fixture, root)
        before = (root / "server.json").read_text()
        done = run_cli("fix", str(root))
        assert done.returncode == 0, done.stdout
        assert f"{root}/server.json:9: fixed mcp-version-matches-package: " in done.stdout
        assert f"{root}/server.json:14: fixed mcp-version-matches-package: " in done.stdout
        after = (root / "server.json").read_text()
        old = "1.1.0" if fixture.endswith("package") else "1.2"
        assert after == before.replace(f'"{old}"', '"1.2.0"')  # byte for byte, the rest as it was
        assert run_cli("check", str(root)).returncode == 0


def test_fix_leaves_another_packages_version_alone(tmp_path: Path) -> None:
    import json
    import shutil

    root = tmp_path / "server"
    shutil.copytree(ROOTS / "valid-mcp-server", root)
    document = json.loads((root / "server.json").read_text())
    document["packages"].append(
        {"registryType": "npm", "identifier": "acme-mcp", "version": "0.9.0", "transport": {"type": "stdio"}}
    )
    document["version"] = "1.1.0"
    (root / "server.json").write_text(json.dumps(document, indent=2) + "\n")
    assert run_cli("fix", str(root)).returncode == 0
    fixed = json.loads((root / "server.json").read_text())
    assert fixed["version"] == "1.2.0" and fixed["packages"][1]["version"] == "0.9.0"


def test_inspect_holds_server_json_versions_to_the_archives_once(tmp_path: Path) -> None:
    """The same verdict as the source check's: a server.json left at 1.1.0 for archives of
    1.2.0 is two lines (its version, its PyPI entry's), said once for both archives."""
    drifted = tmp_path / "server.json"
    drifted.write_text(SERVER.read_text().replace('"1.2.0"', '"1.1.0"'))
    body = f"<!-- mcp-name: {NAME} -->\n"
    code, lines = inspect(*_archives(tmp_path, body), "--server-json", str(drifted))
    assert code == 1
    found = [line.split(": ", 2)[:2] for line in lines if ": mcp-version-matches-package: " in line]
    assert found == [
        [f"{drifted}:9", "mcp-version-matches-package"],
        [f"{drifted}:14", "mcp-version-matches-package"],
    ]
    other = tmp_path / "other.json"
    other.write_text(SERVER.read_text().replace('"identifier": "acme-mcp"', '"identifier": "other-mcp"'))
    code, lines = inspect(*_archives(tmp_path, body), "--server-json", str(other))
    listed = [line for line in lines if ": mcp-package-listed (warning): " in line]
    assert code == 0 and len(listed) == 1 and listed[0].startswith(f"{other}:10: "), lines
