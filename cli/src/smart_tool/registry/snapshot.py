"""Registry snapshots: an exact copy of a manifest with the facts the spec asks for.

"Catalogs and registries ... may cache an exact generated snapshot, with the source
repository, resolved revision, original manifest path, and refresh time recorded."

The snapshot is written in the public smart-tools catalog's layout, an entry folder
``tools/<id>/``: ``SMART_TOOL.md`` byte for byte, ``provenance.json``, and on request the
pointer ``source.json``. What the caller does not give is read from git (origin, branch,
HEAD) and refused when git cannot vouch for it; what is given is recorded as given. Every
value recorded keeps the catalog's shape rules (:mod:`smart_tool.registry.provenance`), and the
manifest every manifest rule and what the catalog's reader needs of it, so an entry written
here passes ``smart-tool catalog check``. The JSON document of earlier versions is
:func:`build_snapshot`.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, NamedTuple, Optional, TypeVar

from smart_tool_build.diagnostics.diagnostic import Diagnostic
from smart_tool_build.parsing import frontmatter
from smart_tool_build.project.names import MANIFEST_NAME
from smart_tool_build.rules import manifest
from smart_tool_build.rules.manifest import Manifest
from smart_tool_build.rules.root import check_root

from . import gitfacts, provenance
from .catalog_manifest import reader_findings
from .provenance import Pointer, Provenance, Source

SCHEMA = 1

_VCS_MARKERS = (".git", ".hg", ".svn")


class SnapshotRefused(Exception):
    """The snapshot cannot be made as asked; ``str(error)`` is one line saying why and what to do."""


class Given(NamedTuple):
    """What the caller says about the source; None is read from git."""

    repository: Optional[str] = None
    ref: Optional[str] = None
    commit: Optional[str] = None


class Entry(NamedTuple):
    """A catalog entry ready to write."""

    name: str
    manifest: bytes
    provenance: Provenance

    @property
    def pointer(self) -> Pointer:
        source = self.provenance.source
        return Pointer(source.repository, source.ref, source.path)


def repository_top(root: Path) -> Optional[Path]:
    """The nearest folder at or above ``root`` holding .git, .hg or .svn, if any."""
    start = root.resolve()
    for folder in (start, *start.parents):
        if any((folder / marker).exists() for marker in _VCS_MARKERS):
            return folder
    return None


def path_in_repository(root: Path, manifest_relative: str) -> str:
    """The manifest's path from the repository's top, or from ``root`` when there is none:
    a tool in a monorepo is named by its place in the repository."""
    top = repository_top(root)
    if top is None:
        return manifest_relative
    return (root.resolve() / manifest_relative).relative_to(top).as_posix()


def _checked_manifest(
    root: Path, display: str
) -> tuple[list[Diagnostic], Optional[tuple[str, bytes, Manifest]]]:
    """The root's findings if it is not valid, else (manifest path in the root, bytes, model)."""
    report = check_root(root, display=display)
    if report.failed() or report.manifest is None or report.manifest_relative is None:
        return report.diagnostics, None
    shown = (
        report.manifest_relative
        if display in ("", ".")
        else f"{display.rstrip('/')}/{report.manifest_relative}"
    )
    data = frontmatter.read_bytes(root / report.manifest_relative)
    parsed = manifest.parse_bytes(data, shown)
    if parsed.manifest is None:  # pragma: no cover - changed since check_root read it
        return parsed.diagnostics, None
    found = reader_findings(data, parsed.frontmatter, shown)
    if found:
        return found, None
    return [], (report.manifest_relative, data, parsed.manifest)


