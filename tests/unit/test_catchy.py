"""Catchy! rules: every branch of the trick (who wins, mood, move, the Joker-and-3 exception), the end
of a round, the scoring, the end of the game, corrections and the player binding."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import BadInput, Forbidden, RuleError
from companion.games import catchy_rules, catchy_view
from companion.games.base import Ctx, Seat

BOARD = Ctx(seat=None, seats=[], now=0.0, rng=random.Random(0))


def red(n):
    return {"joker": False, "color": "Red", "number": n}


def blue(n):
    return {"joker": False, "color": "Blue", "number": n}


def joker(n):
    return {"joker": True, "color": None, "number": n}


def new_game(p1="Ann", p2="Bob", **extra):
    return catchy_rules.setup({"player_1": p1, "player_2": p2, "colors": ["Red", "Blue", "Yellow"],
                               "max_number": 5, **extra}, BOARD)


def started(leader=1, ctx=BOARD):
    state = new_game()
    catchy_rules.start_round(state, ctx, leader=leader, players="names")
    return state


def play(state, lead, follow, ctx=BOARD, check=False):
    args = {}
    for role, card in (("leader", lead), ("follower", follow)):
        if card is None:
            args.update({f"{role}_color": None, f"{role}_number": None, f"{role}_joker": False})
        else:
            args.update({f"{role}_color": card["color"], f"{role}_number": card["number"],
                         f"{role}_joker": card["joker"]})
    catchy_rules.play_trick(state, ctx, check=check, **args)
    return state


# ---- who wins

def test_same_colour_higher_number_wins_for_either_role():
    assert catchy_rules.trick_winner(red(4), red(2))[0] == "leader"
    assert catchy_rules.trick_winner(red(2), red(4))[0] == "follower"


def test_off_colour_leader_wins_even_against_a_higher_number():
    role, why = catchy_rules.trick_winner(red(1), blue(5))
    assert role == "leader" and why == "colours_differ"


def test_joker_high_wins_regardless_of_colour():
    assert catchy_rules.trick_winner(red(2), joker(4))[0] == "follower"
    assert catchy_rules.trick_winner(joker(5), blue(1))[0] == "leader"


def test_joker_low_loses_to_a_higher_number_of_any_colour():
    assert catchy_rules.trick_winner(joker(1), blue(4))[0] == "follower"
    assert catchy_rules.trick_winner(red(5), joker(2))[0] == "leader"


def test_equal_numbers_go_to_the_leader():
    role, why = catchy_rules.trick_winner(joker(3), red(3))
    assert role == "leader" and why == "joker"
    assert catchy_rules.trick_winner(red(4), red(4))[0] == "leader"


# ---- mood and move

def test_both_odd_flips_red_to_blue_and_blue_moves_toward_the_loser():
    r = catchy_rules.resolve(red(5), red(3), leader=0, side="red", position=0)
    assert r["winner"] == 0 and r["flips"] and r["side"] == "blue"
    assert r["toward"] == 1 and r["position"] == 1 and r["next_leader"] == 1
    assert r["mood"] == "both_odd"


def test_both_odd_flips_blue_back_to_red_and_red_moves_toward_the_winner():
    r = catchy_rules.resolve(red(1), red(5), leader=0, side="blue", position=0)
    assert r["winner"] == 1 and r["side"] == "red" and r["toward"] == 1 and r["position"] == 1


def test_one_even_keeps_the_side_and_red_moves_toward_the_winner():
    r = catchy_rules.resolve(red(4), red(3), leader=1, side="red", position=0)
    assert not r["flips"] and r["side"] == "red"
    assert r["winner"] == 1 and r["toward"] == 1 and r["position"] == 1 and r["next_leader"] == 1
    assert r["mood"] == "even"


def test_both_even_on_blue_moves_toward_the_loser():
    r = catchy_rules.resolve(red(4), red(2), leader=1, side="blue", position=0)
    assert not r["flips"] and r["winner"] == 1
    assert r["toward"] == 0 and r["position"] == -1 and r["next_leader"] == 0
    assert r["mood"] == "even"


def test_joker_parity_counts_by_its_number():
    assert catchy_rules.resolve(joker(5), red(1), leader=0, side="red", position=0)["flips"]
    assert not catchy_rules.resolve(joker(4), red(1), leader=0, side="red", position=0)["flips"]


def test_joker_and_three_flips_but_does_not_move_and_the_leader_leads_again():
    for lead, follow in ((joker(5), red(3)), (blue(3), joker(1)), (joker(4), red(3))):
        r = catchy_rules.resolve(lead, follow, leader=1, side="red", position=-1)
        assert r["exception"] and r["flips"] and r["side"] == "blue"
        assert r["position"] == -1 and r["toward"] is None and r["next_leader"] == 1


def test_two_jokers_or_a_joker_without_a_three_are_no_exception():
    assert not catchy_rules.joker_and_three(joker(3), joker(3))
    assert not catchy_rules.joker_and_three(joker(3), red(5))
    assert not catchy_rules.joker_and_three(red(3), blue(3))


def test_off_colour_is_noticed_only_for_a_coloured_answer_to_a_coloured_lead():
    assert catchy_rules.off_colour(red(1), blue(2))
    assert not catchy_rules.off_colour(red(1), red(2))
    assert not catchy_rules.off_colour(joker(1), blue(2))
    assert not catchy_rules.off_colour(red(1), joker(2))


def test_position_sign_negative_toward_player_one():
    r = catchy_rules.resolve(red(5), red(2), leader=0, side="red", position=0)  # player 1 wins on red
    assert r["position"] == -1


# ---- explanations: the steps and their values (templates/games/catchy/_words.html words them)

def test_explanation_names_the_players_and_the_reasons():
    state = play(started(), red(5), red(3))
    steps = catchy_view.view(state, BOARD)["last"]["explanation"]
    assert [s["kind"] for s in steps] == ["played", "win", "mood", "move", "leads_next"]
    assert (steps[0]["leader"], steps[0]["lead"]["name"], steps[0]["follower"], steps[0]["follow"]["name"]) \
        == ("Ann", "Red 5", "Bob", "Red 3")
    assert {k: steps[1][k] for k in ("winner", "why", "colour", "high", "low", "tie")} == \
        {"winner": "Ann", "why": "same_colour", "colour": "Red", "high": 5, "low": 3, "tie": False}
    assert (steps[2]["mood"], steps[2]["side"], steps[2]["numbers"]) == ("both_odd", "blue", [5, 3])
    assert (steps[3]["side"], steps[3]["toward"]) == ("blue", "Bob") and steps[4]["name"] == "Bob"


def test_explanation_of_a_tie_and_of_evens():
    steps = catchy_view.view(play(started(), joker(3), red(3)), BOARD)["last"]["explanation"]
    assert steps[1]["why"] == "joker" and steps[1]["tie"] and steps[1]["winner"] == "Ann"
    steps = catchy_view.view(play(started(), red(4), red(2)), BOARD)["last"]["explanation"]
    assert steps[2]["mood"] == "even" and steps[2]["evens"] == [4, 2] and steps[2]["side"] == "red"
    steps = catchy_view.view(play(started(), red(4), red(3)), BOARD)["last"]["explanation"]
    assert steps[2]["evens"] == [4]


def test_off_colour_warns_in_the_explanation_but_still_plays():
    state = play(started(), red(2), blue(5))
    last = catchy_view.view(state, BOARD)["last"]
    assert last["off_colour"] and last["winner"] == 1
    assert {"kind": "off_colour", "follower": "Bob", "colour": "Red"} in last["explanation"]


def test_exception_explanation_says_the_leader_leads_again():
    state = play(started(leader=2), joker(2), red(3))
    steps = catchy_view.view(state, BOARD)["last"]["explanation"]
    assert steps[2]["mood"] == "exception" and steps[3] == {"kind": "leads_again", "name": "Bob"}
    assert "move" not in [s["kind"] for s in steps]
    assert state["position"] == 0 and state["leader"] == 1 and state["side"] == "blue"


# ---- a round

def test_round_start_puts_the_cat_on_the_centre_red_side_up_with_the_starting_card_holder_leading():
    state = started(leader=2)
    assert (state["phase"], state["round"], state["tricks"]) == ("playing", 1, 0)
    assert (state["position"], state["side"], state["leader"]) == (0, "red", 1)


def test_arms_reached_at_trick_three_ends_the_round_with_three_points():
    state = started(leader=1)
    play(state, red(4), red(2))        # Ann wins, red: toward Ann, -1
    assert state["position"] == -1 and state["leader"] == 0
    play(state, red(3), blue(5))       # 3 odd, 5 odd: flips to blue, Ann wins, blue: toward Bob, 0
    assert (state["position"], state["side"], state["leader"]) == (0, "blue", 1)
    play(state, red(2), red(4))        # Bob leads, Ann wins with 4, blue: toward Bob, +1
    assert state["position"] == 1 and state["phase"] == "playing"
    play(state, blue(2), blue(4))      # Bob leads 2, Ann wins, blue: toward Bob, +2 = Bob's Arms
    assert state["tricks"] == 4 and state["position"] == 2
    assert state["phase"] == "round_over" and state["scores"] == [0, 3]
    view = catchy_view.view(state, BOARD)
    assert {k: view["round_end"][k] for k in ("why", "where", "won", "player")} == \
        {"why": "arms", "where": "arms", "won": 3, "player": "Bob"}
    assert view["last"]["explanation"][-2:] == [{"kind": "move", "side": "blue", "toward": "Bob"},
                                                {"kind": "round_ends"}]


def test_arms_at_trick_three_exactly():
    state = started(leader=1)
    for _ in range(2):
        play(state, red(4), red(2))    # Ann keeps winning on red: -1, -2
    assert state["phase"] == "round_over" and state["tricks"] == 2
    state = started(leader=2)
    play(state, red(4), red(2))        # Bob wins on red: +1
    play(state, joker(1), red(3))      # exception: flips to blue, stays, Bob leads again
    play(state, red(2), red(4))        # blue, Ann wins: toward Bob, +2
    assert state["tricks"] == 3 and state["position"] == 2
    assert state["phase"] == "round_over" and state["scores"] == [0, 3]
    assert state["round_end"]["why"] == "arms"


def test_seven_tricks_at_the_centre_give_one_point_each():
    state = started(leader=1)
    for _ in range(3):
        play(state, red(1), red(2))    # the follower wins on red: the cat walks one step to them
        assert state["position"] != 0 and state["phase"] == "playing"
        play(state, red(1), red(2))    # ...and back to the centre
        assert state["position"] == 0
    play(state, joker(2), red(3))      # trick 7: Joker and 3, the cat stays on the centre
    assert state["tricks"] == 7 and state["position"] == 0
    assert state["phase"] == "round_over" and state["scores"] == [1, 1]
    assert state["round_end"]["why"] == "tricks"
    end = catchy_view.view(state, BOARD)["round_end"]
    assert (end["why"], end["tricks"], end["where"], end["won"], end["player"]) == ("tricks", 7, "centre", 1, None)


def test_seven_tricks_with_the_cat_kept_still_by_jokers():
    # Joker-and-3 tricks keep the cat on the centre: after 7 the round ends, 1 point each.
    state = started(leader=1)
    for _ in range(7):
        play(state, joker(2), red(3))
    assert state["tricks"] == 7 and state["position"] == 0
    assert state["phase"] == "round_over" and state["scores"] == [1, 1]
    assert state["round_end"]["why"] == "tricks"


def test_seven_tricks_off_centre_give_two_points_to_the_nearer_player():
    state = started(leader=1)
    play(state, red(4), red(2))          # -1, Ann leads
    for _ in range(6):
        play(state, joker(2), red(3))    # stays at -1
    assert state["scores"] == [2, 0] and state["phase"] == "round_over"
    end = catchy_view.view(state, BOARD)["round_end"]
    assert (end["where"], end["won"], end["player"]) == ("near", 2, "Ann")


def test_no_trick_outside_a_round():
    state = new_game()
    with pytest.raises(RuleError):
        play(state, red(1), red(2))


# ---- scoring and the end of the game

@pytest.mark.parametrize("position, points", [(-2, [3, 0]), (-1, [2, 0]), (0, [1, 1]), (1, [0, 2]), (2, [0, 3])])
def test_round_points(position, points):
    assert catchy_rules.round_points(position) == points


def test_game_goes_on_below_seven_and_ends_at_seven():
    assert catchy_rules.game_winners([6, 5], 3) is None
    assert catchy_rules.game_winners([7, 5], 3) == [0]
    assert catchy_rules.game_winners([4, 8], 4) == [1]


def test_both_win_on_equal_scores_of_seven_or_more():
    assert catchy_rules.game_winners([7, 7], 5) == [0, 1]


def test_game_ends_after_the_seventh_round_whatever_the_scores():
    assert catchy_rules.game_winners([6, 5], 7) == [0]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-2, 2), min_size=7, max_size=7))
def test_seven_rounds_always_give_someone_seven(positions):
    scores = [0, 0]
    for p in positions:
        scores = [a + b for a, b in zip(scores, catchy_rules.round_points(p))]
    assert max(scores) >= 7


def test_a_round_that_reaches_seven_ends_the_game_and_names_the_winner():
    state = started(leader=1)
    state["scores"] = [5, 2]
    play(state, red(4), red(2))
    play(state, red(4), red(2))          # Ann's Arms: +3 = 8
    assert state["phase"] == "game_over" and state["winners"] == [0]
    view = catchy_view.view(state, BOARD)
    assert view["winners"] == [1] and view["winner_names"] == ["Ann"]
    with pytest.raises(RuleError, match="rematch"):
        catchy_rules.start_round(state, BOARD, leader=1, players=None)


def test_next_round_after_a_round():
    state = started(leader=1)
    play(state, red(4), red(2))
    play(state, red(4), red(2))
    catchy_rules.start_round(state, BOARD, leader=2, players=None)
    assert (state["round"], state["position"], state["side"], state["leader"], state["tricks"]) == (2, 0, "red", 1, 0)
    assert state["scores"] == [3, 0]


def test_cannot_start_a_round_while_one_is_played():
    with pytest.raises(RuleError):
        catchy_rules.start_round(started(), BOARD, leader=1, players=None)


def test_rematch_resets_the_game_but_keeps_the_names_and_cards():
    state = started(leader=1)
    state["scores"] = [6, 6]
    catchy_rules.rematch(state, BOARD)
    assert state["phase"] == "setup" and state["scores"] == [0, 0] and state["round"] == 0
    assert state["names"] == ["Ann", "Bob"] and state["colors"] == ["Red", "Blue", "Yellow"]


# ---- entering cards

def test_check_shows_the_outcome_without_moving_the_cat():
    state = play(started(), red(5), red(3), check=True)
    assert state["tricks"] == 0 and state["position"] == 0 and state["pending"]["check"]
    preview = catchy_view.view(state, BOARD)["pending"]["preview"]
    assert preview[2]["mood"] == "both_odd" and preview[2]["side"] == "blue"
    play(state, red(5), red(3))
    assert state["tricks"] == 1 and state["position"] == 1 and state["pending"]["lead"] is None


def test_one_card_waits_for_the_other():
    state = play(started(), red(5), None)
    assert state["tricks"] == 0 and state["pending"]["lead"] == red(5)
    play(state, None, blue(2))
    assert state["tricks"] == 1 and state["last"]["off_colour"]


@pytest.mark.parametrize("fields, message", [
    ({"leader_color": "Red"}, "number"),
    ({"leader_number": 3}, "colour"),
    ({"leader_color": "Green", "leader_number": 3}, "one of: Red, Blue, Yellow"),
    ({"leader_color": "Red", "leader_number": 6}, "between 1 and 5"),
    ({}, "Enter a card"),
])
def test_bad_cards_are_refused_with_a_sentence(fields, message):
    state = started()
    args = {f"{r}_{k}": None for r in ("leader", "follower") for k in ("color", "number")}
    args.update(leader_joker=False, follower_joker=False, check=False, **fields)
    with pytest.raises(BadInput, match=message):
        catchy_rules.play_trick(state, BOARD, **args)


def test_colour_matching_ignores_case_and_a_joker_ignores_its_colour():
    state = started()
    catchy_rules.play_trick(state, BOARD, leader_color="red", leader_number=2, leader_joker=False,
                            follower_color="Blue", follower_number=4, follower_joker=True, check=False)
    assert state["last"]["lead"] == red(2) and state["last"]["follow"] == joker(4)


# ---- corrections

def test_adjust_sets_any_value():
    state = started(leader=1)
    catchy_rules.adjust(state, BOARD, position=1, side="blue", score_1=4, score_2=2, round=3, trick=5, leader=2)
    assert (state["position"], state["side"], state["scores"], state["round"], state["tricks"], state["leader"]) \
        == (1, "blue", [4, 2], 3, 5, 1)
    assert state["phase"] == "playing" and state["log"][0]["kind"] == "corrected"
    assert {"what": "leader", "value": "Bob"} in state["log"][0]["changes"]
    assert {"what": "score", "value": 4, "name": "Ann"} in state["log"][0]["changes"]


def test_adjust_keeps_the_last_trick_and_says_it_was_corrected_since():
    state = play(started(leader=1), red(5), red(3))
    catchy_rules.adjust(state, BOARD, position=0, side=None, score_1=None, score_2=None,
                        round=None, trick=None, leader=None)
    steps = catchy_view.view(state, BOARD)["last"]["explanation"]
    assert steps[0]["kind"] == "played" and steps[-1] == {"kind": "corrected"}
    assert state["log"][0] == {"by": None, "kind": "corrected", "changes": [{"what": "position", "value": 0}]}


def test_adjust_into_an_arms_space_ends_the_round_as_play_would():
    state = started(leader=1)
    catchy_rules.adjust(state, BOARD, position=-2, side=None, score_1=None, score_2=None,
                        round=None, trick=None, leader=None)
    assert state["phase"] == "round_over" and state["scores"] == [3, 0]


def test_adjust_scores_after_the_game_can_reopen_it_or_end_it():
    state = started(leader=1)
    state["scores"] = [5, 0]
    play(state, red(4), red(2))
    play(state, red(4), red(2))
    assert state["phase"] == "game_over"
    catchy_rules.adjust(state, BOARD, position=None, side=None, score_1=6, score_2=None,
                        round=None, trick=None, leader=None)
    assert state["phase"] == "round_over" and state["winners"] == []
    catchy_rules.adjust(state, BOARD, position=None, side=None, score_1=None, score_2=7,
                        round=None, trick=None, leader=None)
    assert state["phase"] == "game_over" and state["winners"] == [1]


def test_adjust_refuses_nothing_and_before_the_game():
    none = dict(position=None, side=None, score_1=None, score_2=None, round=None, trick=None, leader=None)
    with pytest.raises(BadInput, match="at least one"):
        catchy_rules.adjust(started(), BOARD, **none)
    with pytest.raises(BadInput, match="round"):
        catchy_rules.adjust(started(), BOARD, **{**none, "round": 8})
    with pytest.raises(RuleError):
        catchy_rules.adjust(new_game(), BOARD, **{**none, "position": 1})


# ---- players on phones

ANN, BOB, CAT = Seat(1, "Ann"), Seat(2, "Bob"), Seat(3, "Cat")
SEATS = [ANN, BOB, CAT]


def as_(seat):
    return Ctx(seat=seat, seats=SEATS, now=0.0, rng=random.Random(0))


def test_first_two_phones_become_the_players_and_give_their_names():
    state = new_game("P1", "P2")
    catchy_rules.start_round(state, as_(BOB), leader=None, players="phones")
    assert state["seats"] == [1, 2] and state["leader"] == 1
    view = catchy_view.view(state, as_(ANN))
    assert [p["name"] for p in view["players"]] == ["Ann", "Bob"] and view["me"] == 1
    assert catchy_view.view(state, as_(CAT))["watching"]


def test_phones_cannot_be_players_until_two_joined():
    state = new_game()
    lonely = Ctx(seat=ANN, seats=[ANN], now=0.0, rng=random.Random(0))
    with pytest.raises(RuleError, match="Two phones"):
        catchy_rules.start_round(state, lonely, leader=None, players="phones")


def test_a_phone_enters_only_its_own_card_and_the_second_card_plays_the_trick():
    state = new_game()
    catchy_rules.start_round(state, as_(ANN), leader=1, players="phones")
    with pytest.raises(Forbidden, match="only your own card"):
        play(state, None, red(2), ctx=as_(ANN))
    play(state, red(5), None, ctx=as_(ANN))
    assert state["tricks"] == 0
    play(state, None, red(3), ctx=as_(BOB))
    assert state["tricks"] == 1 and state["position"] == 1 and state["leader"] == 1


def test_a_watching_phone_cannot_act():
    state = new_game()
    catchy_rules.start_round(state, as_(ANN), leader=1, players="phones")
    with pytest.raises(Forbidden):
        play(state, red(5), None, ctx=as_(CAT))
    tablet = started()
    with pytest.raises(Forbidden, match="board"):
        play(tablet, red(5), None, ctx=as_(ANN))


def test_setup_refuses_two_equal_names():
    with pytest.raises(BadInput):
        new_game("Ann", "ann")


# ---- invariants over random games

CARDS = st.one_of(
    st.builds(lambda c, n: {"joker": False, "color": c, "number": n}, st.sampled_from(["Red", "Blue", "Yellow"]), st.integers(1, 5)),
    st.builds(lambda n: {"joker": True, "color": None, "number": n}, st.integers(1, 5)))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(CARDS, CARDS, st.integers(1, 2)), min_size=1, max_size=60))
def test_random_games_keep_the_course_the_counts_and_the_scores_consistent(tricks):
    state = new_game()
    rounds_scored = 0
    for lead, follow, starter in tricks:
        if state["phase"] == "game_over":
            break
        if state["phase"] != "playing":
            catchy_rules.start_round(state, BOARD, leader=starter, players="names")
        before = sum(state["scores"])
        play(state, lead, follow)
        assert -2 <= state["position"] <= 2 and state["side"] in ("red", "blue")
        assert 1 <= state["tricks"] <= 7 and state["leader"] in (0, 1)
        if state["phase"] == "playing":
            assert abs(state["position"]) < 2 and state["tricks"] < 7 and sum(state["scores"]) == before
        else:
            rounds_scored += 1
            assert sum(state["scores"]) - before in (2, 3)
            assert state["round_end"]["points"] == catchy_rules.round_points(state["position"])
    assert state["round"] <= 7
    if state["phase"] == "game_over":
        assert max(state["scores"]) >= 7 or state["round"] == 7
        assert state["winners"] and all(state["scores"][w] == max(state["scores"]) for w in state["winners"])
