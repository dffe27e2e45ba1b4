"""The library skills of finished wheels and sdists, on archives built in memory: each file
present, listed in RECORD, SKILL.md the source's bytes, at a path library-skills finds; a
build's expectations and ``inspect``'s judgement of any wheel. One test a finding, asserting
code and path. The real builds are in tests/e2e/test_skills_builds.py."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from archive_kit import DIST_INFO, SDIST_TOP, metadata, record_of, write_sdist, write_wheel
from smart_tool.cli import main
from smart_tool_build.archives.amend import Addition
from smart_tool_build.archives.amend_sdist import amend_sdist
from smart_tool_build.archives.amend_wheel import amend_wheel
from smart_tool_build.archives.facts import SourceFacts
from smart_tool_build.archives.skill_checks import SkillFacts
from smart_tool_build.archives.verify import verify
from smart_tool_build.archives.wheel_skills import is_skill_file

SKILL = "lib/.agents/skills/lib-use"
SKILL_MD = b"---\nname: lib-use\ndescription: Use lib well.\n---\n\n# lib\n\nSee [x](references/x.md).\n"
REFERENCE = b"# x\n"
LIB_INFO = "lib-1.0.0.dist-info"


def library_wheel(changes: dict[str, bytes | None] | None = None) -> dict[str, bytes]:
    members: dict[str, bytes] = {
        "lib/__init__.py": b"",
        f"{SKILL}/SKILL.md": SKILL_MD,
        f"{SKILL}/references/x.md": REFERENCE,
        f"{LIB_INFO}/METADATA": metadata("lib"),
        f"{LIB_INFO}/WHEEL": b"Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        f"{LIB_INFO}/RECORD": b"",
    }
    for name, data in (changes or {}).items():
        if data is None:
            del members[name]
        else:
            members[name] = data
    return members


def facts(place: str = SKILL, skill_md: bytes = SKILL_MD) -> SourceFacts:
    skill = SkillFacts("lib-use", place, ("SKILL.md", "references/x.md"), skill_md)
    return SourceFacts(None, None, None, skills=(skill,))


def findings(path: Path, source: SourceFacts | None = None) -> list[tuple[str, str]]:
    report = verify(path, source=source, display="w.whl" if path.suffix == ".whl" else "s.tar.gz")
    return [(d.code, d.path or "") for d in report.diagnostics]


@pytest.mark.parametrize(
    ("member", "found"),
    [
        ("fastapi/.agents/skills/fastapi/SKILL.md", True),
        ("a/b/.agents/skills/x/nested/SKILL.md", True),  # library-skills takes any depth
        (".agents/skills/x/SKILL.md", True),
        ("fastapi/.agents/skills/SKILL.md", False),  # no skill folder
        ("fastapi/agents/skills/x/SKILL.md", False),
        ("fastapi/.agents/skill/x/SKILL.md", False),
        ("fastapi/.agents/skills/x/skill.md", False),
    ],
)
def test_is_skill_file_is_library_skills_record_rule(member: str, found: bool) -> None:
    assert is_skill_file(member) is found


def test_a_built_wheel_with_its_skills_whole_passes(tmp_path: Path) -> None:
    wheel = write_wheel(tmp_path / "lib-1.0.0-py3-none-any.whl", library_wheel())
    assert findings(wheel, facts()) == []
    assert findings(wheel) == []  # inspect: a library's wheel, no smart-tool rule applies


def test_a_skill_file_missing_from_the_wheel(tmp_path: Path) -> None:
    wheel = write_wheel(
        tmp_path / "lib-1.0.0-py3-none-any.whl", library_wheel({f"{SKILL}/references/x.md": None})
    )
    assert findings(wheel, facts()) == [("artifact-skill-present", f"w.whl/{SKILL}/references/x.md")]


def test_a_skill_where_library_skills_does_not_look(tmp_path: Path) -> None:
    place = "lib/skills/lib-use"
    members = library_wheel({f"{SKILL}/SKILL.md": None, f"{SKILL}/references/x.md": None})
    members |= {f"{place}/SKILL.md": SKILL_MD, f"{place}/references/x.md": REFERENCE}
    wheel = write_wheel(tmp_path / "lib-1.0.0-py3-none-any.whl", members)
    assert findings(wheel, facts(place)) == [("artifact-skill-present", f"w.whl/{place}/SKILL.md")]


def test_a_skill_md_that_differs_from_the_source(tmp_path: Path) -> None:
    wheel = write_wheel(tmp_path / "lib-1.0.0-py3-none-any.whl", library_wheel())
    assert findings(wheel, facts(skill_md=SKILL_MD + b"\nmore\n")) == [
        ("artifact-skill-matches-source", f"w.whl/{SKILL}/SKILL.md")
    ]


def _unrecorded(tmp_path: Path, left_out: str) -> Path:
    members = library_wheel()
    listed = {k: v for k, v in members.items() if k != left_out}
    members[f"{LIB_INFO}/RECORD"] = record_of(listed, f"{LIB_INFO}/RECORD")
    return write_wheel(tmp_path / "lib-1.0.0-py3-none-any.whl", members)


@pytest.mark.parametrize("left_out", ["SKILL.md", "references/x.md"])
def test_a_skill_file_missing_from_record(tmp_path: Path, left_out: str) -> None:
    wheel = _unrecorded(tmp_path, f"{SKILL}/{left_out}")
    expected = [("artifact-skill-recorded", f"w.whl/{SKILL}/{left_out}")]
    assert findings(wheel, facts()) == expected
    # inspect judges any wheel the same, and its RECORD check says it too
    assert ("artifact-skill-recorded", f"w.whl/{SKILL}/{left_out}") in findings(wheel)


def test_a_wheel_whose_record_cannot_be_read(tmp_path: Path) -> None:
    wheel = write_wheel(tmp_path / "lib-1.0.0-py3-none-any.whl", library_wheel({f"{LIB_INFO}/RECORD": None}))
    assert findings(wheel, facts()) == [("artifact-skill-recorded", f"w.whl/{LIB_INFO}/RECORD")]


def test_a_smart_tool_wheel_without_skills_never_reads_them(tmp_path: Path) -> None:
    """A build that planned no skills judges none (``skills`` None); a wheel that carries no
    skill and no smart-tool file (a library's, a meta-package's) is judged as what it carries:
    nothing of ours to check; one that carries a SMART_TOOL.md gets the smart-tool rules."""
    wheel = write_wheel(
        tmp_path / "lib-1.0.0-py3-none-any.whl",
        library_wheel({f"{SKILL}/SKILL.md": None, f"{SKILL}/references/x.md": None}),
    )
    assert findings(wheel, SourceFacts(None, None, None)) == []
    assert findings(wheel) == []
    (tmp_path / "tool").mkdir()
    tool = write_wheel(
        tmp_path / "tool" / "lib-1.0.0-py3-none-any.whl",
        library_wheel(
            {f"{SKILL}/SKILL.md": None, f"{SKILL}/references/x.md": None, "lib/SMART_TOOL.md": b"x"}
        ),
    )
    assert ("artifact-descriptor-present", f"w.whl/{LIB_INFO}/smart-tool.json") in findings(tool)
    # a wheel that requires smart-tool-build is a smart tool's (its accessor reads the
    # manifest at run time), though its backend left every smart-tool file out
    (tmp_path / "reads").mkdir()
    requires = metadata("lib") + b"Requires-Dist: Smart_Tool.Build>=0.1\n"
    reads = write_wheel(
        tmp_path / "reads" / "lib-1.0.0-py3-none-any.whl",
        library_wheel(
            {f"{SKILL}/SKILL.md": None, f"{SKILL}/references/x.md": None, f"{LIB_INFO}/METADATA": requires}
        ),
    )
    assert sorted(code for code, _ in findings(reads)) == [
        "artifact-descriptor-present",
        "artifact-manifest-present",
    ]


@pytest.mark.parametrize(
    ("requirement", "a_tool"),
    [
        ("Requires-Dist: smart-tool-build\n", True),
        ("Requires-Dist: Smart_Tool.Build>=0.1; extra == 'cli'\n", True),
        ("Requires-Dist: smart-tool-builder\n", False),
        ("", False),
    ],
)
def test_a_wheel_that_requires_the_accessor_is_judged_as_a_tool(
    tmp_path: Path, requirement: str, a_tool: bool
) -> None:
    """A tool whose backend left both of its files out (uv_build's ``wheel-exclude``) still
    requires smart-tool-build for its accessor: its wheel is a smart tool's, lacking them."""
    wheel = write_wheel(
        tmp_path / "lib-1.0.0-py3-none-any.whl",
        library_wheel(
            {
                f"{SKILL}/SKILL.md": None,
                f"{SKILL}/references/x.md": None,
                f"{LIB_INFO}/METADATA": metadata("lib") + requirement.encode(),
            }
        ),
    )
    lacking = ("artifact-descriptor-present", f"w.whl/{LIB_INFO}/smart-tool.json") in findings(wheel)
    assert lacking is a_tool


def test_inspect_passes_a_library_sdist_with_root_skills(tmp_path: Path) -> None:
    """The plugin's own sdist of a library whose skills live in a root skills/ folder (no
    ``.agents`` path anywhere), and a meta-package's sdist: no smart-tool file, no
    ``descriptor-present``."""
    members = {
        "PKG-INFO": metadata("lib"),
        "pyproject.toml": b'[project]\nname = "lib"\nversion = "1.0.0"\n\n'
        b'[tool.smart-tool]\nskills = ["skills"]\n',
        "skills/lib-use/SKILL.md": SKILL_MD,
        "src/lib/__init__.py": b"",
    }
    sdist = write_sdist(tmp_path / "lib-1.0.0.tar.gz", {f"{SDIST_TOP}/{k}": v for k, v in members.items()})
    assert findings(sdist) == []
    (tmp_path / "tool").mkdir()
    members["src/lib/SMART_TOOL.md"] = b"x"
    tool = write_sdist(
        tmp_path / "tool" / "lib-1.0.0.tar.gz", {f"{SDIST_TOP}/{k}": v for k, v in members.items()}
    )
    assert ("descriptor-present", f"s.tar.gz/{SDIST_TOP}/smart-tool.json") in findings(tool)


def test_the_sdist_carries_every_skill_file_at_its_source_path(tmp_path: Path) -> None:
    place = "src/lib/.agents/skills/lib-use"
    members = {
        "PKG-INFO": metadata("lib"),
        "pyproject.toml": b'[project]\nname = "lib"\nversion = "1.0.0"\n',
        f"{place}/SKILL.md": SKILL_MD,
    }
    sdist = write_sdist(tmp_path / "lib-1.0.0.tar.gz", {f"{SDIST_TOP}/{k}": v for k, v in members.items()})
    source = facts(place)
    assert findings(sdist, source) == [
        ("artifact-skill-present", f"s.tar.gz/{SDIST_TOP}/{place}/references/x.md")
    ]
    assert findings(sdist) == []  # inspect: a library's sdist, no smart-tool.json asked for


def test_inspect_reports_a_library_wheel_built_elsewhere(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wheel = _unrecorded(tmp_path, f"{SKILL}/SKILL.md")
    assert main(["inspect", str(wheel)]) == 1
    out = capsys.readouterr().out
    assert f"{SKILL}/SKILL.md: artifact-skill-recorded:" in out
    (tmp_path / "good").mkdir()
    good = write_wheel(tmp_path / "good" / "lib-1.0.0-py3-none-any.whl", library_wheel())
    assert main(["inspect", str(good)]) == 0


def test_amending_keeps_a_script_executable(tmp_path: Path) -> None:
    """The wrapper adds a skill's files to a finished archive: an executable source stays so."""
    script = tmp_path / "run.sh"
    script.write_bytes(b"#!/bin/sh\necho hi\n")
    script.chmod(0o755)
    plain = tmp_path / "x.md"
    plain.write_bytes(b"# x\n")
    wheel = write_wheel(tmp_path / "lib-1.0.0-py3-none-any.whl", library_wheel())
    out = tmp_path / "out.whl"
    amend_wheel(wheel, out, [Addition(f"{SKILL}/scripts/run.sh", script), Addition(f"{SKILL}/y.md", plain)])
    with zipfile.ZipFile(out) as handle:
        assert handle.getinfo(f"{SKILL}/scripts/run.sh").external_attr >> 16 == 0o100755
        assert handle.getinfo(f"{SKILL}/y.md").external_attr >> 16 == 0o100644
    assert findings(out, facts()) == []  # RECORD rewritten: the new members are listed
    sdist = write_sdist(tmp_path / "lib-1.0.0.tar.gz", {f"{SDIST_TOP}/PKG-INFO": metadata("lib")})
    amended = tmp_path / "amended.tar.gz"
    amend_sdist(
        sdist, amended, [Addition(f"{SDIST_TOP}/run.sh", script), Addition(f"{SDIST_TOP}/x.md", plain)]
    )
    import tarfile

    with tarfile.open(amended) as handle:
        assert handle.getmember(f"{SDIST_TOP}/run.sh").mode == 0o755
        assert handle.getmember(f"{SDIST_TOP}/x.md").mode == 0o644


def test_a_tool_wheel_with_skills_is_judged_as_both(tmp_path: Path) -> None:
    """A smart tool that also ships skills: its own rules, and its skills' (here: one not in RECORD)."""
    from archive_kit import wheel_members

    skill_md = "demo_tool/.agents/skills/lib-use/SKILL.md"
    members = wheel_members({skill_md: SKILL_MD, f"{DIST_INFO}/smart-tool.json": None})
    listed = {k: v for k, v in members.items() if k != skill_md}
    members[f"{DIST_INFO}/RECORD"] = record_of(listed, f"{DIST_INFO}/RECORD")
    wheel = write_wheel(tmp_path / "demo_tool-1.0.0-py3-none-any.whl", members)
    assert findings(wheel) == [
        ("artifact-descriptor-present", f"w.whl/{DIST_INFO}/smart-tool.json"),
        ("artifact-skill-recorded", f"w.whl/{skill_md}"),
    ]


def test_inspect_judges_a_skill_md_the_wheel_carries(tmp_path: Path) -> None:
    """A wheel built without us may carry an invalid skill, which library-skills skips with a
    warning on the user's machine: ``inspect`` says so, with the line."""
    bad = SKILL_MD.replace(b"name: lib-use", b"name: lib-usage")
    wheel = write_wheel(tmp_path / "lib-1.0.0-py3-none-any.whl", library_wheel({f"{SKILL}/SKILL.md": bad}))
    report = verify(wheel, display="w.whl")
    assert [(d.code, d.path, d.line) for d in report.diagnostics] == [
        ("skill-name-matches-directory", f"w.whl/{SKILL}/SKILL.md", 2)
    ]
    (tmp_path / "binary").mkdir()
    binary = tmp_path / "binary" / "lib-1.0.0-py3-none-any.whl"
    write_wheel(binary, library_wheel({f"{SKILL}/SKILL.md": b"\x00\x01"}))
    assert findings(binary) == [("skill-frontmatter-parses", f"w.whl/{SKILL}/SKILL.md")]
    # a build's own skills were judged in its source tree: the archive check does not repeat it
    assert findings(wheel, facts(skill_md=bad)) == []


def test_a_skill_the_wheel_carries_twice_fails_naming_both_paths(tmp_path: Path) -> None:
    """logfire-sdk's wheel: a force-include copies the package, skills and all, to a second
    path. library-skills' RECORD rule finds both and its installer skips the name, so the
    build (which planned the first) and ``inspect`` fail on it, naming both folders."""
    copy = "_sdk/lib/.agents/skills/lib-use"
    changes: dict[str, bytes | None] = {f"{copy}/SKILL.md": SKILL_MD, f"{copy}/references/x.md": REFERENCE}
    members = library_wheel(changes)
    members[f"{LIB_INFO}/RECORD"] = record_of(members, f"{LIB_INFO}/RECORD")
    wheel = write_wheel(tmp_path / "lib-1.0.0-py3-none-any.whl", members)
    expected = [("skill-unique", f"w.whl/{SKILL}/SKILL.md")]
    assert findings(wheel, facts()) == expected
    assert findings(wheel) == expected
    report = verify(wheel, display="w.whl")
    assert f"at {copy}/ and {SKILL}/" in report.diagnostics[0].message


def test_a_build_judges_a_skill_its_backend_put_in_besides_its_own(tmp_path: Path) -> None:
    """A skill the backend's own settings place in the wheel (not one the build planned) is
    one the user gets: judged as ``inspect`` judges it."""
    bad = SKILL_MD.replace(b"name: lib-use", b"name: other").replace(b"lib-use", b"other")
    changes: dict[str, bytes | None] = {
        "lib/.agents/skills/other/SKILL.md": bad.replace(b"name: other", b"name: Other")
    }
    members = library_wheel(changes)
    members[f"{LIB_INFO}/RECORD"] = record_of(members, f"{LIB_INFO}/RECORD")
    wheel = write_wheel(tmp_path / "lib-1.0.0-py3-none-any.whl", members)
    assert findings(wheel, facts()) == [("skill-name-format", "w.whl/lib/.agents/skills/other/SKILL.md")]


def test_inspect_warns_of_a_plain_file_in_a_skills_folder(tmp_path: Path) -> None:
    """As ``check`` warns of it in the source: a README right in .agents/skills/ is no skill."""
    members = library_wheel(
        {"lib/.agents/skills/README.md": b"# skills\n", "lib/.agents/skills/.gitkeep": b""}
    )
    members[f"{LIB_INFO}/RECORD"] = record_of(members, f"{LIB_INFO}/RECORD")
    wheel = write_wheel(tmp_path / "lib-1.0.0-py3-none-any.whl", members)
    report = verify(wheel, display="w.whl")
    assert [(d.code, d.severity.value, d.path) for d in report.diagnostics] == [
        ("skill-folder", "warning", "w.whl/lib/.agents/skills/README.md")
    ]
    assert not report.failed()
