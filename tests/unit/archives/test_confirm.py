"""A valid build's archive is confirmed by names and bytes; anything else runs the archive rules.

The confirmation stands in for the rules only where they would find nothing: each archive it
confirms, the full verifier finds clean; each change the rules would judge (other bytes, a
missing file, another version, another tool's or a skill's file) makes it run the rules.
The archives are real builds of the shipped hatchling example, then rewritten member by member.
"""

from __future__ import annotations

import dataclasses
import io
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Callable

import pytest

from archive_kit import write_sdist, write_wheel
from smart_tool_build.archives.confirm import _confirmed, check_built
from smart_tool_build.archives.facts import SourceFacts
from smart_tool_build.archives.reader import open_archive
from smart_tool_build.archives.verify import verify
from smart_tool_build.plan.build_plan import plan_build

REPO = Path(__file__).resolve().parents[3]
EXAMPLE = REPO / "examples" / "hatchling-tool"
VERSION = "0.1.0"
MANIFEST = "acme_widget/SMART_TOOL.md"
DIST_INFO = "acme_widget-0.1.0.dist-info"
TOP = "acme_widget-0.1.0/"

Members = dict[str, bytes]


LIBRARY = REPO / "fixtures" / "skills" / "library"
SKILL = "skilled_lib/.agents/skills/skilled-lib"
LIBRARY_TOP = "skilled_lib-1.2.0/"
LIBRARY_DIST_INFO = "skilled_lib-1.2.0.dist-info"


def _build(scratch: Path, source: Path, version: str) -> dict[str, tuple[Members, SourceFacts]]:
    """``source``'s wheel and sdist as hatchling builds them, with the facts its plan gives."""
    pytest.importorskip("hatchling")
    project = scratch / "project"
    shutil.copytree(source, project)
    out = scratch / "out"
    out.mkdir()
    for kind in ("wheel", "sdist"):
        code = f"import hatchling.build as b; b.build_{kind}({str(out)!r})"
        subprocess.run([sys.executable, "-c", code], cwd=project, check=True, capture_output=True)
    plan = plan_build(project, version=version, version_origin="hatchling's build")
    assert not plan.failed()
    found = {}
    for kind, pattern in (("wheel", "*.whl"), ("sdist", "*.tar.gz")):
        path = next(out.glob(pattern))
        found[kind] = (_members(path), plan.facts(kind))  # type: ignore[arg-type]
    return found


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Members, SourceFacts]]:
    return _build(tmp_path_factory.mktemp("tool"), EXAMPLE, VERSION)


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Members, SourceFacts]]:
    return _build(tmp_path_factory.mktemp("library"), LIBRARY, "1.2.0")


def _confirmed_at(path: Path, facts: SourceFacts) -> bool:
    archive = open_archive(path)
    return _confirmed(archive, facts, archive.core_metadata())


def _members(path: Path) -> Members:
    if path.suffix == ".whl":
        with zipfile.ZipFile(path) as handle:
            return {name: handle.read(name) for name in handle.namelist()}
    with tarfile.open(path) as handle:
        return {info.name: handle.extractfile(info).read() for info in handle if info.isfile()}  # type: ignore[union-attr]


def _write(kind: str, members: Members, folder: Path) -> Path:
    top = next(iter(members)).split("/", 1)[0] if kind == "sdist" else ""
    if kind == "wheel":
        return write_wheel(folder / "built-1-py3-none-any.whl", members)
    return write_sdist(folder / f"{top}.tar.gz", members)


def _with(members: Members, name: str, data: bytes | None) -> Members:
    out = dict(members)
    if data is None:
        del out[name]
    else:
        out[name] = data
    return out


Change = Callable[[Members], Members]

