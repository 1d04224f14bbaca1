"""Cloaked Cats: each player's 3 secret feature cards live on their phone; the companion places the
masks when a cat card is played, answers guesses truthfully, runs the final round and scores.

This module is the game's registry entry: its moves as the engine sees them (their fields, who may
make them, a stale tap, who may undo) and GAME. The rules are cloaked_cats_rules.py, what each screen
is shown cloaked_cats_view.py (which reads the rules); this module imports both and nothing imports
it back, so the imports run one way.
"""
from __future__ import annotations

from ..errors import N_
from ..fields import Choice, ChoiceList, Int
from .base import Game, InPlay, Move
from .cloaked_cats_rules import FEATURE_IDS, RULES, end_turn, fix_cat, guess, play_cat, rematch, setup, start
from .cloaked_cats_view import own_view, standing, view

# Field labels are shown inside the engine's refusals ("Player must be a whole number."), as Terms.
_FEATURE_LIST = dict(label=N_("features"), choices=FEATURE_IDS, min_items=1, max_items=len(FEATURE_IDS),
                     required=False, default=())
MOVES = {
    # Deals and the masks a cat card earns show hidden features: only the host may take them back.
    "start": Move(start, {}, "anyone", stale="refuse", reveals=True),
    "play_cat": Move(play_cat, {"features": ChoiceList(**_FEATURE_LIST)}, "seat", stale="refuse", reveals=True),
    "guess": Move(guess, {"target": Int(label=N_("player"), min=0, max=10**9),
                          "feature": Choice(label=N_("feature"), choices=FEATURE_IDS)}, "seat",
                  stale="refuse", reveals=True),  # the answer has been seen: no free questions
    "end_turn": Move(end_turn, {}, "seat", stale="refuse", reveals=False),
    "rematch": Move(rematch, {}, "anyone", stale="refuse", reveals=True, new_game=True),
    "fix_cat": Move(fix_cat, {"cat": Int(label=N_("cat number"), min=1, max=RULES["cat_cards"]),
                              "features": ChoiceList(**_FEATURE_LIST)}, "host",
                    stale="refuse", reveals=True),
}


GAME = Game(
    id="cloaked-cats",
    title="Cloaked Cats",
    blurb="Secret feature cards on each phone; masks placed, guesses answered and scores counted for you.",
    players=f"{RULES['min_players']}–{RULES['max_players']}",
    most_players=RULES["max_players"],
    setup=setup,
    moves=MOVES,
    view=view,
    own_view=own_view,
    standing=standing,
    options={},
    sections_read_viewer=True,
    order=3,
    in_play=InPlay(moves=(("start", {}),)),
    secret_screens=("seat",),
)
