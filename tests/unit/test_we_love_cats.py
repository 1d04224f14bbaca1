"""We Love Cats rules, one branch at a time, on the game's pure functions (no Flask)."""
from __future__ import annotations

import random

import pytest

from companion.errors import BadInput, RuleError
from companion.games import we_love_cats, we_love_cats_view
from companion.games import we_love_cats_rules as wlc
from companion.games.base import Ctx, Seat
from companion.parts import bag

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]
Y, O, R, P, B, G = wlc.COLORS  # yellow, orange, red, purple, blue, green


def seats(n: int) -> list[Seat]:
    return [Seat(i + 1, NAMES[i]) for i in range(n)]


def ctx(n: int = 3, seat: int | None = None, seed: int = 0) -> Ctx:
    all_seats = seats(n)
    return Ctx(seat=all_seats[seat - 1] if seat else None, seats=all_seats, now=0.0, rng=random.Random(seed))


def table(hands: list[dict], turn: int = 0, dice: list[str] | None = None, in_bag: dict | None = None) -> dict:
    """A game in progress: hands per seat (seat ids 1..n), the rest of the 30 cats in the bag unless given."""
    state = wlc.setup({}, ctx())
    state["players"] = list(range(1, len(hands) + 1))
    state["hands"] = {str(i + 1): {c: h.get(c, 0) for c in wlc.COLORS} for i, h in enumerate(hands)}
    if in_bag is None:
        in_bag = {c: wlc.TOKENS_PER_COLOR - sum(h.get(c, 0) for h in hands) for c in wlc.COLORS}
    state["bag"] = bag.new({c: in_bag.get(c, 0) for c in wlc.COLORS})
    state["turn"] = turn
    state["turn_number"] = 1
    state["games"] = 1
    if dice:
        state["phase"] = "resolve"
        state["dice"] = [{"face": f, "done": False, "skipped": False} for f in dice]
        state["dice_by"] = state["players"][turn]
    else:
        state["phase"] = "roll"
    return state


def total(state: dict) -> int:
    return bag.count(state["bag"]) + sum(sum(h.values()) for h in state["hands"].values())


def hand(state: dict, seat: int) -> dict:
    return state["hands"][str(seat)]


# ---- the deck file

def test_deck_has_six_colours_with_distinct_names_and_symbols_and_the_sixth_face_is_adopt():
    assert len(wlc.COLORS) == 6 and wlc.TOTAL_TOKENS == 30
    assert len({c["name"] for c in wlc.DECK["colors"]}) == 6
    assert len({c["symbol"] for c in wlc.DECK["colors"]}) == 6
    assert sorted(wlc.DIE_FACES) == sorted(["adopt", "right", "left", "swap", "lose", "adopt"])
    assert wlc.DIE_FACES.count("adopt") == 2


# ---- setup, start and rematch

def test_setup_is_a_lobby_with_a_full_bag():
    state = wlc.setup({}, ctx(0))
    assert state["phase"] == "lobby" and bag.count(state["bag"]) == 30 and state["players"] == []


@pytest.mark.parametrize("n", [2, 5, 8, 9])
def test_start_deals_three_to_everyone_and_the_table_picks_the_first_player(n):
    state = wlc.setup({}, ctx(n))
    wlc.start(state, ctx(n, seat=1), first_seat=2)
    assert state["players"] == list(range(1, n + 1))
    assert all(sum(h.values()) == 3 for h in state["hands"].values())
    assert bag.count(state["bag"]) == 30 - 3 * n and total(state) == 30
    assert state["phase"] == "roll" and wlc.current_seat(state) == 2
    assert state["log"][0] == {"kind": "deal", "game": 1, "count": 3, "first": 2, "how": "chosen"}


def test_every_count_whose_deal_leaves_a_cat_in_the_bag_may_play():
    """Issue #17: the rulesheet gives no maximum; 9 players deal 27 of the 30 cats and leave 3, so 9
    play. The limit is the largest count whose deal leaves at least one cat, read from the deck."""
    assert wlc.MAX_PLAYERS * wlc.START_HAND < wlc.TOTAL_TOKENS <= (wlc.MAX_PLAYERS + 1) * wlc.START_HAND
    assert wlc.MAX_PLAYERS == 9 and we_love_cats.GAME.players == "2–9"
    state = wlc.setup({}, ctx(9))
    wlc.start(state, ctx(9))
    assert len(state["players"]) == 9 and bag.count(state["bag"]) == 3
    view = we_love_cats_view.view(state, ctx(9))
    assert view["max_players"] == 9 and len(view["players"]) == 9