def make_entry(
    root: Path, display: str, given: Given, now: Optional[datetime] = None
) -> tuple[list[Diagnostic], Optional[Entry]]:
    """The entry for the tool at ``root``, or the findings that refuse its manifest.

    Raises :class:`SnapshotRefused` when a given value has the wrong shape, or git cannot
    vouch for one that was not given (not a work tree, no origin, HEAD detached, changes
    not committed).
    """
    for label, value, rule in (
        ("--repository", given.repository, provenance.repository_problem),
        ("--ref", given.ref, provenance.ref_problem),
        ("--commit", given.commit, provenance.commit_problem),
    ):
        if value is not None and rule(value):
            shown = provenance.shown_url(value) if label == "--repository" else repr(value)
            raise SnapshotRefused(f"{label} {shown} {rule(value)}")
    problems, checked = _checked_manifest(root, display)
    if checked is None:
        return problems, None
    manifest_relative, data, parsed = checked
    source = _source(root, display, given)
    original = provenance.manifest_path(source.path, manifest_relative)
    if given.commit is None:
        at_head = gitfacts.blob_at(root, source.commit, original)
        if at_head != data:
            raise SnapshotRefused(
                f"{original} is not at HEAD as it is in the working tree (not committed, or "
                "its line endings converted by git); commit it, or pass --commit"
            )
    when = provenance.format_time(now or datetime.now(timezone.utc))
    return [], Entry(parsed.name, data, Provenance(source, original, when))


def _source(root: Path, display: str, given: Given) -> Source:
    try:
        return _read_source(root, display, given)
    except _Unknown as exc:
        raise SnapshotRefused(f"{exc.reason}; pass {_listed(exc.options)}") from None


_T = TypeVar("_T")


class _Unknown(Exception):
    """Git could not say what ``options`` would: the refusal names those options only."""

    def __init__(self, reason: gitfacts.GitError, options: tuple[str, ...]) -> None:
        super().__init__(str(reason))
        self.reason, self.options = reason, options


def _listed(options: tuple[str, ...]) -> str:
    return options[0] if len(options) == 1 else f"{', '.join(options[:-1])} and {options[-1]}"


def _asking(options: tuple[str, ...], fact: Callable[[Path], _T], root: Path) -> _T:
    """``fact(root)``, or :class:`_Unknown` naming the ``options`` that give it instead."""
    try:
        return fact(root)
    except gitfacts.GitError as exc:
        raise _Unknown(exc, options) from None


def _read_source(root: Path, display: str, given: Given) -> Source:
    if None in given:
        missing = tuple(
            label for label, value in zip(("--repository", "--ref", "--commit"), given) if value is None
        )
        top = _asking(missing, gitfacts.toplevel, root)
    else:
        top = repository_top(root) or root.resolve()
    try:
        relative = root.resolve().relative_to(top.resolve()).as_posix()
    except ValueError:  # pragma: no cover - git's top is above the root it was asked about
        raise SnapshotRefused(f"{display} is not inside its repository's top {top}") from None
    path = relative if relative != "." else provenance.PATH_DEFAULT
    problem = provenance.path_problem(path)
    if problem:
        raise SnapshotRefused(f"the root's path in the repository {path!r} {problem}; move the tool")
    repository = given.repository or _origin(root)
    ref = given.ref or _asking(("--ref",), gitfacts.current_branch, root)
    if ref is None:
        raise SnapshotRefused("HEAD is detached, so there is no branch to record; pass --ref")
    problem = provenance.ref_problem(ref)
    if problem:
        raise SnapshotRefused(f"the branch {ref!r} {problem}; pass --ref")
    commit = given.commit
    if commit is None:
        changed = _asking(("--commit",), gitfacts.uncommitted, root)
        if changed:
            raise SnapshotRefused(
                f"the working tree has uncommitted changes under {display or '.'} ({len(changed)}, "
                f"e.g. {changed[0]}); commit them, or pass --commit to record another commit"
            )
        commit = _asking(("--commit",), gitfacts.head_commit, root)
    return Source(repository, ref, path, commit)


def _origin(root: Path) -> str:
    url = _asking(("--repository",), gitfacts.origin_url, root)
    problem = provenance.repository_problem(url)
    if problem is None:
        return url
    guess = https_guess(url)
    instead = f"pass --repository {guess}" if guess else "pass --repository with its https URL"
    raise SnapshotRefused(f"origin {provenance.shown_url(url)} {problem}; {instead}")


