"""Adversarial inputs, one test each, every one under a time bound (and a memory bound where
the input is built to blow one up).

Each test asserts the whole outcome: the exact diagnostics (code, severity, path, line) and
that nothing was raised. :func:`bounded` is the guard: the block must finish within
:data:`SECONDS` (a SIGALRM interrupts a block that *blocks*, a FIFO say, rather than waiting
for ever), and, where asked, allocate at most :data:`MEMORY` bytes at its peak (tracemalloc).
Each case takes milliseconds here; the bounds are generous so that a slow CI machine does not
fail them, and tight enough that a quadratic blow-up or a read of the whole input would.

Some of these inputs are also in test_codes.py, test_safe_yaml.py and test_inspect_unit.py,
where they pin one code each; this file collects every adversarial input in one place, with
the bounds.
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import signal
import threading
import time
import tracemalloc
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any, Callable, Optional

import pytest

from archive_kit import SDIST_TOP, sdist_members, wheel_members, write_sdist, write_wheel
from smart_tool_build.archives.verify import verify
from smart_tool_build.diagnostics.diagnostic import Severity
from smart_tool_build.rules.collection import check_collection
from smart_tool_build.rules.root import check_root
from smart_tool_build.rules.roots import check_many, discover_roots
from support import FIXTURES, copy_root, unprivileged

#: every case must finish within this many seconds (each takes milliseconds)
SECONDS = 5.0
#: peak allocation allowed where the input is built to exhaust memory
MEMORY = 4 * 1024 * 1024

ERR, WARN = Severity.ERROR, Severity.WARNING
M = "src/demo_tool/SMART_TOOL.md"
D = "smart-tool.json"
Expected = tuple[str, Severity, Optional[str], Optional[int]]


class Overrun(BaseException):
    """Raised into a block that outlives its time bound (a BaseException: no `except
    Exception` in the code under test can swallow it)."""


@dataclass
class Bound:
    elapsed: float = 0.0
    peak: int = 0


@contextlib.contextmanager
def bounded(seconds: float = SECONDS, memory: Optional[int] = None) -> Iterator[Bound]:
    """Fail unless the block finishes within ``seconds`` and (if given) allocates at most
    ``memory`` bytes at its peak. A block that blocks is interrupted by SIGALRM."""
    bound = Bound()
    alarm = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    previous: Any = None
    if alarm:

        def expire(signum: int, frame: object) -> None:
            raise Overrun

        previous = signal.signal(signal.SIGALRM, expire)
        signal.setitimer(signal.ITIMER_REAL, seconds)
    started = memory is not None and not tracemalloc.is_tracing()
    if started:
        tracemalloc.start()
    baseline = 0
    if memory is not None:
        tracemalloc.reset_peak()
        baseline = tracemalloc.get_traced_memory()[0]
    start = time.perf_counter()
    try:
        yield bound
    except Overrun:
        pytest.fail(f"still running after {seconds} s: interrupted")
    finally:
        bound.elapsed = time.perf_counter() - start
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        if memory is not None:
            bound.peak = tracemalloc.get_traced_memory()[1] - baseline
        if started:
            tracemalloc.stop()
    assert bound.elapsed < seconds, f"took {bound.elapsed:.2f} s"
    if memory is not None:
        assert bound.peak < memory, f"allocated {bound.peak / 1e6:.1f} MB at the peak"


def diagnostics(root: Path, memory: Optional[int] = None) -> list[Expected]:
    """check_root under the bounds, as (code, severity, path, line)."""
    with bounded(memory=memory):
        report = check_root(root)
    return [(d.code, d.severity, d.path, d.line) for d in report.diagnostics]


def valid_root(tmp: Path, name: str = "root") -> Path:
    return copy_root("valid", tmp / name)


# ---------------------------------------------------------------------------------------
# Hostile manifest contents: written over the valid root's SMART_TOOL.md, checked whole

HEAD = "---\nsmart_tool_format: 1\nname: demo-tool\nversion: 1.0.0\n"  # lines 1-4
TAIL = "description: Shows things.\nuse_cases:\n  - Check\nplatforms:\n  - linux\n---\n\nBody.\n"


def billion_laughs() -> str:
    """Nine lists of nine aliases of the one before: 9**9 strings once expanded."""
    lines = ["lol0: &l0 [" + ", ".join(["lol"] * 9) + "]"]
    lines += [f"lol{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 9) + "]" for i in range(1, 9)]
    return "---\n" + "\n".join(lines) + "\n---\n"


def nested_alias_bomb() -> str:
    """Mappings nested in mappings, each holding the one before twice: 2**40 nodes."""
    lines = ["n0: &n0 {leaf: x}"]
    lines += [f"n{i}: &n{i} {{left: *n{i - 1}, right: {{inner: *n{i - 1}}}}}" for i in range(1, 41)]
    return "---\n" + "\n".join(lines) + "\n---\n"


def block_sequences(depth: int) -> str:
    """``- - - ... x``: block (not flow) sequences nested ``depth`` deep on one line."""
    return HEAD + "use_cases:\n" + "- " * depth + "x\n" + TAIL.replace("use_cases:\n  - Check\n", "")


def block_mappings(depth: int) -> str:
    """Block mappings nested ``depth`` deep, one space of indentation per level."""
    return "---\n" + "".join(" " * level + "k:\n" for level in range(depth)) + "---\n"


def flow(depth: int, opening: str, closing: str) -> str:
    return f"{HEAD}description: {opening * depth}x{closing * depth}\n---\n"


def code_running_tag(tag: str, marker: Path) -> str:
    return f"---\nsmart_tool_format: 1\nname: {tag} ['touch {marker}']\nversion: 1.0.0\n---\n"


#: name -> (manifest text, or a function of the marker file a tag would create; expected)
CONTENT_CASES: dict[str, tuple[Any, list[Expected]]] = {
    # the 5th list crosses safe_yaml.MAX_NODES while its aliases are expanded
    "alias-bomb--billion-laughs": (billion_laughs(), [("manifest-frontmatter-parses", ERR, M, 6)]),
    # each level holds twice the one before: the running count crosses 10,000 in n10
    "alias-bomb--nested-mappings": (nested_alias_bomb(), [("manifest-frontmatter-parses", ERR, M, 12)]),
    # refused at the 65th level (safe_yaml.MAX_DEPTH): the line the nesting is on
    "nesting--10000-flow-sequences": (flow(10_000, "[", "]"), [("manifest-frontmatter-parses", ERR, M, 5)]),
    "nesting--10000-flow-mappings": (
        flow(10_000, "{a: ", "}"),
        [("manifest-frontmatter-parses", ERR, M, 5)],
    ),
    "nesting--10000-block-sequences": (block_sequences(10_000), [("manifest-frontmatter-parses", ERR, M, 6)]),
    # block mappings need a line and an indentation a level: 1,400 levels are ~1 MB, as deep
    # as the size limit lets in (10,000 would be 50 MB: see the size-limit test)
    "nesting--1400-block-mappings": (block_mappings(1_400), [("manifest-frontmatter-parses", ERR, M, 66)]),
    # Python refuses int() of over 4,300 digits: a finding, not a ValueError
    "int--5000-digits": (
        "---\nsmart_tool_format: " + "9" * 5000 + "\nname: demo-tool\n---\n",
        [("manifest-frontmatter-parses", ERR, M, 2)],
    ),
    "binary-garbage": (
        random.Random(7).randbytes(4096) + b"\x00",
        [("manifest-frontmatter-parses", ERR, M, None)],
    ),
    # no NUL: it is not UTF-8 at the first byte over 0x7f, on line 1
    "binary-garbage--no-nul": (bytes(range(0x80, 0x100)) * 16, [("manifest-frontmatter-parses", ERR, M, 1)]),
    "latin-1": (
        (HEAD + "description: Café crème.\n" + TAIL.split("\n", 1)[1]).encode("latin-1"),
        [("manifest-frontmatter-parses", ERR, M, 5)],
    ),
    "tabs-as-indentation": (
        HEAD + TAIL.replace("  - Check", "\t- Check"),
        [("manifest-frontmatter-parses", ERR, M, 7)],
    ),
    "tag--python-object-apply": (
        lambda marker: code_running_tag("!!python/object/apply:os.system", marker),
        [("manifest-frontmatter-parses", ERR, M, 3)],
    ),
    "tag--python-object-new": (
        lambda marker: code_running_tag("!!python/object/new:os.system", marker),
        [("manifest-frontmatter-parses", ERR, M, 3)],
    ),
    "tag--python-name": (
        "---\nsmart_tool_format: 1\nname: !!python/name:os.system ''\n---\n",
        [("manifest-frontmatter-parses", ERR, M, 3)],
    ),
    "tag--custom": (
        "---\nsmart_tool_format: 1\nname: !foo bar\n---\n",
        [("manifest-frontmatter-parses", ERR, M, 3)],
    ),
    "tag--on-the-whole-frontmatter": (
        lambda marker: f"---\n!!python/object/apply:os.system\nargs: ['touch {marker}']\n---\n",
        [("manifest-frontmatter-parses", ERR, M, 2)],
    ),
}


@pytest.mark.parametrize("name", sorted(CONTENT_CASES))
def test_hostile_manifest(name: str, tmp_path: Path) -> None:
    content, expected = CONTENT_CASES[name]
    marker = tmp_path / "code-ran"
    if callable(content):
        content = content(marker)
    data = content if isinstance(content, bytes) else content.encode()
    root = valid_root(tmp_path)
    (root / M).write_bytes(data)
    assert diagnostics(root, memory=MEMORY) == expected
    assert not marker.exists(), "a YAML tag ran code"


def test_bom_with_crlf_is_valid(tmp_path: Path) -> None:
    root = valid_root(tmp_path)
    source = (root / M).read_bytes()
    (root / M).write_bytes(b"\xef\xbb\xbf" + source.replace(b"\n", b"\r\n"))
    with bounded():
        report = check_root(root)
    assert report.diagnostics == []
    assert report.manifest is not None
    assert report.manifest.name == "demo-tool"
    assert report.manifest.body == "\r\n# demo-tool\r\n\r\nRun `demo-tool --help` to see what it does.\r\n"


def test_bom_with_crlf_descriptor_is_valid(tmp_path: Path) -> None:
    root = valid_root(tmp_path)
    source = (root / D).read_bytes()
    (root / D).write_bytes(b"\xef\xbb\xbf" + source.replace(b"\n", b"\r\n"))
    assert diagnostics(root) == []


@pytest.mark.parametrize("megabytes", [50])
def test_huge_manifest_is_refused_by_size_before_it_is_read(tmp_path: Path, megabytes: int) -> None:
    root = valid_root(tmp_path)
    with (root / M).open("ab") as handle:
        chunk = b"x" * (1024 * 1024)
        for _ in range(megabytes):
            handle.write(chunk)
    # reading it whole would allocate 50 MB; the limit is checked on the size first
    assert diagnostics(root, memory=MEMORY) == [("manifest-frontmatter-parses", ERR, M, None)]


def test_manifest_growing_past_the_limit_while_read_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The size check and the read are two steps: a file that grows in between (or lies in
    stat, as /proc files do) is still read only up to the limit."""
    root = valid_root(tmp_path)
    with (root / M).open("ab") as handle:
        handle.write(b"x" * (8 * 1024 * 1024))
    real_stat = os.stat

    def small_stat(path: Any, *args: Any, **kwargs: Any) -> Any:
        info = real_stat(path, *args, **kwargs)
        if str(path).endswith("SMART_TOOL.md"):
            return os.stat_result((*info[:6], 100, *info[7:]))
        return info

    monkeypatch.setattr(os, "stat", small_stat)
    assert diagnostics(root, memory=MEMORY) == [("manifest-frontmatter-parses", ERR, M, None)]


