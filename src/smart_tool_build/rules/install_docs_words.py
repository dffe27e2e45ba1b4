"""The words of :func:`smart_tool_build.rules.install_docs.check_install_docs`: loaded only when
an install document cannot ship."""

from __future__ import annotations

from ..diagnostics.diagnostic import Diagnostic, make

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def findings(found: list[tuple[Any, ...]], path: str) -> list[Diagnostic]:
    """One diagnostic for each (line, kind, values) found, in their order."""
    return [_say(path, line, kind, *values) for line, kind, *values in found]


def _say(path: str, line: int, kind: str, index: int, install: str, *values: Any) -> Diagnostic:
    if kind == "missing":  # nowhere, or only outside the root
        where = "outside the distribution root" if values[0] else "nowhere"
        return make(
            "manifest-install-doc-missing",
            path,
            line,
            f"requires[{index}] install {install!r} exists {where}: looked "
            "beside the manifest and at the distribution root",
            "add the document, or point install at a URL",
        )
    if kind == "kind":  # a folder, or not a regular file
        what, source = values
        return make(
            "manifest-install-doc-missing",
            path,
            line,
            f"requires[{index}] install {install!r} is {what}, {source}, not a document",
            "point install at one document, a Markdown file say, or at a URL",
        )
    where = "its package" if values[0] else "the wheel's .dist-info folder"
    return make(
        "manifest-install-doc-ships",
        path,
        line,
        f"requires[{index}] install {install!r} climbs out of {where} once installed, "
        "so the installed manifest cannot reach it; the sdist carries it, the wheel cannot",
        "keep the document beside the manifest or below its folder and name it from "
        "there, or point install at a URL",
    )