def https_guess(url: str) -> Optional[str]:
    """The https URL an ssh, git, http or credentialed origin most likely has, if one fits."""
    match = re.match(r"(?:(?:ssh|git|https?)://)?(?:[^@/]*@)?([A-Za-z0-9.-]+)(?::[0-9]*)?[:/]/?(.+)\Z", url)
    if not match:
        return None
    guess = f"https://{match.group(1)}/{match.group(2).split('?')[0].split('#')[0]}"
    return guess if provenance.repository_problem(guess) is None else None


def write_entry(entry: Entry, output_dir: Path, root: Path, *, pointer: Optional[bool] = None) -> list[Path]:
    """Write the entry's files into ``output_dir`` (made if missing), all or none of them.

    ``pointer`` None (the default) writes source.json when the folder has none, so the entry
    passes ``catalog check`` (``catalog-pointer-present``) and a pointer already there (the
    catalog's own, perhaps pinning a ref) is kept; True writes it over one there; False never.
    """
    try:
        inside = output_dir.resolve().relative_to(root.resolve())
    except ValueError:
        inside = None
    if inside is not None:
        raise SnapshotRefused(
            f"{output_dir} is inside the tool's distribution root; write the entry elsewhere"
        )
    if output_dir.is_symlink():
        raise SnapshotRefused(f"{output_dir} is a symlink; a catalog holds no links")
    files = [
        (MANIFEST_NAME, entry.manifest),
        (provenance.PROVENANCE_FILE, entry.provenance.to_json().encode()),
    ]
    if pointer or (pointer is None and not os.path.lexists(output_dir / provenance.POINTER_FILE)):
        files.append((provenance.POINTER_FILE, entry.pointer.to_json().encode()))
    output_dir.mkdir(parents=True, exist_ok=True)
    for name, _ in files:
        target = output_dir / name
        if target.is_symlink() or (target.exists() and not target.is_file()):
            raise SnapshotRefused(f"{target} is a symlink or not a regular file; remove it first")
    with _staged(output_dir, files) as staged:
        for temporary, target in staged:
            os.replace(temporary, target)
    return [output_dir / name for name, _ in files]


@contextmanager
def _staged(folder: Path, files: list[tuple[str, bytes]]) -> Iterator[list[tuple[str, Path]]]:
    """Every file written beside its target first, so a failure replaces none of them."""
    mask = os.umask(0)
    os.umask(mask)
    staged: list[tuple[str, Path]] = []
    try:
        for name, content in files:
            handle, temporary = tempfile.mkstemp(prefix=f".{name}.", dir=folder)
            with os.fdopen(handle, "wb") as out:
                out.write(content)
            os.chmod(temporary, 0o666 & ~mask)
            staged.append((temporary, folder / name))
        yield staged
    finally:
        for temporary, _ in staged:
            if os.path.exists(temporary):
                os.unlink(temporary)


def build_snapshot(
    manifest: Manifest,
    manifest_path: str,
    repository: str,
    revision: str,
    refreshed_at: Optional[datetime] = None,
) -> dict[str, Any]:
    """The single JSON document of earlier versions (``smart-tool snapshot --format json``)."""
    when = (refreshed_at or datetime.now(timezone.utc)).astimezone(timezone.utc)
    return {
        "schema": SCHEMA,
        "source": {
            "repository": repository,
            "revision": revision,
            "manifest_path": manifest_path,
            "refreshed_at": when.replace(microsecond=0).isoformat().replace("+00:00", "Z"),
        },
        "frontmatter": manifest.to_dict(),
        "body": manifest.body,
    }


def legacy_document(
    root: Path, display: str, repository: str, revision: str
) -> tuple[list[Diagnostic], Optional[dict[str, Any]]]:
    """``--format json``: the document of earlier versions, or the findings that refuse it."""
    report = check_root(root, display=display)
    if report.failed() or report.manifest is None or report.manifest_relative is None:
        return report.diagnostics, None
    manifest_path = path_in_repository(root, report.manifest_relative)
    return [], build_snapshot(report.manifest, manifest_path, repository, revision)