#: changes the rules let be: the confirmation confirms them, and the rules find nothing
BENIGN: dict[str, dict[str, Change]] = {
    "wheel": {
        "as built": lambda m: m,
        "another file": lambda m: _with(m, "acme_widget/extra.txt", b"x"),
        "a copy of the manifest": lambda m: _with(m, "acme_widget/data/SMART_TOOL.md", m[MANIFEST]),
        "a nested tool": lambda m: _with(m, "acme_widget/sub/smart-tool.json", b"{}"),
    },
    "sdist": {
        "as built": lambda m: m,
        "another file": lambda m: _with(m, TOP + "notes.txt", b"x"),
        # setuptools' egg-info carries the descriptor its wheel's .dist-info gets
        "a descriptor in the egg-info": lambda m: _with(
            m, TOP + "src/acme_widget.egg-info/smart-tool.json", b"{}"
        ),
    },
}


def _metadata(members: Members, member: str, old: bytes, new: bytes) -> Members:
    return _with(members, member, members[member].replace(old, new))


#: changes the rules judge: each makes the build run them
JUDGED: dict[str, dict[str, Change]] = {
    "wheel": {
        "manifest rewritten": lambda m: _with(m, MANIFEST, m[MANIFEST] + b"\nmore\n"),
        "manifest missing": lambda m: _with(m, MANIFEST, None),
        "descriptor missing": lambda m: _with(m, f"{DIST_INFO}/smart-tool.json", None),
        "descriptor rewritten": lambda m: _with(m, f"{DIST_INFO}/smart-tool.json", b"{}"),
        "projection rewritten": lambda m: _with(m, f"{DIST_INFO}/smart-tool-manifest.json", b"{}"),
        "another version": lambda m: _metadata(
            m, f"{DIST_INFO}/METADATA", b"Version: 0.1.0", b"Version: 0.2.0"
        ),
        "another name": lambda m: _metadata(m, f"{DIST_INFO}/METADATA", b"Name: acme-widget", b"Name: other"),
        "another manifest": lambda m: _with(m, "acme_widget/data/SMART_TOOL.md", b"---\nname: other\n---\n"),
        "a tool folder around the manifest": lambda m: _with(m, "acme_widget/smart-tool.json", b"{}"),
        "a skill": lambda m: _with(m, "acme_widget/.agents/skills/x/SKILL.md", b"---\nname: x\n---\n"),
        "an install document missing": lambda m: _with(m, "acme_widget/docs/installing-graphviz.md", None),
        "a file and a folder": lambda m: _with(m, "acme_widget/cli.py/x", b""),
        "a second .dist-info": lambda m: _with(m, "other-1.dist-info/METADATA", b"Name: other\nVersion: 1\n"),
    },
    "sdist": {
        "manifest rewritten": lambda m: _with(m, TOP + "src/" + MANIFEST, b"---\nname: x\n---\n"),
        "descriptor missing": lambda m: _with(m, TOP + "smart-tool.json", None),
        "another version": lambda m: _metadata(m, TOP + "PKG-INFO", b"Version: 0.1.0", b"Version: 0.2.0"),
        "a copy of the manifest": lambda m: _with(m, TOP + "docs/SMART_TOOL.md", m[TOP + "src/" + MANIFEST]),
        "an install document missing": lambda m: _with(m, TOP + "docs/installing-graphviz.md", None),
        "not a package": lambda m: _with(m, TOP + "src/acme_widget/__init__.py", None),
        "two top folders": lambda m: _with(m, "other/x", b""),
        "a tool folder around the manifest": lambda m: _with(m, TOP + "src/smart-tool.json", b"{}"),
        "a skill": lambda m: _with(
            m, TOP + "src/acme_widget/.agents/skills/x/SKILL.md", b"---\nname: x\n---\n"
        ),
    },
}


def _cases(table: dict[str, dict[str, Change]]) -> list[tuple[str, str]]:
    return [(kind, name) for kind, changes in table.items() for name in changes]


@pytest.mark.parametrize(("kind", "change"), _cases(BENIGN))
def test_what_it_confirms_the_rules_find_clean(
    built: dict[str, tuple[Members, SourceFacts]], tmp_path: Path, kind: str, change: str
) -> None:
    members, facts = built[kind]
    path = _write(kind, BENIGN[kind][change](members), tmp_path)
    assert _confirmed_at(path, facts)
    assert verify(path, source=facts, display=path.name).diagnostics == []
    assert check_built(path, facts, path.name).diagnostics == []


