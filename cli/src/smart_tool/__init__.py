"""smart-tool: the command line of smart-tool-build (check, inspect, smoke, init, fix, show,
codes, snapshot, catalog, SARIF).

A distribution of its own, released in lockstep with smart-tool-build, so that no build
environment and no tool that reads its manifest at run time installs the command line.
"""

from __future__ import annotations

#: the one place this distribution's version is written; it equals smart-tool-build's
#: (a release check and a test hold them together, and ``smart-tool`` refuses to run beside
#: a smart-tool-build of another version)
__version__ = "0.1.0"
