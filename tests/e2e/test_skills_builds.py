"""Library skills, real builds: every skill shipped whole, on every backend, and found by
library-skills' own scanner.

A library (``fixtures/skills/library``: two skills in ``src/skilled_lib/.agents/skills/``, one
with ``references/x.md`` and an executable ``scripts/run.sh``) is built with ``python -m
build`` (the sdist, then the wheel from the unpacked sdist) by the setuptools plugin, the
hatchling hook (with and without ``.agents/`` in ``.gitignore``, which alone drops the skills
from hatchling's archives) and the wrapper over flit_core, uv_build, pdm-backend and
poetry-core; a library whose skill lives in a repository-root ``skills/`` folder
(``fixtures/skills/root-skills``, ``[tool.smart-tool] skills = ["skills"]``) by the hatchling
hook and the wrapper over uv_build, so its wheel, built from the sdist, has it too. Each
wheel is installed into a fresh environment and scanned by
``library_skills.scanner.scan_python_distributions``, which must find every skill and warn
of nothing. An invalid skill stops the build with the same line on all three adapters.
Each project is built once per module; every test reads those builds.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path
from typing import NamedTuple

import pytest
from buildkit import EXAMPLES, FIXTURES, Build, Builder, build_system
from smartkit import cli_env, smart_tool

from support import interruptible, judge

#: library-skills (tox.ini deps) scans the installs; missing in CI, the run fails
scanner = judge("library_skills.scanner")

LIBRARY = FIXTURES / "skills" / "library"
ROOT_SKILLS = FIXTURES / "skills" / "root-skills"
SKILLS = "src/skilled_lib/.agents/skills"
#: every file of the library's skills, relative to its package's .agents/skills/
LIBRARY_FILES = (
    "skilled-lib/SKILL.md",
    "skilled-lib/references/x.md",
    "skilled-lib/scripts/run.sh",
    "skilled-lib-debug/SKILL.md",
)
ROOT_FILES = ("rooted-lib/SKILL.md", "rooted-lib/references/api.md")
EXECUTABLE = "skilled-lib/scripts/run.sh"


def _backend(family: str) -> str:
    """The ``[build-system]`` and backend tables of a project built by ``family``."""
    tables = {
        # what public projects write, and what never matches a hidden folder
        "setuptools": '[tool.setuptools.package-data]\n"*" = ["**/*.md"]\n',
        "poetry-core": '[tool.poetry]\npackages = [{ include = "PACKAGE", from = "src" }]\n',
    }
    return f"{build_system(family)}\n{tables.get(family, '')}"


class Case(NamedTuple):
    source: Path
    family: str
    gitignored: bool = False

    @property
    def package(self) -> str:
        return "skilled_lib" if self.source == LIBRARY else "rooted_lib"

    @property
    def files(self) -> tuple[str, ...]:
        return LIBRARY_FILES if self.source == LIBRARY else ROOT_FILES

    @property
    def sdist_skills(self) -> str:
        return SKILLS if self.source == LIBRARY else "skills"


CASES = {
    "setuptools": Case(LIBRARY, "setuptools"),
    "hatchling": Case(LIBRARY, "hatchling"),
    "hatchling-gitignored": Case(LIBRARY, "hatchling", gitignored=True),
    "flit-core": Case(LIBRARY, "flit-core"),
    "uv-build": Case(LIBRARY, "uv-build"),
    "pdm-backend": Case(LIBRARY, "pdm-backend"),
    "poetry-core": Case(LIBRARY, "poetry-core"),
    "root-skills-hatchling": Case(ROOT_SKILLS, "hatchling"),
    "root-skills-uv-build": Case(ROOT_SKILLS, "uv-build"),
}


def project(builder: Builder, case: Case, name: str) -> Path:
    """A copy of the case's fixture with its backend's tables in pyproject.toml."""
    root = builder.copy(case.source, name)
    pyproject = root / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8")
    kept = text[text.index("[project]") :].replace("\n[tool.hatch.build.hooks.smart-tool]\n", "")
    if case.family != "hatchling":
        kept = kept.replace('[tool.hatch.build.targets.wheel]\npackages = ["src/skilled_lib"]\n\n', "")
        kept = kept.replace('[tool.hatch.build.targets.wheel]\npackages = ["src/rooted_lib"]\n\n', "")
    pyproject.write_text(
        _backend(case.family).replace("PACKAGE", case.package) + "\n" + kept, encoding="utf-8"
    )
    if case.gitignored:  # where library-skills links skills into the project's own .agents/
        (root / ".gitignore").write_text(".agents/\n", encoding="utf-8")
    return root


_BUILDS: dict[str, Build] = {}


def built(builder: Builder, key: str) -> Build:
    if key not in _BUILDS:
        build = builder.build(project(builder, CASES[key], f"skills-{key}"))
        assert build.ok, build.output
        assert "Traceback" not in build.output
        _BUILDS[key] = build
    return _BUILDS[key]


def artifact(build: Build, suffix: str) -> Path:
    [found] = [p for p in build.artifacts if p.name.endswith(suffix)]
    return found


@pytest.mark.parametrize("key", sorted(CASES))
def test_both_archives_carry_every_skill_file_with_its_mode(builder: Builder, key: str) -> None:
    case, build = CASES[key], built(builder, key)
    with zipfile.ZipFile(artifact(build, ".whl")) as wheel:
        for name in case.files:
            member = f"{case.package}/.agents/skills/{name}"
            source = build.project / case.sdist_skills / name
            assert wheel.read(member) == source.read_bytes(), member
            mode = (wheel.getinfo(member).external_attr >> 16) & 0o777
            assert bool(mode & 0o100) == (name == EXECUTABLE), (member, oct(mode))
    with tarfile.open(artifact(build, ".tar.gz")) as sdist:
        top = sdist.getnames()[0].split("/", 1)[0]
        for name in case.files:
            info = sdist.getmember(f"{top}/{case.sdist_skills}/{name}")
            assert bool(info.mode & 0o100) == (name == EXECUTABLE), (info.name, oct(info.mode))


def test_the_build_names_the_skills_it_added_against_gitignore(builder: Builder) -> None:
    """Hatchling alone would drop them silently; the build says it added them anyway."""
    output = built(builder, "hatchling-gitignored").output
    folders = f"{SKILLS}/skilled-lib/, {SKILLS}/skilled-lib-debug/"
    assert (
        f"smart-tool: {folders}: left out by the sdist target's exclude settings (exclude, .gitignore); "
        "added to the sdist anyway, since library skills ship whole"
    ) in output, output
    assert "left out by" not in built(builder, "hatchling").output


def test_setuptools_names_the_skills_its_package_data_left_out(builder: Builder) -> None:
    """setuptools' package-data never matches a hidden folder: the wheel build says it added
    the skills anyway, as docs/skills.md promises."""
    output = built(builder, "setuptools").output
    folders = f"{SKILLS}/skilled-lib/, {SKILLS}/skilled-lib-debug/"
    assert (
        f"smart-tool: {folders}: left out by package-data (its globs never match a hidden folder such "
        "as .agents); added to the wheel anyway, since library skills ship whole"
    ) in output, output


def test_the_wrapper_names_the_skills_it_put_in(builder: Builder) -> None:
    """uv_build ships no root skills/ folder: the wrapper adds each skill, and says so by folder."""
    output = built(builder, "root-skills-uv-build").output
    assert "put in the library skills it lacked: rooted_lib-0.3.0/skills/rooted-lib/\n" in output, output
    assert "put in the library skills it lacked: rooted_lib/.agents/skills/rooted-lib/\n" in output, output
    assert "put in what it must carry" not in output, output


@pytest.mark.parametrize("key", ["flit-core", "uv-build", "pdm-backend", "poetry-core"])
def test_the_wrapper_adds_nothing_a_backend_ships_itself(builder: Builder, key: str) -> None:
    """These backends ship a package's .agents/ as they find it: the wrapper only adds, so it
    puts nothing in (and the archives' skill files are the backend's own, checked above)."""
    output = built(builder, key).output
    assert "put in" not in output, output


class Found(NamedTuple):
    skills: list[tuple[str, str, str]]
    warnings: list[str]


def scan(builder: Builder, wheel: Path, name: str) -> Found:
    """``wheel`` installed into a fresh environment (pip writes its RECORD), then scanned by
    library-skills' own scanner, as ``uvx library-skills`` scans a user's environment."""
    venv = builder.root / f"scan-{name}"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", "--no-index"]
    done = builder.run([*pip, str(wheel)], cwd=builder.root)
    assert done.returncode == 0, done.stdout
    [site] = list((venv / "lib").glob("python3*/site-packages"))
    result = scanner.scan_python_distributions(site)
    skills = [
        (s.name, s.package_name, s.skill_dir.relative_to(site.resolve()).as_posix()) for s in result.skills
    ]
    return Found(sorted(skills), list(result.warnings))


@pytest.mark.parametrize("key", sorted(CASES))
def test_library_skills_finds_every_skill_with_no_warning(builder: Builder, key: str) -> None:
    case, build = CASES[key], built(builder, key)
    found = scan(builder, artifact(build, ".whl"), key)
    folders = sorted({name.split("/", 1)[0] for name in case.files})
    distribution = "skilled-lib" if case.source == LIBRARY else "rooted-lib"
    assert found == Found(
        [(folder, distribution, f"{case.package}/.agents/skills/{folder}") for folder in folders], []
    )


def test_inspect_passes_the_archives_and_fails_a_skill_left_out_of_record(builder: Builder) -> None:
    """``inspect`` judges the wheel's skills on its own: the built pair passes, and a copy of
    the wheel whose RECORD lacks a SKILL.md (library-skills would never see the skill) fails."""
    build = built(builder, "hatchling-gitignored")
    wheel, sdist = artifact(build, ".whl"), artifact(build, ".tar.gz")
    done = smart_tool("inspect", wheel, sdist)
    assert done.returncode == 0, done.stdout + done.stderr
    members = {}
    with zipfile.ZipFile(wheel) as handle:
        for info in handle.infolist():
            members[info.filename] = handle.read(info)
    record = next(n for n in members if n.endswith(".dist-info/RECORD"))
    skill_md = "skilled_lib/.agents/skills/skilled-lib/SKILL.md"
    members[record] = b"".join(
        line + b"\n" for line in members[record].splitlines() if not line.startswith(skill_md.encode())
    )
    tampered = builder.root / "tampered" / wheel.name
    tampered.parent.mkdir()
    with zipfile.ZipFile(tampered, "w") as handle:
        for name, data in members.items():
            handle.writestr(name, data)
    done = smart_tool("inspect", tampered)
    assert done.returncode == 1
    assert f"{skill_md}: artifact-skill-recorded:" in done.stdout


#: the adapters' failing builds of one invalid skill: the sdist alone (the check runs first)
FAILING = {"hatchling": "hatchling", "setuptools": "setuptools", "wrapper": "flit-core"}


@pytest.fixture(scope="module")
def failing(builder: Builder) -> dict[str, Build]:
    builds = {}
    for adapter, family in FAILING.items():
        root = project(builder, Case(LIBRARY, family), f"skills-invalid-{adapter}")
        skill_md = root / SKILLS / "skilled-lib-debug" / "SKILL.md"
        text = skill_md.read_text(encoding="utf-8")
        skill_md.write_text(text.replace("name: skilled-lib-debug\n", "name: skilled-lib-debugging\n"))
        builds[adapter] = builder.build(root, targets=("sdist",))
    return builds


@pytest.mark.parametrize("adapter", sorted(FAILING))
def test_an_invalid_skill_fails_the_build_on_one_line(failing: dict[str, Build], adapter: str) -> None:
    build = failing[adapter]
    assert not build.ok and "Traceback" not in build.output, build.output
    assert build.artifacts == []
    line = f"{SKILLS}/skilled-lib-debug/SKILL.md:2: skill-name-matches-directory: "
    assert [x for x in build.output.splitlines() if x.startswith(line)], build.output


def test_the_three_adapters_print_the_same_line(failing: dict[str, Build]) -> None:
    lines = {
        adapter: [line for line in build.output.splitlines() if ": skill-name-matches-directory: " in line]
        for adapter, build in failing.items()
    }
    assert len(set(map(tuple, lines.values()))) == 1 and len(lines["wrapper"]) == 1, lines


def test_an_editable_install_places_nothing_and_library_skills_finds_the_source(builder: Builder) -> None:
    """library-skills follows an editable install's direct_url.json to the source tree: the
    plugin copies nothing, and the skills are found there."""
    root = project(builder, CASES["hatchling-gitignored"], "skills-editable")
    venv = builder.root / "scan-editable"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    done = builder.run([str(python), "-m", "pip", "install", "-q", "-e", str(root)], cwd=builder.root)
    assert done.returncode == 0, done.stdout
    [site] = list((venv / "lib").glob("python3*/site-packages"))
    assert not list(site.rglob("SKILL.md"))
    result = scanner.scan_python_distributions(site)
    assert sorted(s.name for s in result.skills) == ["skilled-lib", "skilled-lib-debug"]
    assert result.warnings == []
    shutil.rmtree(venv)


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_an_interrupt_while_skills_are_placed_leaves_nothing(
    builder: Builder, signum: int, status: int
) -> None:
    """Ctrl-C (or a CI runner's SIGTERM) while the wrapper writes a skill into the finished
    wheel (a large asset of a root ``skills/`` skill, which flit_core never ships): one line,
    exit status 128 + the signal's number, no wheel, no temporary file, no scratch folder."""
    root = project(builder, Case(ROOT_SKILLS, "flit-core"), f"skills-interrupted-{signum}")
    assets = root / "skills" / "rooted-lib" / "assets"
    assets.mkdir()
    with (assets / "model.bin").open("wb") as blob:
        blob.truncate(300 * 1024 * 1024)  # sparse zeros: cheap to write, slow enough to amend
    out = builder.root / f"skills-interrupted-{signum}-dist"
    out.mkdir()
    code = f"from smart_tool_build import backend; backend.build_wheel({str(out)!r})"
    process = subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=root,
        env=cli_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
        preexec_fn=interruptible,
    )
    deadline = time.monotonic() + 300
    while process.poll() is None and not list(out.glob("**/*.part")) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert process.poll() is None, "the build ended before the skill was being written"
    os.killpg(process.pid, signum)
    output = process.communicate(timeout=120)[0]
    assert process.returncode == status, output
    assert output.splitlines()[-1] == f"smart-tool: interrupted: no wheel written to {out}", output
    assert "Traceback" not in output, output
    assert list(out.rglob("*")) == []


