"""We Love Cats (Steve Jackson Games): the bag, the 30 cat tokens and both dice, on the phones.

Every player draws 3 cats; on a turn a player with no cats adopts 2, rolls two dice and resolves the two
results in the order they choose (Adopt, Lose, Swap, pass R or L). The instant anyone holds one cat of
every colour they win; when the bag runs out, the most cats win.

This module is the game's registry entry: its moves as the engine sees them (their fields, a stale
tap, who may undo) and GAME. The rules are we_love_cats_rules.py, what each screen is shown
we_love_cats_view.py (which reads the rules); this module imports both and nothing imports it back,
so the imports run one way.
"""
from __future__ import annotations

from ..fields import Choice, Int
from .base import Game, InPlay, Move
from .we_love_cats_rules import COLORS, DICE_COUNT, MAX_PLAYERS, MIN_PLAYERS, rematch, resolve, roll, setup, start
from .we_love_cats_view import standing, view

FIRST = {"first_seat": Int(label="first player", min=0, max=10**9, required=False, default=None)}
MOVES = {
    # The deal and every result that draws from the bag show which cat came out next.
    "start": Move(start, FIRST, stale="refuse", reveals=True),
    "roll": Move(roll, stale="apply", reveals=False),  # the rules check the turn again; undo rolls the same
    "resolve": Move(resolve, {"die": Int(label="die", min=0, max=DICE_COUNT - 1),
                              "color": Choice(label="colour", choices=COLORS, required=False, default=None)},
                    stale="apply", reveals="draws"),
    "rematch": Move(rematch, FIRST, stale="refuse", reveals=True, new_game=True),
}


GAME = Game(
    id="we-love-cats",
    title="We Love Cats",
    blurb="The bag, all 30 cat tokens and both dice on your phones: collect one cat of every colour.",
    players=f"{MIN_PLAYERS}–{MAX_PLAYERS}",
    most_players=MAX_PLAYERS,
    setup=setup,
    moves=MOVES,
    view=view,
    standing=standing,
    sections_read_viewer=True,
    order=5,
    in_play=InPlay(moves=(("start", {"first_seat": "@Ann"}),)),
)