def test_start_can_pick_the_first_player_at_random():
    firsts = set()
    for seed in range(40):
        state = wlc.setup({}, ctx(4))
        wlc.start(state, ctx(4, seed=seed))
        firsts.add(wlc.current_seat(state))
        assert state["log"][0]["kind"] == "deal" and state["log"][0]["how"] == "random"
    assert firsts == {1, 2, 3, 4}


def test_start_refuses_too_few_or_too_many_players_an_unknown_first_player_and_a_second_start():
    with pytest.raises(RuleError, match="at least 2 players"):
        wlc.start(wlc.setup({}, ctx(1)), ctx(1))
    with pytest.raises(RuleError, match="2 to 9 players, and 10 have joined"):
        wlc.start(wlc.setup({}, ctx(10)), ctx(10))
    with pytest.raises(BadInput, match="not joined"):
        wlc.start(wlc.setup({}, ctx(3)), ctx(3), first_seat=7)
    state = wlc.setup({}, ctx(3))
    wlc.start(state, ctx(3))
    with pytest.raises(RuleError, match="already started"):
        wlc.start(state, ctx(3))


def test_rematch_only_after_the_end_and_it_deals_in_everyone_seated_now():
    state = table([{Y: 1}, {O: 1}])
    with pytest.raises(RuleError, match="still going"):
        wlc.rematch(state, ctx(2))
    state["phase"] = "over"
    state["winners"] = [1]
    wlc.rematch(state, ctx(3), first_seat=3)
    assert state["players"] == [1, 2, 3] and state["winners"] == [] and state["games"] == 2
    assert all(sum(h.values()) == 3 for h in state["hands"].values()) and total(state) == 30
    assert wlc.current_seat(state) == 3


# ---- whose turn

def test_only_the_current_player_or_the_board_may_act():
    state = table([{Y: 1}, {O: 1}, {R: 1}], turn=1)
    with pytest.raises(RuleError, match="It is Bob's turn, not yours"):
        wlc.roll(state, ctx(3, seat=1))
    wlc.roll(state, ctx(3, seat=None))  # the board, acting for Bob
    assert state["phase"] == "resolve" and state["dice_by"] == 2


def test_a_late_joiner_is_told_they_play_from_the_rematch():
    state = table([{Y: 1}, {O: 1}])
    with pytest.raises(RuleError, match="dealt in at the rematch"):
        wlc.roll(state, ctx(3, seat=3))


def test_no_move_before_the_start_or_after_the_end():
    state = wlc.setup({}, ctx(2))
    with pytest.raises(RuleError, match="not started"):
        wlc.roll(state, ctx(2, seat=1))
    state = table([{Y: 1}, {O: 1}])
    state["phase"] = "over"
    with pytest.raises(RuleError, match="over"):
        wlc.resolve(state, ctx(2, seat=1), die=0)


# ---- rolling

def test_roll_shows_two_faces_from_the_die_and_cannot_be_repeated():
    state = table([{Y: 1}, {O: 1}])
    rolls = state["roll_count"]
    wlc.roll(state, ctx(2, seat=1, seed=3))
    assert len(state["dice"]) == 2 and all(d["face"] in wlc.DIE_FACES for d in state["dice"])
    assert state["roll_count"] == rolls + 1
    with pytest.raises(RuleError, match="resolve both"):
        wlc.roll(state, ctx(2, seat=1))


def test_resolve_before_rolling_is_refused():
    state = table([{Y: 1}, {O: 1}])
    with pytest.raises(RuleError, match="Roll the dice first"):
        wlc.resolve(state, ctx(2, seat=1), die=0)


def test_every_face_turns_up():
    seen = set()
    for seed in range(60):
        state = table([{Y: 1}, {O: 1}])
        wlc.roll(state, ctx(2, seat=1, seed=seed))
        seen.update(d["face"] for d in state["dice"])
    assert seen == {"adopt", "right", "left", "swap", "lose"}


# ---- each result

