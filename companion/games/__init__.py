"""The registry of games: every module of this package that defines `GAME = Game(...)` is a game.
Adding a game is adding its own files (docs/ARCHITECTURE.md, "Adding a game"): nothing here lists them."""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import lru_cache

from .base import Game

NOT_GAMES = {"base"}


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    game: Game


@lru_cache(maxsize=None)
def _games() -> dict[str, Game]:
    found = []
    for module in pkgutil.iter_modules(__path__):
        if module.name in NOT_GAMES:
            continue
        game = getattr(importlib.import_module(f"{__name__}.{module.name}"), "GAME", None)
        if isinstance(game, Game):
            found.append(game)
    found.sort(key=lambda game: (game.order, game.title))
    ids = [game.id for game in found]
    assert len(ids) == len(set(ids)), f"two games share an id: {ids}"
    return {game.id: game for game in found}


def catalogue() -> list[Entry]:
    return [Entry(game.id, game.title, game) for game in _games().values()]


def get(game_id: str) -> Game | None:
    return _games().get(game_id)
