"""skillmeta's own validation of a skill, bounded in time.

skillmeta's JSON Schema patterns are Python regular expressions, and a hostile value (a ~100
byte ``purl`` with many ``/``) holds one for hours; no signal interrupts a regular expression,
so the validation runs in a child process, killed past :data:`SKILLMETA_SECONDS`. Imported
only where the ``skillmeta`` extra is installed and a skill names a skillmeta manifest.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

#: how long skillmeta's validation of one skill may take: its schema's patterns are
#: Python regular expressions, which a hostile value holds for hours and no signal interrupts
SKILLMETA_SECONDS = 10.0
_VALIDATE = (
    "import json, sys\n"
    "from skillmeta import validator\n"
    "issues = validator.validate_skill(sys.argv[1])\n"
    "print(json.dumps([[i.code, i.location, i.message] for i in issues]))\n"
)


def skillmeta_issues(folder: Path) -> Optional[list[tuple[str, str, str]]]:
    """skillmeta's issues for the skill at ``folder`` (code, location, message), judged in a
    child process bounded in time (killed past :data:`SKILLMETA_SECONDS`); None then."""
    import json
    import subprocess
    import sys

    try:
        done = subprocess.run(
            [sys.executable, "-c", _VALIDATE, str(folder)],
            capture_output=True,
            timeout=SKILLMETA_SECONDS,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired:
        return None
    try:
        found = json.loads(done.stdout.decode("utf-8", "replace").strip().splitlines()[-1])
        return [(str(code), str(location), str(text)) for code, location, text in found]
    except (ValueError, IndexError, TypeError):  # skillmeta failed: its own error, one line
        reason = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["no output"]
        return [("manifest.schema.invalid", "", f"skillmeta could not validate the skill: {reason[0]}")]
