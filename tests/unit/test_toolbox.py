"""The Toolbox's rules produce data, not English: its log entries are kinds and values, its refusals
keep their English template apart from the values (so the web layer can translate them), and a table
saved before the log was data still shows its old lines."""
from __future__ import annotations

import random

import pytest

from companion.errors import BadInput, RuleError, Term
from companion.fields import parse_mapping
from companion.games import toolbox
from companion.games.base import Ctx, Seat

ANN = Seat(1, "Ann")


def ctx(seat=None) -> Ctx:
    return Ctx(seat=seat, seats=[ANN], now=1000.0, rng=random.Random(7))


def table(**options) -> dict:
    return toolbox.setup(parse_mapping(toolbox.OPTIONS, options), ctx())


def test_the_log_is_data_the_template_words():
    state = table(parts=["dice", "counters", "rounds", "picker"], counters="Lives: 9")
    toolbox.roll(state, ctx(ANN))
    toolbox.count(state, ctx(), 0, -1)
    toolbox.round_next(state, ctx(ANN))
    toolbox.pick_first(state, ctx())
    assert state["log"] == [
        {"kind": "pick_first", "who": None, "name": "Ann"},
        {"kind": "round_next", "who": "Ann", "round": 2},
        {"kind": "count", "who": None, "name": "Lives", "delta": -1, "value": 8},
        {"kind": "roll", "who": "Ann", "faces": state["dice"]["last"]},
    ]
    view = toolbox.view(state, ctx())
    assert view["dice"]["by"] == "Ann" and view["log"] == state["log"]


def test_the_board_is_no_name_in_the_view():
    state = table(parts=["dice", "bag"], bag="Red: 2")
    toolbox.roll(state, ctx())
    toolbox.bag_draw(state, ctx())
    view = toolbox.view(state, ctx())
    assert view["dice"]["by"] is None and view["bag"]["by"] is None      # the template says "the board"
    assert view["dice"]["last"] and view["bag"]["last"] == "Red"


def test_a_table_saved_with_english_log_lines_still_shows_them():
    state = table(parts=["dice"])
    state["log"] = ["Board: rolled 3, 5"]
    assert toolbox.view(state, ctx())["log"] == [{"kind": "text", "text": "Board: rolled 3, 5"}]


def test_refusals_keep_their_template_and_values_apart():
    with pytest.raises(BadInput) as caught:
        table(parts=["bag"], bag="Red: 500")
    assert caught.value.template == "The number for '%(name)s' in %(label)s must be between %(min)s and %(max)s."
    assert caught.value.values == {"name": "Red", "label": "bag contents", "min": 0, "max": 200}
    assert isinstance(caught.value.values["label"], Term)                # a word: translated when shown
    assert str(caught.value) == "The number for 'Red' in bag contents must be between 0 and 200."
    with pytest.raises(RuleError) as caught:
        toolbox.roll(table(parts=["track"]), ctx())
    assert caught.value.values == {"part": "dice"} and isinstance(caught.value.values["part"], Term)
    assert str(caught.value) == "This table has no dice."
    with pytest.raises(RuleError) as caught:
        toolbox.count(table(parts=["counters"], counters="Lives: 0"), ctx(), 0, -1)
    assert str(caught.value) == "The Lives cannot go below 0 (it is at 0)."
