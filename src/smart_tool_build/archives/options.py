"""The options an artifact carries: an sdist's own ``[tool.smart-tool]``, for ``inspect``.

``smart-tool inspect`` checks an archive with no source tree beside it; the sdist's
pyproject.toml says what the build ran with (``exclude``, ``dev-versions``, ``ignore``), so
``inspect`` means by them what ``check`` and the build did. A wheel carries no
pyproject.toml: its caller supplies them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

from ..diagnostics.diagnostic import Diagnostic
from ..project.config import Options, read_options
from ..project.files import Unparsable, loads_toml
from ..project.names import PYPROJECT
from .archive import Archive


def _parse_pyproject(data: bytes) -> tuple[Optional[str], Optional[dict[str, Any]]]:
    """(text, document) of a pyproject.toml's bytes (an archive member); None where it cannot
    be read: an archive's broken pyproject.toml is the backend's to report."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None, None
    try:
        return text, loads_toml(text)
    except Unparsable:
        return text, None


def pyproject_facts(data: Optional[bytes]) -> tuple[Mapping[str, Any], Optional[str], Optional[str]]:
    """(``[tool]`` table, text, ``[project].version`` as written) of a pyproject.toml's bytes;
    empty where there are none or they do not parse."""
    if data is None:
        return {}, None, None
    text, document = _parse_pyproject(data)
    if document is None:
        return {}, text, None
    tool = document.get("tool")
    project = document.get("project")
    version = project.get("version") if isinstance(project, dict) else None
    return (tool if isinstance(tool, dict) else {}), text, (version if isinstance(version, str) else None)


def carried_options(
    archive: Archive, shown: str, flags: Optional[Mapping[str, Any]]
) -> tuple[Options, Optional[str], list[Diagnostic]]:
    """(options, the version as written, problems) from the sdist's top-level pyproject.toml,
    with the command line's ``flags`` over them; a wheel gives the flags alone."""
    tops = {name.split("/", 1)[0] for name in archive.files}
    member = f"{next(iter(tops))}/{PYPROJECT}" if archive.kind == "sdist" and len(tops) == 1 else None
    data = archive.read(member) if member is not None else None
    tool, text, version = pyproject_facts(data)
    where = f"{shown}/{member}" if data is not None else shown
    options, problems = read_options(tool, path=where, text=text, flags=flags)
    return options, version, problems
