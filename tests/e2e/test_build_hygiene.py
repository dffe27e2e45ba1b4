"""Build hygiene on real builds, both backends: the source tree is left as it was, the same
SOURCE_DATE_EPOCH gives the same bytes, and two builds of one folder at once both succeed.

The tree is compared path by path, before and after: what each path is (file, folder, link,
and its mode), its bytes (a hash) or link target, and its mtime. hatchling writes nothing into
the tree, so a hatchling build, good or failing, must leave it exactly as it was.

setuptools writes into the tree by itself, isolated or not: ``src/<pkg>.egg-info/`` on every
build (``python -m build`` runs egg_info in the source folder for the sdist), and ``build/``
when it builds a wheel straight from the source (``--wheel``); the wheel of a plain
``python -m build`` is built from the unpacked sdist, elsewhere. So each setuptools build is
compared with a *plain* setuptools build of the same project (smart-tool-build taken out of
``[build-system] requires``, and not importable): the plugin may add only its own files
inside setuptools' own folders (smart-tool.json in the .egg-info, which is how it reaches the
wheel's .dist-info, and the manifest in build/lib when it is packaged), and nothing anywhere
else. A failing build must leave the tree exactly as it was: the plugin checks before
setuptools writes.

Each project is built once per module; the tests read the results.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import subprocess
import sys
import tarfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

import pytest
from buildkit import EXAMPLES, SETUPTOOLS, Build, Builder, assert_clean_failure, pip_download

from smart_tool_build.archives.verify import verify

pytestmark = pytest.mark.build

HATCH_MANIFEST = "src/acme_widget/SMART_TOOL.md"
ST_MANIFEST = "src/acme_sprocket/SMART_TOOL.md"
DRIFT = "manifest-version-matches-package"

# --- the tree, before and after ----------------------------------------------------------

#: path -> (what it is and its permissions, its bytes' hash or link target, its mtime)
Tree = dict[str, tuple[int, Optional[str], int]]


def tree_state(top: Path) -> Tree:
    state: Tree = {}
    for folder, dirs, files in os.walk(top):
        for name in dirs + files:
            path = os.path.join(folder, name)
            info = os.lstat(path)
            content: Optional[str] = None
            if stat.S_ISREG(info.st_mode):
                with open(path, "rb") as handle:
                    content = hashlib.sha256(handle.read()).hexdigest()
            elif stat.S_ISLNK(info.st_mode):
                content = os.readlink(path)
            state[os.path.relpath(path, top).replace(os.sep, "/")] = (info.st_mode, content, info.st_mtime_ns)
    return state


def differences(before: Tree, after: Tree) -> dict[str, str]:
    """path -> added / removed / changed (kind, mode or bytes) / touched (mtime only)."""
    out: dict[str, str] = {}
    for path in before.keys() | after.keys():
        if path not in after:
            out[path] = "removed"
        elif path not in before:
            out[path] = "added"
        elif before[path][:2] != after[path][:2]:
            out[path] = "changed"
        elif before[path] != after[path]:
            out[path] = "touched"
    return out


@dataclass
class Built:
    """One build and the project tree around it."""

    build: Build
    before: Tree
    after: Tree

    @property
    def changes(self) -> dict[str, str]:
        return differences(self.before, self.after)


def built(project: Path, run: Callable[[Path], Build]) -> Built:
    before = tree_state(project)
    build = run(project)
    return Built(build, before, tree_state(project))


def build_all(
    jobs: dict[str, tuple[Path, Callable[[Path], Build]]], again: tuple[Path, Callable[[Path], Build]]
) -> dict[str, Built]:
    """Each (project, how to build it), two at a time (every build has its own folder); then
    ``again``, a second copy of the "isolated" project, on its own and seconds later, so
    that any clock time that got into an archive would show."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = {name: pool.submit(built, project, run) for name, (project, run) in jobs.items()}
        results = {name: future.result() for name, future in futures.items()}
    time.sleep(1.5)
    results["isolated-again"] = built(*again)
    return results