def test_adopt_draws_one_cat():
    state = table([{Y: 1}, {O: 1}], dice=["adopt", "lose"])
    wlc.resolve(state, ctx(2, seat=1), die=0)
    assert sum(hand(state, 1).values()) == 2 and bag.count(state["bag"]) == 27
    assert state["dice"][0]["done"] and state["phase"] == "resolve"


def test_lose_returns_the_chosen_colour_to_the_bag():
    state = table([{Y: 2, O: 1}, {O: 1}], dice=["lose", "adopt"])
    wlc.resolve(state, ctx(2, seat=1), die=0, color=Y)
    assert hand(state, 1)[Y] == 1 and state["bag"]["contents"][Y] == 4 and total(state) == 30


def test_a_colour_result_needs_a_colour_the_player_holds():
    state = table([{Y: 1}, {O: 1}], dice=["lose", "swap"])
    with pytest.raises(BadInput, match="Choose which colour of cat to lose"):
        wlc.resolve(state, ctx(2, seat=1), die=0)
    with pytest.raises(RuleError, match="no Green cat to swap"):
        wlc.resolve(state, ctx(2, seat=1), die=1, color=G)


def test_swap_drops_the_chosen_cat_then_draws_one():
    state = table([{O: 1}, {R: 1}], dice=["swap", "adopt"], in_bag={G: 5})
    wlc.resolve(state, ctx(2, seat=1, seed=1), die=0, color=O)
    assert sum(hand(state, 1).values()) == 1 and bag.count(state["bag"]) == 5 and total(state) == 7
    assert state["log"][0] == {"kind": "swap", "who": 1, "color": O, "drawn": G} and state["phase"] == "resolve"


def test_swap_with_an_empty_bag_draws_back_the_dropped_cat_and_the_bag_is_empty_again():
    state = table([{O: 2}, {R: 1}], dice=["swap", "adopt"], in_bag={})
    wlc.resolve(state, ctx(2, seat=1), die=0, color=O)
    assert hand(state, 1)[O] == 2  # dropped orange, drew it back
    assert state["log"][1] == {"kind": "swap", "who": 1, "color": O, "drawn": O}
    assert state["phase"] == "over" and state["winners"] == [1]  # the draw emptied the bag


def test_a_resolved_die_cannot_be_resolved_again():
    state = table([{Y: 1}, {O: 1}], dice=["adopt", "lose"])
    wlc.resolve(state, ctx(2, seat=1), die=0)
    with pytest.raises(RuleError, match="already done"):
        wlc.resolve(state, ctx(2, seat=1), die=0)


def test_the_die_index_is_bounded():
    state = table([{Y: 1}, {O: 1}], dice=["adopt", "lose"])
    state["dice"] = state["dice"][:1]
    with pytest.raises(BadInput, match="no such die"):
        wlc.resolve(state, ctx(2, seat=1), die=1)


# ---- passing round the table

def test_left_pass_goes_to_the_next_seat():
    state = table([{Y: 1, O: 1}, {O: 1}, {R: 1}, {B: 1}], dice=["left", "adopt"])
    wlc.resolve(state, ctx(4, seat=1), die=0, color=Y)
    assert hand(state, 1)[Y] == 0 and hand(state, 2)[Y] == 1
    assert state["last_pass"] == {"from": 1, "color": Y, "direction": "left", "skipped": [], "to": 2}


def test_right_pass_goes_to_the_previous_seat_wrapping_round():
    state = table([{Y: 1, O: 1}, {O: 1}, {R: 1}, {B: 1}], dice=["right", "adopt"])
    wlc.resolve(state, ctx(4, seat=1), die=0, color=Y)
    assert hand(state, 4)[Y] == 1 and state["last_pass"]["to"] == 4


def test_a_pass_walks_past_every_player_who_already_has_the_colour():
    state = table([{Y: 2}, {Y: 1}, {Y: 1, R: 1}, {B: 1}], turn=0, dice=["left", "adopt"])
    wlc.resolve(state, ctx(4, seat=1), die=0, color=Y)
    assert state["last_pass"]["skipped"] == [2, 3] and state["last_pass"]["to"] == 4
    assert hand(state, 4)[Y] == 1 and hand(state, 2)[Y] == 1 and hand(state, 3)[Y] == 1
    assert state["log"][0] == {"kind": "pass", "who": 1, "color": Y, "direction": "left", "skipped": [2, 3], "to": 4}


