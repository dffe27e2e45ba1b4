"""Where smoke's descriptor comes from (the wheel's, its sdist's, one given), how wheels and
sdists pair, what an sdist says of its source, and the command line around them."""

from __future__ import annotations

import io
import tarfile
import zipfile
from pathlib import Path

import pytest

from smart_tool.smoke.command import Command, choose_command, installed_file
from smart_tool.smoke.descriptors import DescriptorSource, pair, read_given, read_sdist
from smart_tool.smoke.wheel_facts import read_wheel
from smart_tool_build.diagnostics.diagnostic import Severity
from support import run_cli

DESCRIPTOR = b"""{
  "manifest": "src/acme/SMART_TOOL.md",
  "cli_argv": ["acme"],
  "deterministic_smoke": ["stats"]
}
"""
PKG_INFO = (
    b"Metadata-Version: 2.1\nName: Acme\nVersion: 1.0\n"
    b"Project-URL: Documentation, https://acme.example/docs\n"
    b"Project-URL: Source, https://github.com/acme/acme\n\nbody: Project-URL: Repository, https://x\n"
)


def sdist(tmp_path: Path, files: dict[str, bytes], name: str = "acme-1.0.tar.gz") -> Path:
    path = tmp_path / name
    with tarfile.open(path, "w:gz") as archive:
        for member, data in files.items():
            info = tarfile.TarInfo(f"acme-1.0/{member}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return path


def wheel(tmp_path: Path, descriptor: bytes | None = None, name: str = "acme-1.0-py3-none-any.whl") -> Path:
    path = tmp_path / name
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("acme/__init__.py", "")
        archive.writestr("acme/cli.py", "")
        archive.writestr("acme-1.0.data/scripts/acme-tool", "#!/bin/sh\n")
        archive.writestr("acme-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: acme\nVersion: 1.0\n")
        archive.writestr("acme-1.0.dist-info/entry_points.txt", "[console_scripts]\nacme = acme.cli:main\n")
        if descriptor is not None:
            archive.writestr("acme-1.0.dist-info/smart-tool.json", descriptor)
        archive.writestr("acme-1.0.dist-info/RECORD", "")
    return path


def test_an_sdist_lends_its_descriptor_and_says_where_it_came_from(tmp_path: Path) -> None:
    read = read_sdist(
        sdist(tmp_path, {"PKG-INFO": PKG_INFO, "smart-tool.json": DESCRIPTOR}), "dist/acme-1.0.tar.gz"
    )
    assert (read.name, read.version) == ("acme", "1.0")
    assert read.repository == "https://github.com/acme/acme"  # the Source URL, not the docs
    assert (
        read.descriptor is not None
        and read.descriptor.shown == "dist/acme-1.0.tar.gz/acme-1.0/smart-tool.json"
    )
    facts = read_wheel(wheel(tmp_path), "w.whl", sdist=read.descriptor)
    assert facts.descriptor is not None and facts.descriptor.cli_argv == ("acme",)
    assert facts.descriptor_place("cli_argv") == ("dist/acme-1.0.tar.gz/acme-1.0/smart-tool.json", 3)
    (note,) = facts.notes
    assert (note.code, note.severity, note.path) == (
        "artifact-descriptor-present",
        Severity.INFO,
        "w.whl/acme-1.0.dist-info/smart-tool.json",
    )
    assert note.message.endswith("using its sdist's, dist/acme-1.0.tar.gz/acme-1.0/smart-tool.json")


def test_the_wheels_own_descriptor_wins_over_the_sdists(tmp_path: Path) -> None:
    other = DescriptorSource("s/smart-tool.json", "sdist", DESCRIPTOR.replace(b'["acme"]', b'["other"]'))
    facts = read_wheel(wheel(tmp_path, DESCRIPTOR), "w.whl", sdist=other)
    assert facts.descriptor is not None and facts.descriptor.cli_argv == ("acme",)
    assert (facts.descriptor_origin, facts.notes) == ("wheel", [])


def test_a_given_descriptor_wins_over_both_and_its_faults_are_said(tmp_path: Path) -> None:
    given = tmp_path / "smart-tool.json"
    given.write_bytes(b'{"manifest": "SMART_TOOL.md", "cli_argv": ["acme"], "extra": 1}')
    facts = read_wheel(wheel(tmp_path, DESCRIPTOR), "w.whl", given=read_given(given))
    assert facts.descriptor_origin == "given" and facts.descriptor_path == given.as_posix()
    assert [(d.code, d.severity.value) for d in facts.notes] == [
        ("artifact-descriptor-present", "info"),
        ("descriptor-shape", "warning"),  # unknown key 'extra'
    ]
    assert facts.notes[0].message.endswith("; the wheel's own is set aside")
    missing = read_given(tmp_path / "nowhere.json")
    assert missing.problem is not None and missing.problem.code == "descriptor-present"


def test_an_archival_file_names_the_commit_and_branch(tmp_path: Path) -> None:
    archival = b"node: " + b"a" * 40 + b"\nnode-date: 2026-01-01\nref-names: HEAD -> main, tag: v1.0\n"
    read = read_sdist(sdist(tmp_path, {"PKG-INFO": PKG_INFO, ".git_archival.txt": archival}), "s")
    assert (read.commit, read.ref, read.descriptor) == ("a" * 40, "main", None)
    unexpanded = b"node: $Format:%H$\nref-names: $Format:%D$\n"
    read = read_sdist(
        sdist(tmp_path, {"PKG-INFO": PKG_INFO, ".git_archival.txt": unexpanded}, "b.tar.gz"), "s"
    )
    assert (read.commit, read.ref) == (None, None)


def test_wheels_pair_with_the_sdist_of_their_release(tmp_path: Path) -> None:
    one = read_sdist(sdist(tmp_path, {"PKG-INFO": PKG_INFO}), "acme-1.0.tar.gz")
    other = one._replace(path=tmp_path / "acme-2.0.tar.gz", version="2.0")
    paired, unpaired = pair(
        [Path("acme-1.0.0-py3-none-any.whl"), Path("zeta-1.0-py3-none-any.whl")], [one, other]
    )
    assert paired == {Path("acme-1.0.0-py3-none-any.whl"): one, Path("zeta-1.0-py3-none-any.whl"): None}
    assert unpaired == [other]  # 1.0 == 1.0.0 (PEP 440); 2.0 is another release


def test_a_file_cli_argv_names_the_installed_file(tmp_path: Path) -> None:
    facts = read_wheel(wheel(tmp_path), "w.whl", given=None)
    assert facts.commands == ["acme", "acme-tool"]  # the console script and the .data script
    assert installed_file(facts, "src/acme/cli.py") == "acme/cli.py"
    assert installed_file(facts, "./acme/cli.py") == "acme/cli.py"
    assert installed_file(facts, "src/acme/missing.py") is None
    assert installed_file(facts, "/abs/acme/cli.py") is None
    facts.descriptor = read_wheel(wheel(tmp_path, DESCRIPTOR, "b-1.0-py3-none-any.whl"), "b").descriptor
    assert facts.descriptor is not None
    facts.descriptor = facts.descriptor._replace(cli_argv=("acme-tool", "--quiet"))
    assert choose_command(facts) == (Command("script", "acme-tool", ("--quiet",)), [])


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["acme-1.0.tar.gz"], "no wheel given"),
        (["a-1.0-py3-none-any.whl", "b-1.0-py3-none-any.whl", "--format", "conformance"], "judges one tool"),
        (["a-1.0-py3-none-any.whl", "--root", "."], "--root goes with --format conformance"),
        (["a-1.0-py3-none-any.whl", "--format", "conformance", "--root", "nowhere"], "no such folder"),
        (["a-1.0-py3-none-any.whl", "b-1.0-py3-none-any.whl", "--descriptor", "x.json"], "give one wheel"),
        (["a-1.0-py3-none-any.whl", "acme-1.0.tar.gz"], "acme-1.0.tar.gz: no wheel of the same release"),
        (["notes.txt"], "not a wheel or an sdist"),
    ],
)
def test_what_smoke_refuses_is_one_line_and_exit_2(tmp_path: Path, args: list[str], words: str) -> None:
    wheel(tmp_path, name="a-1.0-py3-none-any.whl")
    wheel(tmp_path, name="b-1.0-py3-none-any.whl")
    sdist(tmp_path, {"PKG-INFO": PKG_INFO})
    (tmp_path / "notes.txt").write_text("")
    done = run_cli("smoke", *args, cwd=tmp_path)
    assert done.returncode == 2, done
    assert done.stderr.count("\n") == 1 and words in done.stderr and done.stdout == "", done.stderr
