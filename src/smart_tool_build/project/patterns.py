"""A version pattern (hatchling's ``[tool.hatch.version] pattern``) searched within bounds: a
pattern that can backtrack without end runs in a child process that is stopped in time. Only a
project whose version is read with a pattern loads this."""

from __future__ import annotations

import json
import re
import sys
from typing import Any, Optional

from .files import Unparsable

#: how long a version pattern that can backtrack may search before it is given up
PATTERN_SECONDS = 2.0

#: the child that runs such a pattern: Python's ``re`` has no timeout, a process can be killed
_SEARCH = (
    "import json,re,sys\n"
    "p,f,t,g=json.load(sys.stdin)\n"
    "m=re.compile(p,f).search(t)\n"
    "print(json.dumps(None if m is None or m.group(g) is None else [m.start(g),m.group(g)]))\n"
)


def can_backtrack(pattern: str, flags: int = 0) -> bool:
    """Whether the pattern holds a repeat whose body holds another repeat or an alternation
    (``(a+)+``, ``(a|a)*``): the shapes whose backtracking can grow without end. Read with
    ``re``'s own parser; possessive repeats and atomic groups do not backtrack."""
    try:
        from re import _parser as sre  # type: ignore[attr-defined,unused-ignore]
    except ImportError:  # Python 3.9 and 3.10
        import sre_parse as sre  # type: ignore[no-redef,unused-ignore]
    try:
        parsed = sre.parse(pattern, flags)
    except Exception:  # re.compile said it was valid: be safe, not sorry
        return True

    def children(op: str, av: Any) -> list[Any]:
        if op in ("MAX_REPEAT", "MIN_REPEAT"):
            return [av[2]]
        if op == "SUBPATTERN":
            return [av[-1]]
        if op == "BRANCH":
            return list(av[1])
        if op in ("ASSERT", "ASSERT_NOT"):
            return [av[1]]
        if op == "GROUPREF_EXISTS":
            return [part for part in av[1:] if part is not None]
        return []  # literals, sets, atomic groups, possessive repeats

    def repeats(items: Any) -> bool:
        for op, av in items:
            name = str(op)
            if name == "BRANCH" or (name in ("MAX_REPEAT", "MIN_REPEAT") and av[1] > 1):
                return True
            if any(repeats(child) for child in children(name, av)):
                return True
        return False

    def risky(items: Any) -> bool:
        for op, av in items:
            name = str(op)
            if name in ("MAX_REPEAT", "MIN_REPEAT") and av[1] > 1 and repeats(av[2]):
                return True
            if any(risky(child) for child in children(name, av)):
                return True
        return False

    return risky(parsed)


def bounded_search(regex: re.Pattern[str], text: str, group: Any) -> Optional[tuple[int, str]]:
    """(start, text) of ``group`` in ``regex``'s first match in ``text``, or None. A pattern
    that :func:`can_backtrack` runs in a child process given :data:`PATTERN_SECONDS`;
    :class:`Unparsable` when it takes longer."""
    if not can_backtrack(regex.pattern, regex.flags):
        match = regex.search(text)
        return (
            None if match is None or match.group(group) is None else (match.start(group), match.group(group))
        )
    import subprocess

    request = json.dumps([regex.pattern, regex.flags & ~re.UNICODE, text, group])
    try:
        done = subprocess.run(
            [sys.executable, "-I", "-S", "-c", _SEARCH],
            input=request,
            capture_output=True,
            text=True,
            timeout=PATTERN_SECONDS,
            check=False,
        )
    except subprocess.TimeoutExpired:
        message = (
            f"searching with it took over {PATTERN_SECONDS:g} s and was stopped: a repeat inside "
            "a repeat (such as `(a+)+`) backtracks without end; write it without one"
        )
        raise Unparsable(message, refused=True) from None
    except OSError as exc:
        raise Unparsable(f"could not be run: {exc.strerror or exc}", refused=True) from None
    found = json.loads(done.stdout) if done.returncode == 0 and done.stdout.strip() else None
    return None if found is None else (int(found[0]), str(found[1]))