def drift(project: Path, manifest: str) -> Path:
    """The manifest names another version than the package: the build must fail."""
    path = project / manifest
    text, count = re.subn(r"^version: .*$", "version: 9.9.9", path.read_text(), count=1, flags=re.MULTILINE)
    assert count == 1
    path.write_text(text)
    return project


def without_plugin(project: Path) -> Path:
    """The same project with smart-tool-build taken out of [build-system] requires."""
    path = project / "pyproject.toml"
    text = path.read_text()
    assert ', "smart-tool-build"' in text
    path.write_text(text.replace(', "smart-tool-build"', ""))
    return project


# --- hatchling: nothing at all changes ---------------------------------------------------


@pytest.fixture(scope="module")
def hatch(builder: Builder) -> dict[str, Built]:
    def copy(name: str) -> Path:
        return builder.copy(EXAMPLES / "hatchling-tool", name)

    def noiso(project: Path) -> Build:
        return builder.build(project, isolated=False)

    return build_all(
        {
            "isolated": (copy("hy-hatch"), builder.build),
            "isolated-failing": (drift(copy("hy-hatch-drift"), HATCH_MANIFEST), builder.build),
            "no-isolation": (copy("hy-hatch-noiso"), noiso),
            "no-isolation-failing": (drift(copy("hy-hatch-noiso-drift"), HATCH_MANIFEST), noiso),
        },
        again=(copy("hy-hatch-again"), builder.build),
    )


@pytest.mark.parametrize("flavour", ["isolated", "isolated-failing", "no-isolation", "no-isolation-failing"])
def test_hatchling_build_leaves_the_source_tree_untouched(hatch: dict[str, Built], flavour: str) -> None:
    result = hatch[flavour]
    if flavour.endswith("failing"):
        assert_clean_failure(result.build, DRIFT)
    else:
        assert result.build.ok, result.build.output
    assert result.changes == {}


# --- setuptools: nothing beyond what setuptools itself writes ----------------------------


@dataclass
class NoIsolation:
    """A venv with setuptools, wheel and build but not smart-tool-build, and a folder that
    holds smart-tool-build alone: on PYTHONPATH it is installed, off it it is not."""

    python: Path
    plugin: Path

    def build(self, builder: Builder, project: Path, *, plugin: bool, targets: tuple[str, ...] = ()) -> Build:
        out_dir = project.parent / f"{project.name}-dist"
        out_dir.mkdir()
        args = [str(self.python), "-m", "build", "--no-isolation", "-o", str(out_dir)]
        args += [f"--{t}" for t in targets]
        env = {"PYTHONPATH": str(self.plugin) if plugin else ""}
        done = builder.run([*args, str(project)], cwd=project, extra_env=env)
        return Build(done.returncode, done.stdout, out_dir, project)


@pytest.fixture(scope="module")
def no_isolation(builder: Builder, tmp_path_factory: pytest.TempPathFactory) -> NoIsolation:
    extra = tmp_path_factory.mktemp("hygiene-frontend-wheels")
    pip_download(["build"], extra)
    python = builder.venv("hygiene-setuptools")
    requirements = [SETUPTOOLS, "wheel", "build", "pyyaml", "packaging", "tomli"]  # ours: --no-deps
    plugin = builder.root / "hygiene-plugin"
    for args in (
        ["--upgrade", *requirements],
        ["--no-deps", "--target", str(plugin), "smart-tool-build"],
    ):
        done = builder.run(
            [str(python), "-m", "pip", "install", "-q", "--find-links", str(extra), *args], cwd=builder.root
        )
        assert done.returncode == 0, done.stdout
    return NoIsolation(python, plugin)