def test_hostile_profile_in_a_collection(tmp_path: Path) -> None:
    """The collection's profiles and agents go through the same frontmatter parser."""
    root = tmp_path / "collection"
    shutil.copytree(FIXTURES / "collections" / "valid-flat", root)
    (root / "profiles" / "bomb.md").write_text(billion_laughs())
    (root / "agents" / "deep.md").write_text("---\nmeta: " + "[" * 10_000 + "]" * 10_000 + "\n---\n")
    (root / "agents" / "garbage.md").write_bytes(random.Random(3).randbytes(2048) + b"\x00")
    with bounded(memory=MEMORY):
        report = check_collection(root)
    assert [(d.code, d.severity, d.path, d.line) for d in report.diagnostics] == [
        ("collection-agent", ERR, "agents/deep.md", 2),
        ("collection-agent", ERR, "agents/garbage.md", None),
        ("collection-profile", ERR, "profiles/bomb.md", 6),
    ]


# ---------------------------------------------------------------------------------------
# Hostile trees: what stands where SMART_TOOL.md should be, and what the walk meets


def test_folder_named_as_the_manifest(tmp_path: Path) -> None:
    root = valid_root(tmp_path)
    (root / M).unlink()
    (root / M).mkdir()
    assert diagnostics(root) == [("manifest-present", ERR, M, None)]


