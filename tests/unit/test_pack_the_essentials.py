"""Rules of Pack the Essentials: the colour key, the pad, the tie-breaks, the Cat Ladies, the rounds
and solo mode, played directly on the module's pure functions."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from companion.errors import BadInput, Forbidden, RuleError
from companion.fields import parse_mapping
from companion.games import pack_the_essentials as pte
from companion.games import pack_the_essentials_rules as pte_rules
from companion.games import pack_the_essentials_scoring as pte_scoring
from companion.games import pack_the_essentials_view as pte_view
from companion.games.base import Ctx, Seat

ANN, BO, CY, DI = Seat(1, "Ann"), Seat(2, "Bo"), Seat(3, "Cy"), Seat(4, "Di")


def ctx(seat=None, seats=(ANN, BO, CY), seed=7, now=1_800_000_000.0):
    return Ctx(seat=seat, seats=list(seats), now=now, rng=random.Random(seed))


def new_state(mode="full", seats=(ANN, BO, CY), **options):
    opts = parse_mapping(pte.OPTIONS, {"mode": mode, **options})
    state = pte_rules.setup(opts, ctx(seats=()))
    pte_rules.start(state, ctx(seats=seats), first=0)
    return state


def pad(**over):
    base = {k: 0 for k in pte_scoring.PAD_FIELDS}
    base.update(over)
    return base


# ---------------------------------------------------------------- the colour key and the pad

@pytest.mark.parametrize("size, points", [(0, 0), (1, 1), (2, 3), (3, 5), (4, 8), (5, 11), (6, 15), (7, 19),
                                          (8, 24), (9, 29), (10, 35), (11, 41), (12, 48), (13, 48), (40, 48)])
def test_colour_table(size, points):
    assert pte_scoring.colour_points(size) == points


def test_colour_table_refuses_a_negative_group():
    with pytest.raises(ValueError):
        pte_scoring.colour_points(-1)


@given(st.integers(min_value=0, max_value=95))
@settings(max_examples=100)
def test_colour_table_never_decreases(size):
    assert pte_scoring.colour_points(size) <= pte_scoring.colour_points(size + 1)


def test_pad_lines_and_totals():
    lines = pte_scoring.pad_lines(pad(todo1=4, todo2=6, todo3=9, cats=3, pack_rats=2, empty_spaces=5,
                                      magenta=5, lavender=0, peach=12, mint=2))
    assert lines["cat_points"] == 15
    assert lines["pack_rat_points"] == 2
    assert lines["upper_total"] == 4 + 6 + 9 + 15 + 2
    assert [c["points"] for c in lines["colours"]] == [11, 0, 48, 3]
    assert lines["colour_total"] == 62
    assert lines["total"] == 36 + 62


@given(st.fixed_dictionaries({k: st.integers(0, 30) for k in pte_scoring.PAD_FIELDS}))
@settings(max_examples=150)
def test_pad_total_is_the_sum_of_its_parts(values):
    lines = pte_scoring.pad_lines(values)
    expected = (values["todo1"] + values["todo2"] + values["todo3"] + 5 * values["cats"] + values["pack_rats"]
                + sum(pte_scoring.colour_points(values[c]) for c in pte_rules.COLOURS))
    assert lines["total"] == expected == lines["upper_total"] + lines["colour_total"]


# ---------------------------------------------------------------- the tie-breaks

def test_highest_total_wins():
    rows = pte_scoring.standings({"1": pad(todo1=10), "2": pad(todo1=20)}, ["1", "2"])
    assert pte_scoring.top_group(rows) == ["2"]
    assert [r["place"] for r in rows] == [1, 2]
    assert all(r["tied_on"] is None for r in rows)


def test_tie_goes_to_fewest_empty_spaces():
    rows = pte_scoring.standings({"1": pad(todo1=10, empty_spaces=3), "2": pad(todo1=10, empty_spaces=1)}, ["1", "2"])
    assert pte_scoring.top_group(rows) == ["2"]
    assert {r["tied_on"] for r in rows} == {"empty_spaces"}


def test_then_to_most_unused_pack_rats():
    # Same total: 10 from To Do + 1 pack rat against 9 from To Do + 2 pack rats.
    rows = pte_scoring.standings({"1": pad(todo1=10, pack_rats=1, empty_spaces=2),
                                  "2": pad(todo1=9, pack_rats=2, empty_spaces=2)}, ["1", "2"])
    assert pte_scoring.top_group(rows) == ["2"]
    assert {r["tied_on"] for r in rows} == {"pack_rats"}


def test_then_a_vote_when_everything_is_level():
    rows = pte_scoring.standings({"1": pad(todo1=10), "2": pad(todo1=10), "3": pad(todo1=2)}, ["1", "2", "3"])
    assert sorted(pte_scoring.top_group(rows)) == ["1", "2"]
    assert [r["place"] for r in rows] == [1, 1, 3]


def _scored_three_way(state, pads):
    state["phase"] = "scoring"
    for sid, p in pads.items():
        pte_scoring.score(state, ctx(seat=None), seat=int(sid), **p)


def test_vote_by_the_players_outside_the_tie():
    state = new_state()
    _scored_three_way(state, {"1": pad(todo1=10), "2": pad(todo1=10), "3": pad(todo1=1)})
    assert pte_scoring.winners(state) == []
    with pytest.raises(Forbidden):
        pte_scoring.vote(state, ctx(seat=None), for_seat=1)
    with pytest.raises(RuleError, match="in the tie"):
        pte_scoring.vote(state, ctx(seat=ANN), for_seat=1)
    with pytest.raises(BadInput):
        pte_scoring.vote(state, ctx(seat=CY), for_seat=3)
    pte_scoring.vote(state, ctx(seat=CY), for_seat=2)
    assert pte_scoring.winners(state) == ["2"]
    with pytest.raises(RuleError, match="over"):
        pte_scoring.vote(state, ctx(seat=CY), for_seat=1)


def test_a_tied_vote_is_run_again_between_those_still_level():
    seats = (ANN, BO, CY, DI)
    state = new_state(seats=seats)
    state["phase"] = "scoring"
    for sid, p in {"1": pad(todo1=9), "2": pad(todo1=9), "3": pad(), "4": pad()}.items():
        pte_scoring.score(state, ctx(seats=seats), seat=int(sid), **p)
    pte_scoring.vote(state, ctx(seat=CY, seats=seats), for_seat=1)
    assert pte_scoring.winners(state) == []  # Di has not voted yet
    pte_scoring.vote(state, ctx(seat=DI, seats=seats), for_seat=2)
    current = pte_scoring.vote_state(state)
    assert current["round"] == 2 and current["ballots"] == {} and current["winner"] is None
    pte_scoring.vote(state, ctx(seat=CY, seats=seats), for_seat=1)
    pte_scoring.vote(state, ctx(seat=DI, seats=seats), for_seat=1)
    assert pte_scoring.winners(state) == ["1"]


def test_when_everyone_is_tied_the_table_records_its_pick():
    seats = (ANN, BO)
    state = new_state(seats=seats)
    state["phase"] = "scoring"
    pte_scoring.score(state, ctx(seats=seats), seat=1, **pad(todo1=5))
    pte_scoring.score(state, ctx(seats=seats), seat=2, **pad(todo1=5))
    assert pte_scoring.vote_state(state)["voters"] == []
    pte_scoring.vote(state, ctx(seat=None, seats=seats), for_seat=2)
    assert pte_scoring.winners(state) == ["2"]


def test_places_after_the_vote_follow_the_whole_ranking():
    """Issue #17: the vote's loser read "1st place" beside "Bo wins". After the vote the winner is
    1st, the one who lost it 2nd, and the player below them keeps 3rd; the record agrees."""
    state = new_state()
    _scored_three_way(state, {"1": pad(todo1=10), "2": pad(todo1=10), "3": pad(todo1=1)})
    before = {p["name"]: p["place"] for p in pte_view.view(state, ctx())["pads"]}
    assert before == {"Ann": 1, "Bo": 1, "Cy": 3}          # level until the vote splits them
    pte_scoring.vote(state, ctx(seat=CY), for_seat=2)
    for viewer in (None, ANN, BO, CY):
        view = pte_view.view(state, ctx(seat=viewer))
        assert {p["name"]: p["place"] for p in view["pads"]} == {"Bo": 1, "Ann": 2, "Cy": 3}
        assert [p["name"] for p in view["standings"]] == ["Bo", "Ann", "Cy"]
    assert pte_view.standing(pte_view.view(state, ctx()))["places"] == {"Bo": 1, "Ann": 2, "Cy": 3}


def test_a_vote_between_everyone_ranks_the_pick_first_and_the_rest_together():
    seats = (ANN, BO, CY)
    state = new_state(seats=seats)
    _scored_three_way(state, {"1": pad(todo1=4), "2": pad(todo1=4), "3": pad(todo1=4)})
    pte_scoring.vote(state, ctx(seats=seats), for_seat=3)
    assert {p["name"]: p["place"] for p in pte_view.view(state, ctx())["pads"]} == {"Cy": 1, "Ann": 2, "Bo": 2}


def test_a_corrected_pad_cancels_the_vote():
    state = new_state()
    _scored_three_way(state, {"1": pad(todo1=10), "2": pad(todo1=10), "3": pad()})
    pte_scoring.vote(state, ctx(seat=CY), for_seat=1)
    assert pte_scoring.winners(state) == ["1"]
    pte_scoring.score(state, ctx(seat=BO), seat=0, **pad(todo1=11))
    assert state["vote"] is None
    assert pte_scoring.winners(state) == ["2"]


# ---------------------------------------------------------------- the Cat Ladies

def tiles(*statuses):
    return [{"status": s, "by": None, "token": None} for s in statuses]


def test_cat_lady_takes_her_tile():
    assert pte_rules.cat_lady_tile(tiles("open", "open", "open", "open"), 3) == 3


def test_cat_lady_moves_clockwise_when_her_tile_is_gone():
    assert pte_rules.cat_lady_tile(tiles("open", "taken", "open", "open"), 2) == 3
    assert pte_rules.cat_lady_tile(tiles("open", "taken", "removed", "open"), 2) == 4


def test_cat_lady_wraps_from_four_to_one():
    assert pte_rules.cat_lady_tile(tiles("open", "open", "open", "taken"), 4) == 1
    assert pte_rules.cat_lady_tile(tiles("taken", "open", "removed", "taken"), 4) == 2


def test_cat_lady_with_no_tile_left_is_refused():
    with pytest.raises(RuleError):
        pte_rules.cat_lady_tile(tiles("taken", "taken", "removed", "taken"), 1)


# ---------------------------------------------------------------- a round

def test_start_needs_players_and_two_for_a_full_game():
    opts = parse_mapping(pte.OPTIONS, {"mode": "full"})
    state = pte_rules.setup(opts, ctx(seats=()))
    with pytest.raises(RuleError, match="Nobody"):
        pte_rules.start(state, ctx(seats=()), first=0)
    with pytest.raises(RuleError, match="2 to 4"):
        pte_rules.start(state, ctx(seats=(ANN,)), first=0)
    with pytest.raises(BadInput):
        pte_rules.start(state, ctx(seats=(ANN, BO)), first=9)
    pte_rules.start(state, ctx(seats=(ANN, BO)), first=2)
    assert state["players"] == ["1", "2"] and state["holder"] == 1
    with pytest.raises(RuleError, match="already"):
        pte_rules.start(state, ctx(seats=(ANN, BO)), first=0)


def test_a_fifth_seat_watches():
    five = (ANN, BO, CY, DI, Seat(5, "Ed"))
    state = new_state(seats=five)
    assert state["players"] == ["1", "2", "3", "4"]
    assert pte_view.view(state, ctx(seats=five))["watching"] == ["Ed"]


def test_to_do_lists_one_card_from_each_pile():
    state = new_state()
    assert len(state["todo"]) == 3 and all(1 <= c <= 4 for c in state["todo"])


def test_choosing_positions_in_suitcase_order_and_bonuses():
    state = new_state()
    with pytest.raises(RuleError, match="Ann's turn"):
        pte_rules.choose_position(state, ctx(seat=BO), position=1)
    pte_rules.choose_position(state, ctx(seat=ANN), position=4)
    with pytest.raises(RuleError, match="taken by Ann"):
        pte_rules.choose_position(state, ctx(seat=BO), position=4)
    pte_rules.choose_position(state, ctx(seat=None), position=3)  # the board claims for Bo
    pte_rules.choose_position(state, ctx(seat=CY), position=2)
    assert state["phase"] == "draft" and state["draft_at"] == 1
    assert state["positions"][0]["kind"] == "cat_lady"
    ann, bo, cy = (state["counters"][s] for s in ("1", "2", "3"))
    assert (ann["pack_rats"], ann["cat_toys"]) == (2, 1)           # 4th: a cat toy and a pack rat
    assert (bo["pack_rats"], bo["underwear"]) == (2, 1)            # 3rd: underwear and a pack rat
    assert (cy["pack_rats"], cy["socks"]) == (1, 1)                # 2nd: a sock tile


def test_draft_in_position_order_with_pack_rats():
    state = new_state()
    for seat, pos in ((ANN, 1), (BO, 2), (CY, 3)):
        pte_rules.choose_position(state, ctx(seat=seat), position=pos)
    with pytest.raises(RuleError, match="Ann's turn"):
        pte_rules.draft(state, ctx(seat=BO), tile=1, pack_rats=0, discard=False)
    with pytest.raises(RuleError, match="only 1 pack rat"):
        pte_rules.draft(state, ctx(seat=ANN), tile=1, pack_rats=2, discard=False)
    with pytest.raises(RuleError, match="player's"):
        pte_rules.cat_lady_flip(state, ctx())
    pte_rules.draft(state, ctx(seat=ANN), tile=2, pack_rats=1, discard=False)
    assert state["counters"]["1"]["pack_rats"] == 0 and state["counters"]["1"]["cats"] == 1
    with pytest.raises(RuleError, match="already gone"):
        pte_rules.draft(state, ctx(seat=BO), tile=2, pack_rats=0, discard=False)
    pte_rules.draft(state, ctx(seat=BO), tile=1, pack_rats=0, discard=True)
    assert state["tiles"][0]["status"] == "discarded"
    pte_rules.draft(state, ctx(seat=CY), tile=3, pack_rats=2, discard=False)  # 1 + 1 from drafting 3rd
    assert state["draft_at"] == 4
    with pytest.raises(RuleError, match="flip"):
        pte_rules.draft(state, ctx(), tile=4, pack_rats=0, discard=False)
    with pytest.raises(RuleError, match="suitcase token"):
        pte_rules.cat_lady_flip(state, ctx(seat=BO))
    pte_rules.cat_lady_flip(state, ctx(seat=ANN))
    assert state["tiles"][3]["status"] == "removed"   # the only tile left, whatever the token
    assert state["phase"] == "round_end"



def test_the_recent_events_are_data_for_the_templates_to_word():
    """The rules keep what happened as a kind and its values; each screen words it in its language."""
    state = new_state()
    for seat, pos in ((ANN, 1), (BO, 2), (CY, 3)):
        pte_rules.choose_position(state, ctx(seat=seat), position=pos)
    pte_rules.draft(state, ctx(seat=ANN), tile=2, pack_rats=1, discard=False)
    pte_rules.draft(state, ctx(seat=BO), tile=1, pack_rats=0, discard=True)
    pte_rules.draft(state, ctx(seat=CY), tile=3, pack_rats=0, discard=False)
    assert pte_view.view(state, ctx())["drafting"]["name"] is None       # a Cat Lady: no player's name
    pte_rules.cat_lady_flip(state, ctx(seat=ANN))
    log = pte_view.view(state, ctx())["log"]
    assert all(isinstance(e, dict) and isinstance(e["kind"], str) for e in log)
    assert log[0] == {"kind": "round_over", "round": 1, "last": False}
    assert log[1]["kind"] == "flip" and log[1]["tile"] == 4 and log[1]["token"] in (1, 2, 3, 4)
    assert log[2:5] == [
        {"kind": "draft", "name": "Cy", "tile": 3, "discard": False, "pack_rats": 0},
        {"kind": "draft", "name": "Bo", "tile": 1, "discard": True, "pack_rats": 0},
        {"kind": "draft", "name": "Ann", "tile": 2, "discard": False, "pack_rats": 1}]
    assert log[5] == {"kind": "position", "name": "Cy", "position": 3}
    assert log[-1] == {"kind": "round", "round": 1, "name": "Ann", "blocked": []}
    assert not any(isinstance(v, str) and " " in v for e in log for v in e.values())   # no sentences


def test_english_lines_of_an_older_table_still_show():
    state = new_state()
    state["log"] = ["Round 1: Ann has the suitcase token"] + state["log"]
    assert pte_view.view(state, ctx())["log"][0] == {"kind": "text", "text": "Round 1: Ann has the suitcase token"}


def test_a_refusal_keeps_its_template_and_values_apart():
    state = new_state()
    with pytest.raises(RuleError) as caught:
        pte_rules.choose_position(state, ctx(seat=BO), position=1)
    assert caught.value.template == "It is %(name)s's turn to choose a draft position."
    assert caught.value.values == {"name": "Ann"}

def test_next_round_passes_the_suitcase_clockwise_and_resets_the_mat():
    state = new_state()
    for r in range(1, 13):
        assert state["round"]["current"] == r
        assert state["holder"] == (r - 1) % 3
        order = pte_rules.choosing_order(state)
        for i, sid in enumerate(order):
            pte_rules.choose_position(state, ctx(seat=Seat(int(sid), "x")), position=i + 2)
        assert state["positions"][0]["kind"] == "cat_lady"
        pte_rules.cat_lady_flip(state, ctx())
        for sid in order:
            open_tile = next(i + 1 for i, t in enumerate(state["tiles"]) if t["status"] == "open")
            pte_rules.draft(state, ctx(), tile=open_tile, pack_rats=0, discard=False)
        with pytest.raises(RuleError):
            pte_rules.choose_position(state, ctx(), position=1)
        pte_rules.next_round(state, ctx())
    assert state["phase"] == "scoring"
    with pytest.raises(RuleError):
        pte_rules.next_round(state, ctx())


def test_next_round_refused_mid_draft():
    state = new_state()
    with pytest.raises(RuleError, match="Finish the draft"):
        pte_rules.next_round(state, ctx())


# ---------------------------------------------------------------- the score pad

def test_score_entry_rules():
    state = new_state()
    with pytest.raises(RuleError, match="after round 12"):
        pte_scoring.score(state, ctx(seat=ANN), seat=0, **pad())
    state["phase"] = "scoring"
    with pytest.raises(Forbidden):
        pte_scoring.score(state, ctx(seat=ANN), seat=2, **pad())
    with pytest.raises(BadInput, match="whose"):
        pte_scoring.score(state, ctx(seat=None), seat=0, **pad())
    with pytest.raises(BadInput, match="not playing"):
        pte_scoring.score(state, ctx(seat=None), seat=9, **pad())
    pte_scoring.score(state, ctx(seat=ANN), seat=0, **pad(todo1=3))
    assert state["pads"]["1"]["todo1"] == 3
    assert not pte_scoring.all_scored(state)


def test_pad_is_prefilled_from_the_game():
    state = new_state()
    state["counters"]["1"].update(cats=4, pack_rats=2)
    state["phase"] = "scoring"
    view = pte_view.view(state, ctx(seat=ANN))
    mine = next(p for p in view["pads"] if p["id"] == 1)
    assert mine["fill"]["cats"] == 4 and mine["fill"]["pack_rats"] == 2 and not mine["entered"]


def test_score_pad_only_mode_goes_straight_to_scoring():
    state = new_state(mode="scorepad", seats=(ANN,))
    assert state["phase"] == "scoring" and state["todo"] is None
    pte_scoring.score(state, ctx(seat=ANN, seats=(ANN,)), seat=0, **pad(todo1=7, magenta=12))
    assert pte_scoring.winners(state) == ["1"]
    view = pte_view.view(state, ctx(seats=(ANN,)))
    assert view["over"] and view["standings"][0]["lines"]["total"] == 55


def test_rematch_only_when_over_and_keeps_the_mode():
    state = new_state(mode="scorepad", seats=(ANN, BO))
    with pytest.raises(RuleError, match="Finish"):
        pte_scoring.rematch(state, ctx(seats=(ANN, BO, CY)), first=0)
    pte_scoring.score(state, ctx(seats=(ANN, BO)), seat=1, **pad(todo1=1))
    pte_scoring.score(state, ctx(seats=(ANN, BO)), seat=2, **pad(todo1=2))
    pte_scoring.rematch(state, ctx(seats=(ANN, BO, CY)), first=3)
    assert state["players"] == ["1", "2", "3"] and state["pads"] == {} and state["game_no"] == 2


# ---------------------------------------------------------------- solo

def solo_state(**options):
    return new_state(mode="solo", seats=(ANN,), solo_level="Hard", solo_target="90", **options)


def test_solo_takes_the_to_do_lists_from_the_card():
    state = solo_state(todo1="2", todo2="0", todo3="4")
    assert state["todo"][0] == 2 and state["todo"][2] == 4 and 1 <= state["todo"][1] <= 4


def test_solo_only_the_first_seat_plays():
    state = new_state(mode="solo", seats=(ANN, BO))
    assert state["players"] == ["1"]


def _play_solo_round(state, position):
    pte_rules.choose_position(state, ctx(seat=ANN, seats=(ANN,)), position=position)
    while state["phase"] == "draft":
        spot = state["positions"][state["draft_at"] - 1]
        if spot["kind"] == "cat_lady":
            pte_rules.cat_lady_flip(state, ctx(seats=(ANN,)))
        else:
            open_tile = next(i + 1 for i, t in enumerate(state["tiles"]) if t["status"] == "open")
            pte_rules.draft(state, ctx(seats=(ANN,)), tile=open_tile, pack_rats=0, discard=False)
    pte_rules.next_round(state, ctx(seats=(ANN,)))


def test_solo_even_rounds_block_positions_and_odd_rounds_are_open():
    state = solo_state()
    seen = []
    for r in range(1, 13):
        assert state["holder"] == 0
        if r % 2:
            assert state["blocked"] == [] and state["placement_card"] is None
        else:
            assert 1 <= len(state["blocked"]) <= 3
            seen.append(tuple(state["blocked"]))
            blocked = state["blocked"][0]
            with pytest.raises(RuleError, match="blocked"):
                pte_rules.choose_position(state, ctx(seat=ANN, seats=(ANN,)), position=blocked)
        free = next(p for p in range(1, 5) if p not in state["blocked"])
        _play_solo_round(state, free)
    assert len(set(seen)) == 6  # six different cards, each discarded after its round
    assert state["phase"] == "scoring"


def test_solo_blocked_positions_get_cat_ladies():
    state = solo_state()
    _play_solo_round(state, 1)
    assert state["round"]["current"] == 2
    blocked = list(state["blocked"])
    free = next(p for p in range(1, 5) if p not in blocked)
    pte_rules.choose_position(state, ctx(seat=ANN, seats=(ANN,)), position=free)
    for p in blocked:
        assert state["positions"][p - 1] == {"kind": "cat_lady", "blocked": True, "token": None, "took": None}
    assert sum(1 for s in state["positions"] if s["kind"] == "cat_lady") == 3


def test_a_solo_standing_carries_its_card_for_the_purr_sonal_best():
    """The record of a finished solo game (companion/records.py) keeps the card's level and target
    from the standing, so the Purr-sonal Best is read from records, not from any table's state."""
    from companion import records
    state = solo_state()
    state["phase"] = "scoring"
    engine: dict = {}
    records.fresh(engine)
    pte_scoring.score(state, ctx(seat=ANN, seats=(ANN,)), seat=0, **pad(todo1=50, magenta=12))
    board = pte_view.view(state, ctx(seats=(ANN,)))
    assert board["solo"]["beaten"] and board["solo"]["total"] == 98
    assert records.advance(engine, pte.GAME, pte_view.standing(board), 1_800_000_000.0)
    record = engine["record"]
    assert record["details"] == {"solo": {"level": "Hard", "target": 90}} and record["scores"] == {"Ann": 98}
    assert [(e["name"], e["level"], e["target"], e["score"], e["date"]) for e in pte_view.best_results([record])] == [
        ("Ann", "Hard", 90, 98, "2027-01-15")]
    # A pad corrected after the end corrects the record: 88 is short of 90, so no best any more.
    pte_scoring.score(state, ctx(seat=ANN, seats=(ANN,)), seat=0, **pad(todo1=40, magenta=12))
    board = pte_view.view(state, ctx(seats=(ANN,)))
    assert records.advance(engine, pte.GAME, pte_view.standing(board), 1_800_000_100.0)
    assert engine["record"]["number"] == 1 and pte_view.best_results([engine["record"]]) == []
    pte_scoring.rematch(state, ctx(seats=(ANN,)), first=0)
    assert state["game_no"] == 2 and state["phase"] == "select" and "best_log" not in state


