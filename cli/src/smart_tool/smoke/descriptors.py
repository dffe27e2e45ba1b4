"""Where smoke takes a wheel's descriptor from when the wheel has none of its own.

A wheel built with smart-tool-build carries ``smart-tool.json`` in its ``.dist-info``; a wheel
built without it (every public tool as published) does not, but its sdist keeps the file at
its root, where the packaging text puts it. So ``smart-tool smoke dist/*`` pairs each wheel
with the sdist of the same release (as ``inspect`` pairs them) and reads the descriptor there;
``--descriptor PATH`` names one outright, over either.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Literal, NamedTuple, Optional

from smart_tool_build.archives.archive import ArchiveError
from smart_tool_build.archives.reader import open_archive
from smart_tool_build.diagnostics.diagnostic import Diagnostic, make
from smart_tool_build.parsing import frontmatter
from smart_tool_build.project.names import DESCRIPTOR_NAME, normalize_name
from smart_tool_build.rules.descriptor import MAX_BYTES

Origin = Literal["wheel", "sdist", "given"]


class DescriptorSource(NamedTuple):
    """A descriptor from outside the wheel."""

    #: its path as diagnostics show it: ``dist/acme-1.0.tar.gz/acme-1.0/smart-tool.json``
    shown: str
    origin: Origin
    #: its bytes; None when it cannot be read (``problem`` says why)
    data: Optional[bytes] = None
    problem: Optional[Diagnostic] = None


class Sdist(NamedTuple):
    """An sdist given beside the wheels: its release, and the descriptor at its root."""

    path: Path
    shown: str
    #: PKG-INFO's Name (PEP 503-normalised) and Version; None when unreadable
    name: Optional[str]
    version: Optional[str]
    #: None when the sdist has no smart-tool.json at its root (or cannot be read)
    descriptor: Optional[DescriptorSource]
    #: where the sdist says its source is: the repository (PKG-INFO's Project-URL), and the
    #: commit and ref a git archive wrote into .git_archival.txt (setuptools-scm, hatch-vcs)
    repository: Optional[str] = None
    commit: Optional[str] = None
    ref: Optional[str] = None


def is_sdist(name: str) -> bool:
    return name.lower().endswith((".tar.gz", ".zip"))


def read_sdist(path: Path, shown: str) -> Sdist:
    """The release and root descriptor of an sdist; never raises (what cannot be read is None:
    the sdist's own rules, run by ``inspect`` and ``--format conformance``, say why)."""
    try:
        archive = open_archive(path, lambda member: member.count("/") == 1 and member.endswith(_READ))
    except ArchiveError:
        return Sdist(path, shown, None, None, None)
    tops = {member.split("/", 1)[0] for member in archive.files}
    if len(tops) != 1:
        return Sdist(path, shown, None, None, None)
    top = tops.pop()
    headers = archive.core_metadata()
    name = normalize_name(headers["Name"]) if headers.get("Name") else None
    member = f"{top}/{DESCRIPTOR_NAME}"
    data = archive.read(member)
    descriptor = None if data is None else DescriptorSource(f"{shown}/{member}", "sdist", data)
    commit, ref = _archival(archive.read(f"{top}/.git_archival.txt"))
    repository = _repository(archive.read(f"{top}/PKG-INFO") or b"")
    return Sdist(path, shown, name, headers.get("Version") or None, descriptor, repository, commit, ref)


#: the root files of an sdist read here
_READ = ("/PKG-INFO", f"/{DESCRIPTOR_NAME}", "/.git_archival.txt")
#: Project-URL labels that name the source repository, most telling first
_SOURCE_LABELS = ("repository", "source", "source code", "code", "github", "gitlab", "homepage")


def _repository(pkg_info: bytes) -> Optional[str]:
    """The source repository an sdist's PKG-INFO names in a Project-URL, if one does."""
    urls: dict[str, str] = {}
    for line in pkg_info.decode("utf-8", "replace").splitlines():
        if not line.strip():
            break  # the headers end at the first blank line
        if line.lower().startswith("project-url:"):
            label, _, url = line.split(":", 1)[1].partition(",")
            urls.setdefault(label.strip().lower(), url.strip())
    for label in _SOURCE_LABELS:
        if urls.get(label, "").startswith("https://"):
            return urls[label]
    return None


def _archival(data: Optional[bytes]) -> tuple[Optional[str], Optional[str]]:
    """(commit, ref) of a ``.git_archival.txt`` git expanded (``node: <sha>``, ``ref-names:
    HEAD -> main, tag: v1.0``); None for what it does not say, or left unexpanded."""
    if not data:
        return None, None
    fields = {}
    for line in data.decode("utf-8", "replace").splitlines():
        key, _, value = line.partition(":")
        fields[key.strip()] = value.strip()
    node = fields.get("node", "")
    commit = node if re.fullmatch(r"[0-9a-f]{40}|[0-9a-f]{64}", node) else None
    names = fields.get("ref-names", "")
    branch = re.search(r"HEAD -> ([^,\s]+)", names)
    return commit, branch.group(1) if branch and "$Format" not in names else None


def read_given(path: Path) -> DescriptorSource:
    """The descriptor named with ``--descriptor``."""
    shown = path.as_posix()
    try:
        data = frontmatter.read_bytes(path, MAX_BYTES)
    except frontmatter.UnreadableFile as exc:
        return DescriptorSource(
            shown,
            "given",
            problem=make(
                "descriptor-present", shown, None, f"descriptor {exc}", "give a readable smart-tool.json"
            ),
        )
    except frontmatter.FrontmatterError as exc:
        problem = make(
            "descriptor-shape",
            shown,
            None,
            f"descriptor {exc.message}",
            exc.hint or "give a small UTF-8 JSON file",
        )
        return DescriptorSource(shown, "given", problem=problem)
    return DescriptorSource(shown, "given", data)


def wheel_release(path: Path) -> tuple[str, str]:
    """The (normalised name, version) a wheel's file name says (PEP 427)."""
    parts = path.name.split("-")
    return normalize_name(parts[0]), parts[1] if len(parts) > 1 else ""


def same_release(one: tuple[str, str], other: tuple[Optional[str], Optional[str]]) -> bool:
    name, version = other
    if name is None or version is None or one[0] != name:
        return False
    from packaging.version import InvalidVersion, Version

    try:
        return Version(one[1]) == Version(version)
    except InvalidVersion:
        return one[1] == version


def pair(wheels: Sequence[Path], sdists: Sequence[Sdist]) -> tuple[dict[Path, Optional[Sdist]], list[Sdist]]:
    """Each wheel's sdist (the one of the same release), and the sdists no wheel pairs with."""
    paired: dict[Path, Optional[Sdist]] = {}
    used: set[Path] = set()
    for wheel in wheels:
        release = wheel_release(wheel)
        found = next((s for s in sdists if same_release(release, (s.name, s.version))), None)
        paired[wheel] = found
        if found is not None:
            used.add(found.path)
    return paired, [s for s in sdists if s.path not in used]
