"""`smart-tool snapshot` into a catalog entry, from real git repositories made in the test:
a single-tool repository and a monorepo, each round-tripped through `smart-tool catalog
check`; what is read from git and what is given; every refusal, with nothing written.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from datetime import datetime, timezone
from pathlib import Path
from typing import Optional

import pytest

from smart_tool.cli import main
from smart_tool.registry.catalog import check_catalog
from support import ROOTS

ORIGIN = "https://example.org/acme/demo-tool.git"
MANIFEST = "src/demo_tool/SMART_TOOL.md"


def git(cwd: Path, *args: str) -> str:
    env = {
        **os.environ,
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Test",
        "GIT_AUTHOR_EMAIL": "test@example.org",
        "GIT_COMMITTER_NAME": "Test",
        "GIT_COMMITTER_EMAIL": "test@example.org",
    }
    done = subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def repository(top: Path, *, origin: Optional[str] = ORIGIN, object_format: str = "sha1") -> Path:
    git(top, "init", "-q", "-b", "main", f"--object-format={object_format}")
    if origin:
        git(top, "remote", "add", "origin", origin)
    return top


def commit_all(top: Path) -> str:
    git(top, "add", "-A")
    git(top, "commit", "-q", "-m", "a commit")
    return git(top, "rev-parse", "HEAD")


@pytest.fixture
def single(tmp_path: Path) -> Path:
    """A single-tool repository: the distribution root is the top."""
    top = shutil.copytree(ROOTS / "valid", tmp_path / "demo-tool")
    repository(top)
    commit_all(top)
    return top


@pytest.fixture
def mono(tmp_path: Path) -> Path:
    """A monorepo: two tools under tools/, the one snapshotted at tools/demo-tool."""
    top = tmp_path / "mono"
    shutil.copytree(ROOTS / "valid", top / "tools" / "demo-tool")
    shutil.copytree(ROOTS / "valid-no-requires", top / "tools" / "other")
    (top / "README.md").write_text("# tools\n", encoding="utf-8")
    repository(top, origin="https://example.org/acme/tools.git")
    commit_all(top)
    return top


def snapshot(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main(["snapshot", *map(str, args)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def provenance_of(entry: Path) -> dict[str, object]:
    return json.loads((entry / "provenance.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_single_tool_repository_round_trip(
    single: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    head = git(single, "rev-parse", "HEAD")
    entry = tmp_path / "catalog" / "tools" / "demo-tool"
    before = datetime.now(timezone.utc).replace(microsecond=0)
    code, out, err = snapshot(capsys, single, "--output-dir", entry, "--pointer")
    assert (code, err) == (0, "")
    assert out.startswith(f"demo-tool at {head[:12]} (main): ")
    assert sorted(p.name for p in entry.iterdir()) == ["SMART_TOOL.md", "provenance.json", "source.json"]
    assert (entry / "SMART_TOOL.md").read_bytes() == (single / MANIFEST).read_bytes()
    text = (entry / "provenance.json").read_text(encoding="utf-8")
    stamp = json.loads(text)["last_success"]
    assert before <= datetime.fromisoformat(stamp.replace("Z", "+00:00")) <= datetime.now(timezone.utc)
    assert text == (
        "{\n"
        f'  "last_success": "{stamp}",\n'
        f'  "original_manifest_path": "{MANIFEST}",\n'
        '  "source": {\n'
        f'    "commit": "{head}",\n'
        '    "path": ".",\n'
        '    "ref": "main",\n'
        f'    "repository": "{ORIGIN}"\n'
        "  }\n"
        "}\n"
    )
    pointer = (entry / "source.json").read_text(encoding="utf-8")
    assert pointer == f'{{\n  "repository": "{ORIGIN}"\n}}\n'  # the catalog's form for a root on main
    report = check_catalog(tmp_path / "catalog", names_match_folders=True)
    assert (report.diagnostics, report.entries) == ([], ["tools/demo-tool"])


def test_monorepo_tool_round_trip(mono: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (mono / "tools" / "other" / "scratch.txt").write_text("not committed\n")  # outside the root
    catalog = tmp_path / "catalog"
    code, _, err = snapshot(
        capsys, mono / "tools" / "demo-tool", "-d", catalog / "tools" / "demo-tool", "--pointer"
    )
    assert (code, err) == (0, "")
    record = provenance_of(catalog / "tools" / "demo-tool")
    assert record["original_manifest_path"] == f"tools/demo-tool/{MANIFEST}"
    assert record["source"] == {
        "commit": git(mono, "rev-parse", "HEAD"),
        "path": "tools/demo-tool",
        "ref": "main",
        "repository": "https://example.org/acme/tools.git",
    }
    assert json.loads((catalog / "tools" / "demo-tool" / "source.json").read_text()) == {
        "repository": "https://example.org/acme/tools.git",
        "path": "tools/demo-tool",
    }
    assert check_catalog(catalog).diagnostics == []


def test_run_from_inside_the_root_on_a_branch(
    mono: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    git(mono, "switch", "-q", "-c", "feature/catalog")
    os.chdir(mono / "tools" / "demo-tool")
    try:
        code, _, err = snapshot(capsys, ".", "-d", tmp_path / "entry")
    finally:
        os.chdir(Path(__file__).parent)
    assert (code, err) == (0, "")
    source = provenance_of(tmp_path / "entry")["source"]
    assert isinstance(source, dict)
    assert (source["ref"], source["path"]) == ("feature/catalog", "tools/demo-tool")


def test_sha256_repository(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    top = shutil.copytree(ROOTS / "valid", tmp_path / "tool")
    try:
        repository(top, object_format="sha256")
    except subprocess.CalledProcessError:  # pragma: no cover - a git without SHA-256
        pytest.skip("this git cannot make SHA-256 repositories")
    head = commit_all(top)
    assert len(head) == 64
    entry = tmp_path / "catalog" / "tools" / "demo-tool"
    assert snapshot(capsys, top, "-d", entry, "--pointer")[0] == 0
    source = provenance_of(entry)["source"]
    assert isinstance(source, dict) and source["commit"] == head
    assert check_catalog(tmp_path / "catalog").diagnostics == []


def test_given_values_are_recorded_as_given(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A mirror's checkout, or no repository at all: nothing is read from git."""
    root = shutil.copytree(ROOTS / "valid", tmp_path / "export")
    commit = "c" * 40
    args = ["--repository", "https://example.org/upstream/demo.git", "--ref", "v1.0.0", "--revision", commit]
    code, _, err = snapshot(capsys, root, "-d", tmp_path / "entry", *args)
    assert (code, err) == (0, "")
    record = provenance_of(tmp_path / "entry")
    assert record["source"] == {
        "commit": commit,
        "path": ".",
        "ref": "v1.0.0",
        "repository": "https://example.org/upstream/demo.git",
    }
    assert record["original_manifest_path"] == MANIFEST


