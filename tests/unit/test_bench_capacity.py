"""bench/capacity.py's reading of its runs: what a side carried is the best achieved rate among its
runs that kept p99 within 100 ms and failed no tap, and the sides' runs alternate."""
from __future__ import annotations

from bench.capacity import alternating, by_round, carried, open_loop, pinning


def run(achieved: float, p99: float, failed: int = 0) -> dict:
    return {"actions_per_second": achieved, "p99_ms": p99, "failed": failed}


def test_a_side_carries_its_best_rate_within_100_ms():
    assert carried([run(756, 42.7), run(887, 840.4)]) == 756
    assert carried([run(1002, 51.2), run(1126, 100.0)]) == 1126


def test_a_run_that_failed_a_tap_or_broke_carries_nothing():
    assert carried([run(900, 20, failed=1), run(700, 30)]) == 700
    assert carried([{"error": "no result"}, run(880, 224)]) is None


def test_the_sides_runs_alternate_each_rate_in_turn():
    sides = {"ours": ["a1", "a2"], "peer": ["b1"], "flat": []}
    assert alternating(sides) == [("ours", "a1"), ("peer", "b1"), ("ours", "a2")]
    assert alternating({}) == []


def test_pinned_each_side_gets_the_load_core_and_a_core_per_server_where_they_fit():
    sides = {"ours, one process": [1], "ours, two processes, one file": [1], "boardgame.io in memory": [1]}
    assert pinning(sides, [0, 1]) == {"ours, one process": (0, [1]), "boardgame.io in memory": (0, [1])}
    assert pinning(sides, [2, 5, 7])["ours, two processes, one file"] == (2, [5, 7])
    assert pinning(sides, [0]) == {}


def test_a_sides_open_loop_runs_are_its_rates_as_pauses_over_the_tables():
    assert open_loop("ours", [1000, 1250], 300, "--one-file") == [
        ("1000 offered", "ours", ["--pause", "0.3", "--open-loop", "--one-file"]),
        ("1250 offered", "ours", ["--pause", "0.24", "--open-loop", "--one-file"])]
    assert by_round([1188.7, None, 985.1]) == "1188.7, -, 985.1"
