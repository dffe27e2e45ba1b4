"""A module whose lines naming ``__version__`` other than a plain assignment only read it
(``print(x, __version__)``): told without ast, exactly, so such a module needs no parse."""

from __future__ import annotations

from .versions import same_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

    from ..project.distribution import PackageVersion

#: a module this small nests too shallowly for the parser's limits (some 3,000 levels), so
#: parsing it could find nothing but the assignments a plain look rules out
_SMALL = 2048


def only_read(data: bytes, package_version: PackageVersion, plain: re.Pattern[bytes]) -> bool:
    """Whether every line of a small ASCII module (no coding cookie: it could spell the name
    otherwise) that names ``__version__`` is a ``plain`` assignment of the package's version,
    or no assignment to it."""
    if len(data) > _SMALL or not data.isascii() or b"coding" in data:
        return False
    for line in data.splitlines():
        match = plain.fullmatch(line)
        if match is None and not not_assigned(line):
            return False
        if match is not None and not same_text(match.group(2).decode(), package_version):
            return False
    return True


def not_assigned(line: bytes) -> bool:
    """Whether no ``__version__`` on ``line`` can be a name assigned to: each follows a word,
    a dot or a comma (``print(x, __version__)``, ``a.__version__``), or is followed by
    something else than ``=``, ``:``, ``)``, a comment, a backslash or the line's end."""
    start = line.find(b"__version__")
    while start >= 0:
        before = line[:start].rstrip(b" \t\f(")[-1:]
        after = line[start + len(b"__version__") :].lstrip(b" \t\f")[:1]
        if not (before.isalnum() or before in (b"_", b".", b",")) and after in b"=:)#\\":
            return False
        start = line.find(b"__version__", start + 1)
    return True
