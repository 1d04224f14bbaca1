"""bench/_live_load.py: the load generator's own garbage collector stays out of a timed load (a
collection there made every view arriving meanwhile look late), and is as it was afterwards."""
from __future__ import annotations

import gc
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from _live_load import collector_held  # noqa: E402


def test_no_collection_runs_during_the_timed_load_and_the_collector_is_back_after():
    collections = []

    def noted(phase, info):
        if phase == "start":
            collections.append(info["generation"])

    gc.callbacks.append(noted)
    try:
        with collector_held():
            assert not gc.isenabled()
            assert gc.get_freeze_count() > 0   # what was alive before the clock is out of any collection
            collections.clear()   # the one collection it makes before the clock
            for _ in range(50_000):   # far past the youngest generation's threshold
                cycle = []
                cycle.append(cycle)
            assert collections == []
        assert gc.isenabled()
        assert gc.get_freeze_count() == 0
    finally:
        gc.callbacks.remove(noted)


def test_the_collector_is_back_when_the_load_raises():
    with pytest.raises(RuntimeError):
        with collector_held():
            raise RuntimeError("the load generator's own fault")
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_the_lag_probe_notes_how_late_the_load_generators_loop_woke():
    import time

    import gevent

    from _live_load import lag_probe
    lags: list[float] = []
    probe = gevent.spawn(lag_probe, lags)
    gevent.sleep(0.03)            # the loop free: the probe wakes about on time
    time.sleep(0.04)              # the loop held (a blocking call, as a collection would hold it)
    gevent.sleep(0.03)
    probe.kill()
    assert len(lags) >= 3
    assert max(lags) >= 0.03      # the wake-up the blocking call delayed
    assert min(lags) < 0.01
