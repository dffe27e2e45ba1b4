"""Whether a wheel requires smart-tool-build: ``inspect``'s sign of a smart tool whose backend
left every smart-tool file out. Imported only by ``inspect``, for a wheel that carries none."""

from __future__ import annotations

import re

from .reader import Archive


def reads_manifest(archive: Archive, dist_info: str) -> bool:
    """Whether the wheel requires smart-tool-build (``Requires-Dist``): a smart tool whose
    accessor reads its manifest at run time, whatever its backend left out of the wheel."""
    data = archive.read(f"{dist_info}/METADATA") or b""
    head = data.decode("utf-8", "replace").split("\n\n", 1)[0]
    for line in head.splitlines():
        if line.lower().startswith("requires-dist:"):
            name = re.match(r"\s*([A-Za-z0-9._-]+)", line.split(":", 1)[1])
            if name and re.sub(r"[-_.]+", "-", name.group(1)).lower() == "smart-tool-build":
                return True
    return False
