"""Finding library skills: both layouts, their places in wheel and sdist, and every kind of
bad input as one coded line (a FIFO, a file, a symlink out of the root, names that are not
UTF-8 or hold a newline), fast on a thousand skills."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from smart_tool_build.project.config import Options
from smart_tool_build.project.packages import package_folders
from smart_tool_build.project.skills import SkillSource, find_skills, skill_files

NEEDS_FIFO = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
SKILL = "---\nname: {name}\ndescription: Does {name}.\n---\n# {name}\n"


def skill(folder: Path, name: str) -> Path:
    path = folder / name
    path.mkdir(parents=True)
    (path / "SKILL.md").write_text(SKILL.format(name=name), encoding="utf-8")
    return path


def package(root: Path, relative: str) -> Path:
    folder = root / relative
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text("", encoding="utf-8")
    return folder


def test_src_layout_skills_keep_their_import_path(tmp_path: Path) -> None:
    pkg = package(tmp_path, "src/acme")
    skill(pkg / ".agents/skills", "acme-usage")
    (tmp_path / "tests").mkdir()
    skills, problems = find_skills(tmp_path, Options())
    assert problems == []
    assert skills == [
        SkillSource(
            "acme-usage",
            "src/acme/.agents/skills/acme-usage",
            "acme/.agents/skills/acme-usage",
            "src/acme/.agents/skills/acme-usage",
        )
    ]


def test_flat_layout_leaves_tests_and_plain_folders_out(tmp_path: Path) -> None:
    package(tmp_path, "acme")
    package(tmp_path, "tests")
    (tmp_path / "data").mkdir()
    assert package_folders(tmp_path) == ["acme"]
    skill(tmp_path / "acme/.agents/skills", "one")
    skills, problems = find_skills(tmp_path, Options())
    assert [s.wheel_path for s in skills] == ["acme/.agents/skills/one"] and problems == []


def test_a_project_without_skills_finds_none(tmp_path: Path) -> None:
    package(tmp_path, "src/acme")
    assert find_skills(tmp_path, Options()) == ([], [])


def test_option_folders_go_into_the_one_package(tmp_path: Path) -> None:
    package(tmp_path, "src/acme")
    skill(tmp_path / "skills", "b-skill")
    skill(tmp_path / "skills", "a-skill")
    skills, problems = find_skills(tmp_path, Options(skills=("skills/",)))
    assert problems == []
    assert [(s.name, s.source, s.wheel_path, s.sdist_path) for s in skills] == [
        ("a-skill", "skills/a-skill", "acme/.agents/skills/a-skill", "skills/a-skill"),
        ("b-skill", "skills/b-skill", "acme/.agents/skills/b-skill", "skills/b-skill"),
    ]


TEXT = '[project]\nname = "acme"\n\n[tool.smart-tool]\nskills = ["skills"]\n'


def test_several_packages_need_skills_package(tmp_path: Path) -> None:
    package(tmp_path, "src/acme")
    package(tmp_path, "src/other")
    skill(tmp_path / "skills", "one")
    skills, problems = find_skills(tmp_path, Options(skills=("skills",)), text=TEXT)
    assert [(d.code, d.path, d.line) for d in problems] == [("skills-package-known", "pyproject.toml", 5)]
    assert "several top-level packages: acme, other;" in problems[0].message
    assert [s.wheel_path for s in skills] == [None]
    skills, problems = find_skills(tmp_path, Options(skills=("skills",), skills_package="other"))
    assert problems == [] and [s.wheel_path for s in skills] == ["other/.agents/skills/one"]
    skills, problems = find_skills(tmp_path, Options(skills=("skills",), skills_package="nope"), prefix="p/")
    assert [(d.code, d.path) for d in problems] == [("skills-package-known", "p/pyproject.toml")]
    assert "'nope'" in problems[0].message


@pytest.mark.parametrize(
    ("named", "says"),
    [
        ("missing", "does not exist"),
        ("../out", "escapes the distribution root"),
        (".", "is the root itself"),
        ("file.txt", "is a file, not a folder"),
    ],
)
def test_option_folder_problems(tmp_path: Path, named: str, says: str) -> None:
    package(tmp_path, "acme")
    (tmp_path / "file.txt").write_text("x", encoding="utf-8")
    skills, problems = find_skills(tmp_path, Options(skills=(named,)), text=TEXT)
    assert skills == []
    assert [(d.code, d.path, d.line) for d in problems] == [("skills-source-present", "pyproject.toml", 5)]
    assert says in problems[0].message


def test_option_folder_symlink_out_of_the_root(tmp_path: Path) -> None:
    root, outside = tmp_path / "root", tmp_path / "outside"
    package(root, "acme")
    skill(outside, "one")
    (root / "skills").symlink_to(outside)
    skills, problems = find_skills(root, Options(skills=("skills",)))
    assert skills == [] and [d.code for d in problems] == ["skills-source-present"]


@NEEDS_FIFO
def test_bad_entries_each_get_one_line(tmp_path: Path) -> None:
    pkg = package(tmp_path, "src/acme")
    folder = pkg / ".agents/skills"
    skill(folder, "good")
    (folder / "empty").mkdir()
    (folder / "README.md").write_text("notes", encoding="utf-8")
    (folder / ".gitkeep").write_text("", encoding="utf-8")
    os.mkfifo(folder / "pipe")
    outside = skill(tmp_path.parent / f"{tmp_path.name}-out", "away")
    (folder / "away").symlink_to(outside)
    (folder / "dangling").symlink_to(tmp_path / "nothing-here")
    skills, problems = find_skills(tmp_path, Options())
    assert [s.name for s in skills] == ["good"]
    base = "src/acme/.agents/skills"
    assert sorted((d.code, d.path, d.severity.value) for d in problems) == [
        ("skill-folder", f"{base}/README.md", "warning"),
        ("skill-folder", f"{base}/dangling", "error"),  # the backends fail on it
        ("skill-folder", f"{base}/pipe", "error"),
        ("skill-inside-root", f"{base}/away", "error"),
        ("skill-md-present", f"{base}/empty/SKILL.md", "error"),
    ]


def test_skills_folder_that_is_a_file(tmp_path: Path) -> None:
    pkg = package(tmp_path, "acme")
    (pkg / ".agents").mkdir()
    (pkg / ".agents/skills").write_text("", encoding="utf-8")
    skills, problems = find_skills(tmp_path, Options())
    assert skills == [] and [(d.code, d.path) for d in problems] == [("skill-folder", "acme/.agents/skills")]


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS refuses names that are not UTF-8")
def test_names_that_are_not_utf8_or_hold_a_newline(tmp_path: Path) -> None:
    pkg = package(tmp_path, "acme")
    folder = pkg / ".agents/skills"
    folder.mkdir(parents=True)
    os.mkdir(os.fsencode(folder) + b"/bad-\xff")
    (folder / "two\nlines").mkdir()
    skills, problems = find_skills(tmp_path, Options())
    assert skills == []
    assert [(d.code, d.path) for d in problems] == [("skill-folder", "acme/.agents/skills")] * 2
    for problem in problems:
        assert "\n" not in str(problem)
    assert "not UTF-8: bad-\\xff" in problems[0].message
    assert "control characters" in problems[1].message


def test_a_thousand_skills_are_found_fast(tmp_path: Path) -> None:
    folder = package(tmp_path, "acme") / ".agents/skills"
    for index in range(1000):
        skill(folder, f"skill-{index:04d}")
    started = time.perf_counter()
    skills, problems = find_skills(tmp_path, Options())
    elapsed = time.perf_counter() - started
    assert len(skills) == 1000 and problems == []
    assert elapsed < 2.0  # a bound against a quadratic walk, not a benchmark


@NEEDS_FIFO
def test_skill_files_refuse_what_cannot_ship(tmp_path: Path) -> None:
    folder = package(tmp_path, "acme") / ".agents/skills"
    path = skill(folder, "one")
    (path / "references").mkdir()
    (path / "references/api.md").write_text("api", encoding="utf-8")
    (path / "scripts").mkdir()
    (path / "scripts/run.sh").write_text("#!/bin/sh\n", encoding="utf-8")
    (path / "loop").symlink_to(path)  # a loop inside the root: not walked twice
    secret = tmp_path.parent / f"{tmp_path.name}-secret.txt"
    secret.write_text("secret", encoding="utf-8")
    (path / "leak.txt").symlink_to(secret)
    os.mkfifo(path / "fifo")
    (path / "references/gone.md").symlink_to("nothing.md")  # dangling: the build would fail
    (path / "ping").symlink_to("pong")  # a loop of links
    (path / "pong").symlink_to("ping")
    skills, _ = find_skills(tmp_path, Options())
    files, problems = skill_files(tmp_path, skills[0])
    assert files == ["SKILL.md", "references/api.md", "scripts/run.sh"]
    base = "acme/.agents/skills/one"
    assert sorted((d.code, d.path) for d in problems) == [
        ("skill-folder", f"{base}/fifo"),
        ("skill-folder", f"{base}/ping"),
        ("skill-folder", f"{base}/pong"),
        ("skill-folder", f"{base}/references/gone.md"),
        ("skill-inside-root", f"{base}/leak.txt"),
    ]


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS refuses names that are not UTF-8")
def test_a_file_name_no_wheel_can_carry_is_said_at_its_folder(tmp_path: Path) -> None:
    """A finding's path is one that exists (SARIF and annotations point at it): a file whose
    name is not UTF-8 or holds a newline is said at the folder holding it, the name escaped
    in the message."""
    folder = package(tmp_path, "acme") / ".agents/skills"
    path = skill(folder, "one")
    (path / "references").mkdir()
    (Path(os.fsdecode(os.fsencode(path / "references") + b"/caf\xff.md"))).write_text("x", encoding="utf-8")
    (path / "two\nlines.md").write_text("x", encoding="utf-8")
    skills, _ = find_skills(tmp_path, Options())
    files, problems = skill_files(tmp_path, skills[0])
    assert files == ["SKILL.md"]
    base = "acme/.agents/skills/one"
    found = sorted((d.code, d.path, d.message) for d in problems)
    assert found == [
        (
            "skill-folder",
            base,
            "a file name holds control characters, such as a newline or a tab; "
            "no wheel can carry it: two\\nlines.md",
        ),
        (
            "skill-folder",
            f"{base}/references",
            "a file name is not UTF-8; no wheel can carry it: caf\\xff.md",
        ),
    ]
    assert all(os.path.isdir(tmp_path / d.path) for d in problems if d.path)


@pytest.mark.parametrize(
    ("tool", "expected"),
    [
        ({"hatch": {"build": {"targets": {"wheel": {"packages": ["lib/acme"]}}}}}, ["lib/acme"]),
        ({"setuptools": {"package-dir": {"": "lib"}}}, ["lib/acme", "lib/other"]),
        ({"uv": {"build-backend": {"module-root": "lib"}}}, ["lib/acme", "lib/other"]),
        ({"uv": {"build-backend": {"module-root": ""}}}, ["top"]),
        ({}, ["top"]),  # no src/: the flat layout
    ],
)
def test_the_backends_table_says_where_the_packages_are(
    tmp_path: Path, tool: dict, expected: list[str]
) -> None:
    package(tmp_path, "lib/acme")
    (tmp_path / "lib/other").mkdir()  # a namespace package under a package root
    package(tmp_path, "top")
    assert package_folders(tmp_path, tool) == expected
    skill(tmp_path / expected[0] / ".agents/skills", "one")
    skills, problems = find_skills(tmp_path, Options(), tool=tool)
    name = expected[0].rsplit("/", 1)[-1]
    assert [s.wheel_path for s in skills] == [f"{name}/.agents/skills/one"] and problems == []


def test_two_packages_with_one_skill_name(tmp_path: Path) -> None:
    from smart_tool_build.rules.skills import unique_rule

    for name in ("acme", "other"):
        skill(package(tmp_path, f"src/{name}") / ".agents/skills", "shared")
    skills, _ = find_skills(tmp_path, Options())
    problems = unique_rule(skills)
    assert [(d.code, d.path) for d in problems] == [("skill-unique", "src/other/.agents/skills/shared")]
    assert "shares its name 'shared' with src/acme/.agents/skills/shared/" in problems[0].message


def test_a_missing_skill_md_is_anchored_on_a_file_that_exists(tmp_path: Path) -> None:
    folder = package(tmp_path, "acme") / ".agents/skills"
    (folder / "draft/references").mkdir(parents=True)
    (folder / "draft/references/api.md").write_text("api", encoding="utf-8")
    (folder / "draft/notes.md").write_text("notes", encoding="utf-8")
    (folder / "empty").mkdir()
    _, problems = find_skills(tmp_path, Options())
    assert [(d.path, d.anchor) for d in problems] == [
        ("acme/.agents/skills/draft/SKILL.md", "acme/.agents/skills/draft/notes.md"),
        ("acme/.agents/skills/empty/SKILL.md", "pyproject.toml"),
    ]


def test_a_packages_own_skills_folder_named_again_is_found_once(tmp_path: Path) -> None:
    skill(package(tmp_path, "src/acme") / ".agents/skills", "one")
    skills, problems = find_skills(tmp_path, Options(skills=("src/acme/.agents/skills",)))
    assert [s.source for s in skills] == ["src/acme/.agents/skills/one"] and problems == []


FORCED = {"hatch": {"build": {"targets": {"wheel": {"packages": ["ado"], "force-include": {}}}}}}


@pytest.mark.parametrize(
    ("source", "target"),
    [
        (".agents/skills", "ado/.agents/skills"),  # ado-core's own
        (".agents", "ado/.agents"),
        ("", "ado"),  # a folder holding .agents/skills
        ("skills", "ado/.agents/skills"),  # a folder of any name mapped to a skills folder
    ],
)
def test_skills_the_backends_force_include_places(tmp_path: Path, source: str, target: str) -> None:
    """ado-core: root .agents/skills force-included into the package. Found with the hook
    table alone, at the place the backend puts them, marked as placed (the plugin adds nothing)."""
    package(tmp_path, "ado")
    folder = "skills" if source == "skills" else ".agents/skills"
    skill(tmp_path / folder, "ado-core")
    tool = {
        "hatch": {
            "build": {"targets": {"wheel": {"packages": ["ado"], "force-include": {source or ".": target}}}}
        }
    }
    skills, problems = find_skills(tmp_path, Options(), tool=tool)
    assert problems == []
    assert skills == [
        SkillSource(
            "ado-core", f"{folder}/ado-core", "ado/.agents/skills/ado-core", f"{folder}/ado-core", True
        )
    ]
    # named again by the option: found once, where the backend places it
    again, problems = find_skills(tmp_path, Options(skills=(folder,)), tool=tool)
    assert again == skills and problems == []


def test_a_package_the_force_include_copies_ships_its_skills_twice(tmp_path: Path) -> None:
    """logfire-sdk: the package is force-included at a second path, skills and all: the
    source check says the skill ships twice, naming both places."""
    from smart_tool_build.rules.skills import unique_rule

    skill(package(tmp_path, "sdk") / ".agents/skills", "sdk-traces")
    tool = {
        "hatch": {
            "build": {"targets": {"wheel": {"packages": ["sdk"], "force-include": {"sdk": "_sdk/sdk"}}}}
        }
    }
    skills, problems = find_skills(tmp_path, Options(), tool=tool)
    assert problems == []
    assert [(s.wheel_path, s.placed) for s in skills] == [
        ("sdk/.agents/skills/sdk-traces", False),
        ("_sdk/sdk/.agents/skills/sdk-traces", True),
    ]
    [line] = unique_rule(skills)
    assert (line.code, line.path) == ("skill-unique", "sdk/.agents/skills/sdk-traces")
    assert "at sdk/.agents/skills/sdk-traces/ and _sdk/sdk/.agents/skills/sdk-traces/" in line.message


@pytest.mark.parametrize(
    ("tool", "place"),
    [
        (
            {
                "hatch": {
                    "build": {
                        "targets": {"wheel": {"packages": ["lib/impl"], "sources": {"lib/impl": "ado"}}}
                    }
                }
            },
            "ado",
        ),
        (
            {"hatch": {"build": {"targets": {"wheel": {"packages": ["lib/impl"], "sources": ["lib"]}}}}},
            "impl",
        ),
        ({"setuptools": {"package-dir": {"ado": "lib/impl"}}}, "ado"),
    ],
)
def test_the_backends_own_mapping_says_where_a_packages_skills_go(
    tmp_path: Path, tool: dict, place: str
) -> None:
    skill(package(tmp_path, "lib/impl") / ".agents/skills", "one")
    skills, problems = find_skills(tmp_path, Options(), tool=tool)
    assert [s.wheel_path for s in skills] == [f"{place}/.agents/skills/one"] and problems == []


def test_a_symlinked_agents_folder_out_of_the_root_is_refused(tmp_path: Path) -> None:
    """``<package>/.agents`` a symlink out of the project: refused as a symlinked skill is."""
    outside = tmp_path / "outside"
    skill(outside / "skills", "leak")
    root = tmp_path / "root"
    pkg = package(root, "acme")
    (pkg / ".agents").symlink_to(outside)
    skills, problems = find_skills(root, Options())
    assert skills == []
    assert [(d.code, d.path) for d in problems] == [("skill-inside-root", "acme/.agents/skills")]


def test_one_skills_folder_named_twice_is_found_once(tmp_path: Path) -> None:
    """``skills = ["skills", "skills/", "./skills"]``: one folder, no false collision."""
    from smart_tool_build.rules.skills import unique_rule

    package(tmp_path, "src/acme")
    skill(tmp_path / "skills", "one")
    skills, problems = find_skills(tmp_path, Options(skills=("skills", "skills/", "./skills")))
    assert [s.source for s in skills] == ["skills/one"] and problems == []
    assert unique_rule(skills) == []


def test_a_skill_file_past_the_path_length_limit_is_one_line(tmp_path: Path) -> None:
    """Folders nested past the system's path limit (PATH_MAX): what cannot be read is named,
    never left out silently."""
    folder = package(tmp_path, "acme") / ".agents/skills"
    path = skill(folder, "deep")
    descriptor = os.open(path, os.O_RDONLY)
    try:
        for _ in range(20):  # 20 folders of 250 bytes: past 4096 bytes, made one level at a time
            os.mkdir("d" * 250, dir_fd=descriptor)
            inner = os.open("d" * 250, os.O_RDONLY, dir_fd=descriptor)
            os.close(descriptor)
            descriptor = inner
        made = os.open("notes.md", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=descriptor)
        os.close(made)
    finally:
        os.close(descriptor)
    skills, _ = find_skills(tmp_path, Options())
    files, problems = skill_files(tmp_path, skills[0])
    assert files == ["SKILL.md"]
    assert [d.code for d in problems] == ["skill-folder"]
    assert "cannot be read" in problems[0].message
    assert problems[0].path is not None and problems[0].path.startswith(
        "acme/.agents/skills/deep/" + "d" * 250
    )


def test_a_force_include_of_the_package_at_its_own_place_is_one_skill(tmp_path: Path) -> None:
    """``"src/acme" = "acme"``: hatchling places the package, skills and all, where the
    convention puts them; one skill, placed by the backend (no false collision, and the
    plugin adds no second copy)."""
    from smart_tool_build.rules.skills import unique_rule

    skill(package(tmp_path, "src/acme") / ".agents/skills", "acme-usage")
    tool = {"hatch": {"build": {"targets": {"wheel": {"force-include": {"src/acme": "acme"}}}}}}
    skills, problems = find_skills(tmp_path, Options(), tool=tool)
    assert problems == [] and unique_rule(skills) == []
    assert [(s.source, s.wheel_path, s.placed) for s in skills] == [
        ("src/acme/.agents/skills/acme-usage", "acme/.agents/skills/acme-usage", True)
    ]