def test_view_hides_the_face_down_tokens_and_the_solo_deck():
    state = solo_state()
    text = repr(pte_view.view(state, ctx(seats=(ANN,))))
    assert "solo_deck" not in text and "'tokens'" not in text and "placement_cards" not in text


def _solo_record(name, score, finished_at=1_800_000_000.0, target=50, solo=True):
    return {"players": [name], "scores": {name: score}, "winners": [name], "finished_at": finished_at,
            "details": {"solo": {"level": "Easy", "target": target}} if solo else None}


def test_best_results_gathers_every_solo_record_best_first():
    recs = [_solo_record("Ann", 60), _solo_record("Ann", 75, 1_810_000_000.0), _solo_record("Bo", 70),
            _solo_record("Not solo", 999, solo=False), _solo_record("Short", 49)]
    assert [(e["name"], e["score"]) for e in pte_view.best_results(recs)] == [("Ann", 75), ("Bo", 70), ("Ann", 60)]
    assert set(pte_view.best_results(recs)[0]) == {"date", "name", "level", "target", "score"}


def test_solo_view_shows_the_records_the_pipeline_gives():
    state = solo_state()
    view_ctx = Ctx(seat=None, seats=[ANN], now=0.0, records=[_solo_record("Zed", 12, target=10)])
    solo = pte_view.view(state, view_ctx)["solo"]
    assert [e["name"] for e in solo["best_log"]] == ["Zed"] and solo["across_tables"]
    assert pte.GAME.shows_records(state) and not pte.GAME.shows_records(new_state())


