"""acme-gears: computes gear trains from tooth counts."""

from __future__ import annotations

__version__ = "0.2.0"


def ratio(*teeth: int) -> float:
    """The overall ratio of a train of meshing pairs: (driver, driven, driver, driven, ...)."""
    if len(teeth) < 2 or len(teeth) % 2:
        raise ValueError("give the teeth of each meshing pair: driver, driven, ...")
    result = 1.0
    for driver, driven in zip(teeth[::2], teeth[1::2]):
        result *= driven / driver
    return result
