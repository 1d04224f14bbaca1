"""Hypothesis drives every move of every built game with random and hostile fields (huge numbers,
negatives, unknown ids, wrong types, long strings, unicode, HTML), from the board and from seats:
never a 5xx, a refusal is always a sentence, and a refused move changes nothing."""
import copy
import tempfile
import time

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion import create_app, games
from companion.fields import Bool, Choice, ChoiceList, Int, Text, TextList
from companion.games.base import Ctx, Seat
from companion.engine.saved import split_state

BUILT = [e.id for e in games.catalogue()]

hostile_text = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["<script>alert(1)</script>", "-1", "99999999999999999999", "1e9", "NaN", "0x10", "",
                     " ", "null", "[]", "{}", "../../etc/passwd", "٣", "¹", "１", "\u202e", "DROP TABLE tables"]),
    st.integers(-10**12, 10**12).map(str),
    st.just("x" * 5000),
)


CLOCK_KEYS = {"remaining", "running", "over"}  # a view's timer moves on with the clock, not with moves


def timeless(value):
    if isinstance(value, dict):
        return {k: timeless(v) for k, v in value.items() if k not in CLOCK_KEYS}
    if isinstance(value, list):
        return [timeless(v) for v in value]
    return value


def good_value(spec):
    """A value the field accepts, so moves get deep into the rules, not only refused at the door."""
    if isinstance(spec, Int):
        return st.integers(spec.min, spec.max).map(str)
    if isinstance(spec, Choice):
        return st.sampled_from(list(spec.choices))
    if isinstance(spec, ChoiceList):
        return st.lists(st.sampled_from(list(spec.choices)), min_size=spec.min_items,
                        max_size=min(spec.max_items, len(spec.choices)), unique=True)
    if isinstance(spec, Bool):
        return st.sampled_from(["1", "0", "on"])
    if isinstance(spec, (Text, TextList)):
        return st.text(min_size=1, max_size=10)
    return hostile_text


def field_values(move):
    names = list(move.fields) + ["extra", "version"]
    return st.dictionaries(st.sampled_from(names),
                           st.one_of(hostile_text, st.lists(hostile_text, max_size=4)), max_size=4)


@st.composite
def action(draw, game):
    names = list(game.moves)
    name = draw(st.one_of(st.sampled_from(names), st.sampled_from(names), st.sampled_from(["nope", "../x", ""])))
    move = game.moves.get(name)
    fields = {}
    if move is not None and draw(st.booleans()):
        fields = {k: draw(good_value(spec)) for k, spec in move.fields.items()}
    else:
        fields = draw(field_values(move)) if move is not None else {}
    device = draw(st.sampled_from(["board", "host", 0, 1, 2]))
    return name, fields, device


def assert_views_leave_the_state_alone(app, code: str, game) -> None:
    """A game's view must not change the state it reads: one read of a table serves every viewer's
    view after a change (Tables.shared_snapshot), so a view that changed it would change the next."""
    with app.extensions["companion"].store.read() as tx:
        state, _engine = split_state(tx.get_table(code).state)
        seats = [Seat(s.seat_id, s.name) for s in tx.seats(code)]
    before = copy.deepcopy(state)
    for seat in [None, *seats]:
        game.viewer_view(state, Ctx(seat=seat, seats=seats, now=time.time(), is_host=seat is None, is_board=seat is None))
        assert state == before, f"{game.id}'s view changed the state it was given"


@pytest.mark.slow
@pytest.mark.parametrize("game_id", BUILT)
def test_hostile_moves_never_break_a_table(game_id):
    game = games.get(game_id)

    @settings(max_examples=15, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.lists(action(game), min_size=1, max_size=20))
    def run(actions):
        with tempfile.TemporaryDirectory() as tmp:
            app = create_app({"DATABASE": f"{tmp}/f.db", "JOINS_PER_MINUTE": 10**6, "LOOKUPS_PER_MINUTE": 10**6,
                              "MOVES_PER_MINUTE": 10**6, "VIEWS_PER_MINUTE": 10**6})   # a script, not phones
            host = app.test_client()
            # The game brought into play as its registry entry says, so moves have something to act on.
            recipe = game.in_play
            r = host.post("/tables", data={"game": game_id, **recipe.options})
            assert r.status_code == 303, r.get_data(as_text=True)
            code = r.headers["Location"].rsplit("/", 1)[-1]
            board = app.test_client()
            seats = []
            for name in recipe.seats:
                seat = app.test_client()
                assert seat.post(f"/t/{code}/join", data={"name": name}).status_code == 303
                seats.append(seat)
            # a device number with no seat in this game (Catchy! seats two) is a phone that only watches
            devices = {"board": board, "host": host, **{i: seats[i] if i < len(seats) else app.test_client()
                                                         for i in range(3)}}
            version = lambda: board.get(f"/t/{code}/view.json").json["version"]  # noqa: E731
            seat_ids = {name: seat.get(f"/t/{code}/view.json").json["seat"] for name, seat in zip(recipe.seats, seats)}
            for move, fields in recipe.moves:
                r = host.post(f"/t/{code}/act/{move}", data={"version": version(), **recipe.fields(fields, seat_ids)},
                              headers={"Accept": "application/json"})
                assert r.status_code == 200, r.get_data(as_text=True)
            for name, fields, device in actions:
                client = devices[device]
                before = board.get(f"/t/{code}/view.json").json
                data = {"version": before["version"], "as": "seat" if isinstance(device, int) else "board", **fields}
                r = client.post(f"/t/{code}/act/{name}", data=data, headers={"Accept": "application/json"})
                assert r.status_code < 500, (name, fields, r.get_data(as_text=True))
                if r.status_code >= 400:
                    error = r.json["error"]
                    # a sentence: it starts with a capital or a number ("6 Nine Lives tokens were
                    # placed on the Mishap pile this round; ..."), never a key or nothing
                    assert isinstance(error, str) and error and (error[0].isupper() or error[0].isdigit()), error
                    after = board.get(f"/t/{code}/view.json").json
                    assert timeless(after) == timeless(before), f"refused {name} {fields} changed the table"
                assert_views_leave_the_state_alone(app, code, game)
                # every viewer can still render its page
                for seat in seats:
                    assert seat.get(f"/t/{code}/view?as=seat").status_code == 200
                assert board.get(f"/t/{code}/view?as=board").status_code == 200

    run()