@given(st.integers(min_value=1, max_value=3), st.integers(min_value=0, max_value=2**32), st.data())
@settings(max_examples=25, deadline=None)
def test_random_legal_games_keep_the_mat_consistent(extra_players, seed, data):
    """Any legal sequence of choices: every position consumes exactly one tile each round, counters
    never go negative, and after 12 rounds the pads open."""
    seats = (ANN, BO, CY, DI)[:1 + extra_players]
    mode = "solo" if len(seats) == 1 else "full"
    state = new_state(mode=mode, seats=seats)
    rng_ctx = lambda: Ctx(seat=None, seats=list(seats), now=0.0, rng=random.Random(seed))
    late_picks: dict[str, int] = {}
    for _round in range(12):
        while state["phase"] == "select":
            free = [p for p in range(1, 5) if state["positions"][p - 1] is None and p not in state["blocked"]]
            pte_rules.choose_position(state, rng_ctx(), position=data.draw(st.sampled_from(free)))
        for number, spot in enumerate(state["positions"], start=1):
            if spot["kind"] == "player" and number >= 3:
                late_picks[spot["seat"]] = late_picks.get(spot["seat"], 0) + 1
        while state["phase"] == "draft":
            spot = state["positions"][state["draft_at"] - 1]
            if spot["kind"] == "cat_lady":
                pte_rules.cat_lady_flip(state, rng_ctx())
            else:
                have = state["counters"][spot["seat"]]["pack_rats"]
                open_tiles = [i + 1 for i, t in enumerate(state["tiles"]) if t["status"] == "open"]
                discard = data.draw(st.booleans())
                # a pack rat flips a tile placed this turn: the pick (unless discarded), the 2nd's sock, the 3rd's underwear
                placed = (0 if discard else 1) + (1 if state["draft_at"] in (2, 3) else 0)
                pte_rules.draft(state, rng_ctx(), tile=data.draw(st.sampled_from(open_tiles)),
                                pack_rats=data.draw(st.integers(0, min(2, have, placed))), discard=discard)
        assert all(t["status"] != "open" for t in state["tiles"])
        assert all(c[k] >= 0 for c in state["counters"].values() for k in c)
        pte_rules.next_round(state, rng_ctx())
    assert state["phase"] == "scoring"
    for sid, c in state["counters"].items():
        assert c["cats"] == c["pack_rats_spent"]
        # one pack rat at the start, one for each round drafted 3rd or 4th
        assert c["pack_rats"] + c["pack_rats_spent"] == 1 + late_picks.get(sid, 0)
        assert c["socks"] + c["underwear"] + c["cat_toys"] <= 12


