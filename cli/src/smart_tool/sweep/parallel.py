"""One function over many items, on every core once there are enough items to pay for a pool."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Callable, Optional, TypeVar

#: below this many items a pool costs more than it saves: one process
THRESHOLD = 200

Item = TypeVar("Item")
Result = TypeVar("Result")


def map_all(
    func: Callable[[Item], list[Result]], items: Sequence[Item], jobs: Optional[int] = None
) -> list[Result]:
    """``func`` of every item, concatenated in the items' order.

    ``jobs`` None picks one process below :data:`THRESHOLD` items, else one per core.
    ``func`` and the items must pickle (a module-level function, plain values).
    """
    if jobs is None:
        jobs = (os.cpu_count() or 1) if len(items) >= THRESHOLD else 1
    if jobs <= 1 or len(items) < 2:
        return [result for item in items for result in func(item)]
    from concurrent.futures import ProcessPoolExecutor

    chunk = max(1, len(items) // (jobs * 8))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return [result for found in pool.map(func, items, chunksize=chunk) for result in found]
