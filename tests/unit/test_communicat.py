"""CommuniCat rules: scoring and rotation against the rulebook's numbers, the Need deck, Nine Lives,
the end of the game, and (hypothesis) that no sequence of moves shows a secret Need to a non-Cat."""
from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings, strategies as st

from companion.errors import BadInput, Forbidden, RuleError
from companion.fields import parse_mapping
from companion.games import communicat, communicat_round, communicat_view
from companion.games import communicat_rules as cc
from companion.games.base import Ctx, Seat

SEATS = [Seat(1, "Ann"), Seat(2, "Bob"), Seat(3, "Cy"), Seat(4, "Di")]


class Table:
    """Runs moves like the pipeline does: parse the fields, act on a copy, keep it only on success."""

    def __init__(self, seats=SEATS[:3], seed=1, **options):
        self.seats = list(seats)
        self.rng = random.Random(seed)
        self.now = 1000.0
        opts = parse_mapping(communicat.GAME.options, options)
        self.state = communicat.GAME.setup(opts, self.ctx(None))

    def ctx(self, seat, is_board=True):
        return Ctx(seat=seat, seats=self.seats, now=self.now, rng=self.rng, is_board=is_board and seat is None)

    def act(self, move, by=None, **fields):
        m = communicat.GAME.moves[move]
        args = parse_mapping(m.fields, fields)
        state = copy.deepcopy(self.state)
        m.fn(state, self.ctx(by), **args)
        self.state = state
        return self

    def view(self, seat=None, is_board=True):
        return communicat.GAME.view(self.state, self.ctx(seat, is_board))


# ---- scoring: the rulebook's numbers

@pytest.mark.parametrize("outcome, confidence, mishaps, lives, points", [
    ("guessed", False, 0, 0, 2),          # correct guess: +2
    ("guessed", True, 0, 0, 3),           # with Confidence: one more
    ("out_of_patterns", False, 0, 0, -1),  # Cat out of Patterns: -1
    ("timeout", False, 0, 0, -1),         # timer ran out: -1
    ("guessed", False, 3, 0, -1),         # each Mishap card costs one
    ("guessed", False, 3, 1, 0),          # one less per Nine Lives token on the pile
    ("guessed", True, 1, 4, 3),           # more tokens than cards never adds points
    ("timeout", False, 2, 1, -2),
    ("timeout", True, 0, 0, -1),          # Confidence only counts on a correct guess
])
def test_coop_points(outcome, confidence, mishaps, lives, points):
    assert communicat_round.coop_points(outcome, confidence and outcome == "guessed", mishaps, lives) == points


def test_resolve_coop_applies_points_history_and_rotates_cat_left():
    t = Table()
    t.act("new_needs")
    assert t.view()["cat"]["name"] == "Ann"
    t.act("timer_start")
    t.now += 12
    t.act("mishap", reason="wrong_guess").act("mishap", reason="pass")
    t.act("spend_life", kind="ignorance", count=1)
    t.act("spend_life", kind="confidence")
    t.act("resolve", outcome="guessed", confidence="1")
    v = t.view()
    # +2 +1 (Confidence) - (2 Mishaps - 1 token) = 2
    assert v["score"] == 2 and v["lives"] == 7
    h = v["history"][0]
    assert (h["points"], h["cat"], h["outcome"], h["time_used"]) == (2, "Ann", "guessed+confidence", 12.0)
    assert h["needs"][0] in {n["name"] for n in cc.NEEDS.values()}
    # the Cat passes to the left: Ann -> Bob -> Cy -> Ann
    cats = []
    for _ in range(4):
        t.act("new_needs")
        cats.append(t.view()["cat"]["name"])
        t.act("resolve", outcome="timeout")
    assert cats == ["Bob", "Cy", "Ann", "Bob"]


def test_score_stays_on_the_track():
    t = Table()
    t.act("new_needs").act("resolve", outcome="timeout", mishaps=4)
    assert t.view()["score"] == 0 and t.view()["history"][0]["points"] == -5


def test_choose_first_cat_then_rotation():
    t = Table()
    t.act("choose_cat", seat=3)
    t.act("new_needs")
    assert t.view()["cat"]["name"] == "Cy"
    with pytest.raises(RuleError):
        t.act("choose_cat", seat=1)
    t.act("resolve", outcome="guessed")
    assert t.view()["cat"]["name"] == "Ann"
    with pytest.raises(BadInput):
        t.act("choose_cat", seat=99)