@pytest.fixture(scope="module")
def st(builder: Builder, no_isolation: NoIsolation) -> dict[str, Built]:
    def copy(name: str) -> Path:
        return builder.copy(EXAMPLES / "setuptools-tool", name)

    def noiso(plugin: bool, targets: tuple[str, ...] = ()) -> Callable[[Path], Build]:
        return lambda project: no_isolation.build(builder, project, plugin=plugin, targets=targets)

    return build_all(
        {
            "isolated": (copy("hy-st"), builder.build),
            "isolated-plain": (without_plugin(copy("hy-st-plain")), builder.build),
            "isolated-failing": (drift(copy("hy-st-drift"), ST_MANIFEST), builder.build),
            "no-isolation": (copy("hy-st-noiso"), noiso(plugin=True)),
            "no-isolation-plain": (without_plugin(copy("hy-st-noiso-plain")), noiso(plugin=False)),
            "no-isolation-wheel": (copy("hy-st-noiso-wheel"), noiso(plugin=True, targets=("wheel",))),
            "no-isolation-wheel-plain": (
                without_plugin(copy("hy-st-noiso-wheel-plain")),
                noiso(plugin=False, targets=("wheel",)),
            ),
            "no-isolation-failing": (drift(copy("hy-st-noiso-drift"), ST_MANIFEST), noiso(plugin=True)),
        },
        again=(copy("hy-st-again"), builder.build),
    )


def setuptools_own(path: str) -> bool:
    """Inside what setuptools writes into a source tree: build/ and the .egg-info folder."""
    parts = path.split("/")
    return parts[0] == "build" or any(part.endswith(".egg-info") for part in parts)


#: the plugin's own files, which it puts into setuptools' folders on purpose (the example's
#: install document travels with its manifest into the wheel, through build/lib; the
#: manifest's projection, like the descriptor, through the .egg-info folder)
PLUGIN_FILES = {"smart-tool.json", "smart-tool-manifest.json", "SMART_TOOL.md", "installing-inkscape.md"}


@pytest.mark.parametrize("flavour", ["isolated", "no-isolation", "no-isolation-wheel"])
def test_setuptools_plugin_adds_nothing_to_the_source_tree(st: dict[str, Built], flavour: str) -> None:
    ours, plain = st[flavour], st[f"{flavour}-plain"]
    assert ours.build.ok, ours.build.output
    assert plain.build.ok, plain.build.output
    assert "smart-tool: src/acme_sprocket/SMART_TOOL.md checked" in ours.build.output
    assert "smart-tool" not in plain.build.output  # the plain build really ran without the plugin
    # what the plain build changed, ours changed too (pyproject.toml differs, so not its mtime)
    assert set(plain.changes) == set(ours.changes) & set(plain.changes)
    extra = {path: change for path, change in ours.changes.items() if path not in plain.changes}
    # a folder the plugin adds holds plugin files only (build/lib/<package>/docs/, say)
    added_folders = {path for path in extra if stat.S_ISDIR(ours.after[path][0])}
    for path, change in extra.items():
        assert change == "added", (path, change)
        folder, _, name = path.rpartition("/")
        assert setuptools_own(path), path
        if path in added_folders:
            inside = [q for q in extra if q.startswith(path + "/")]
            assert inside and all(q.rpartition("/")[2] in PLUGIN_FILES for q in inside), path
            assert folder in plain.changes, path
        else:
            assert name in PLUGIN_FILES and (folder in plain.changes or folder in added_folders), path
    # nothing that was in the tree before is changed or removed
    assert {p: c for p, c in ours.changes.items() if c in ("removed", "changed")} == {}


