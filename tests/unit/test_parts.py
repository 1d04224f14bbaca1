"""The physical parts: shuffles, bags, dice, timers, tracks, counters, rounds, the picker."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from companion.errors import RuleError
from companion.parts import bag, counter, deck, dice, picker, rounds, timer, track


def rng(seed=1):
    return random.Random(seed)


class TestDeck:
    def test_draws_distinct_cards_and_reshuffles_discards_when_empty(self):
        d = deck.new(list("ABCDE"), rng())
        first = deck.draw(d, 3, rng())
        assert len(set(first)) == 3
        deck.discard(d, first)
        second = deck.draw(d, 4, rng())  # 2 left on the pile, then the discards come back
        assert len(set(second)) == 4
        assert deck.size(d) == 1

    def test_cannot_draw_more_than_the_deck_holds(self):
        d = deck.new(list("AB"), rng())
        with pytest.raises(RuleError, match="only 2 cards"):
            deck.draw(d, 3, rng())

    def test_excluded_cards_are_not_drawn_and_stay_in_the_deck(self):
        d = deck.new(list("ABCDEF"), rng())
        drawn = deck.draw(d, 4, rng(), exclude=("A", "B"))
        assert not {"A", "B"} & set(drawn)
        assert deck.size(d) == 2 and set(d["draw"]) == {"A", "B"}

    @given(st.integers(1, 30), st.lists(st.integers(0, 6), max_size=20), st.integers())
    @settings(max_examples=100)
    def test_cards_are_conserved(self, n, draws, seed):
        r = random.Random(seed)
        d = deck.new(list(range(n)), r)
        out = []
        for k in draws:
            k = min(k, deck.size(d))
            out += deck.draw(d, k, r)
            if len(out) > n // 2:
                deck.discard(d, out)
                out = []
        assert sorted(d["draw"] + d["discard"] + out) == list(range(n))


class TestBag:
    def test_draw_without_replacement_until_empty(self):
        b = bag.new({"red": 2, "blue": 1})
        drawn = [bag.draw(b, rng(i)) for i in range(3)]
        assert sorted(drawn) == ["blue", "red", "red"]
        with pytest.raises(RuleError, match="empty"):
            bag.draw(b, rng())

    def test_put_back_only_what_belongs(self):
        b = bag.new({"red": 0})
        bag.put(b, "red")
        assert bag.count(b) == 1
        with pytest.raises(RuleError):
            bag.put(b, "green")

    def test_every_token_equally_likely(self):
        b0 = {"red": 9, "blue": 1}
        r = rng(7)
        reds = sum(bag.draw(bag.new(b0), r) == "red" for _ in range(2000))
        assert 1700 < reds < 1900


class TestDiceAndPicker:
    def test_roll_uses_only_the_given_faces(self):
        faces = ["Adopt", "R", "L"]
        assert set(dice.roll(faces, 50, rng())) <= set(faces)
        assert len(dice.roll(faces, 3, rng())) == 3

    def test_total_only_for_numbers(self):
        assert dice.total(["3", "4"]) == 7
        assert dice.total(["3", "Swap"]) is None

    def test_picker_refuses_an_empty_table(self):
        with pytest.raises(RuleError):
            picker.pick([], rng())
        assert picker.pick(["a"], rng()) == "a"


class TestTimer:
    def test_start_pause_resume_reset(self):
        t = timer.new(60)
        timer.start(t, now=100.0)
        assert timer.remaining(t, 130.0) == 30.0
        timer.pause(t, 130.0)
        assert timer.remaining(t, 500.0) == 30.0  # paused time does not run
        timer.start(t, 500.0)
        assert t["ends_at"] == 530.0
        assert timer.is_over(t, 531.0)
        timer.reset(t)
        assert timer.remaining(t, 999.0) == 60.0 and not t["running"]

    def test_refusals(self):
        t = timer.new(10)
        with pytest.raises(RuleError, match="not running"):
            timer.pause(t, 0)
        timer.start(t, 0)
        with pytest.raises(RuleError, match="already running"):
            timer.start(t, 5)

    def test_starting_a_finished_timer_starts_it_afresh(self):
        t = timer.new(10)
        timer.start(t, 0)
        timer.start(t, 20)  # it ran out at 10
        assert t["ends_at"] == 30

    def test_view_gives_end_time_only_while_running(self):
        t = timer.new(10)
        assert timer.view(t, 0)["ends_at"] is None
        timer.start(t, 0)
        v = timer.view(t, 4)
        assert v["running"] and v["ends_at"] == 10 and v["remaining"] == 6
        v = timer.view(t, 11)
        assert v["over"] and not v["running"]


class TestTrackCounterRounds:
    def test_track_clamps_and_reports_target(self):
        t = track.new(["Blue", "Orange"], target=10, lowest=0, highest=10)
        track.add(t, "Blue", -3)
        assert t["scores"]["Blue"] == 0
        track.add(t, "Orange", 12)
        assert t["scores"]["Orange"] == 10 and track.reached(t) == ["Orange"]
        assert track.leaders(t) == ["Orange"]
        with pytest.raises(RuleError):
            track.add(t, "Green", 1)

    def test_counter_refuses_to_leave_its_bounds(self):
        c = counter.new(1, lowest=0, highest=9)
        counter.change(c, -1, "Nine Lives")
        with pytest.raises(RuleError, match="Nine Lives cannot go below 0"):
            counter.change(c, -1, "Nine Lives")
        assert c["value"] == 0

    def test_rounds(self):
        r = rounds.new(2)
        with pytest.raises(RuleError):
            rounds.back(r)
        assert rounds.advance(r) == 2 and rounds.is_last(r)
        with pytest.raises(RuleError, match="last round"):
            rounds.advance(r)


def test_track_would_be_shows_the_clamped_score_without_moving():
    t = track.new(["table"], target=10, lowest=0)
    track.add(t, "table", 1)
    assert track.would_be(t, "table", -3) == 0 and t["scores"]["table"] == 1
    assert track.would_be(t, "table", 4) == 5 and t["scores"]["table"] == 1
