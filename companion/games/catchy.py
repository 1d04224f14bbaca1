"""Catchy!: the course between the two players' Arms, the cat token and the trick calculator.

The cards stay in the players' hands; the companion keeps what is fiddly on the table: where the cat
stands, which side is up, whose lead it is, the trick count, the score, and the trick maths (who won,
does the cat flip, where does it walk, who leads next), with the reasons in words. Every value can be
corrected by hand (`adjust`) and the engine's undo works as usual.

This module is the game's registry entry: its options, its moves as the engine sees them (their
fields, a stale tap, who may undo) and GAME. The rules are catchy_rules.py, what each screen is shown
catchy_view.py (which reads the rules); this module imports both and nothing imports it back, so the
imports run one way.
"""
from __future__ import annotations

from ..errors import N_
from ..fields import Bool, Choice, Int, Text, TextList
from .base import Game, InPlay, Move
from .catchy_rules import CARDS, MAX_NUMBER, ROUND, SIDES, adjust, play_trick, rematch, setup, start_round
from .catchy_view import standing, view

OPTIONS = {
    "player_1": Text(label=N_("player 1's name"), max_len=24, required=False, default="Player 1"),
    "player_2": Text(label=N_("player 2's name"), max_len=24, required=False, default="Player 2"),
    "colors": TextList(label=N_("card colours"), item_max_len=16, min_items=2, max_items=6,
                       required=False, default=list(CARDS["colors"])),
    "max_number": Int(label=N_("highest card number"), min=3, max=MAX_NUMBER,
                      required=False, default=CARDS["max_number"]),
}


# Written out per role (not built in a loop) so that extraction sees every label.
_CARD_FIELDS = {
    "leader_color": Text(label=N_("leader's colour"), max_len=16, required=False),
    "leader_number": Int(label=N_("leader's number"), min=0, max=MAX_NUMBER, required=False),
    "leader_joker": Bool(label=N_("leader's Joker")),
    "follower_color": Text(label=N_("follower's colour"), max_len=16, required=False),
    "follower_number": Int(label=N_("follower's number"), min=0, max=MAX_NUMBER, required=False),
    "follower_joker": Bool(label=N_("follower's Joker")),
}

MOVES = {
    "start_round": Move(start_round, {
        "leader": Int(label=N_("leader"), min=1, max=2, required=False),
        "players": Choice(label=N_("players"), choices=["names", "phones"], required=False)},
        stale="refuse", reveals=False),
    "play_trick": Move(play_trick, {**_CARD_FIELDS, "check": Bool(label=N_("check only"))},
                       stale="refuse", reveals=False),  # two phones entering one trick must not play it twice
    "adjust": Move(adjust, {
        "position": Int(label=N_("cat position"), min=-2, max=2, required=False),
        "side": Choice(label=N_("cat side"), choices=list(SIDES), required=False),
        "score_1": Int(label=N_("player 1's score"), min=0, max=99, required=False),
        "score_2": Int(label=N_("player 2's score"), min=0, max=99, required=False),
        "round": Int(label=N_("round"), min=1, max=99, required=False),
        "trick": Int(label=N_("tricks played"), min=0, max=ROUND["tricks"], required=False),
        "leader": Int(label=N_("leader"), min=1, max=2, required=False)},
        stale="refuse", reveals=False),
    "rematch": Move(rematch, stale="refuse", reveals=False, new_game=True),
}


GAME = Game(
    id="catchy",
    title="Catchy!",
    blurb="The course, the cat token and the trick maths for two players: who wins, does the cat flip, where it walks.",
    players="2",
    most_players=2,
    setup=setup,
    moves=MOVES,
    view=view,
    standing=standing,
    options=OPTIONS,
    sections_read_viewer=True,
    order=2,
    in_play=InPlay(seats=("Ann", "Bob"), moves=(("start_round", {"players": "phones", "leader": "1"}),)),
)
