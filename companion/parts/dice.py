"""Dice with any faces."""
from __future__ import annotations

import random

STANDARD = [str(n) for n in range(1, 7)]


def roll(faces: list[str], count: int, rng: random.Random) -> list[str]:
    return [faces[rng.randrange(len(faces))] for _ in range(count)]


def total(results: list[str]) -> int | None:
    """The sum when every face is a number, else None (picture dice have no sum)."""
    try:
        return sum(int(r) for r in results)
    except ValueError:
        return None