def test_coop_win_at_target_and_rematch_keeps_seats_and_rotation():
    t = Table(target="4")
    t.act("new_needs").act("resolve", outcome="guessed")
    assert not t.view()["finished"]
    t.act("new_needs").act("resolve", outcome="guessed")
    f = t.view()["finished"]
    assert f["result"] == "won"
    with pytest.raises(RuleError):
        t.act("new_needs")
    t.act("rematch")
    v = t.view()
    assert (v["score"], v["lives"], v["history"], v["finished"], v["round"]) == (0, 9, [], None, 0)
    assert v["cat"]["name"] == "Cy"   # the rotation carries on
    assert v["target"] == 4


def test_coop_loss_when_patterns_run_out():
    t = Table()
    t.act("new_needs").act("declare_patterns_out")
    assert t.view()["finished"]["result"] == "lost"
    assert t.view()["needs"] == []
    with pytest.raises(RuleError):
        t.act("declare_patterns_out")


# ---- Nine Lives

def test_lives_never_below_zero_and_confidence_once_per_guess():
    t = Table()
    t.act("new_needs")
    t.act("spend_life", kind="confidence")
    with pytest.raises(RuleError, match="already on this guess"):
        t.act("spend_life", kind="confidence")
    t.act("mishap", reason="wrong_guess")      # the guess was wrong: Confidence is used up
    t.act("spend_life", kind="confidence")
    with pytest.raises(BadInput):
        t.act("spend_life", kind="confidence", count=2)
    t.act("spend_life", kind="ignorance", count=4)
    t.act("spend_life", kind="clarity", count=3)
    assert t.view()["lives"] == 0
    t.act("mishap", reason="wrong_guess")
    for kind in cc.LIFE_KINDS:
        with pytest.raises(RuleError, match="Only 0"):
            t.act("spend_life", kind=kind)
    v = t.view()
    assert v["spent"] == {"confidence": 2, "ignorance": 4, "clarity": 3}
    assert v["lives_on_mishap"] == 4 and v["mishaps"] == 2
    # a resolve that needs one more token than is left is refused, nothing applied
    with pytest.raises(RuleError):
        t.act("resolve", outcome="guessed", lives_on_mishap=5)
    with pytest.raises(RuleError, match="undo"):
        t.act("resolve", outcome="guessed", lives_on_mishap=2)
    assert t.view()["in_round"]


def test_resolve_spends_tokens_the_app_was_not_told_about():
    t = Table()
    t.act("new_needs").act("resolve", outcome="guessed", mishaps=2, lives_on_mishap=2)
    v = t.view()
    assert v["history"][0]["points"] == 2 and v["lives"] == 7


def _preview(t, **fields):
    m = communicat.GAME.moves["resolve"]
    return m.preview(t.state, t.ctx(None), **parse_mapping(m.fields, fields))


def test_a_spent_confidence_token_decides_view_preview_and_resolve():
    """Issue #17: with a Confidence token spent the view said a right guess scores 3, but resolving
    without confidence=1 scored 2 and kept the token spent. The recorded spend decides everywhere."""
    t = Table()
    t.act("new_needs").act("spend_life", kind="confidence")
    assert t.view()["preview"]["guessed"] == 3 and t.view()["lives"] == 8
    assert _preview(t, outcome="guessed")["points"] == 3
    assert _preview(t, outcome="guessed", confidence="1")["points"] == 3
    assert _preview(t, outcome="timeout")["points"] == -1
    t.act("resolve", outcome="guessed")
    v = t.view()
    assert v["history"][0]["points"] == 3 and v["history"][0]["outcome_kind"] == "guessed"
    assert v["history"][0]["with_confidence"] and v["lives"] == 8 and v["score"] == 3


