"""Game data (decks/<name>.toml), read once. Rule readings live there so a group can change them."""
from __future__ import annotations

import tomllib
from functools import lru_cache

from . import paths

DECKS_DIR = paths.DECKS


@lru_cache(maxsize=None)
def load(name: str) -> dict:
    with open(DECKS_DIR / f"{name}.toml", "rb") as fh:
        return tomllib.load(fh)
