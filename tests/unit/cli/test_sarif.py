"""``--format sarif`` and ``--sarif-output``: SARIF 2.1.0 as GitHub code scanning uploads it.

Every log is validated with sarif-pydantic's 2.1.0 models (tests/support.py), then read for
what code scanning needs: one run, the driver's rules with each code's meaning and fix, a
location per finding with a percent-encoded ``uri`` relative to where the command ran, and
a ``startLine`` where the line is known. The roots sit below folders with spaces and
non-ASCII names, as a checkout may.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import unquote, unquote_to_bytes

import pytest
from hypothesis import given
from hypothesis import strategies as st

from archive_kit import DIST_INFO, wheel_members, write_wheel
from smart_tool.cli import main
from smart_tool_build import __version__
from smart_tool_build.diagnostics.codes import CODES
from support import FIXTURES, copy_root, validated_sarif

HOME = "my tools/café ü"  # a space and non-ASCII letters, in two segments
ENCODED = "my%20tools/caf%C3%A9%20%C3%BC"
M = "src/demo_tool/SMART_TOOL.md"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, validated_sarif(out)


def only_run(document: dict[str, Any]) -> dict[str, Any]:
    (run_,) = document["runs"]
    return dict(run_)


def location(result: dict[str, Any]) -> dict[str, Any]:
    (place,) = result["locations"]
    return dict(place["physicalLocation"])


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_check_sarif_is_one_run_with_rules_and_encoded_uris(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy_root("manifest-name-format", here / HOME / "bad")
    copy_root("manifest-platforms-known", here / HOME / "warned")
    code, document = run(capsys, "check", f"{HOME}/bad", f"{HOME}/warned", "--format", "sarif")
    assert code == 1
    assert document["version"] == "2.1.0"
    run_ = only_run(document)
    driver = run_["tool"]["driver"]
    assert (driver["name"], driver["version"]) == ("smart-tool-build", __version__)
    assert driver["informationUri"].startswith("https://")
    assert [rule["id"] for rule in driver["rules"]] == ["manifest-name-format", "manifest-platforms-known"]
    for rule in driver["rules"]:
        known = CODES[rule["id"]]
        assert rule["shortDescription"]["text"] == known.means
        assert rule["help"]["text"] == known.fix
        assert rule["defaultConfiguration"]["level"] == known.severity.value
    error, warning = run_["results"]
    assert (error["ruleId"], error["ruleIndex"], error["level"]) == ("manifest-name-format", 0, "error")
    assert (warning["ruleId"], warning["ruleIndex"]) == ("manifest-platforms-known", 1)
    assert warning["level"] == "warning"
    place = location(error)
    assert place["artifactLocation"] == {"uri": f"{ENCODED}/bad/{M}", "uriBaseId": "%SRCROOT%"}
    assert place["region"] == {"startLine": 3}
    assert error["message"]["text"].startswith("name 'Demo_Tool' must be")
    # the base is the folder the command ran in, as a file URI; the uri resolves below it
    base = run_["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    assert base == here.resolve().as_uri() + "/"
    assert (here / unquote(place["artifactLocation"]["uri"])).is_file()


def test_every_uri_is_ascii_and_resolves(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RFC 3986: no raw space, no raw non-ASCII, no `%` that is not an escape."""
    root = copy_root("manifest-name-format", here / "a b" / "naïve 100%" / "x#y")
    _, document = run(capsys, "check", str(root), "--format", "sarif")  # absolute: made relative
    (result,) = only_run(document)["results"]
    uri = location(result)["artifactLocation"]["uri"]
    assert uri == f"a%20b/na%C3%AFve%20100%25/x%23y/{M}"
    assert uri.isascii() and " " not in uri
    assert (here / unquote(uri)).is_file()