def test_a_confidence_field_that_contradicts_the_record_is_refused():
    t = Table()
    t.act("new_needs")
    with pytest.raises(RuleError) as refused:                                   # no token on this guess
        t.act("resolve", outcome="guessed", confidence="1")
    assert refused.value.template.startswith("No Confidence token is on this guess")
    with pytest.raises(RuleError):
        _preview(t, outcome="guessed", confidence="1")
    t.act("spend_life", kind="confidence").act("mishap", reason="wrong_guess")   # the token is lost
    with pytest.raises(RuleError, match="No Confidence token"):
        t.act("resolve", outcome="guessed", confidence="1")
    assert _preview(t, outcome="guessed")["points"] == 2 - 1
    t.act("spend_life", kind="confidence")
    with pytest.raises(RuleError) as refused:
        t.act("resolve", outcome="out_of_patterns", confidence="1")
    assert refused.value.template == "Confidence adds its point only to a right guess."
    assert t.view()["in_round"] and t.view()["lives"] == 7                       # nothing applied


def test_lives_are_cooperative_only():
    t = Table(seats=SEATS, mode="versus")
    t.act("new_needs")
    with pytest.raises(RuleError):
        t.act("spend_life", kind="clarity")
    with pytest.raises(RuleError):
        t.act("mishap", reason="pass")
    assert "lives" not in t.view()


# ---- the Need deck

@pytest.mark.parametrize("difficulty, count", [("easy", 6), ("normal", 8), ("hard", 10)])
def test_layout_sizes_distinct_and_deck_conserved(difficulty, count):
    t = Table(difficulty=difficulty)
    for _ in range(25):   # several trips through the deck, with reshuffles
        t.act("new_needs")
        laid = [n["id"] for n in t.view()["needs"]]
        assert len(laid) == count == len(set(laid))
        d = t.state["deck"]
        assert sorted(d["draw"] + d["discard"] + laid) == sorted(cc.NEEDS)
        t.act("resolve", outcome="guessed")
        if t.view()["finished"]:
            t.act("rematch")


def test_a_cat_never_gets_the_same_need_twice_in_a_row():
    t = Table(difficulty="easy", seed=7)
    last = None
    for _ in range(200):
        t.act("new_needs")
        secret = t.state["round"]["secret"]["cat"]
        assert secret != last and secret in t.state["round"]["needs"]
        last = secret


def test_each_team_cat_never_gets_its_last_need_and_teams_may_share():
    t = Table(seats=SEATS, mode="versus", difficulty="easy", seed=3)
    last = {"blue": None, "orange": None}
    shared = 0
    for i in range(300):
        t.act("new_needs")
        secret = t.state["round"]["secret"]
        for team in cc.TEAMS:
            assert secret[team] != last[team]
        last = dict(secret)
        shared += secret["blue"] == secret["orange"]
        if i % 3 == 0:
            t.act("resolve", team="none")
    assert shared > 0   # the rulebook allows both Cats the same Need
    t.seats = []        # one device: the board shows both teams' Needs at once, and says so when they match
    t.act("show_need")
    if t.state["round"]["secret"]["blue"] == t.state["round"]["secret"]["orange"]:
        assert t.view()["same_need"] is True


# ---- competitive: teams, Cats, turns

def test_versus_teams_alternate_by_seating_and_cats_get_their_team_need():
    t = Table(seats=SEATS, mode="versus")
    v = t.view()
    assert [m["name"] for m in v["teams"][0]["members"]] == ["Ann", "Cy"]
    assert [m["name"] for m in v["teams"][1]["members"]] == ["Bob", "Di"]
    t.act("choose_cat", seat=3)   # Cy becomes Blue's Cat
    t.act("set_team", seat=4, team="blue")
    t.act("new_needs")
    secret = t.state["round"]["secret"]
    assert t.view(SEATS[2])["secret"] == {"blue": cc.NEEDS[secret["blue"]]}
    assert t.view(SEATS[1])["secret"] == {"orange": cc.NEEDS[secret["orange"]]}
    for owner in (SEATS[0], SEATS[3]):
        assert "secret" not in t.view(owner) and t.view(owner)["my_role"] == "owner"
    with pytest.raises(RuleError):
        t.act("set_team", seat=1, team="orange")


def test_versus_turns_first_team_alternates_and_scoring():
    t = Table(seats=SEATS, mode="versus", target="2")
    firsts = []
    for winner in ["blue", "none", "orange", "blue"]:
        t.act("new_needs")
        v = t.view()
        firsts.append(v["turn_team"])
        t.act("timer_start")
        t.act("next_team")
        assert t.view()["turn_team"] != v["turn_team"] and t.view()["timer"]["running"]
        t.act("resolve", team=winner)
    assert firsts == ["blue", "orange", "blue", "orange"]
    v = t.view()
    assert v["scores"] == {"blue": 2, "orange": 1}
    assert v["finished"] == {"result": "won", "winner": "blue", "reason": "target"}
    assert [h["points"] for h in v["history"]] == [1, 1, 0, 1]