def test_stray_folder_named_smart_tool_md_is_not_a_second_manifest(tmp_path: Path) -> None:
    root = valid_root(tmp_path)
    (root / "docs" / "SMART_TOOL.md").mkdir()
    assert diagnostics(root) == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_fifo_as_the_manifest_does_not_block(tmp_path: Path) -> None:
    root = valid_root(tmp_path)
    (root / M).unlink()
    os.mkfifo(root / M)
    assert diagnostics(root) == [("manifest-present", ERR, M, None)]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_fifo_as_the_descriptor_does_not_block(tmp_path: Path) -> None:
    root = valid_root(tmp_path)
    (root / D).unlink()
    os.mkfifo(root / D)
    assert diagnostics(root) == [("descriptor-present", ERR, D, None)]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_stray_fifo_named_smart_tool_md_does_not_block_the_walk(tmp_path: Path) -> None:
    root = valid_root(tmp_path)
    os.mkfifo(root / "docs" / "SMART_TOOL.md")
    assert diagnostics(root) == []


def tangled(root: Path) -> Path:
    """Loops, a link to /, a link to itself, a dangling one: none of them may be walked."""
    (root / "loop").symlink_to(".", target_is_directory=True)
    (root / "docs").mkdir(exist_ok=True)
    (root / "docs" / "up").symlink_to("..", target_is_directory=True)
    (root / "slash").symlink_to("/", target_is_directory=True)
    (root / "self").symlink_to("self")
    (root / "a").symlink_to("b")
    (root / "b").symlink_to("a")
    (root / "dangling").symlink_to("nowhere")
    return root


