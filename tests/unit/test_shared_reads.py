"""SharedReads: a table's streams wait for the one read being made instead of each making its own,
and a read that fails leaves the others to make it."""
from __future__ import annotations

import threading
from types import SimpleNamespace

import pytest

from companion.engine.reading import SharedReads


def read_at(version: int):
    return SimpleNamespace(version=version)


def race(count: int, usable, first, then=None) -> tuple[list, int]:
    """`count` callers want table ABCDEF of one SharedReads at once. The first read made is held
    until the callers have started and then gives `first()` (a read, or raises); any later read
    gives `then()`. Returns what each caller got (a read or the exception) and how many reads were made."""
    reads = SharedReads(10)
    release, started = threading.Event(), threading.Event()
    made = []
    results = [None] * count

    def make():
        made.append(1)
        if len(made) > 1:
            return then()
        started.set()
        assert release.wait(10)
        return first()

    def caller(i):
        try:
            results[i] = reads.newest("ABCDEF", usable, make)
        except Exception as exc:  # noqa: BLE001 - the test looks at what each caller got
            results[i] = exc

    threads = [threading.Thread(target=caller, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    assert started.wait(10)
    release.set()
    for t in threads:
        t.join(10)
    return results, len(made)


def test_callers_during_a_read_wait_for_it_and_all_get_it():
    results, made = race(6, lambda read: read is not None and read.version >= 7, lambda: read_at(7),
                         then=lambda: pytest.fail("a second read was made"))
    assert made == 1
    assert all(r is results[0] for r in results) and results[0].version == 7


def test_a_read_that_fails_is_made_again_by_one_who_waited():
    def store_gone():
        raise OSError("the store went away")

    results, made = race(4, lambda read: read is not None, store_gone, then=lambda: read_at(3))
    failed = [r for r in results if isinstance(r, OSError)]
    assert len(failed) == 1 and made == 2   # the failure is the maker's alone
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