def test_versus_patterns_out_the_team_ahead_wins_or_a_draw():
    t = Table(seats=SEATS, mode="versus")
    t.act("new_needs").act("resolve", team="orange").act("declare_patterns_out")
    assert t.view()["finished"]["winner"] == "orange"
    t.act("rematch").act("declare_patterns_out")
    assert t.view()["finished"]["result"] == "draw"


def test_next_team_is_competitive_only_and_needs_a_round():
    t = Table()
    with pytest.raises(RuleError):
        t.act("timer_start")
    t.act("new_needs")
    with pytest.raises(RuleError):
        t.act("next_team")
    with pytest.raises(BadInput):
        t.act("resolve")   # coop needs an outcome


# ---- the board and settings

def test_show_need_toggles_on_the_board_only():
    t = Table(seats=[])
    t.act("new_needs")
    assert "secret" not in t.view()
    t.act("show_need")
    assert t.view()["secret"]["cat"]["id"] == t.state["round"]["secret"]["cat"]
    # A device that only opened the board's address (no board credential) watches without it.
    assert "secret" not in t.view(is_board=False)
    t.act("show_need")
    assert "secret" not in t.view()
    t.seats = SEATS[:2]
    with pytest.raises(Forbidden):
        t.act("show_need", by=SEATS[0])


def test_showing_a_secret_that_is_on_a_phone_asks_first_and_covers_itself():
    t = Table()                       # Ann, Bob and Cy are seated: Ann is the Cat, with her phone
    t.act("new_needs")
    with pytest.raises(RuleError) as asked:
        t.act("show_need")
    assert str(asked.value) == "It is on Ann's phone. Show it to everyone?"
    assert "secret" not in t.view()
    t.act("show_need", confirm="1")
    assert t.view()["secret"]["cat"]["id"] == t.state["round"]["secret"]["cat"]
    assert t.view()["shown_until"] == t.now + cc.BOARD_SHOW_SECONDS
    t.now += cc.BOARD_SHOW_SECONDS
    assert "secret" not in t.view() and t.view()["shown"] == []
    # Pressed again after it covered itself: it asks again, as the first time.
    with pytest.raises(RuleError):
        t.act("show_need")
    t.act("show_need", confirm="1").act("show_need")      # hiding is one tap
    assert "secret" not in t.view()
    with pytest.raises(BadInput):
        t.act("show_need", team="blue", confirm="1")


def test_competitive_board_shows_one_teams_need_at_a_time():
    t = Table(seats=SEATS[:4], mode="versus")      # Blue: Ann, Cy; Orange: Bob, Di
    t.act("new_needs")
    with pytest.raises(BadInput):
        t.act("show_need", confirm="1")          # both at once: refused while the Cats hold phones
    with pytest.raises(RuleError) as asked:
        t.act("show_need", team="orange")
    assert str(asked.value) == "It is on Bob's phone. Show it to everyone?"
    t.act("show_need", team="blue", confirm="1")
    assert set(t.view()["secret"]) == {"blue"}
    t.act("show_need", team="orange", confirm="1")   # the other team's replaces it
    assert set(t.view()["secret"]) == {"orange"}
    t.act("show_need", team="orange")
    assert "secret" not in t.view()


def test_one_device_play_shows_both_needs_in_one_tap_until_pressed_again():
    t = Table(seats=[], mode="versus")
    t.act("new_needs").act("show_need")
    assert set(t.view()["secret"]) == {"blue", "orange"}
    t.now += 10 * cc.BOARD_SHOW_SECONDS              # the Cat hides it when done, as the rulebook says
    assert set(t.view()["secret"]) == {"blue", "orange"}
    t.act("show_need")
    assert "secret" not in t.view()