def test_the_example_library_ships_its_skill(builder: Builder) -> None:
    """examples/setuptools-library, the library to copy: built as it is (plain setuptools
    with smart-tool-build in requires), its skill lands where library-skills finds it, and
    ``inspect`` passes both archives."""
    build = builder.build(builder.copy(EXAMPLES / "setuptools-library", "skills-example"))
    assert build.ok, build.output
    found = scan(builder, artifact(build, ".whl"), "example")
    assert found == Found([("acme-gears", "acme-gears", "acme_gears/.agents/skills/acme-gears")], [])
    done = smart_tool("inspect", artifact(build, ".whl"), artifact(build, ".tar.gz"))
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("key", ["hatchling", "root-skills-hatchling"])
def test_an_editable_install_says_which_skills_library_skills_will_not_find(
    builder: Builder, key: str
) -> None:
    """``pip install -e``: an editable wheel carries no skill file, and library-skills reads
    the source tree's .agents/skills/ folders only. A package's own skills are found there; a
    root skills/ folder is not, and the install says so in one line, with what to do."""
    case = CASES[key]
    project_root = project(builder, case, f"skills-editable-{key}")
    python = builder.venv(f"skills-editable-{key}")
    done = builder.run([str(python), "-m", "pip", "install", "-v", "-e", str(project_root)], cwd=builder.root)
    assert done.returncode == 0, done.stdout
    [site] = list((python.parents[1] / "lib").glob("python3*/site-packages"))
    found = sorted(s.name for s in scanner.scan_python_distributions(site).skills)
    note = "editable install: library-skills will not find skills/rooted-lib/: in an editable install"
    if case.source == ROOT_SKILLS:
        assert found == []  # library-skills' own verdict: nothing
        assert note in done.stdout, done.stdout
        assert 'keep the skills in .agents/skills/ at the root (skills = [".agents/skills"])' in done.stdout
    else:
        assert found == ["skilled-lib", "skilled-lib-debug"]
        assert "editable install: library-skills will not find" not in done.stdout


