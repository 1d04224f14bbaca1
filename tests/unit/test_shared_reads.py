"""SharedReads: a table's streams wait for the one read being made instead of each making its own,
and a read that fails leaves the others to make it."""
from __future__ import annotations

import threading
from types import SimpleNamespace

import pytest

from companion.tables import SharedReads


def read_at(version: int):
    return SimpleNamespace(version=version)


def callers(count: int, work) -> list:
    results = [None] * count

    def run(i):
        try:
            results[i] = work()
        except Exception as exc:  # noqa: BLE001 - the test looks at what each caller got
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    return threads, results


def test_callers_during_a_read_wait_for_it_and_all_get_it():
    reads = SharedReads(10)
    release, started = threading.Event(), threading.Event()
    made = []

    def make():
        made.append(1)
        started.set()
        assert release.wait(10)
        return read_at(7)

    def want():
        return reads.newest("ABCDEF", lambda read: read is not None and read.version >= 7, make)

    threads, results = callers(6, want)
    assert started.wait(10)
    release.set()
    for t in threads:
        t.join(10)
    assert len(made) == 1
    assert all(r is results[0] for r in results) and results[0].version == 7


def test_a_read_that_fails_is_made_again_by_one_who_waited():
    reads = SharedReads(10)
    release, started = threading.Event(), threading.Event()
    attempts = []

    def make():
        attempts.append(1)
        if len(attempts) == 1:
            started.set()
            assert release.wait(10)
            raise OSError("the store went away")
        return read_at(3)

    threads, results = callers(4, lambda: reads.newest("ABCDEF", lambda read: read is not None, make))
    assert started.wait(10)
    release.set()
    for t in threads:
        t.join(10)
    failed = [r for r in results if isinstance(r, OSError)]
    assert len(failed) == 1 and len(attempts) == 2   # the failure is the maker's alone
    assert all(r.version == 3 for r in results if not isinstance(r, OSError))


def test_an_older_read_never_replaces_a_newer_one_and_the_least_used_table_goes_first():
    reads = SharedReads(2)
    reads.newest("AAAAAA", lambda read: False, lambda: read_at(5))
    reads.newest("AAAAAA", lambda read: False, lambda: read_at(4))  # made late, older: not kept
    assert reads.newest("AAAAAA", lambda read: read is not None, lambda: pytest.fail("kept")).version == 5
    reads.newest("BBBBBB", lambda read: False, lambda: read_at(1))
    reads.newest("CCCCCC", lambda read: False, lambda: read_at(1))
    made = []
    reads.newest("AAAAAA", lambda read: read is not None, lambda: made.append(1) or read_at(6))
    assert made == [1]   # A was the least recently used of three, with room for two