def test_a_pass_goes_into_the_bag_when_everyone_else_has_the_colour():
    state = table([{Y: 2}, {Y: 1}, {Y: 1}], dice=["right", "adopt"])
    wlc.resolve(state, ctx(3, seat=1), die=0, color=Y)
    assert state["last_pass"]["to"] is None and state["last_pass"]["skipped"] == [3, 2]
    assert state["bag"]["contents"][Y] == 2 and hand(state, 1)[Y] == 1 and total(state) == 30
    assert state["log"][0]["kind"] == "pass" and state["log"][0]["to"] is None


def test_a_pass_can_complete_another_players_set_and_they_win_at_once():
    collector = {Y: 1, O: 1, R: 1, P: 1, B: 1}
    state = table([{G: 1, Y: 1}, collector, {R: 1}], dice=["left", "adopt"])
    wlc.resolve(state, ctx(3, seat=1), die=0, color=G)
    assert state["phase"] == "over" and state["winners"] == [2] and state["win_reason"] == "colors"
    assert state["log"][0] == {"kind": "win_colors", "who": 2}


# ---- winning and the end

def test_adopting_the_last_missing_colour_wins_instantly_mid_turn():
    state = table([{Y: 1, O: 1, R: 1, P: 1, B: 1}, {O: 1}], dice=["adopt", "lose"],
                  in_bag={G: 3})
    wlc.resolve(state, ctx(2, seat=1), die=0)
    assert state["phase"] == "over" and state["winners"] == [1]
    assert not state["dice"][1]["done"]  # the game ended before the second result


def test_the_empty_bag_ends_the_game_and_the_most_cats_win_ties_shared():
    state = table([{Y: 2, O: 1}, {O: 3, R: 1}, {R: 1}], dice=["adopt", "lose"], in_bag={B: 1})
    wlc.resolve(state, ctx(3, seat=1), die=0)
    assert state["phase"] == "over" and state["win_reason"] == "bag"
    assert state["winners"] == [1, 2]  # four cats each
    assert state["log"][0] == {"kind": "win_bag", "winners": [1, 2], "count": 4}


def test_a_completed_set_beats_the_empty_bag_on_the_same_draw():
    state = table([{Y: 1, O: 1, R: 1, P: 1, B: 1}, {O: 3, R: 3}], dice=["adopt", "lose"], in_bag={G: 1})
    wlc.resolve(state, ctx(2, seat=1), die=0)
    assert state["win_reason"] == "colors" and state["winners"] == [1]


# ---- the flow of a turn

def test_after_both_results_the_turn_passes_left_and_wraps():
    state = table([{Y: 1}, {O: 1}, {R: 1}], turn=2, dice=["adopt", "adopt"])
    wlc.resolve(state, ctx(3, seat=3), die=1)
    assert state["phase"] == "resolve"
    wlc.resolve(state, ctx(3, seat=3), die=0)
    assert state["phase"] == "roll" and wlc.current_seat(state) == 1 and state["turn_number"] == 2


def test_a_player_with_no_cats_adopts_two_at_the_start_of_their_turn():
    state = table([{Y: 1, O: 1}, {}], dice=["lose", "adopt"])
    wlc.resolve(state, ctx(2, seat=1), die=0, color=Y)
    wlc.resolve(state, ctx(2, seat=1), die=1)
    assert wlc.current_seat(state) == 2 and sum(hand(state, 2).values()) == 2
    assert state["log"][0]["kind"] == "adopt_empty" and state["log"][0]["who"] == 2 and total(state) == 30
    assert len(state["log"][0]["colors"]) == 2


def test_the_automatic_adoption_can_empty_the_bag_and_end_the_game():
    state = table([{Y: 2, O: 1}, {}], dice=["lose", "adopt"], in_bag={B: 1})
    state["hands"]["1"][B] = 3
    wlc.resolve(state, ctx(2, seat=1), die=0, color=Y)   # bag: blue, yellow
    wlc.resolve(state, ctx(2, seat=1), die=1)            # Ann adopts one; Bob adopts the last
    assert state["phase"] == "over" and state["win_reason"] == "bag" and state["winners"] == [1]
    assert bag.count(state["bag"]) == 0 and sum(hand(state, 2).values()) == 1
    assert state["log"][1]["kind"] == "adopt_empty" and state["log"][0]["kind"] == "win_bag"


