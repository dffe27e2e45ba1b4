"""The files a build plan places in its artifacts (:class:`PlannedFile`), whatever the user's
include settings say; where a smart tool's own go is :mod:`.tool_layout`'s."""

from __future__ import annotations

from typing import Literal, NamedTuple, Optional

#: the artifacts a build plan knows; an editable wheel carries none of the planned files
ArtifactKind = Literal["sdist", "wheel", "editable"]


class PlannedFile(NamedTuple):
    """One file an artifact must carry, whatever the user's include settings say."""

    #: its source path, relative to the distribution root (POSIX)
    source: str
    #: its path in the artifact: in an sdist, below the top folder; in a wheel, from the
    #: wheel's root, or from the ``.dist-info`` folder when ``in_dist_info``
    target: str
    #: whether it belongs in the wheel's ``.dist-info`` folder (whose name the backend picks)
    in_dist_info: bool = False
    #: the bytes of a file the build makes (the manifest's projection), which ``source`` is
    #: made from; None: the file is ``source`` itself, copied
    content: Optional[bytes] = None

    def member(self, dist_info: str) -> str:
        """The wheel member path, given the ``.dist-info`` folder's name."""
        return f"{dist_info}/{self.target}" if self.in_dist_info else self.target