def test_setuptools_plugin_files_in_setuptools_folders(st: dict[str, Built]) -> None:
    """The exact list, for the example: the descriptor and the manifest's projection in the
    .egg-info on every build (bdist_wheel copies that folder into the wheel's .dist-info), and
    the manifest and its install document in build/lib when the wheel is built from the
    source folder."""

    def extra(flavour: str) -> set[str]:
        return set(st[flavour].changes) - set(st[f"{flavour}-plain"].changes)

    egg = "src/acme_sprocket.egg-info/smart-tool.json"
    projection = "src/acme_sprocket.egg-info/smart-tool-manifest.json"
    assert extra("isolated") == {egg, projection}
    assert extra("no-isolation") == {egg, projection}
    assert extra("no-isolation-wheel") == {
        egg,
        projection,
        "build/lib/acme_sprocket/SMART_TOOL.md",
        "build/lib/acme_sprocket/docs",
        "build/lib/acme_sprocket/docs/installing-inkscape.md",
    }


@pytest.mark.parametrize("flavour", ["isolated-plain", "no-isolation-plain", "no-isolation-wheel-plain"])
def test_what_setuptools_itself_writes_into_the_source_tree(st: dict[str, Built], flavour: str) -> None:
    """Documents setuptools' own writes (no plugin): an .egg-info folder, build/ for --wheel,
    and the mtimes of the folders they are created in; nothing else."""
    changes = st[flavour].changes
    assert any(".egg-info" in path for path in changes)
    assert any(path.startswith("build/") for path in changes) == flavour.startswith("no-isolation-wheel")
    for path, change in changes.items():
        if change == "touched":  # a folder gained an entry
            assert stat.S_ISDIR(st[flavour].after[path][0]), path
        else:
            assert change == "added" and setuptools_own(path), (path, change)


@pytest.mark.parametrize("flavour", ["isolated-failing", "no-isolation-failing"])
def test_failing_setuptools_build_leaves_the_source_tree_untouched(
    st: dict[str, Built], flavour: str
) -> None:
    assert_clean_failure(st[flavour].build, DRIFT)
    assert st[flavour].changes == {}


# --- reproducible: the same SOURCE_DATE_EPOCH, the same bytes ------------------------------


def test_builder_sets_source_date_epoch(builder: Builder) -> None:
    assert builder.env.get("SOURCE_DATE_EPOCH")


@pytest.mark.parametrize("kind", ["wheel", "sdist"])
def test_hatchling_builds_are_byte_identical(hatch: dict[str, Built], kind: str) -> None:
    one, two = hatch["isolated"].build, hatch["isolated-again"].build
    assert getattr(one, kind).name == getattr(two, kind).name
    assert getattr(one, kind).read_bytes() == getattr(two, kind).read_bytes()


def test_setuptools_wheels_are_byte_identical(st: dict[str, Built]) -> None:
    one, two = st["isolated"].build, st["isolated-again"].build
    assert one.wheel.name == two.wheel.name
    assert one.wheel.read_bytes() == two.wheel.read_bytes()


#: what setuptools generates while it builds an sdist, and stamps with the clock
SETUPTOOLS_GENERATED = re.compile(r"(PKG-INFO|setup\.cfg|.*\.egg-info/.*)\Z")


def tar_entries(path: Path) -> list[tuple[str, int, int, int, int, str, str, int, bytes]]:
    """Every member with everything but its mtime: name, type, mode, owner, size, bytes."""
    out = []
    with tarfile.open(path) as archive:
        for member in archive.getmembers():
            handle = archive.extractfile(member) if member.isfile() else None
            data = handle.read() if handle is not None else b""
            out.append(
                (
                    member.name,
                    ord(member.type) if member.type else 0,
                    member.mode,
                    member.uid,
                    member.gid,
                    member.uname,
                    member.gname,
                    member.size,
                    data,
                )
            )
    return out