def test_the_history_says_what_the_score_really_moved_and_adds_up_to_it():
    t = Table()
    t.act("new_needs").act("mishap", reason="pass").act("resolve", outcome="timeout")   # -1 - 1 at 0
    t.act("new_needs").act("resolve", outcome="guessed")                                # +2
    t.act("new_needs").act("resolve", outcome="guessed")                                # +2
    t.act("new_needs").act("mishap", reason="pass").act("mishap", reason="pass")
    t.act("resolve", outcome="timeout")                                                 # -3 from 4
    v = t.view()
    assert [(h["points"], h["moved"]) for h in reversed(v["history"])] == [(-2, 0), (2, 2), (2, 2), (-3, -3)]
    assert sum(h["moved"] for h in v["history"]) == v["score"] == 1
    t = Table(mode="versus")
    t.act("new_needs").act("resolve", team="blue").act("new_needs").act("resolve", team="none")
    assert [h["moved"] for h in t.view()["history"]] == [0, 1]


# ---- guesses tapped on the Needs

def wrong_need(t, role="cat"):
    r = t.state["round"]
    return next(n for n in r["needs"] if n != r["secret"][role])


def test_a_wrong_guess_goes_on_the_mishap_pile_and_a_right_one_opens_the_resolve():
    t = Table()
    t.act("new_needs")
    secret = t.state["round"]["secret"]["cat"]
    with pytest.raises(Forbidden):
        t.act("guess", by=SEATS[0], need=secret)        # Ann is the Cat: she knows it
    t.act("guess", by=SEATS[1], need=wrong_need(t))
    v = t.view(SEATS[2])                                 # every screen hears the answer
    assert v["mishaps"] == 1 and v["guesses"][0]["right"] is False and v["guesses"][0]["by"] == "Bob"
    assert not v["guess_right"] and v["can_guess"]
    t.act("guess", confidence="1", need=secret)          # the board guesses, Confidence toggled first
    v = t.view()
    assert v["guess_right"] and not v["can_guess"] and v["lives"] == 8
    assert v["guesses"][1] == {"need": communicat_view.need_view(secret), "right": True, "by": None, "team": None,
                               "confidence": True}
    assert v["preview"]["guessed"] == 2 + 1 - 1          # +2, Confidence +1, one Mishap card
    with pytest.raises(RuleError):
        t.act("guess", by=SEATS[1], need=secret)         # the round's guess is made: resolve it
    with pytest.raises(BadInput):
        t.act("guess", need="not-a-need")
    t.act("resolve", outcome="guessed")
    h = t.view()["history"][0]
    assert h["points"] == 2 and h["outcome"] == "guessed+confidence"
    assert [(g["right"], g["by"]) for g in h["guesses"]] == [(False, "Bob"), (True, None)]
    assert h["guesses"][1]["need"] == cc.NEEDS[secret]["name"]


def test_a_wrong_guess_with_confidence_loses_the_token_as_wrong_guess_does():
    t = Table()
    t.act("new_needs").act("guess", by=SEATS[1], confidence="1", need=wrong_need(t))
    v = t.view()
    assert v["lives"] == 8 and v["mishaps"] == 1 and not v["confidence_armed"]
    t.act("mishap", reason="wrong_guess")                # said aloud and tapped: still works
    assert t.view()["mishaps"] == 2


def test_competitive_each_team_guesses_its_own_need():
    t = Table(seats=SEATS[:4], mode="versus")           # Blue: Ann (Cat), Cy; Orange: Bob (Cat), Di
    t.act("new_needs")
    r = t.state["round"]
    with pytest.raises(Forbidden):
        t.act("guess", by=SEATS[0], need=r["secret"]["blue"])   # a Cat does not guess
    with pytest.raises(Forbidden):
        t.act("guess", by=SEATS[2], team="orange", need=r["secret"]["orange"])
    with pytest.raises(RuleError):
        t.act("guess", by=SEATS[2], confidence="1", need=r["secret"]["blue"])
    t.act("guess", by=SEATS[2], need=wrong_need(t, "blue"))
    assert t.view()["guesses"][0]["team"] == "blue" and "mishaps" not in t.view()
    t.act("guess", by=SEATS[3], need=r["secret"]["orange"])
    assert t.view(SEATS[3])["can_guess"] is False and t.view(SEATS[2])["can_guess"] is True
    assert t.view()["guess_team"] == "blue"              # the board guesses for the team whose turn it is
    t.act("guess", need=r["secret"]["blue"])
    assert [g["right"] for g in t.view()["guesses"]] == [False, True, True]


