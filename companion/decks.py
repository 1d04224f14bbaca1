"""Game data (decks/<name>.toml), read once: the numbers and names a group can change. The rule readings
those values follow are written in docs/games/<game>.md."""
from __future__ import annotations

import tomllib
from functools import lru_cache

from . import paths

DECKS_DIR = paths.DECKS


@lru_cache(maxsize=None)
def load(name: str) -> dict:
    with open(DECKS_DIR / f"{name}.toml", "rb") as fh:
        return tomllib.load(fh)
