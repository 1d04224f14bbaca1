"""Pack the Essentials: the round tracker, the draft board with its Cat Ladies, the players' counters,
the score pad and solo mode. The tiles and suitcases stay on the table; the companion runs the rounds.

This module is the game's registry entry: its options, its moves as the engine sees them (their
fields, a stale tap, who may undo) and GAME. The rules are pack_the_essentials_rules.py (the rounds
and the draft) and pack_the_essentials_scoring.py (the score pad, which reads them); what each screen
is shown is pack_the_essentials_view.py (which reads both). This module imports all three and nothing
imports it back, so the imports run one way.
"""
from __future__ import annotations

from ..errors import N_
from ..fields import Bool, Choice, Int, Text
from .base import Game, InPlay, Move
from .pack_the_essentials_rules import (DATA, GOAL_MAX, GOALS, MAX_SEATED, MODES, PER_PILE, PILES, POSITIONS,
                                        SOLO_LEVELS, cat_lady_flip, choose_position, draft, next_round, setup,
                                        start)
from .pack_the_essentials_scoring import PAD_FIELDS, rematch, score, vote
from .pack_the_essentials_view import standing, view

OPTIONS = {
    "mode": Choice(label=N_("mode"), choices=list(MODES), required=False, default="full"),
    "solo_level": Choice(label=N_("solo victory level"), choices=SOLO_LEVELS, required=False, default=SOLO_LEVELS[0]),
    "solo_target": Int(label=N_("solo target score"), min=1, max=300, required=False, default=100),
    # A solo Victory Condition card names its To Do Lists (0 = draw at random).
    "todo1": Int(label=N_("solo To Do List 1"), min=0, max=DATA["todo"]["cards_per_pile"], required=False, default=0),
    "todo2": Int(label=N_("solo To Do List 2"), min=0, max=DATA["todo"]["cards_per_pile"], required=False, default=0),
    "todo3": Int(label=N_("solo To Do List 3"), min=0, max=DATA["todo"]["cards_per_pile"], required=False, default=0),
    # A group's own To Do List goals, for this table (the rulebook does not print them).
    # (a goal written in the deck file is the field's default, so the set-up page shows it)
    **{f"goal_{p}_{c}": Text(label=N_("To Do List goal"), max_len=GOAL_MAX, required=False,
                             default=GOALS[p - 1][c - 1] or None)
       for p in range(1, PILES + 1) for c in range(1, PER_PILE + 1)},
}

_FIRST = {"first": Int(label=N_("first player"), min=0, max=10_000, required=False, default=0)}
_SEAT = {"seat": Int(label=N_("player"), min=0, max=10_000, required=False, default=0)}

MOVES = {
    "start": Move(start, _FIRST, stale="refuse", reveals=False),
    "choose_position": Move(choose_position, {"position": Int(label=N_("draft position"), min=1, max=POSITIONS)},
                            stale="refuse", reveals=False),
    "draft": Move(draft, {"tile": Int(label=N_("tile"), min=1, max=POSITIONS),
                          "pack_rats": Int(label=N_("pack rats"), min=0, max=DATA["max_pack_rats_per_turn"],
                                           required=False, default=0),
                          "discard": Bool(label=N_("discard"))},
                  stale="refuse", reveals=False),
    # A token drawn from the face-down pile: taken back, its flipper would know it before drafting again.
    "cat_lady_flip": Move(cat_lady_flip, stale="refuse", reveals=True),
    "next_round": Move(next_round, stale="refuse", reveals=False),
    # A pad and a vote are one player's own: everyone saves at once at the end, none is lost.
    "score": Move(score, {**_SEAT, **PAD_FIELDS}, stale="apply", reveals=False),
    "vote": Move(vote, {"for_seat": Int(label=N_("cutest cat"), min=1, max=10_000)}, stale="apply", reveals=False),
    "rematch": Move(rematch, _FIRST, stale="refuse", reveals=False, new_game=True),
}


GAME = Game(
    id="pack-the-essentials",
    title="Pack the Essentials",
    blurb="Round tracker, draft board with the Cat Ladies, pack rat counts and the score pad; solo mode too.",
    players="1–4",
    most_players=MAX_SEATED,
    setup=setup,
    moves=MOVES,
    view=view,
    standing=standing,
    shows_records=lambda state: state.get("mode") == "solo",
    options=OPTIONS,
    order=4,
    in_play=InPlay(moves=(("start", {}),)),
)