def test_configure_is_remembered_and_bounded():
    t = Table()
    t.act("configure", difficulty="hard", timer="custom", timer_custom="75", target="12")
    t.act("new_needs")
    v = t.view()
    assert (len(v["needs"]), v["timer"]["length"], v["target"]) == (10, 75, 12)
    with pytest.raises(BadInput):
        t.act("configure", timer="custom")
    with pytest.raises(BadInput):
        t.act("configure", timer_custom="5")
    t.act("configure", mode="versus")          # nothing scored yet: allowed, the layout is cleared
    assert t.view()["mode"] == "versus" and not t.view()["in_round"]
    t.act("new_needs").act("resolve", team="blue")
    with pytest.raises(RuleError):
        t.act("configure", mode="coop")
    with pytest.raises(RuleError):
        t.act("configure", target="1")


def test_timer_moves():
    t = Table()
    t.act("new_needs").act("timer_start")
    t.now += 20
    t.act("timer_pause")
    assert t.view()["timer"]["remaining"] == 40
    t.act("timer_reset")
    assert t.view()["timer"]["remaining"] == 60
    t.now += 100
    t.act("timer_start")
    t.now += 61
    assert t.view()["timer"]["over"]


# ---- secrecy, for any sequence of moves

MOVE_STEPS = st.lists(st.tuples(
    st.sampled_from(["new_needs", "show_need", "timer_start", "timer_pause", "next_team", "spend_life",
                     "mishap", "resolve_coop", "resolve_versus", "choose_cat", "set_team",
                     "declare_patterns_out", "rematch", "configure_mode", "guess"]),
    st.integers(0, 5), st.sampled_from(cc.TEAMS + ("none",)), st.sampled_from(cc.OUTCOMES)), max_size=40)


def _indistinguishable(t: Table, seat) -> bool:
    """This viewer's view does not change when the secret(s) it may not see are changed."""
    r = t.state["round"]
    if r is None:
        return True
    visible = communicat_view.my_secret_roles(t.state, t.ctx(seat))
    base = t.view(seat)
    for role in cc.secret_roles(t.state):
        if role in visible:
            continue
        for other in r["needs"]:
            if other == r["secret"][role]:
                continue
            saved = r["secret"][role]
            r["secret"][role] = other
            try:
                if t.view(seat) != base:
                    return False
            finally:
                r["secret"][role] = saved
    return True


@settings(max_examples=150, deadline=None)
@given(mode=st.sampled_from(cc.MODES), n_seats=st.integers(0, 4), steps=MOVE_STEPS, seed=st.integers(0, 2**16))
def test_no_move_sequence_shows_a_secret_to_a_non_cat(mode, n_seats, steps, seed):
    t = Table(seats=SEATS[:n_seats], seed=seed, mode=mode)
    for name, n, team, outcome in steps:
        seat = SEATS[n] if n < n_seats else None
        fields = {
            "spend_life": {"kind": cc.LIFE_KINDS[n % 3]}, "mishap": {"reason": "pass"},
            "resolve_coop": {"outcome": outcome}, "resolve_versus": {"team": team},
            "choose_cat": {"seat": n + 1}, "set_team": {"seat": n + 1, "team": team if team != "none" else "blue"},
            "configure_mode": {"mode": cc.MODES[n % 2]},
            "guess": {"need": (t.state["round"]["needs"] if t.state["round"] else sorted(cc.NEEDS))[n % 6],
                      **({"team": team} if team != "none" and t.state["mode"] == "versus" else {})},
            "show_need": {"confirm": str(n % 2), **({"team": team} if team != "none" and t.state["mode"] == "versus" else {})},
        }.get(name, {})
        move = {"resolve_coop": "resolve", "resolve_versus": "resolve", "configure_mode": "configure"}.get(name, name)
        try:
            t.act(move, by=seat, **fields)
        except (RuleError, BadInput, Forbidden):
            pass
        r = t.state["round"]
        for viewer in [None] + t.seats:
            v = t.view(viewer)
            allowed = communicat_view.my_secret_roles(t.state, t.ctx(viewer))
            if r is None:
                assert "secret" not in v
                continue
            if viewer is None:
                assert allowed == communicat_round.shown_roles(r, t.now)
            elif t.state["mode"] == "coop":
                assert allowed == (["cat"] if r["cat"] == viewer.id else [])
            else:
                assert allowed == [tm for tm in cc.TEAMS if r["cats"][tm] == viewer.id]
            assert set(v.get("secret", {})) == set(allowed)
            assert _indistinguishable(t, viewer)