def test_given_values_win_over_git(single: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    git(single, "remote", "set-url", "origin", "git@mirror.example.org:acme/demo-tool.git")
    git(single, "switch", "-q", "--detach")
    (single / "README.md").write_text("changed after the commit\n")
    args = ["--repository", ORIGIN, "--ref", "main", "--commit", "d" * 40]
    code, _, err = snapshot(capsys, single, "-d", tmp_path / "entry", *args)
    assert (code, err) == (0, "")
    source = provenance_of(tmp_path / "entry")["source"]
    assert source == {"commit": "d" * 40, "path": ".", "ref": "main", "repository": ORIGIN}


def test_a_refresh_replaces_the_entry(
    single: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    entry = tmp_path / "entry"
    assert snapshot(capsys, single, "-d", entry)[0] == 0
    manifest = single / MANIFEST
    manifest.write_bytes(manifest.read_bytes().replace(b"Shows what", b"Shows how"))
    head = commit_all(single)
    assert snapshot(capsys, single, "-d", entry)[0] == 0
    assert b"Shows how" in (entry / "SMART_TOOL.md").read_bytes()
    source = provenance_of(entry)["source"]
    assert isinstance(source, dict) and source["commit"] == head
    assert sorted(p.name for p in entry.iterdir()) == [
        "SMART_TOOL.md",
        "provenance.json",
        "source.json",
    ]  # no staged leftovers


# ---------------------------------------------------------------- refusals: one line, nothing written


def refused(capsys: pytest.CaptureFixture[str], entry: Path, *args: str | Path) -> str:
    """Exit 2 with one line on stderr, and no entry written: the line."""
    returncode, out, err = snapshot(capsys, *args, "--output-dir", entry)
    assert (returncode, out) == (2, "")
    assert not entry.exists()
    (line,) = err.strip().splitlines()
    assert line.startswith("smart-tool: error: ")
    return line


def test_a_dirty_tree_is_refused(single: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (single / "README.md").write_text("# not committed\n")
    line = refused(capsys, tmp_path / "entry", single)
    assert "uncommitted changes" in line and "README.md" in line and "--commit" in line
    (single / "README.md").unlink()
    manifest = single / MANIFEST
    manifest.write_bytes(manifest.read_bytes() + b"\nmore\n")
    assert "uncommitted changes" in refused(capsys, tmp_path / "entry", single)


def test_an_uncommitted_manifest_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    top = shutil.copytree(ROOTS / "valid", tmp_path / "tool")
    repository(top)
    (top / ".gitignore").write_text("SMART_TOOL.md\n")
    commit_all(top)  # the manifest is ignored, so not committed, and the tree is clean
    line = refused(capsys, tmp_path / "entry", top)
    assert f"{MANIFEST} is not at HEAD" in line


def test_a_detached_head_needs_ref(single: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    git(single, "switch", "-q", "--detach")
    assert "HEAD is detached" in refused(capsys, tmp_path / "entry", single)
    code, _, err = snapshot(capsys, single, "-d", tmp_path / "entry", "--ref", "v1.0.0")
    assert (code, err) == (0, "")
    source = provenance_of(tmp_path / "entry")["source"]
    assert isinstance(source, dict) and source["ref"] == "v1.0.0"


def test_no_origin(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    top = shutil.copytree(ROOTS / "valid", tmp_path / "tool")
    repository(top, origin=None)
    commit_all(top)
    line = refused(capsys, tmp_path / "entry", top)
    # the branch and HEAD are known: only the origin is missing, and only --repository is asked for
    assert line.endswith("the repository has no remote named origin; pass --repository"), line


def test_an_ssh_origin_gets_its_https_url_suggested(
    single: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    git(single, "remote", "set-url", "origin", "git@github.com:acme/demo-tool.git")
    line = refused(capsys, tmp_path / "entry", single)
    assert "is not an https URL" in line
    assert line.endswith("pass --repository https://github.com/acme/demo-tool.git")


def test_a_credentialed_origin_is_refused_without_echoing_it(
    single: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    git(
        single,
        "remote",
        "set-url",
        "origin",
        "https://fixture-user:fixture-secret@example.org/acme/demo-tool.git",
    )
    line = refused(capsys, tmp_path / "entry", single)
    assert "carries credentials" in line
    assert "fixture-secret" not in line and "fixture-user" not in line
    assert line.endswith(f"pass --repository {ORIGIN}")


def test_not_a_repository(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = shutil.copytree(ROOTS / "valid", tmp_path / "export")
    line = refused(capsys, tmp_path / "entry", root, "--repository", ORIGIN)
    assert "not in a git work tree" in line and line.endswith("; pass --ref and --commit"), line
    line = refused(capsys, tmp_path / "entry", root)
    assert line.endswith("; pass --repository, --ref and --commit"), line


def test_a_repository_without_commits(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    top = shutil.copytree(ROOTS / "valid", tmp_path / "tool")
    repository(top)
    git(top, "add", "-A")
    assert "uncommitted changes" in refused(capsys, tmp_path / "entry", top)


@pytest.mark.parametrize(
    ("option", "value", "says"),
    [
        (
            "--repository",
            "http://example.org/acme/demo.git",
            "--repository 'http://example.org/acme/demo.git' is not an https URL",
        ),
        (
            "--repository",
            "https://u:fixture-secret@example.org/a.git",
            "--repository 'https://***@example.org/a.git' carries",
        ),
        ("--ref", "a..b", "--ref 'a..b' contains '..'"),
        ("--commit", "0123abc", "--commit '0123abc' is abbreviated"),
        ("--revision", "S", "--commit 'S' is not a commit id"),
    ],
)
def test_a_given_value_of_the_wrong_shape_is_refused(
    option: str, value: str, says: str, single: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refused(capsys, tmp_path / "entry", single, option, value)
    assert says in line
    assert "fixture-secret" not in line


def test_an_entry_inside_the_tool_is_refused(single: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "inside the tool's distribution root" in refused(capsys, single / "catalog-entry", single)


def test_a_linked_entry_folder_is_refused(
    single: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "entry").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    code, out, err = snapshot(capsys, single, "-d", tmp_path / "entry")
    assert (code, out) == (2, "")
    assert "is a symlink" in err
    assert list((tmp_path / "elsewhere").iterdir()) == []


def test_an_invalid_manifest_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    top = shutil.copytree(ROOTS / "manifest-required-fields", tmp_path / "tool")
    repository(top)
    commit_all(top)
    code, out, err = snapshot(capsys, top, "-d", tmp_path / "entry")
    assert (code, out) == (1, "")
    *findings, last = err.strip().splitlines()
    assert findings and all(": manifest-required-fields: " in line for line in findings)
    assert last == "smart-tool: error: refusing to snapshot an invalid manifest"
    assert not (tmp_path / "entry").exists()


def test_a_placeholder_never_reaches_an_entry(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    top = shutil.copytree(ROOTS / "manifest-placeholders--uv-template", tmp_path / "tool")
    repository(top)
    commit_all(top)
    code, out, err = snapshot(capsys, top, "-d", tmp_path / "entry", "--pointer")
    assert (code, out) == (1, "")
    *findings, last = err.strip().splitlines()
    assert [line.split(": ", 2)[:2] for line in findings] == [
        [f"{top}/{MANIFEST}:5", "manifest-placeholders"],
        [f"{top}/{MANIFEST}:7", "manifest-placeholders"],
    ]
    assert last == "smart-tool: error: refusing to snapshot an invalid manifest"
    assert not (tmp_path / "entry").exists()


def test_a_manifest_the_catalog_cannot_read_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    top = shutil.copytree(ROOTS / "valid", tmp_path / "tool")
    manifest = top / MANIFEST
    manifest.write_bytes(manifest.read_bytes().replace(b"  - linux\n", b"  - linux\xe2\x80\x8b\n"))
    repository(top)
    commit_all(top)
    code, out, err = snapshot(capsys, top, "-d", tmp_path / "entry")
    assert (code, out) == (1, "")
    first, last = err.strip().splitlines()
    assert first.startswith(f"{top}/{MANIFEST}:9: catalog-manifest-readable: `platforms[0]`")
    assert last == "smart-tool: error: refusing to snapshot an invalid manifest"
    assert not (tmp_path / "entry").exists()


@pytest.mark.parametrize(
    ("args", "says"),
    [
        ([], "--output-dir DIR is required"),
        (["-d", "x", "--output", "y.json"], "--output is for --format json"),
        (["--format", "json", "--repository", ORIGIN], "--format json needs --repository and --commit"),
        (
            ["--format", "json", "--repository", ORIGIN, "--commit", "c" * 40, "-d", "x"],
            "--format json takes --output",
        ),
    ],
)
def test_options_that_do_not_go_together(
    args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["snapshot", str(ROOTS / "valid"), *args])
    assert exited.value.code == 2
    assert says in capsys.readouterr().err
