"""bench/_live_servers.py: a bench run whose second app process fails to start stops what it had
started (the first process, the redis-server), rather than leaving them running."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import _live_servers  # noqa: E402


class Started:
    """Stands in for a process the bench starts: records that it was started and stopped."""
    log: list = []

    def __init__(self, db=None):
        # the second app process given the database "fail" does not start; the first one does
        if db == "fail" and sum(1 for what, _ in Started.log if what == "start app") == 1:
            raise RuntimeError("the second process did not start")
        Started.log.append(("start app", db))
        self.url = "redis://127.0.0.1:1/0"

    def stop(self):
        Started.log.append(("stop", id(self)))


class Store(Started):
    def __init__(self):
        Started.log.append(("start store", None))
        self.url = "fail"   # both app processes are given the store's address: the second fails


@pytest.fixture
def fake_processes(monkeypatch):
    Started.log = []
    monkeypatch.setattr(_live_servers, "Server", Started)
    monkeypatch.setattr(_live_servers, "RedisServer", Store)
    return Started.log


def test_a_process_that_fails_to_start_leaves_none_of_the_others_running(fake_processes):
    with pytest.raises(RuntimeError, match="did not start"):
        _live_servers.AppProcesses(two_processes=True, seed_tables=0, split=False, one_file=False)
    started = [what for what, _ in fake_processes if what.startswith("start")]
    stopped = [what for what, _ in fake_processes if what == "stop"]
    assert started == ["start store", "start app"] and len(stopped) == 2   # the first app and the store


def test_processes_that_all_start_are_all_stopped_once_the_run_is_over(fake_processes):
    processes = _live_servers.AppProcesses(two_processes=False, seed_tables=0, split=True, one_file=False)
    assert len(processes.servers) == 2
    processes.stop()
    assert [what for what, _ in fake_processes] == ["start app", "start app", "stop", "stop"]