def _drafting_at(positions: dict, pack_rats: dict):
    """A three-player round with the draft positions claimed as given ({seat: position}), the pack
    rats held set as given, the draft advanced to the first player's turn."""
    state = new_state()
    for seat in (ANN, BO, CY):
        pte_rules.choose_position(state, ctx(seat=seat), position=positions[seat])
    for seat, n in pack_rats.items():
        state["counters"][str(seat.id)]["pack_rats"] = n
    return state


def _to_turn_of(state, position):
    while state["draft_at"] != position:
        spot = state["positions"][state["draft_at"] - 1]
        if spot["kind"] == "cat_lady":
            pte_rules.cat_lady_flip(state, ctx())
        else:
            tile = next(i + 1 for i, t in enumerate(state["tiles"]) if t["status"] == "open")
            pte_rules.draft(state, ctx(), tile=tile, pack_rats=0, discard=False)


def test_pack_rats_flip_only_the_tiles_placed_this_turn():
    """Issue #17: 4th position (a cat toy and a pack rat, no tile) places one tile, so one pack rat
    at most; a discarded pick at 1st or 4th places none, so none. Refusals leave nothing behind."""
    state = _drafting_at({ANN: 4, BO: 1, CY: 2}, {ANN: 2, BO: 1})
    _to_turn_of(state, 1)
    with pytest.raises(RuleError) as refused:
        pte_rules.draft(state, ctx(seat=BO), tile=1, pack_rats=1, discard=True)
    assert refused.value.template == "%(name)s places no tile this turn, so there is nothing for a pack rat to flip."
    assert state["counters"]["2"]["pack_rats"] == 1 and state["tiles"][0]["status"] == "open"
    pte_rules.draft(state, ctx(seat=BO), tile=1, pack_rats=1, discard=False)     # the tile he places: fine
    assert state["counters"]["2"]["cats"] == 1
    _to_turn_of(state, 4)
    with pytest.raises(RuleError) as refused:
        pte_rules.draft(state, ctx(seat=ANN), tile=next(i + 1 for i, t in enumerate(state["tiles"]) if t["status"] == "open"),
                        pack_rats=2, discard=False)
    assert refused.value.template.startswith("%(name)s places only 1 tile this turn")
    assert state["counters"]["1"]["pack_rats"] == 2 and state["counters"]["1"]["cats"] == 0


