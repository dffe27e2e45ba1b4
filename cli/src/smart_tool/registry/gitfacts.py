"""Facts about a git checkout, read through the ``git`` command: the repository's top, the
origin URL, the branch, HEAD, uncommitted changes, a file's bytes at a commit.

Only plumbing output is read (no porcelain meant for people), with prompts off and a time
limit, so a missing git, a credential prompt or a hung transport is an error, never a
hang. Every failure is a :class:`GitError` with one line saying what to pass instead.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Optional

TIMEOUT_SECONDS = 30


class GitError(Exception):
    """Git could not say: ``str(error)`` is one line for the user."""


def _run(root: Path, *args: str, check: bool = True) -> Optional[bytes]:
    env = dict(os.environ, GIT_TERMINAL_PROMPT="0", LC_ALL="C")
    try:
        done = subprocess.run(
            ["git", "-c", "core.quotepath=off", "-C", str(root), *args],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            env=env,
            timeout=TIMEOUT_SECONDS,
            check=False,
        )
    except FileNotFoundError:
        raise GitError("git is not installed") from None
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise GitError(f"git {args[0]} failed ({exc})") from None
    if done.returncode != 0:
        if check:
            reason = done.stderr.decode("utf-8", "replace").strip().splitlines()
            raise GitError(f"git {args[0]} failed: {reason[-1] if reason else done.returncode}")
        return None
    return done.stdout


def _line(output: Optional[bytes]) -> Optional[str]:
    return None if output is None else output.decode("utf-8", "surrogateescape").strip()


def toplevel(root: Path) -> Path:
    """The top of the work tree holding ``root``."""
    top = _line(_run(root, "rev-parse", "--show-toplevel", check=False))
    if not top:
        raise GitError(f"{root} is not in a git work tree")
    return Path(top)


def origin_url(root: Path) -> str:
    """The URL of the remote ``origin`` (with any ``insteadOf`` rewriting applied)."""
    url = _line(_run(root, "remote", "get-url", "origin", check=False))
    if not url:
        raise GitError("the repository has no remote named origin")
    return url


def current_branch(root: Path) -> Optional[str]:
    """The branch HEAD is on, or None when HEAD is detached."""
    return _line(_run(root, "symbolic-ref", "--quiet", "--short", "HEAD", check=False)) or None


def head_commit(root: Path) -> str:
    """HEAD's full commit id (40 hex digits, or 64 in a SHA-256 repository)."""
    commit = _line(_run(root, "rev-parse", "--verify", "--quiet", "HEAD^{commit}", check=False))
    if not commit:
        raise GitError("the repository has no commit yet")
    return commit


def uncommitted(root: Path) -> list[str]:
    """Paths under ``root`` that differ from HEAD: changed, staged, or untracked and not ignored."""
    output = _run(root, "status", "--porcelain=v1", "-z", "--untracked-files=all", "--", ".") or b""
    entries = iter(output.split(b"\0"))
    paths = []
    for entry in entries:
        if len(entry) > 3:
            paths.append(entry[3:].decode("utf-8", "surrogateescape"))
            if entry[:1] in (b"R", b"C"):
                next(entries, None)  # a rename's or copy's source path follows
    return paths


def blob_at(root: Path, commit: str, path: str) -> Optional[bytes]:
    """The bytes of ``path`` (from the top) at ``commit``, or None when it is not there."""
    return _run(root, "cat-file", "blob", f"{commit}:{path}", check=False)