LOGFIRE_SDK = FIXTURES / "skills" / "logfire-sdk"


def test_logfire_sdk_a_skill_shipped_twice_fails_the_build_naming_both_paths(builder: Builder) -> None:
    """logfire-sdk's layout: the wheel target force-includes its package at a second path, so
    every skill ships twice and library-skills' installer skips each name as colliding. The
    build fails before it writes a wheel, naming both places the backend's configuration
    gives the skill; ``inspect`` of the plain wheel (no hook) names both paths it carries."""
    root = builder.copy(LOGFIRE_SDK, "skills-logfire-sdk")
    build = builder.build(root, targets=("wheel",))
    assert not build.ok and "Traceback" not in build.output, build.output
    assert build.artifacts == []
    first, second = "_sdk_lib/sdk_lib/.agents/skills/sdk-lib-traces", "sdk_lib/.agents/skills/sdk-lib-traces"
    line = f"{second}: skill-unique: ships twice in the wheel, at {second}/ and {first}/ "
    assert line in build.output, build.output
    pyproject = root / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace("[tool.hatch.build.hooks.smart-tool]\n", ""))
    plain = builder.build(root, targets=("wheel",))
    assert plain.ok, plain.output
    [wheel] = plain.artifacts
    done = smart_tool("inspect", wheel)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"{wheel.name}/{second}/SKILL.md: skill-unique: " in done.stdout, done.stdout
    found = scan(builder, wheel, "logfire-sdk")
    assert [name for name, _, _ in found.skills] == ["sdk-lib-traces", "sdk-lib-traces"]


