"""The line an editable build of a library prints when library-skills will not find its skills
in the source tree; loaded only for an editable build."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

#: where library-skills looks for an editable install's skills: ``.agents/skills/*/SKILL.md``
#: at any depth of the source tree the install's ``direct_url.json`` names
EDITABLE_FOLDER = ".agents/skills"
#: the skills an editable note names, at most
_NAMED = 10


def editable_note(sources: Sequence[str]) -> Optional[str]:
    """The note for the skill folders of ``sources`` library-skills will not find: it looks only
    in ``.agents/skills/`` folders (not a root ``skills/`` folder); None when it finds them all."""
    unfound = [
        source for source in sources if not ("/" + source).rsplit("/", 1)[0].endswith("/" + EDITABLE_FOLDER)
    ]
    if not unfound:
        return None
    shown = ", ".join(f"{source}/" for source in unfound[:_NAMED])
    if len(unfound) > _NAMED:
        shown += f" and {len(unfound) - _NAMED} more"
    return (
        f"editable install: library-skills will not find {shown}: in an editable install it looks "
        f"only in {EDITABLE_FOLDER}/ folders of the source tree; keep the skills in "
        f'{EDITABLE_FOLDER}/ at the root (skills = ["{EDITABLE_FOLDER}"]), or install the wheel (without -e) '
        "where you need them"
    )
