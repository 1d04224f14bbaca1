"""The registry of games. A game whose module is not written yet is listed as "coming"."""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import lru_cache

from .base import Game

# (id used in URLs and the API, module name, title shown while it is not built yet)
CATALOGUE = [
    ("communicat", "communicat", "CommuniCat"),
    ("catchy", "catchy", "Catchy!"),
    ("cloaked-cats", "cloaked_cats", "Cloaked Cats"),
    ("pack-the-essentials", "pack_the_essentials", "Pack the Essentials"),
    ("we-love-cats", "we_love_cats", "We Love Cats"),
    ("toolbox", "toolbox", "Toolbox"),
]


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    game: Game | None

    @property
    def available(self) -> bool:
        return self.game is not None


@lru_cache(maxsize=None)
def _load(module: str) -> Game | None:
    try:
        mod = importlib.import_module(f"{__name__}.{module}")
    except ModuleNotFoundError as exc:
        if exc.name == f"{__name__}.{module}":
            return None  # not built yet
        raise
    return mod.GAME


def catalogue() -> list[Entry]:
    return [Entry(gid, (_load(mod).title if _load(mod) else title), _load(mod)) for gid, mod, title in CATALOGUE]


def get(game_id: str) -> Game | None:
    for gid, mod, _title in CATALOGUE:
        if gid == game_id:
            return _load(mod)
    return None
