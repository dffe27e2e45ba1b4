"""A package module's ``__version__`` as :mod:`ast` reads it: only where a plain look at its
lines cannot tell (:func:`.version_attr.version_attr_drift`)."""

from __future__ import annotations

from ..project.files import Unparsable
from ..project.python_source import parse_module, string_assignment
from .versions import same_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Optional

    from ..project.distribution import PackageVersion
    from .version_attr_words import VersionAttr


def parsed_drift(
    root: Path,
    init: str,
    package_version: PackageVersion,
    expected: str,
    refused: Optional[list[tuple[str, str]]],
) -> list[VersionAttr]:
    """The module ``init``'s first top-level ``__version__`` string when it is not the package's
    version (``expected`` as written); one beyond the parser's limits goes to ``refused``."""
    try:
        tree = parse_module(root, init)
    except Unparsable as exc:
        if exc.refused and refused is not None:
            refused.append((init, exc.message.removeprefix(init + " ")))
        return []
    found = string_assignment(tree, "__version__")
    if found is None or same_text(found.value, package_version):
        return []
    from .version_attr_words import VersionAttr

    return [VersionAttr(init, found, expected)]