def test_with_no_cats_left_the_remaining_result_is_skipped_by_itself():
    state = table([{Y: 1}, {O: 1}], dice=["lose", "left"])
    wlc.resolve(state, ctx(2, seat=1), die=0, color=Y)
    assert state["dice"][1]["skipped"] and wlc.current_seat(state) == 2  # the turn moved on
    assert {"kind": "skip", "who": 1, "face": "left", "auto": True} in state["log"]


def test_an_open_adopt_keeps_the_other_result_available():
    state = table([{Y: 1}, {O: 1}], dice=["lose", "adopt"])
    # Lose first, then Adopt is still there to do: nothing is skipped.
    wlc.resolve(state, ctx(2, seat=1), die=0, color=Y)
    assert not state["dice"][1]["done"] and state["phase"] == "resolve"


def test_a_colour_result_tapped_with_no_cats_is_skipped_with_a_message():
    # Reachable when an Adopt is still open: the player may choose the order.
    state = table([{}, {O: 1}], dice=["swap", "adopt"])
    wlc.resolve(state, ctx(2, seat=1), die=0)
    assert state["dice"][0]["skipped"] and state["log"][0] == {"kind": "skip", "who": 1, "face": "swap", "auto": False}
    assert state["phase"] == "resolve"


# ---- the view

def test_view_shows_tokens_by_colour_bag_dice_turn_and_who_may_act():
    state = table([{Y: 2, O: 1}, {R: 1}], dice=["left", "adopt"])
    board = we_love_cats_view.view(state, ctx(2))
    assert board["players"][0]["by_color"][Y] == 2 and board["players"][0]["colors_held"] == 2
    assert board["bag_count"] == 26 and [d["face"] for d in board["dice"]] == ["left", "adopt"]
    assert board["turn"] == {"seat_id": 1, "name": "Ann", "number": 1}
    assert board["may_act"] and board["me"] is None
    assert [c["index"] for c in board["choices"]] == [0, 1]
    assert [t["color"] for t in board["choices"][0]["colors"]] == [Y, O]
    ann, bob = we_love_cats_view.view(state, ctx(2, seat=1)), we_love_cats_view.view(state, ctx(2, seat=2))
    assert ann["may_act"] and ann["me"]["is_turn"] and ann["me"]["total"] == 3
    assert not bob["may_act"] and bob["choices"] == [] and not bob["me"]["is_turn"]
    assert "contents" not in str(board) and "bag" not in board  # the bag's inside stays blind


def test_view_names_winners_and_watchers():
    state = table([{Y: 1}, {O: 1}])
    state.update(phase="over", winners=[2], win_reason="colors")
    v = we_love_cats_view.view(state, ctx(3, seat=3))
    assert v["winners"] == [{"id": 2, "name": "Bob"}] and v["turn"] is None and not v["may_act"]
    assert v["watchers"] == ["Cy"] and v["me"]["in_game"] is False


def test_view_puts_names_tokens_and_faces_on_the_log_and_keeps_old_english_lines():
    # The rules log data; the view names it for the templates, which word it in each language.
    state = table([{Y: 2}, {Y: 1}, {Y: 1, R: 1}, {B: 1}], dice=["left", "adopt"])
    wlc.resolve(state, ctx(4, seat=1), die=0, color=Y)
    state["log"].append("Ann rolled L and Adopt.")  # a table saved before the log became data
    log = we_love_cats_view.view(state, ctx(4))["log"]
    assert log[0] == {"kind": "pass", "who": "Ann", "direction": "left", "skipped": ["Bob", "Cy"], "to": "Di",
                      "color": {"color": Y, "name": "Yellow", "symbol": "★", "count": 1}}
    assert log[-1] == {"kind": "text", "text": "Ann rolled L and Adopt."}
    wlc.resolve(state, ctx(4, seat=1), die=1)
    assert we_love_cats_view.view(state, ctx(4))["log"][0]["kind"] == "adopt" and we_love_cats_view.view(state, ctx(4))["log"][0]["who"] == "Ann"