@pytest.mark.parametrize(("kind", "change"), _cases(JUDGED))
def test_what_the_rules_judge_is_not_confirmed(
    built: dict[str, tuple[Members, SourceFacts]], tmp_path: Path, kind: str, change: str
) -> None:
    members, facts = built[kind]
    changed = JUDGED[kind][change](members)
    assert changed != members, "the change must change the archive"
    path = _write(kind, changed, tmp_path)
    assert not _confirmed_at(path, facts)


@pytest.mark.parametrize("kind", ["wheel", "sdist"])
@pytest.mark.parametrize("field", ["clean", "name"])
def test_a_build_with_a_finding_runs_the_rules(
    built: dict[str, tuple[Members, SourceFacts]], tmp_path: Path, kind: str, field: str
) -> None:
    members, facts = built[kind]
    path = _write(kind, members, tmp_path)
    assert _confirmed_at(path, facts)
    unclean = dataclasses.replace(facts, **{field: False if field == "clean" else None})
    assert not _confirmed_at(path, unclean)


def test_a_changed_manifest_gets_the_rules_words(
    built: dict[str, tuple[Members, SourceFacts]], tmp_path: Path
) -> None:
    members, facts = built["wheel"]
    path = _write("wheel", JUDGED["wheel"]["manifest rewritten"](members), tmp_path)
    report = check_built(path, facts, path.name)
    # the bytes differ from the source's, and the projection was made from the source's
    assert sorted((d.code, d.path) for d in report.diagnostics) == [
        ("artifact-matches-source", f"{path.name}/{MANIFEST}"),
        ("artifact-projection-matches", f"{path.name}/{DIST_INFO}/smart-tool-manifest.json"),
    ]


def test_an_unreadable_archive_gets_the_rules_words(
    built: dict[str, tuple[Members, SourceFacts]], tmp_path: Path
) -> None:
    path = tmp_path / "broken-0.1.0-py3-none-any.whl"
    path.write_bytes(io.BytesIO(b"not a zip").getvalue())
    report = check_built(path, built["wheel"][1], path.name)
    assert [d.code for d in report.diagnostics] == ["artifact-readable"]


def _unrecorded(members: Members, member: str) -> Members:
    record = f"{LIBRARY_DIST_INFO}/RECORD"
    rows = [row for row in members[record].decode().splitlines() if not row.startswith(member + ",")]
    return _with(members, record, ("\n".join(rows) + "\n").encode())


#: a library's skills: confirmed as built; each change the skill rules judge runs them
LIBRARY_CHANGES: dict[str, tuple[bool, Change]] = {
    "wheel as built": (True, lambda m: m),
    "sdist as built": (True, lambda m: m),
    "wheel: a skill file missing": (False, lambda m: _with(m, f"{SKILL}/scripts/run.sh", None)),
    "wheel: SKILL.md rewritten": (False, lambda m: _with(m, f"{SKILL}/SKILL.md", b"---\nname: x\n---\n")),
    "wheel: RECORD lacks a skill file": (False, lambda m: _unrecorded(m, f"{SKILL}/references/x.md")),
    "wheel: another skill": (False, lambda m: _with(m, "skilled_lib/.agents/skills/other/SKILL.md", b"x")),
    "sdist: a skill file missing": (
        False,
        lambda m: _with(m, f"{LIBRARY_TOP}src/{SKILL}/scripts/run.sh", None),
    ),
}


@pytest.mark.parametrize("change", list(LIBRARY_CHANGES))
def test_a_library_s_skills(
    library: dict[str, tuple[Members, SourceFacts]], tmp_path: Path, change: str
) -> None:
    kind = change.split()[0].rstrip(":")
    members, facts = library[kind]
    confirmed, make = LIBRARY_CHANGES[change]
    path = _write(kind, make(members), tmp_path)
    assert _confirmed_at(path, facts) is confirmed
    report = verify(path, source=facts, display=path.name)
    assert (report.diagnostics == []) is confirmed