ADO_CORE = FIXTURES / "skills" / "ado-core"
ADO_SKILLS = ("ado-core", "ado-experiments", "ado-operators")


@pytest.mark.parametrize("option", ["", '\n[tool.smart-tool]\nskills = [".agents/skills"]\n'])
def test_ado_core_root_skills_its_force_include_places_build_and_are_found(
    builder: Builder, option: str
) -> None:
    """ado-core's layout: skills in a root .agents/skills that its own force-include maps into
    the package. Found with the hook table alone (or named by the option too), the plugin adds
    nothing hatchling places itself (no second member), sibling links and a boolean metadata
    value pass, a link to a file that does not ship is a warning naming it, and the sdist's
    in-tree symlink is valid. library-skills finds every skill in the wheel."""
    root = builder.copy(ADO_CORE, "skills-ado-core-option" if option else "skills-ado-core")
    (root / "CLAUDE.md").symlink_to("README.md")
    if option:
        pyproject = root / "pyproject.toml"
        pyproject.write_text(pyproject.read_text() + option)
    build = builder.build(root)
    assert build.ok and "Traceback" not in build.output, build.output
    assert "A second file is being added" not in build.output
    experiments = ".agents/skills/ado-experiments/SKILL.md"
    warnings = [line for line in build.output.splitlines() if " (warning): " in line]
    assert sorted(set(warnings)) == [
        f"smart-tool: {experiments}:11: skill-link-resolves (warning): the link '../../../docs/guide.md' "
        "climbs out of the skill's folder to docs/guide.md, which is no file of a skill the wheel ships: "
        "the link is broken where the skill is installed (move the file into the skill's folder, or link "
        "a sibling skill that ships)",
        f"smart-tool: {experiments}:5: skill-field-shapes (warning): metadata 'internal': True is not a "
        "string value under a string key; the specification asks for strings, its readers take it "
        '(quote it: internal: "True")',
    ], build.output
    with tarfile.open(artifact(build, ".tar.gz")) as sdist:
        link = sdist.getmember("ado_lib-0.9.0/CLAUDE.md")
        assert link.issym() and link.linkname == "README.md"
    wheel = artifact(build, ".whl")
    with zipfile.ZipFile(wheel) as handle:
        names = [info.filename for info in handle.infolist()]
    assert len(names) == len(set(names))
    found = scan(builder, wheel, root.name)
    assert found == Found([(name, "ado-lib", f"ado/.agents/skills/{name}") for name in ADO_SKILLS], [])
    done = smart_tool("inspect", wheel, artifact(build, ".tar.gz"))
    assert done.returncode == 0, done.stdout + done.stderr


