"""Secrecy as non-interference: what a viewer sees must not change when the *other* players' unrevealed
features are dealt differently. Feature names appear publicly anyway (pickers, dance floor), so
scanning for a word proves nothing; comparing views across different secret assignments proves that
no part of a view (a key, an order, a mark, a count) depends on someone else's secret."""
from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from companion.games import cloaked_cats as cc
from companion.games.cloaked_cats_rules import FEATURE_IDS
from test_cloaked_cats import ctx, play_random_game, seats


def reassign_others(state: dict, viewer: int | None, rng: random.Random) -> dict:
    """The same table with every other player's unrevealed features swapped for other features nobody
    has shown (and that the viewer does not hold): a world the viewer cannot tell apart."""
    other = copy.deepcopy(state)
    mine = next((p for p in other["players"] if p["seat"] == viewer), None)
    known = {f for p in other["players"] for f in p["revealed"]} | set(mine["features"] if mine else [])
    pool = [f for f in FEATURE_IDS if f not in known]
    rng.shuffle(pool)
    for p in other["players"]:
        if p is mine:
            continue
        p["features"] = [f if f in p["revealed"] else pool.pop() for f in p["features"]]
    return other


def viewers(s):
    return [None] + [x.id for x in s]


def check_views(state, s, rng, view_fn=cc.GAME.viewer_view):
    for viewer in viewers(s):
        twin = reassign_others(state, viewer, rng)
        seen = view_fn(state, ctx(s, viewer))
        assert seen == view_fn(twin, ctx(s, viewer)), f"viewer {viewer} can tell the secret deals apart"
        assert json.dumps(seen, sort_keys=True) == json.dumps(view_fn(twin, ctx(s, viewer)), sort_keys=True)


# Whole games, many times over: seconds, not milliseconds, so run with the slow tier (CI runs all).
@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**9), n=st.integers(2, 5))
def test_no_view_depends_on_anyone_elses_unrevealed_features(seed, n):
    rng = random.Random(seed)
    checked = []

    def each(state, s):
        check_views(state, s, rng)
        checked.append(state["phase"])

    state, s = play_random_game(seed, n, each=each)
    check_views(state, s, rng)  # the end screen keeps them hidden too
    assert checked


def test_a_seat_sees_exactly_its_own_three_features():
    state, s = play_random_game(3, 3, max_moves=5)
    for p in state["players"]:
        mine = cc.GAME.viewer_view(state, ctx(s, p["seat"]))["mine"]
        assert [f["id"] for f in mine["features"]] == p["features"]
        assert [f["id"] for f in mine["features"] if f["revealed"]] == [f for f in p["features"] if f in p["revealed"]]
    assert cc.GAME.viewer_view(state, ctx(s))["mine"] is None


def test_the_checker_catches_a_leaky_view():
    """The property above can fail: a view that marks another player's feature is caught."""
    def leaky(state, c):
        out = cc.GAME.viewer_view(state, c)
        out["players"][0]["hint"] = state["players"][0]["features"][0] in ("striped", "spotted")
        return out

    caught = 0
    for seed in range(30):
        state, s = play_random_game(seed, 3, max_moves=3)
        try:
            check_views(state, s, random.Random(seed), view_fn=leaky)
        except AssertionError:
            caught += 1
    assert caught > 0