def test_setuptools_sdists_differ_only_in_the_times_setuptools_stamps(st: dict[str, Built]) -> None:
    """setuptools ignores SOURCE_DATE_EPOCH in sdists: the gzip header and what it generates
    (PKG-INFO, setup.cfg, the .egg-info files, the folders) carry the build's clock time (a
    plain setuptools sdist does the same). Everything else, the plugin's files included, is
    identical: same members, order, modes, owners, bytes, and the source files' own mtimes."""
    one, two = st["isolated"].build.sdist, st["isolated-again"].build.sdist
    assert one.name == two.name
    assert tar_entries(one) == tar_entries(two)
    with tarfile.open(one) as first, tarfile.open(two) as second:
        times = {m.name: m.mtime for m in first.getmembers()}
        differing = {m.name for m in second.getmembers() if m.mtime != times[m.name]}
        folders = {m.name for m in second.getmembers() if m.isdir()}
    relative = {name.split("/", 1)[1] if "/" in name else "" for name in differing - folders}
    assert all(SETUPTOOLS_GENERATED.match(name) for name in relative), sorted(relative)
    assert "smart-tool.json" not in relative and ST_MANIFEST not in relative


# --- two builds of one folder at once ----------------------------------------------------


def build_twice_at_once(builder: Builder, project: Path) -> list[Build]:
    env = {**os.environ, **builder.env}
    runs = []
    for index in (1, 2):
        out_dir = project.parent / f"{project.name}-dist{index}"
        out_dir.mkdir()
        process = subprocess.Popen(
            [sys.executable, "-m", "build", "-o", str(out_dir), str(project)],
            cwd=project,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        runs.append((process, out_dir))
    builds = []
    for process, out_dir in runs:
        output, _ = process.communicate(timeout=600)
        builds.append(Build(process.returncode, output, out_dir, project))
    return builds


@pytest.fixture(scope="module", params=["hatchling", "setuptools"])
def concurrent(request: pytest.FixtureRequest, builder: Builder) -> list[Build]:
    project = builder.copy(EXAMPLES / f"{request.param}-tool", f"hy-{request.param}-concurrent")
    return build_twice_at_once(builder, project)


#: setuptools' sdist makes its release tree (``acme_sprocket-0.3.0/``, or with a hyphen in older
#: setuptools) in the project folder, copies the files into it, archives it and removes it,
#: so two sdist builds of one folder at once can remove it under each other: a plain
#: setuptools project, without the plugin, fails the same way ("error removing
#: acme_sprocket-0.3.0: [Errno 2] No such file or directory: ...", "could not create
#: 'acme-sprocket-0.3.0/src/...': No such file or directory", ...)
_FILESYSTEM_RACE = re.compile(
    r"^error[: ].*(?:No such file or directory|File exists|Directory not empty)", re.M
)


def _setuptools_own_race(build: Build) -> bool:
    """Whether a failed build failed on the filesystem while setuptools made the sdist, with
    no finding of ours and no traceback."""
    from smart_tool_build.diagnostics.codes import CODES

    in_sdist = "when trying to invoke build_sdist" in build.output
    ours = [code for code in CODES if code in build.output]
    return in_sdist and bool(_FILESYSTEM_RACE.search(build.output)) and not ours


def test_two_builds_of_one_folder_at_once_both_succeed(concurrent: list[Build]) -> None:
    """Both succeed, with the same wheel; the plugin stages nothing two builds could share.
    setuptools' own release tree is shared (above): a setuptools build that loses that race
    must have failed there, never on a line of ours, and the other one is whole."""
    whole = []
    for build in concurrent:
        assert "Traceback" not in build.output
        if not build.ok and "setuptools" in build.project.name and _setuptools_own_race(build):
            continue
        assert build.ok, build.output
        assert sorted(p.suffix for p in build.artifacts) == [".gz", ".whl"]
        for artifact in build.artifacts:
            report = verify(artifact)
            assert report.diagnostics == [], report.diagnostics
            assert report.manifest is not None
        whole.append(build)
    assert whole, "both builds lost setuptools' release-tree race"
    if len(whole) == 2:
        one, two = whole
        assert one.wheel.read_bytes() == two.wheel.read_bytes()
