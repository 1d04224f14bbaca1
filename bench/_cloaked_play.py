"""How bench/live.py plays Cloaked Cats (`--game cloaked-cats`): the next tap of a table, read from
the views its screens last received, as the players read theirs. Each player's view is its own (its
three secret features), as each player's state is in boardgame.io's workload (../shared/peer-bench
strips every other player's secret), where the Toolbox roll the bench plays by default shares one
view among the seats.

The active player (the board marks their card) plays a cat card when their view offers it, two
cards in turn, and otherwise ends their turn; once a game is over, the board starts a rematch. So
every action is the tap of the screen whose turn it is, and a moment the table has not had."""
from __future__ import annotations

import re

ACTIVE = re.compile(rb'class="cc-player cc-\w+ is-active" data-seat="(\d+)"')
CATS = (["strutting_beauty", "fish_cocktail", "black_coat"], ["seated_boss", "striped", "top_hat", "red_coat"])


def next_tap(board_view: bytes, phone_views: dict[int, bytes], played: int) -> tuple[int | None, str, dict]:
    """The seat whose phone taps next (None: the board), the action and its fields, from the board's
    view and each seat's (by seat id). `played`: the cat cards this table has played so far."""
    if b"/act/rematch" in board_view:
        return None, "act/rematch", {}
    active = ACTIVE.search(board_view)
    if active is None:
        raise ValueError("the board's view shows no one's turn and no rematch")
    seat = int(active.group(1))
    if b"/act/play_cat" in phone_views.get(seat, b""):
        return seat, "act/play_cat", {"features": CATS[played % 2]}
    return seat, "act/end_turn", {}
