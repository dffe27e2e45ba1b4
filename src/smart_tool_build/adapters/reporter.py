"""What a build says: one :class:`Reporter` decides every line for the three adapters, each
of which hands it the :class:`OutputSink` of its medium, so they print the same lines."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, Optional

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

    from ..archives.facts import SourceFacts
    from ..diagnostics.diagnostic import Diagnostic
    from ..plan.build_plan import BuildPlan


#: every line a build prints of ours starts so (a diagnostic's own ``path:line: code:`` aside)
PREFIX = "smart-tool: "


class OutputSink:
    """The one sink every adapter prints through: hatchling's ``app`` when given, else stderr.
    A build ends by ``app.abort``, else ``error`` raised with the last line (setuptools prints
    it as ``error: <line>``), else exit status ``status``; ``quiet`` holds back all but the end."""

    def __init__(
        self, app: Any = None, *, quiet: bool = False, error: Optional[Callable[[str], BaseException]] = None
    ) -> None:
        self.app, self.quiet, self.error = app, quiet, error

    def info(self, line: str, display: str = "display_info") -> None:
        if self.quiet:
            return
        if self.app is not None:
            getattr(self.app, display)(line)
        else:
            print(line, file=sys.stderr, flush=True)

    def warn(self, line: str) -> None:
        self.info(line, "display_warning")

    def fail(self, lines: list[str], status: int = 1) -> NoReturn:
        """Print ``lines`` (errors, then the summary last) and end the build."""
        from .stop_words import end

        end(self.app, self.error, lines, status)


class Reporter:
    """One build's voice: every line it prints goes through here, to ``sink``."""

    def __init__(self, sink: OutputSink) -> None:
        self.sink = sink
        #: the codes of ignored errors this build has named already (each is named once)
        self._named_ignored: set[str] = set()

    def note(self, text: str) -> None:
        self.sink.info(PREFIX + text)

    def show(self, diagnostics: Sequence[Diagnostic], ignored: Sequence[Diagnostic] = ()) -> None:
        """Warnings and notes as they come (errors wait for :meth:`stop`), then a line for
        each error ``ignore`` set aside whose code this build has not named yet: an ignored
        error does not fail the build, but nobody ships it without being told."""
        if diagnostics or ignored:  # a valid build has nothing to show: no words loaded
            from .reporter_words import shown

            for warns, line in shown(diagnostics, ignored, self._named_ignored):
                (self.sink.warn if warns else self.sink.info)(PREFIX + line)

    def stop(self, diagnostics: Sequence[Diagnostic], reason: str) -> NoReturn:
        """End the build: every error, one a line, then ``reason`` and where to read on."""
        from .stop_words import stop_lines  # a build that stops pays for its words

        self.sink.fail(stop_lines(diagnostics, PREFIX + reason))

    def failure(self, reason: str) -> NoReturn:
        """End the build for a reason that is not a finding (an unwritable folder, say)."""
        self.sink.fail([PREFIX + reason])

    def planned(self, plan: BuildPlan) -> None:
        """A plan's findings, then either its notes or the end of a build it stops."""
        self.show(plan.diagnostics, plan.ignored)
        if plan.failed():
            from .stop_words import not_building

            self.stop(plan.diagnostics, not_building(plan))
        for note in plan.notes:
            self.note(note)

    def check_archives(self, archives: Sequence[tuple[Path, str]], facts: SourceFacts) -> None:
        """The one check of finished archives every adapter runs, each ``(path, shown)``: its
        findings shown, a failing one removed, then the verdict."""
        from ..archives.confirm import check_built

        problems: list[Diagnostic] = []
        gone: list[str] = []
        for path, shown in archives:
            report = check_built(path, facts, shown)
            self.show(report.diagnostics, report.ignored)
            if report.failed():
                problems += report.diagnostics
                gone.append(shown)
                with contextlib.suppress(OSError):  # nothing more to do than say so
                    path.unlink()
        self.verified(gone or [shown for _, shown in archives], problems, bool(gone))

    def verified(self, shown: Sequence[str], diagnostics: Sequence[Diagnostic], failed: bool) -> None:
        """The verdict on finished archives (``diagnostics`` already shown): verified, or the
        end of the build, saying they were removed."""
        if failed:
            verb = "it" if len(shown) == 1 else "they"
            self.stop(diagnostics, f"removed {', '.join(shown)}: {verb} failed the smart-tool checks")
        for name in shown:
            self.note(f"{name} verified")