def test_a_discarded_pick_still_lets_a_pack_rat_flip_the_bonus_tile():
    """The documented reading: the 2nd position's sock and the 3rd's underwear are placed that turn."""
    state = _drafting_at({ANN: 2, BO: 3, CY: 4}, {ANN: 2, BO: 2})
    _to_turn_of(state, 2)
    with pytest.raises(RuleError, match="places only 1 tile"):
        pte_rules.draft(state, ctx(seat=ANN), tile=2, pack_rats=2, discard=True)
    pte_rules.draft(state, ctx(seat=ANN), tile=2, pack_rats=1, discard=True)
    assert state["counters"]["1"]["cats"] == 1 and state["tiles"][1]["status"] == "discarded"
    pte_rules.draft(state, ctx(seat=BO), tile=3, pack_rats=2, discard=False)    # his tile and the underwear
    assert state["counters"]["2"]["cats"] == 2


@pytest.mark.parametrize("position, held, take, discard", [
    (1, 2, [0, 1], [0]), (2, 2, [0, 1, 2], [0, 1]), (3, 3, [0, 1, 2], [0, 1]), (4, 2, [0, 1], [0]),
    (3, 1, [0, 1], [0, 1]), (2, 0, [0], [0])])
def test_the_draft_forms_offer_what_the_tiles_placed_allow(position, held, take, discard):
    others = [p for p in (1, 2, 3, 4) if p != position][:2]
    state = _drafting_at({ANN: position, BO: others[0], CY: others[1]}, {})
    _to_turn_of(state, position)
    state["counters"]["1"]["pack_rats"] = held
    drafting = pte_view.view(state, ctx(seat=ANN))["drafting"]
    assert (drafting["pack_rat_choices"], drafting["discard_pack_rat_choices"]) == (take, discard)


