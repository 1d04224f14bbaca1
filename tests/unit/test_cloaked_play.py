"""bench/_cloaked_play.py: the next tap of a Cloaked Cats table, read from the views its screens
last received, as bench/live.py --game cloaked-cats plays it."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from _cloaked_play import CATS, next_tap  # noqa: E402

BOARD = (b'<article class="cc-player cc-yellow" data-seat="1"></article>'
         b'<article class="cc-player cc-red is-active" data-seat="2"></article>')


def test_the_active_player_plays_a_cat_card_when_offered_two_in_turn():
    phones = {1: b"", 2: b'<form action="/t/ABC/act/play_cat">'}
    assert next_tap(BOARD, phones, 0) == (2, "act/play_cat", {"features": CATS[0]})
    assert next_tap(BOARD, phones, 1) == (2, "act/play_cat", {"features": CATS[1]})


def test_else_the_active_player_ends_the_turn():
    phones = {1: b'<form action="/t/ABC/act/play_cat">', 2: b'<form action="/t/ABC/act/end_turn">'}
    assert next_tap(BOARD, phones, 3) == (2, "act/end_turn", {})


def test_a_game_over_is_followed_by_the_boards_rematch():
    assert next_tap(b'<form action="/t/ABC/act/rematch">' + BOARD, {}, 5) == (None, "act/rematch", {})


def test_a_board_showing_no_turn_and_no_rematch_is_said_so():
    with pytest.raises(ValueError, match="no one's turn"):
        next_tap(b"<p>lobby</p>", {}, 0)
