"""SARIF 2.1.0 for code scanning: one run, the codes found as the driver's rules, one result each.

GitHub's upload (``github/codeql-action/upload-sarif``) takes one run whose ``tool.driver``
lists the rules its results name, and locations whose ``uri`` is relative to the checkout:
so every path is made relative to the folder the command ran in (``%SRCROOT%``) and
percent-encoded (RFC 3986: a space is ``%20``, a non-ASCII letter its UTF-8 bytes).
A result points at a file that exists, as annotations do: the finding's own file, else its
anchor (the package definition beside a missing descriptor), else the archive that holds a
member, else (a folder, say) its own path; where the file is not the finding's own, the
message says where.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Optional, cast
from urllib.parse import quote

from smart_tool_build.diagnostics.diagnostic import Diagnostic, Severity

from .. import __version__

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..authoring.edits import Edit

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://github.com/smart-tool-build/smart-tool-build"
CODES_URI = f"{INFORMATION_URI}/blob/main/docs/codes.md"
BASE = "%SRCROOT%"
LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def file_uri(path: str) -> str:
    """A relative POSIX path as a URI reference: each segment percent-encoded as RFC 3986
    asks (unreserved characters kept, everything else as its bytes: UTF-8, or the name's own
    bytes where it is not UTF-8, as the file system gave them)."""
    return quote(os.fsencode(path), safe="/")


def _folder_uri(folder: Path) -> str:
    """The ``file:`` URI of a folder, with the trailing slash a base URI needs."""
    uri = folder.resolve().as_uri()
    return uri if uri.endswith("/") else uri + "/"


def _located(path: str, here: Path) -> Optional[tuple[str, Optional[str]]]:
    """(uri, base id) of an existing file: relative to ``here`` below it, else absolute."""
    target = Path(path)
    absolute = target if target.is_absolute() else here / target
    try:
        relative = absolute.resolve().relative_to(here.resolve())
    except ValueError:
        return absolute.resolve().as_uri(), None
    return file_uri(relative.as_posix()), BASE


def _existing_file(diagnostic: Diagnostic, here: Path) -> tuple[Optional[str], bool]:
    """The file a result can point at, and whether the diagnostic's line is in it: its path,
    else its anchor, else the archive whose member it names (the longest existing prefix)."""
    for candidate, own in ((diagnostic.path, True), (diagnostic.anchor, False)):
        if candidate and (here / candidate).is_file():
            return candidate, own
    if diagnostic.path:
        parts = diagnostic.path.split("/")
        for end in range(len(parts) - 1, 0, -1):
            prefix = "/".join(parts[:end])
            if (here / prefix).is_file():
                return prefix, False
    return None, False


def _result(diagnostic: Diagnostic, rule_index: int, here: Path) -> dict[str, object]:
    message = diagnostic.said()
    file, own_line = _existing_file(diagnostic, here)
    if file is None and diagnostic.path:  # a folder, or nothing that exists: its own path still
        file = diagnostic.path  # gives code scanning the location it asks of every result
    if diagnostic.path and diagnostic.path != file:  # say where, when the location cannot
        message = f"{diagnostic.where()}: {message}"
    result: dict[str, object] = {
        "ruleId": diagnostic.code,
        "ruleIndex": rule_index,
        "level": LEVELS[diagnostic.severity],
        "message": {"text": message},
    }
    if file is not None:
        located = _located(file, here)
        if located is not None:
            uri, base = located
            artifact: dict[str, object] = {"uri": uri}
            if base is not None:
                artifact["uriBaseId"] = base
            physical: dict[str, object] = {"artifactLocation": artifact}
            if own_line and diagnostic.line is not None and diagnostic.line >= 1:
                physical["region"] = {"startLine": diagnostic.line}
            result["locations"] = [{"physicalLocation": physical}]
    return result


def _rule(code_id: str) -> dict[str, object]:
    """A code as a SARIF rule: what it means is the description, how to fix it the help."""
    from smart_tool_build.diagnostics.codes import CODES

    code = CODES[code_id]
    return {
        "id": code.id,
        "shortDescription": {"text": code.means},
        "fullDescription": {"text": code.means},
        "help": {"text": code.fix, "markdown": f"**How to fix it:** {code.fix}"},
        "helpUri": CODES_URI,
        "defaultConfiguration": {"level": LEVELS[code.severity]},
    }


def sarif_document(diagnostics: Sequence[Diagnostic], here: Optional[Path] = None) -> dict[str, object]:
    """The SARIF log of ``diagnostics``: one run, a rule per code found, a result per finding."""
    base = Path(os.getcwd()) if here is None else here
    order: dict[str, int] = {}
    for diagnostic in diagnostics:
        order.setdefault(diagnostic.code, len(order))
    run: dict[str, object] = {
        "tool": {
            "driver": {
                "name": "smart-tool-build",
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": INFORMATION_URI,
                "rules": [_rule(code) for code in order],
            }
        },
        "originalUriBaseIds": {BASE: {"uri": _folder_uri(base)}},
        "results": [_result(d, order[d.code], base) for d in diagnostics],
    }
    return {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}


def render_sarif(
    diagnostics: list[Diagnostic],
    checked: Iterable[str],
    noun: str = "root",
    ignored: Sequence[Diagnostic] = (),
) -> str:
    """The SARIF log as JSON text; the findings set aside by ``ignore`` are left out, as
    every other format leaves them out of its findings. The log is UTF-8 whatever the file
    names are: a byte of a name that is not UTF-8 is U+FFFD in a message (the ``uri`` keeps
    the byte, percent-encoded)."""
    text = json.dumps(sarif_document(diagnostics), indent=2, ensure_ascii=False)
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def fix_diagnostics(
    fixes: Sequence[Edit], remaining: Sequence[Diagnostic], *, written: bool
) -> list[Diagnostic]:
    """What ``fix`` reports as results: each fix not written (``--diff``) is a finding at its
    code's severity, before what remains; fixes written are no longer findings."""
    if written:
        return list(remaining)
    from smart_tool_build.diagnostics.diagnostic import CodeId, make

    pending = [make(cast(CodeId, f.code), f.shown, f.line, f"would fix: {f.message}") for f in fixes]
    return [*pending, *remaining]