def test_a_missing_file_points_at_the_anchor_and_says_where(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy_root("descriptor-present", here / HOME)
    _, document = run(capsys, "check", HOME, "--format", "sarif")
    (result,) = only_run(document)["results"]
    assert result["ruleId"] == "descriptor-present"
    place = location(result)
    assert place["artifactLocation"]["uri"] == f"{ENCODED}/pyproject.toml"
    assert "region" not in place  # the line, if any, is not the anchor's
    assert result["message"]["text"].startswith(f"{HOME}/smart-tool.json: no smart-tool.json")


def test_info_is_a_note(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy_root("manifest-version-matches-package--dynamic-unresolved", here / HOME)
    code, document = run(capsys, "check", HOME, "--format", "sarif")
    assert code == 0
    assert [r["level"] for r in only_run(document)["results"]] == ["note"]


def test_clean_check_is_an_empty_run(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy_root("valid", here / HOME)
    code, document = run(capsys, "check", HOME, "--format", "sarif")
    assert code == 0
    run_ = only_run(document)
    assert (run_["results"], run_["tool"]["driver"]["rules"]) == ([], [])


def test_sarif_output_writes_the_file_beside_the_text(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy_root("manifest-name-format", here / HOME)
    target = here / "out dir" / "ü.sarif"
    target.parent.mkdir()
    code = main(["check", HOME, "--sarif-output", str(target)])
    out, _ = capsys.readouterr()
    assert code == 1
    assert out.splitlines()[-1] == "1 root checked: 1 error, 0 warnings, 0 info"  # text, as without it
    (result,) = only_run(validated_sarif(target.read_text(encoding="utf-8")))["results"]
    assert location(result)["region"] == {"startLine": 3}


def test_sarif_output_replaces_a_symlink_planted_at_its_path(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A symlink at the --sarif-output path (to a file the runner may write) is replaced by
    the log, never written through; the file it pointed at is untouched."""
    copy_root("manifest-name-format", here / HOME)
    victim = here / "victim.txt"
    victim.write_text("keep me\n", encoding="utf-8")
    target = here / "out.sarif"
    target.symlink_to(victim)
    assert main(["check", HOME, "--sarif-output", str(target)]) == 1
    capsys.readouterr()
    assert victim.read_text(encoding="utf-8") == "keep me\n"
    assert not target.is_symlink()
    validated_sarif(target.read_text(encoding="utf-8"))
    assert [p.name for p in here.iterdir() if p.name.startswith(".out.sarif")] == []


def test_inspect_points_at_the_wheel_and_names_the_member(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = here / HOME
    folder.mkdir(parents=True)
    wheel = write_wheel(
        folder / "demo_tool-1.0.0-py3-none-any.whl", wheel_members({f"{DIST_INFO}/smart-tool.json": None})
    )
    shown = f"{HOME}/{wheel.name}"
    code, document = run(capsys, "inspect", shown, "--format", "sarif")
    assert code == 1
    results = only_run(document)["results"]
    missing = next(r for r in results if r["ruleId"] == "artifact-descriptor-present")
    assert location(missing)["artifactLocation"]["uri"] == f"{ENCODED}/{wheel.name}"
    assert missing["message"]["text"].startswith(f"{shown}/{DIST_INFO}/smart-tool.json: ")


def test_fix_diff_reports_each_pending_fix(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = copy_root("manifest-version-matches-package", here / HOME)
    before = (root / M).read_bytes()
    code, document = run(capsys, "fix", HOME, "--diff", "--format", "sarif")
    assert code == 1
    (result,) = only_run(document)["results"]
    assert (result["ruleId"], result["level"]) == ("manifest-version-matches-package", "error")
    assert location(result) == {
        "artifactLocation": {"uri": f"{ENCODED}/{M}", "uriBaseId": "%SRCROOT%"},
        "region": {"startLine": 4},
    }
    assert result["message"]["text"].startswith("would fix: version '1.0.0' -> '1.1.0'")
    assert (root / M).read_bytes() == before


def test_catalog_check_sarif(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    catalog = here / HOME
    shutil.copytree(FIXTURES / "catalog", catalog)
    (catalog / "tools/acme-widget/provenance.json").unlink()
    code, document = run(capsys, "catalog", "check", HOME, "--format", "sarif", "--warnings-as-errors")
    assert code == 1
    (result,) = only_run(document)["results"]
    assert (result["ruleId"], result["level"]) == ("catalog-snapshot-pair", "warning")
    assert location(result)["artifactLocation"]["uri"] == f"{ENCODED}/tools/acme-widget/SMART_TOOL.md"


def test_smoke_refuses_sarif_output_with_conformance(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wheel = write_wheel(here / "demo_tool-1.0.0-py3-none-any.whl", wheel_members())
    code = main(["smoke", str(wheel), "--format", "conformance", "--sarif-output", "x.sarif"])
    _, err = capsys.readouterr()
    assert code == 2
    assert "--sarif-output" in err
    assert not (here / "x.sarif").exists()


@pytest.mark.parametrize("command", [["check"], ["fix"], ["inspect"], ["smoke"], ["catalog", "check"]])
def test_every_report_command_offers_sarif(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "sarif: one SARIF 2.1.0 log" in text and "--sarif-output FILE" in text


SEGMENT = st.one_of(
    st.text(min_size=1),
    st.binary(min_size=1).map(os.fsdecode),  # a name as a Linux file system may hold it
).filter(lambda s: "/" not in s and "\0" not in s)


@given(st.lists(SEGMENT, min_size=1, max_size=4))
def test_a_uri_is_ascii_without_delimiters_and_reads_back(segments: list[str]) -> None:
    """Any path segments (spaces, `%`, `#`, `?`, `:`, any letter, bytes that are not UTF-8):
    an RFC 3986 path of unreserved characters and escapes, which decodes to the name's bytes."""
    from smart_tool.cli.sarif import file_uri

    path = "/".join(segments)
    uri = file_uri(path)
    assert re.fullmatch(r"[A-Za-z0-9\-._~/%]*", uri), uri
    assert re.fullmatch(r"(?:[^%]|%[0-9A-F]{2})*", uri), uri
    assert unquote_to_bytes(uri) == os.fsencode(path)


@pytest.mark.skipif(sys.platform != "linux", reason="a file name that is not UTF-8 needs a Linux file system")
def test_a_name_that_is_not_utf8(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The byte stays in the uri, percent-encoded; the log itself is UTF-8 (U+FFFD in text)."""
    folder = os.fsdecode(b"caf\xff")
    copy_root("descriptor-present", here / folder)
    target = here / "out.sarif"
    assert main(["check", "--recursive", ".", "--format", "sarif", "--sarif-output", str(target)]) == 1
    out = capsys.readouterr().out
    data = target.read_bytes()
    assert data.decode("utf-8") == out  # strict: valid UTF-8
    (result,) = only_run(validated_sarif(out))["results"]
    assert location(result)["artifactLocation"]["uri"] == "caf%FF/pyproject.toml"
    assert result["message"]["text"].startswith("caf\ufffd/smart-tool.json: ")


def test_a_finding_on_a_folder_is_located_there(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Code scanning asks every result for a location: a folder's finding names the folder."""
    catalog = here / HOME
    shutil.copytree(FIXTURES / "catalog", catalog)
    shutil.rmtree(catalog / "tools")
    code, document = run(capsys, "catalog", "check", HOME, "--format", "sarif")
    assert code == 1
    (result,) = only_run(document)["results"]
    assert result["ruleId"] == "catalog-layout"
    assert location(result) == {"artifactLocation": {"uri": f"{ENCODED}/tools", "uriBaseId": "%SRCROOT%"}}
    assert not result["message"]["text"].startswith(HOME)  # the location says where


def test_logs_join_into_one_run(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The Action's last step: code scanning takes one run of a tool per upload."""
    from smart_tool.cli.sarif import main as join

    copy_root("manifest-name-format", here / "a")
    copy_root("manifest-platforms-known", here / "b")
    for name in ("a", "b"):
        main(["check", name, "a", "--sarif-output", f"{name}.sarif"])
    capsys.readouterr()
    assert join(["joined.sarif", "a.sarif", "b.sarif"]) == 0
    run_ = only_run(validated_sarif((here / "joined.sarif").read_text(encoding="utf-8")))
    rules = [rule["id"] for rule in run_["tool"]["driver"]["rules"]]
    assert rules == ["manifest-name-format", "manifest-platforms-known"]
    found = [(r["ruleId"], r["ruleIndex"]) for r in run_["results"]]
    assert found == [
        ("manifest-name-format", 0),
        ("manifest-name-format", 0),
        ("manifest-platforms-known", 1),
        ("manifest-name-format", 0),
    ]
    assert join(["empty.sarif"]) == 0
    assert only_run(validated_sarif((here / "empty.sarif").read_text(encoding="utf-8")))["results"] == []


def _merge(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "smart_tool.cli.sarif", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (None, "log.sarif: no such file"),
        (b"", "log.sarif: empty, not a SARIF log"),
        (b"\n  \n", "log.sarif: empty, not a SARIF log"),
        (b"{not json", "log.sarif: not a SARIF log: not JSON"),
        (b"\xff\xfe", "log.sarif: not a SARIF log: not JSON"),
        (b"[1, 2]", 'log.sarif: not a SARIF log: no "version": "2.1.0" object'),
        (b'{"version": "2.1.0"}', 'log.sarif: not a SARIF log: no "runs" list'),
        (
            b'{"version": "2.1.0", "runs": [{}]}',
            "log.sarif: not a SARIF log: a run without tool.driver.rules",
        ),
        (b'{"version": "2.1.0", "runs": [{"tool": 5}]}', "log.sarif: not a SARIF log: a run without tool"),
        (b'{"version": "2.1.0", "runs": [7]}', "log.sarif: not a SARIF log: a run without tool"),
        (
            b'{"version": "2.1.0", "runs": [{"tool": {"driver": {"rules": []}}, '
            b'"results": [{"ruleId": "x"}]}]}',
            "log.sarif: not a SARIF log: a run without results, each naming one of its rules",
        ),
        (b"[" * 100_000 + b"]" * 100_000, "log.sarif: not a SARIF log: nested too deep"),
        ("folder", "log.sarif: not a regular file"),
    ],
    ids=[
        "missing",
        "empty",
        "blank",
        "not-json",
        "not-utf8",
        "a-list",
        "no-runs",
        "no-rules",
        "tool-not-object",
        "run-not-object",
        "stray-result",
        "deep",
        "folder",
    ],
)
def test_merge_refuses_an_input_it_cannot_read_in_one_line(
    here: Path, content: bytes | str | None, reason: str
) -> None:
    main(["check", ".", "--sarif-output", "good.sarif"])
    if isinstance(content, bytes):
        (here / "log.sarif").write_bytes(content)
    elif content == "folder":
        (here / "log.sarif").mkdir()
    done = _merge("out.sarif", "good.sarif", "log.sarif")
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith(f"smart-tool: error: {reason}"), line
    assert not (here / "out.sarif").exists()  # nothing half-written


def test_merge_refuses_an_output_that_is_a_folder(here: Path) -> None:
    main(["check", ".", "--sarif-output", "good.sarif"])
    (here / "out").mkdir()
    done = _merge("out", "good.sarif")
    assert done.returncode == 2
    assert done.stderr.splitlines() == ["smart-tool: error: out: is a folder"]
    done = _merge("missing/out.sarif", "good.sarif")
    assert done.returncode == 2
    assert done.stderr.startswith("smart-tool: error: missing/out.sarif: cannot be written: ")
    assert len(done.stderr.splitlines()) == 1
