"""Game data (decks/<name>.toml), read once. Rule readings live there so a group can change them."""
from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

DECKS_DIR = Path(__file__).resolve().parent.parent / "decks"


@lru_cache(maxsize=None)
def load(name: str) -> dict:
    with open(DECKS_DIR / f"{name}.toml", "rb") as fh:
        return tomllib.load(fh)