def test_inspect_passes_the_plugins_own_root_skills_archives(builder: Builder) -> None:
    """``inspect dist/*`` of a library whose skills live in a root skills/ folder: its sdist
    carries no ``.agents`` path and no smart-tool file, and is no smart tool's to reject."""
    build = built(builder, "root-skills-hatchling")
    done = smart_tool("inspect", *build.artifacts)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "descriptor-present" not in done.stdout


@pytest.mark.parametrize("family", ["hatchling", "setuptools"])
def test_a_skill_that_is_its_own_repository_ships_no_git_folder(builder: Builder, family: str) -> None:
    """A skill folder that is its own git repository: its .git/ (a token in a remote URL)
    and a .env the project ignores stay out of both archives, as plain hatchling and
    setuptools leave them out; the build's note names them."""
    root = project(builder, Case(LIBRARY, family), f"skills-own-repository-{family}")
    skill = root / SKILLS / "skilled-lib-debug"
    (skill / ".git").mkdir()
    (skill / ".git" / "config").write_text('[remote "origin"]\n\turl = https://u:token@example.org/x\n')
    (skill / ".env").write_text("TOKEN=1\n")
    (root / ".gitignore").write_text(".env\n")
    build = builder.build(root)
    assert build.ok and "Traceback" not in build.output, build.output
    shown = f"{SKILLS}/skilled-lib-debug"
    assert f"left out of the skills: {shown}/.env, {shown}/.git/ (VCS folders" in build.output, build.output
    with zipfile.ZipFile(artifact(build, ".whl")) as wheel:
        names = wheel.namelist()
    with tarfile.open(artifact(build, ".tar.gz")) as sdist:
        names += sdist.getnames()
    assert not [n for n in names if "/.git/" in n or n.endswith(("/.git", "/.env"))], names
    assert [n for n in names if n.endswith("skilled-lib-debug/SKILL.md")]


def test_a_skill_file_that_is_a_symlink_inside_the_root_ships_as_a_file(builder: Builder) -> None:
    """A skill's reference is a relative symlink to a document elsewhere in the project:
    ``check`` takes it, and so does the hatchling build, which ships the file's bytes (its
    sdist would otherwise carry the link, and the skill would lack the file)."""
    root = project(builder, CASES["hatchling"], "skills-symlinked-file")
    (root / "docs").mkdir()
    (root / "docs" / "shared.md").write_text("# shared\n")
    link = root / SKILLS / "skilled-lib" / "references" / "shared.md"
    link.symlink_to("../../../../../../docs/shared.md")
    assert link.read_text() == "# shared\n"
    assert smart_tool("check", root).returncode == 0
    build = builder.build(root)
    assert build.ok and "Traceback" not in build.output, build.output
    with zipfile.ZipFile(artifact(build, ".whl")) as wheel:
        assert wheel.read("skilled_lib/.agents/skills/skilled-lib/references/shared.md") == b"# shared\n"
    with tarfile.open(artifact(build, ".tar.gz")) as sdist:
        member = sdist.getmember(f"skilled_lib-1.2.0/{SKILLS}/skilled-lib/references/shared.md")
        assert member.isfile()