def test_symlink_loops_and_a_link_to_slash_are_not_walked(tmp_path: Path) -> None:
    root = tangled(valid_root(tmp_path))
    assert diagnostics(root) == []


def test_symlink_loops_and_a_link_to_slash_do_not_hold_up_a_recursive_check(tmp_path: Path) -> None:
    """What `smart-tool check --recursive` does: find the roots, then check each one."""
    top = tmp_path / "top"
    tangled(valid_root(top, "tool"))
    tangled(top)
    with bounded():
        roots, problems = discover_roots(top, "top")
        found = check_many(roots)[0]
    assert [job[:2] for job in roots] == [(top / "tool", "top/tool")]
    assert problems == []
    assert found == []


def _manifest_file_linked_out(root: Path, outside: Path) -> None:
    (root / M).unlink()
    (root / M).symlink_to(outside / M)


def _manifest_file_linked_to_etc(root: Path, outside: Path) -> None:
    (root / M).unlink()
    (root / M).symlink_to("/etc/passwd")


def _manifest_folder_linked_out(root: Path, outside: Path) -> None:
    shutil.rmtree(root / "src" / "demo_tool")
    (root / "src" / "demo_tool").symlink_to(outside / "src" / "demo_tool", target_is_directory=True)


OUT_OF_ROOT: dict[str, Callable[[Path, Path], None]] = {
    "manifest-file-linked-out": _manifest_file_linked_out,
    "manifest-file-linked-to-etc": _manifest_file_linked_to_etc,
    "manifest-folder-linked-out": _manifest_folder_linked_out,
}


