"""`smart-tool catalog check` on a catalog laid out like the public one (fixtures/catalog),
and on copies of it broken one rule at a time.

Each case below is a fixture: a mutation of a fresh copy of the catalog, with the *whole*
output of ``check_catalog`` for it (code, severity, path, line), as tests/unit/diagnostics/test_codes.py does
for roots. Links, FIFOs and unreadable files cannot be stored in git, so every case is built
at run time. Every ``catalog-*`` code is triggered by at least one case.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any, Optional

import pytest

from smart_tool.cli import main
from smart_tool.registry.catalog import check_catalog
from smart_tool_build.diagnostics.diagnostic import CODES, Severity
from support import FIXTURES, run_cli, unprivileged

CATALOG = FIXTURES / "catalog"
ERR, WARN = Severity.ERROR, Severity.WARNING
W = "tools/acme-widget"  # the entry most cases break
PTR, PROV, MAN = f"{W}/source.json", f"{W}/provenance.json", f"{W}/SMART_TOOL.md"
DEEP = "tools/deep-thing"
PIN = "tools/pinned"
ENTRIES = [f"tools/{name}" for name in ("acme-widget", "deep-thing", "fresh-tool", "pinned")]

Expected = tuple[str, Severity, str, Optional[int]]
Mutation = Callable[[Path], None]


def e(code: str, path: str, line: Optional[int]) -> Expected:
    return (code, ERR, path, line)


def w(code: str, path: str, line: Optional[int]) -> Expected:
    return (code, WARN, path, line)


# ---------------------------------------------------------------- mutations


def edit_json(relative: str, change: Callable[[Any], Any]) -> Mutation:
    """Rewrite a JSON file in the layout it has (provenance: sorted keys; pointer: as written)."""

    def mutate(root: Path) -> None:
        path = root / relative
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data)
        sort = relative.endswith("provenance.json")
        path.write_text(json.dumps(data, indent=2, sort_keys=sort) + "\n", encoding="utf-8")

    return mutate


def write(relative: str, content: bytes) -> Mutation:
    def mutate(root: Path) -> None:
        (root / relative).write_bytes(content)

    return mutate


def replace(relative: str, old: bytes, new: bytes) -> Mutation:
    def mutate(root: Path) -> None:
        path = root / relative
        data = path.read_bytes()
        assert old in data, (relative, old)
        path.write_bytes(data.replace(old, new, 1))

    return mutate


def remove(relative: str) -> Mutation:
    def mutate(root: Path) -> None:
        path = root / relative
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()

    return mutate


def symlink(relative: str, *, dangling: bool = False) -> Mutation:
    """Replace ``relative`` with a link to a saved copy of it (inside the catalog)."""

    def mutate(root: Path) -> None:
        path = root / relative
        saved = root / ("saved-" + path.name)
        path.rename(saved)
        if dangling:
            saved.unlink() if saved.is_file() else shutil.rmtree(saved)
        path.symlink_to(saved, target_is_directory=not dangling and saved.is_dir())

    return mutate


def fifo(relative: str) -> Mutation:
    def mutate(root: Path) -> None:
        (root / relative).unlink()
        os.mkfifo(root / relative)

    return mutate


def folder_for(relative: str) -> Mutation:
    def mutate(root: Path) -> None:
        (root / relative).unlink()
        (root / relative).mkdir()

    return mutate


def both(*mutations: Mutation) -> Mutation:
    def mutate(root: Path) -> None:
        for mutation in mutations:
            mutation(root)

    return mutate


def new_entry(name: str) -> Mutation:
    def mutate(root: Path) -> None:
        shutil.copytree(root / "tools" / "fresh-tool", root / "tools" / name)

    return mutate


SECRET = "https://fixture-user:fixture-secret@example.org/acme/widget.git"

# case -> (mutation, every finding of check_catalog for it)
CASES: dict[str, tuple[Mutation, list[Expected]]] = {
    "valid": (lambda root: None, []),
    "valid--quoted-date": (  # a string to both readers: PyYAML loads the text again and agrees
        replace(MAN, b"Counts the widgets in a report and says which ones changed.", b'"2026-09-29"'),
        [],
    ),
    # ---- catalog-layout
    "catalog-layout": (remove("tools"), [e("catalog-layout", "tools", None)]),
    "catalog-layout--tools-a-file": (
        both(remove("tools"), write("tools", b"not a folder\n")),
        [e("catalog-layout", "tools", None)],
    ),
    "catalog-layout--entry-name": (new_entry("Fresh_Tool"), [e("catalog-layout", "tools/Fresh_Tool", None)]),
    "catalog-layout--hidden-folder": (new_entry(".cache"), [e("catalog-layout", "tools/.cache", None)]),
    # ---- catalog-files-regular
    "catalog-files-regular--pointer-link": (symlink(PTR), [e("catalog-files-regular", PTR, None)]),
    "catalog-files-regular--provenance-link": (symlink(PROV), [e("catalog-files-regular", PROV, None)]),
    "catalog-files-regular--manifest-link": (symlink(MAN), [e("catalog-files-regular", MAN, None)]),
    "catalog-files-regular--listing-link": (
        symlink(f"{W}/listing.json"),
        [e("catalog-files-regular", f"{W}/listing.json", None)],
    ),
    "catalog-files-regular--dangling-link": (
        symlink(PROV, dangling=True),
        [e("catalog-files-regular", PROV, None)],
    ),
    "catalog-files-regular--entry-link": (
        symlink(W),  # the linked folder is not an entry: only the link is reported
        [e("catalog-files-regular", W, None)],
    ),
    "catalog-files-regular--tools-link": (symlink("tools"), [e("catalog-files-regular", "tools", None)]),
    "catalog-files-regular--fifo": (fifo(PROV), [e("catalog-files-regular", PROV, None)]),
    "catalog-files-regular--pointer-a-folder": (folder_for(PTR), [e("catalog-files-regular", PTR, None)]),
    # ---- catalog-pointer-present
    "catalog-pointer-present": (remove(PTR), [e("catalog-pointer-present", PTR, None)]),
    # ---- catalog-snapshot-pair
    "catalog-snapshot-pair": (remove(PROV), [w("catalog-snapshot-pair", MAN, None)]),
    "catalog-snapshot-pair--no-manifest": (remove(MAN), [w("catalog-snapshot-pair", PROV, None)]),
    # ---- catalog-json
    "catalog-json": (write(PTR, b'{\n  "repository": \n}\n'), [e("catalog-json", PTR, 3)]),
    "catalog-json--trailing-comma": (
        replace(PTR, b'widget.git"\n', b'widget.git",\n'),
        [e("catalog-json", PTR, 2)],
    ),
    "catalog-json--duplicate-key": (
        replace(PROV, b'    "path": ".",\n', b'    "path": ".",\n    "path": "other",\n'),
        [e("catalog-json", PROV, 7)],
    ),
    "catalog-json--nan": (write(PTR, b'{\n  "repository": NaN\n}\n'), [e("catalog-json", PTR, 2)]),
    "catalog-json--bom": (
        lambda r: (r / PTR).write_bytes(b"\xef\xbb\xbf" + (r / PTR).read_bytes()),
        [e("catalog-json", PTR, 1)],
    ),
    "catalog-json--not-utf8": (replace(PTR, b"widget", b"widg\xe9t"), [e("catalog-json", PTR, 2)]),
    "catalog-json--not-an-object": (write(PROV, b"[]\n"), [e("catalog-json", PROV, 1)]),
    "catalog-json--too-large": (
        write(PTR, b'{"repository": "https://example.org/acme/widget.git"}' + b" " * 70_000),
        [e("catalog-json", PTR, None)],
    ),
    "catalog-json--deep": (write(PROV, b"[" * 100_000 + b"]" * 100_000), [e("catalog-json", PROV, None)]),
    # ---- catalog-keys
    "catalog-keys": (edit_json(PTR, lambda d: d.update(branch="main")), [e("catalog-keys", PTR, 3)]),
    "catalog-keys--pointer-without-repository": (
        write(PTR, b'{\n  "ref": "main"\n}\n'),
        [e("catalog-keys", PTR, 1)],
    ),
    "catalog-keys--provenance-extra-key": (  # stricter than the catalog's reader
        edit_json(PROV, lambda d: d.update(notes="hand-edited")),
        [e("catalog-keys", PROV, 3)],
    ),
    "catalog-keys--source-extra-key": (
        edit_json(PROV, lambda d: d["source"].update(tag="v1")),
        [e("catalog-keys", PROV, 9)],
    ),
    "catalog-keys--source-missing-commit": (
        edit_json(PROV, lambda d: d["source"].pop("commit")),
        [e("catalog-keys", PROV, 4)],
    ),
    "catalog-keys--source-not-an-object": (
        edit_json(PROV, lambda d: d.update(source="main")),
        [e("catalog-keys", PROV, 4)],
    ),
    "catalog-keys--no-last-success": (
        edit_json(PROV, lambda d: d.pop("last_success")),
        [e("catalog-keys", PROV, 1)],
    ),
    # ---- catalog-repository
    "catalog-repository": (
        edit_json(PTR, lambda d: d.update(repository="http://example.org/acme/widget.git")),
        [e("catalog-repository", PTR, 2)],
    ),
    "catalog-repository--credentials": (
        both(
            edit_json(PTR, lambda d: d.update(repository=SECRET)),
            edit_json(PROV, lambda d: d["source"].update(repository=SECRET)),
        ),
        [e("catalog-repository", PTR, 2), e("catalog-repository", PROV, 8)],
    ),
    # ---- catalog-ref
    "catalog-ref": (edit_json(PTR, lambda d: d.update(ref="--upload-pack=x")), [e("catalog-ref", PTR, 3)]),
    "catalog-ref--provenance": (
        edit_json(PROV, lambda d: d["source"].update(ref="a..b")),
        [e("catalog-ref", PROV, 7)],
    ),
    # ---- catalog-path
    "catalog-path": (edit_json(PTR, lambda d: d.update(path="../other")), [e("catalog-path", PTR, 3)]),
    "catalog-path--original-not-a-manifest": (
        edit_json(PROV, lambda d: d.update(original_manifest_path="src/acme_widget/README.md")),
        [e("catalog-path", PROV, 3)],
    ),
    "catalog-path--original-outside-the-root": (  # stricter than the catalog's reader
        edit_json(f"{DEEP}/provenance.json", lambda d: d.update(original_manifest_path="src/SMART_TOOL.md")),
        [e("catalog-path", f"{DEEP}/provenance.json", 3)],
    ),
    # ---- catalog-commit
    "catalog-commit": (
        edit_json(PROV, lambda d: d["source"].update(commit="5655d7e")),
        [e("catalog-commit", PROV, 5)],
    ),
    "catalog-commit--uppercase": (
        edit_json(PROV, lambda d: d["source"].update(commit=d["source"]["commit"].upper())),
        [e("catalog-commit", PROV, 5)],
    ),
    # ---- catalog-time
    "catalog-time": (
        edit_json(PROV, lambda d: d.update(last_success="2026-09-29T09:55:07")),
        [e("catalog-time", PROV, 2)],
    ),
    # ---- catalog-source-agrees
    "catalog-source-agrees": (
        edit_json(PROV, lambda d: d["source"].update(ref="next")),
        [e("catalog-source-agrees", PROV, 7)],
    ),
    "catalog-source-agrees--path": (  # deep-thing is its category's recommendation: needs review
        edit_json(f"{DEEP}/source.json", lambda d: d.update(path="tools/deep-thing-2")),
        [
            e("catalog-source-agrees", f"{DEEP}/provenance.json", 6),
            w("catalog-review-agrees", f"{DEEP}/listing.json", 3),
        ],
    ),
    "catalog-source-agrees--repository": (
        edit_json(PTR, lambda d: d.update(repository="https://example.org/acme/widget-fork.git")),
        [e("catalog-source-agrees", PROV, 8)],
    ),
    "catalog-source-agrees--pinned-commit": (
        edit_json(f"{PIN}/provenance.json", lambda d: d["source"].update(commit="b" * 40)),
        [e("catalog-source-agrees", f"{PIN}/provenance.json", 5)],
    ),
    # ---- catalog-manifest-readable
    "catalog-manifest-readable": (
        lambda r: (r / MAN).write_bytes(b"\xef\xbb\xbf" + (r / MAN).read_bytes()),
        [e("catalog-manifest-readable", MAN, 1)],
    ),
    "catalog-manifest-readable--closing-fence": (
        replace(MAN, b"installing-git.md\n---\n", b"installing-git.md\n---  \n"),
        [e("catalog-manifest-readable", MAN, 15)],
    ),
    "catalog-manifest-readable--date": (  # a string to the manifest rules, a date to PyYAML's loader
        replace(MAN, b"Counts the widgets in a report and says which ones changed.", b"2026-09-29"),
        [e("catalog-manifest-readable", MAN, 5)],
    ),
    "catalog-manifest-readable--not-loadable": (  # `=` is PyYAML's value tag, which safe_load cannot build
        replace(MAN, b"Counts the widgets in a report and says which ones changed.", b"="),
        [e("catalog-manifest-readable", MAN, 2)],
    ),
    "catalog-manifest-readable--unquoted-date": (
        replace(MAN, b"- Compare two widget reports before a release", b"- 2026-09-29"),
        [e("catalog-manifest-readable", MAN, 7)],
    ),
    "catalog-manifest-readable--tab": (  # libyaml reads a tab after a value; safe_load's scanner refuses it
        replace(MAN, b"says which ones changed.\n", b"says which ones changed.\t\n"),
        [e("catalog-manifest-readable", MAN, 2)],
    ),
    "catalog-manifest-readable--format-character": (
        replace(MAN, b"Counts the widgets", b"Counts the\xe2\x80\x8bwidgets"),
        [e("catalog-manifest-readable", MAN, 5)],
    ),
    # ---- the snapshot keeps every manifest rule that needs no package definition
    "manifest-rules": (
        both(replace(MAN, b"version: 1.2.0\n", b""), replace(MAN, b"  - macos\n", b"  - darwin\n")),
        [e("manifest-required-fields", MAN, 1), w("manifest-platforms-known", MAN, 9)],
    ),
    "manifest-rules--body-length": (  # the public catalog's stories snapshot has a 526-line body
        lambda r: (r / MAN).write_bytes((r / MAN).read_bytes() + b"More about widgets.\n" * 600),
        [w("manifest-body-length", MAN, 517)],  # the body's 501st line
    ),
    "manifest-rules--unparsable": (
        write(MAN, b"# no frontmatter\n"),
        [e("manifest-frontmatter-parses", MAN, 1)],
    ),
    "manifest-rules--placeholders": (  # a TODO that reached a catalog entry
        replace(MAN, b"- Compare two widget reports before a release", b'- "TODO: a job, one item a job"'),
        [e("manifest-placeholders", MAN, 7)],
    ),
}


def _run(name: str, tmp_path: Path, **options: Any) -> list[Expected]:
    mutation, _ = CASES[name]
    root = tmp_path / "catalog"
    shutil.copytree(CATALOG, root, symlinks=True)
    mutation(root)
    report = check_catalog(root, **options)
    return [(d.code, d.severity, d.path or "", d.line) for d in report.diagnostics]


@pytest.mark.parametrize("name", sorted(CASES))
def test_case(name: str, tmp_path: Path) -> None:
    assert sorted(_run(name, tmp_path), key=str) == sorted(CASES[name][1], key=str)


def test_names_match_folders(tmp_path: Path) -> None:
    found = _run("valid", tmp_path, names_match_folders=True)
    assert found == [e("catalog-name-matches-folder", f"{PIN}/SMART_TOOL.md", 3)]


def test_many_entries_on_every_core_give_the_same_findings_in_order(tmp_path: Path) -> None:
    root = tmp_path / "catalog"
    shutil.copytree(CATALOG, root)
    for n in range(210):  # above the threshold of a process pool
        shutil.copytree(root / W, root / "tools" / f"copy-{n:03}")
    (root / "tools" / "copy-007" / "provenance.json").unlink()
    (root / "tools" / "copy-150" / "source.json").write_text("[]\n")
    one = check_catalog(root, processes=1)
    assert [(d.code, d.path) for d in one.diagnostics] == [
        ("catalog-snapshot-pair", "tools/copy-007/SMART_TOOL.md"),
        ("catalog-json", "tools/copy-150/source.json"),
    ]
    assert check_catalog(root) == one == check_catalog(root, processes=2)


def test_every_case_is_named_after_what_it_finds() -> None:
    for name, (_, expected) in CASES.items():
        code = name.split("--", 1)[0]
        if code in CODES:
            assert code in {item[0] for item in expected}, name


def test_the_catalog_fixture_is_clean_and_every_entry_is_checked() -> None:
    report = check_catalog(CATALOG)
    assert report.diagnostics == []
    assert report.entries == ENTRIES


def test_paths_are_prefixed_with_the_root_as_given(tmp_path: Path) -> None:
    shutil.copytree(CATALOG, tmp_path / "cat")
    (tmp_path / "cat" / PTR).unlink()
    report = check_catalog(tmp_path / "cat", "cat/")
    assert [d.path for d in report.diagnostics] == [f"cat/{PTR}"]
    assert report.entries[0] == f"cat/{W}"


def test_the_catalog_root_may_not_be_a_link(tmp_path: Path) -> None:
    shutil.copytree(CATALOG, tmp_path / "real")
    (tmp_path / "link").symlink_to(tmp_path / "real", target_is_directory=True)
    report = check_catalog(tmp_path / "link", "link")
    assert [(d.code, d.path) for d in report.diagnostics] == [("catalog-files-regular", "link")]


def test_an_unreadable_entry_is_a_finding(open_tmp: Path) -> None:
    root = open_tmp / "catalog"
    shutil.copytree(CATALOG, root)
    (root / W).chmod(0)
    (root / PIN / "provenance.json").chmod(0)
    with unprivileged():
        report = check_catalog(root)
    assert [(d.code, d.path) for d in report.diagnostics] == [
        ("catalog-files-regular", W),
        ("catalog-files-regular", f"{PIN}/provenance.json"),
    ]


def test_messages_never_echo_credentials(tmp_path: Path) -> None:
    root = tmp_path / "catalog"
    shutil.copytree(CATALOG, root)
    CASES["catalog-repository--credentials"][0](root)
    code = main(["catalog", "check", str(root), "--format", "json"])
    assert code == 1
    report = check_catalog(root)
    text = "\n".join(str(d) for d in report.diagnostics)
    assert "fixture-secret" not in text and "fixture-user" not in text
    assert "https://***@example.org/acme/widget.git" in text


# ---------------------------------------------------------------- the command


def catalog_check(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["catalog", "check", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_clean(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = catalog_check(capsys, str(CATALOG))
    assert (code, out, err) == (0, "4 entries checked: 0 errors, 0 warnings, 0 info\n", "")


def test_cli_text_json_github(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "catalog"
    shutil.copytree(CATALOG, root)
    both(remove(PROV), edit_json(f"{DEEP}/provenance.json", lambda d: d["source"].update(ref="next")))(root)
    code, out, _ = catalog_check(capsys, str(root))
    lines = out.splitlines()
    assert code == 1
    assert lines[0].startswith(f"{root.as_posix()}/{MAN}: catalog-snapshot-pair (warning): ")
    assert lines[1].startswith(f"{root.as_posix()}/{DEEP}/provenance.json:7: catalog-source-agrees: ")
    # deep-thing is its category's recommendation: the catalog shows it as needing review
    assert lines[2].startswith(
        f"{root.as_posix()}/{DEEP}/listing.json:3: catalog-review-agrees (warning): needs-review: "
    )
    assert lines[-1] == "4 entries checked: 1 error, 2 warnings, 0 info"

    code, out, _ = catalog_check(capsys, str(root), "--format", "json")
    document = json.loads(out)
    assert code == 1
    assert document["checked"] == [f"{root.as_posix()}/{entry}" for entry in ENTRIES]
    assert [(d["code"], d["line"]) for d in document["diagnostics"]] == [
        ("catalog-snapshot-pair", None),
        ("catalog-source-agrees", 7),
        ("catalog-review-agrees", 3),
    ]
    assert document["summary"] == {"error": 1, "warning": 2, "info": 0}

    code, out, _ = catalog_check(capsys, str(root), "--format", "github")
    first, second, third = out.splitlines()[:3]
    assert first.startswith(f"::warning file={root.as_posix()}/{MAN},title=catalog-snapshot-pair::")
    assert second.startswith(
        f"::error file={root.as_posix()}/{DEEP}/provenance.json,line=7,title=catalog-source-agrees::"
    )
    assert third.startswith(
        f"::warning file={root.as_posix()}/{DEEP}/listing.json,line=3,"
        "title=catalog-review-agrees::needs-review: "
    )


def test_cli_warnings_as_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "catalog"
    shutil.copytree(CATALOG, root)
    (root / PROV).unlink()
    assert catalog_check(capsys, str(root))[0] == 0
    assert catalog_check(capsys, str(root), "--warnings-as-errors")[0] == 1


def test_cli_names_match_folders(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = catalog_check(capsys, str(CATALOG), "--names-match-folders")
    assert code == 1
    assert "catalog-name-matches-folder: name 'pinned-tool' is not the entry's folder name 'pinned'" in out


@pytest.mark.parametrize("target", ["does-not-exist", "README.md"])
def test_cli_root_not_a_folder(target: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = catalog_check(capsys, str(CATALOG / target))
    assert (code, out) == (2, "")
    assert err.strip().endswith(": not a folder")


@pytest.mark.parametrize("args", [[], ["--format", "xml", str(CATALOG)], [str(CATALOG), "--bogus"]])
def test_cli_usage_errors(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["catalog", "check", *args])
    assert exited.value.code == 2
    assert capsys.readouterr().err.strip()


def test_cli_in_a_subprocess() -> None:
    """The console command itself: `python -m smart_tool catalog check`."""
    result = run_cli("catalog", "check", "fixtures/catalog", "--format", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["checked"] == [f"fixtures/catalog/{entry}" for entry in ENTRIES]
    result = run_cli("catalog")
    assert result.returncode == 2 and "Traceback" not in result.stderr