def write_sarif(path: str, diagnostics: list[Diagnostic]) -> None:
    """``--sarif-output FILE``: the SARIF log written beside the normal output, into a new
    file moved onto ``path``: a symlink planted there is replaced, never written through."""
    import tempfile

    target = Path(path)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(render_sarif(diagnostics, []) + "\n")
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(temporary, 0o666 & ~mask)  # what a plain write would have made
        os.replace(temporary, target)
    except BaseException:
        import contextlib

        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def merge(documents: Sequence[dict[str, object]]) -> dict[str, object]:
    """One log of one run from several of ours (``check``, ``inspect``, ``smoke`` in one CI
    job): code scanning refuses two runs of one tool in one upload. Rules are joined by id and
    each result's ``ruleIndex`` is pointed at the joined list."""
    runs = [run for document in documents for run in cast("list[dict[str, Any]]", document["runs"])]
    if not runs:
        return sarif_document([])
    rules: list[dict[str, Any]] = []
    index: dict[str, int] = {}
    results: list[dict[str, Any]] = []
    for run in runs:
        for rule in run["tool"]["driver"]["rules"]:
            if rule["id"] not in index:
                index[rule["id"]] = len(rules)
                rules.append(rule)
        for result in run["results"]:
            results.append({**result, "ruleIndex": index[result["ruleId"]]})
    first = runs[0]
    merged = {**first, "tool": {"driver": {**first["tool"]["driver"], "rules": rules}}, "results": results}
    return {"$schema": SCHEMA, "version": "2.1.0", "runs": [merged]}


#: the largest log the merge reads: far above what one CI job's findings make
MAX_LOG_BYTES = 64 * 1024 * 1024


class NotMerged(Exception):
    """A log the merge cannot read or write; the text reads after ``smart-tool: error:``."""


def _read_log(name: str) -> dict[str, object]:
    """One of our SARIF logs, checked for the shape :func:`merge` reads, or :class:`NotMerged`."""
    import stat

    try:
        info = os.stat(name)
    except (OSError, ValueError):
        raise NotMerged(f"{name}: no such file") from None
    if not stat.S_ISREG(info.st_mode):
        raise NotMerged(f"{name}: not a regular file")
    if info.st_size > MAX_LOG_BYTES:
        raise NotMerged(f"{name}: {info.st_size} bytes, over the limit of {MAX_LOG_BYTES}")
    try:
        data = Path(name).read_bytes()
    except OSError as exc:
        raise NotMerged(f"{name}: cannot be read: {exc.strerror or exc}") from None
    if not data.strip():
        raise NotMerged(f"{name}: empty, not a SARIF log")
    try:
        document = json.loads(data.decode("utf-8-sig"))
    except (ValueError, RecursionError) as exc:  # not UTF-8, not JSON, or nested too deep
        reason = "nested too deep" if isinstance(exc, RecursionError) else "not JSON"
        raise NotMerged(f"{name}: not a SARIF log: {reason}") from None
    problem = _shape_problem(document)
    if problem:
        raise NotMerged(f"{name}: not a SARIF log: {problem}")
    return cast("dict[str, object]", document)


def _shape_problem(document: object) -> Optional[str]:
    """What in ``document`` is not the SARIF shape :func:`merge` reads, or None."""
    if not isinstance(document, dict) or document.get("version") != "2.1.0":
        return 'no "version": "2.1.0" object'
    runs = document.get("runs")
    if not isinstance(runs, list):
        return 'no "runs" list'
    for run in runs:
        tool = run.get("tool") if isinstance(run, dict) else None
        driver = tool.get("driver") if isinstance(tool, dict) else None
        rules = driver.get("rules") if isinstance(driver, dict) else None
        if not isinstance(rules, list) or not all(
            isinstance(r, dict) and isinstance(r.get("id"), str) for r in rules
        ):
            return "a run without tool.driver.rules, each with an id"
        results = run.get("results")
        ids = {rule["id"] for rule in rules}
        if not isinstance(results, list) or not all(
            isinstance(r, dict) and r.get("ruleId") in ids for r in results
        ):
            return "a run without results, each naming one of its rules"
    return None


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m smart_tool.cli.sarif OUT IN...``: the GitHub Action's last step,
    joining the logs of its commands into the one file it uploads. A log it cannot read, or
    an OUT it cannot write, is one line on stderr and exit 2, nothing written."""
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print("usage: python -m smart_tool.cli.sarif OUT [IN ...]", file=sys.stderr)
        return 2
    out, given = args[0], args[1:]
    try:
        documents = [_read_log(name) for name in given]
        try:
            text = json.dumps(merge(documents), indent=2, ensure_ascii=False) + "\n"
        except RecursionError:
            raise NotMerged("a log is nested too deep to write again") from None
        try:
            Path(out).write_text(text, encoding="utf-8")
        except (OSError, ValueError) as exc:
            reason = (
                "is a folder"
                if os.path.isdir(out)
                else f"cannot be written: {getattr(exc, 'strerror', None) or exc}"
            )
            raise NotMerged(f"{out}: {reason}") from None
    except NotMerged as exc:
        print(f"smart-tool: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
