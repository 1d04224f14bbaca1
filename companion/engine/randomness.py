"""The table's random source, kept in its saved state (under ENGINE_KEY, beside the game's own state):
a move that draws advances it, a move that does not leaves it alone, and undo restores it with the
rest of the state. So undoing a roll or a draw and doing it again gives the same result, and nothing
is re-rolled on reload."""
from __future__ import annotations

import random
import secrets
from typing import Callable


class TableRandom(random.Random):
    """random.Random that notes whether anything was drawn from it. Every drawing method of
    random.Random goes through `random()` or `getrandbits()` (choice, shuffle, randrange and sample
    through `_randbelow`, which uses getrandbits as in the base class: both are overridden, so
    random.Random picks the same `_randbelow` and the same seed gives the same rolls). Cheaper than
    comparing `getstate()` before and after (two copies of 625 numbers: about 0.1 ms an action)."""

    drew = False

    def random(self) -> float:
        self.drew = True
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.drew = True
        return super().getrandbits(k)


def run_with_table_rng(engine: dict, work: Callable[[random.Random], None]) -> bool:
    """Runs `work` with the table's random source and keeps the source where `work` left it. The
    seed moves on only when `work` drew from it, so a move without randomness never changes what
    the next roll will be, and undo (which restores `engine`) makes a redone roll roll the same."""
    seed = engine.get("rng")
    if not isinstance(seed, int):
        seed = secrets.randbits(64)   # a table saved before seeds were kept
    rng = TableRandom(seed)
    work(rng)
    drew = rng.drew
    engine["rng"] = rng.getrandbits(64) if drew else seed
    return drew


def unpredictable_seed() -> int:
    return secrets.randbits(64)