@pytest.mark.parametrize("name", sorted(OUT_OF_ROOT))
def test_descriptor_naming_a_manifest_through_a_symlink_out_of_the_root(tmp_path: Path, name: str) -> None:
    outside = valid_root(tmp_path, "elsewhere")
    root = valid_root(tmp_path)
    OUT_OF_ROOT[name](root, outside)
    # at the line of `manifest` in smart-tool.json
    assert diagnostics(root) == [("descriptor-shape", ERR, D, 2)]


def test_descriptor_naming_a_manifest_through_a_link_to_slash(tmp_path: Path) -> None:
    root = valid_root(tmp_path)
    (root / "slash").symlink_to("/", target_is_directory=True)
    (root / D).write_text('{\n  "manifest": "slash/tmp/SMART_TOOL.md",\n  "cli_argv": ["demo-tool"]\n}\n')
    assert diagnostics(root) == [("descriptor-shape", ERR, D, 2)]


@pytest.mark.parametrize("which", [M, D])
def test_symlink_loop_as_the_manifest_or_descriptor(tmp_path: Path, which: str) -> None:
    root = valid_root(tmp_path)
    (root / which).unlink()
    (root / which).symlink_to(Path(which).name)
    code = "manifest-present" if which == M else "descriptor-present"
    assert diagnostics(root) == [(code, ERR, which, None)]


def test_descriptor_naming_a_manifest_with_a_lone_surrogate(tmp_path: Path) -> None:
    """JSON can escape half a surrogate pair; no file name is made of one (found by the
    property tests: os.lstat raised UnicodeEncodeError out of check_root)."""
    root = valid_root(tmp_path)
    (root / D).write_text('{\n  "manifest": "\\ud800/SMART_TOOL.md",\n  "cli_argv": ["demo-tool"]\n}\n')
    assert diagnostics(root) == [("descriptor-shape", ERR, D, 2)]


# ---- a version file that is not a file: what pyproject.toml names is read bounded

DYNAMIC = """\
[project]
name = "demo-tool"
dynamic = ["version"]

[project.scripts]
demo-tool = "demo_tool.cli:main"
"""
#: the version cannot be read, so it is not compared (info, at the manifest's version line)
NOT_COMPARED = [("manifest-version-matches-package", Severity.INFO, M, 4)]


@pytest.mark.parametrize(
    ("table", "target"),
    [
        pytest.param('[tool.hatch.version]\npath = "{}"\n', "fifo", id="hatch-path-fifo"),
        pytest.param('[tool.hatch.version]\npath = "{}"\n', "/dev/zero", id="hatch-path-dev-zero"),
        pytest.param(
            '[tool.setuptools.dynamic]\nversion = {{file = "{}"}}\n', "fifo", id="setuptools-file-fifo"
        ),
        pytest.param(
            '[tool.setuptools.dynamic]\nversion = {{file = "{}"}}\n',
            "/dev/zero",
            id="setuptools-file-dev-zero",
        ),
        pytest.param(
            '[tool.setuptools.dynamic]\nversion = {{file = "{}"}}\n',
            "VERSION\\u0000",
            id="setuptools-file-nul",
        ),
    ],
)
def test_version_file_that_is_not_a_file(tmp_path: Path, table: str, target: str) -> None:
    """A FIFO blocked check_root for ever, /dev/zero read until MemoryError, a NUL raised
    ValueError: each is refused unread, an error at the key that names it (the version then
    unresolved)."""
    if target == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs on this platform")
        target = "src/demo_tool/version.fifo"
    root = valid_root(tmp_path)
    if target.endswith(".fifo"):
        os.mkfifo(root / target)
    (root / "pyproject.toml").write_text(DYNAMIC + "\n" + table.format(target))
    refused = [("package-definition-parses", ERR, "pyproject.toml", 9)]
    assert diagnostics(root, memory=MEMORY) == refused + NOT_COMPARED


# ---- unreadable files and folders: as root, run as `nobody` (support.unprivileged)


def test_unreadable_manifest(open_tmp: Path) -> None:
    root = valid_root(open_tmp)
    (root / M).chmod(0)
    with unprivileged():
        found = diagnostics(root)
    assert found == [("manifest-present", ERR, M, None)]