def test_the_draft_form_offers_only_the_pack_rats_a_turn_allows():
    """The choices come from the rules (at most what is held, at most the per-turn cap of 2), not
    from the template."""
    state = new_state()
    for seat, pos in ((ANN, 1), (BO, 2), (CY, 3)):
        pte_rules.choose_position(state, ctx(seat=seat), position=pos)
    assert pte.GAME.view(state, ctx(seat=ANN))["drafting"]["pack_rat_choices"] == [0, 1]   # Ann holds 1
    state["counters"]["1"]["pack_rats"] = 5
    assert pte.GAME.view(state, ctx())["drafting"]["pack_rat_choices"] == [0, 1]   # 1st: one tile placed
    state["positions"][0], state["positions"][2] = state["positions"][2], state["positions"][0]
    state["draft_at"] = 3                                   # Ann now drafts 3rd: her tile and the underwear
    assert pte.GAME.view(state, ctx())["drafting"]["pack_rat_choices"] == [0, 1, 2]    # the cap of 2 a turn


# ---------------------------------------------------------------- the To Do List cards' goals

def test_the_deck_file_has_an_empty_goal_slot_for_each_to_do_card():
    """The rulebook does not print the goals: the slots are there, empty, for a group to fill."""
    assert [len(pile) for pile in pte_rules.GOALS] == [pte_rules.PER_PILE] * pte_rules.PILES
    assert all(goal == "" for pile in pte_rules.GOALS for goal in pile)


def test_goals_typed_at_set_up_are_shown_with_the_drawn_cards():
    goals = {f"goal_{p}_{c}": f"Pile {p} card {c}: pack {c} socks" for p in (1, 2, 3) for c in (1, 2, 3, 4)}
    state = new_state(**goals)
    view = pte_view.view(state, ctx())
    assert [t["goal"] for t in view["todo"]] == [f"Pile {t['pile']} card {t['card']}: pack {t['card']} socks"
                                               for t in view["todo"]]
    assert all(t["goal"] is None for t in pte_view.view(new_state(), ctx())["todo"])   # unknown: no goal
    with pytest.raises(BadInput):
        new_state(goal_1_1="x" * (pte_rules.GOAL_MAX + 1))
