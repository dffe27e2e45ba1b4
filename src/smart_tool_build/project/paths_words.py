"""Why :func:`.paths.read_inside` refused a file, as the end of a sentence that starts with the
file's path: only a refused file loads this."""

from __future__ import annotations

from ..parsing.frontmatter_words import not_read

TYPE_CHECKING = False
if TYPE_CHECKING:
    import os
    from typing import Optional

NOT_REGULAR = "is not a regular file, perhaps a FIFO or a device; not read"


def refusal(
    info: Optional[os.stat_result], data: Optional[bytes], problem: Optional[Exception], limit: int
) -> str:
    """What the read found: neither ``info`` nor ``problem`` for a path outside the root, a
    ``problem`` the stat raised (no ``info``) or the read; else the file, or ``data`` read."""
    if info is None and problem is None:
        return "leads outside the distribution root through `..` or a symlink; not read"
    why = not_read(info, problem, NOT_REGULAR)
    if why is not None:
        return why
    assert info is not None
    if info.st_size > limit:
        return f"is {info.st_size} bytes, over the limit of {limit} bytes; not read"
    if data is None:  # no longer a regular file at the open
        return NOT_REGULAR
    return f"is over the limit of {limit} bytes; not read"
