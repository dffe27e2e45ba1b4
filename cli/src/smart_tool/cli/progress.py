"""What ``smart-tool smoke`` is doing, said on stderr while it does it.

Making an environment and installing into it take seconds (much longer without uv), so each
long step is said as it starts, and each probe as it ends. On a terminal the steps share one
status line, rewritten in place and cleared at the end, so that only the findings stay; on
anything else (a CI log, a file) each step is a plain line of its own. Nothing is said with
``--no-progress``. The standard library only: one line of text needs no progress library.
"""

from __future__ import annotations

import shutil
import threading
from typing import TextIO

#: what a terminal line is cleared with: to its start, then erased to its end
_CLEAR = "\r\x1b[K"


class Progress:
    """Says the steps of one command on ``stream``; safe to call from the probes' threads."""

    def __init__(self, stream: TextIO, *, live: bool) -> None:
        self.stream = stream
        self.live = live
        self._lock = threading.Lock()
        self._shown = False

    @classmethod
    def on(cls, stream: TextIO) -> Progress:
        """Live on a terminal, plain lines elsewhere."""
        try:
            live = stream.isatty()
        except (AttributeError, ValueError):
            live = False
        return cls(stream, live=live)

    def say(self, text: str) -> None:
        line = f"smart-tool: {text}"
        with self._lock:
            try:
                if self.live:
                    width = max(shutil.get_terminal_size().columns - 1, 20)
                    self.stream.write(_CLEAR + line[:width])
                    self._shown = True
                else:
                    self.stream.write(line + "\n")
                self.stream.flush()
            except (OSError, ValueError):  # stderr closed: progress is not worth failing for
                pass

    def clear(self) -> None:
        """Take the status line away (a terminal), before the findings or an error are said."""
        with self._lock:
            if self._shown:
                try:
                    self.stream.write(_CLEAR)
                    self.stream.flush()
                except (OSError, ValueError):
                    pass
                self._shown = False