def test_unreadable_descriptor(open_tmp: Path) -> None:
    root = valid_root(open_tmp)
    (root / D).chmod(0)
    with unprivileged():
        found = diagnostics(root)
    assert found == [("descriptor-present", ERR, D, None)]


def test_unreadable_folder_in_the_tree(open_tmp: Path) -> None:
    root = valid_root(open_tmp)
    (root / "notes").mkdir()
    (root / "notes" / "SMART_TOOL.md").write_text("a second manifest nobody can see\n")
    (root / "notes").chmod(0)
    with unprivileged():
        found = diagnostics(root)
    assert found == [("tree-readable", WARN, "notes", None)]


def test_unreadable_folder_holding_the_manifest(open_tmp: Path) -> None:
    root = valid_root(open_tmp)
    (root / "src" / "demo_tool").chmod(0)
    with unprivileged():
        found = diagnostics(root)
    assert found == [("tree-readable", WARN, "src/demo_tool", None), ("manifest-present", ERR, M, None)]


def test_unreadable_folder_during_root_discovery(open_tmp: Path) -> None:
    top = open_tmp / "top"
    top.mkdir()
    valid_root(top, "tool")
    (top / "locked").mkdir()
    (top / "locked").chmod(0)
    with unprivileged(), bounded():
        roots, problems = discover_roots(top, "top")
    assert [job[:2] for job in roots] == [(top / "tool", "top/tool")]
    assert [(d.code, d.severity, d.path, d.line) for d in problems] == [
        ("tree-readable", WARN, "top/locked", None)
    ]


def test_unreadable_artifact(open_tmp: Path) -> None:
    wheel = write_wheel(open_tmp / "demo_tool-1.0.0-py3-none-any.whl", wheel_members())
    wheel.chmod(0)
    with unprivileged(), bounded():
        report = verify(wheel)
    assert [(d.code, d.path) for d in report.diagnostics] == [("artifact-readable", wheel.as_posix())]


# ---------------------------------------------------------------------------------------
# Archives whose members climb out: reported, never extracted


def escaping_members(top: str) -> list[str]:
    return ["../evil.py", f"{top}/../../evil.py", "/tmp/evil.py"]


def assert_escapes_reported(archive: Path, report: Any, names: list[str]) -> None:
    """One artifact-member-paths per escaping member, and nothing else; the message names the
    member as stored (the path shown is normalised: ``/tmp/evil.py`` shows as ``tmp/evil.py``)."""
    expected = sorted((PurePath(f"{archive.as_posix()}/{name}").as_posix(), name) for name in names)
    found = [(d.code, d.severity, d.path, d.line) for d in report.diagnostics]
    assert found == [("artifact-member-paths", ERR, path, None) for path, _ in expected]
    for diagnostic, (_, name) in zip(report.diagnostics, expected):
        assert repr(name) in diagnostic.message


def test_wheel_with_escaping_members(tmp_path: Path) -> None:
    folder = tmp_path / "deep" / "er"
    folder.mkdir(parents=True)
    names = escaping_members("demo_tool")
    members = {**wheel_members(), **{name: b"import os\n" for name in names}}
    wheel = write_wheel(folder / "demo_tool-1.0.0-py3-none-any.whl", members)
    with bounded(memory=MEMORY):
        report = verify(wheel)
    assert_escapes_reported(wheel, report, names)
    assert not (tmp_path / "deep" / "evil.py").exists() and not (tmp_path / "evil.py").exists()


def test_sdist_with_escaping_members(tmp_path: Path) -> None:
    folder = tmp_path / "deep" / "er"
    folder.mkdir(parents=True)
    names = escaping_members(SDIST_TOP)
    members = {**sdist_members(), **{name: b"import os\n" for name in names}}
    sdist = write_sdist(folder / "demo_tool-1.0.0.tar.gz", members)
    with bounded(memory=MEMORY):
        report = verify(sdist)
    assert_escapes_reported(sdist, report, names)
    assert not (tmp_path / "deep" / "evil.py").exists() and not (tmp_path / "evil.py").exists()
