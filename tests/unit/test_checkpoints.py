"""The SQLite store's checkpoints run in a thread of their own (companion/storage/checkpoints.py),
never inside a commit, where they held the server's loop for 5-21 ms."""
from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from companion.storage import checkpoints as checkpoints_module
from companion.storage.sqlite_store import SQLiteStore

ROOT = Path(__file__).resolve().parents[2]


def rows_in_the_file_itself(path: Path) -> int:
    """The meta rows the database file holds, its write-ahead log aside: what checkpoints copied (none
    while the schema itself is still only in the log)."""
    conn = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    try:
        if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'meta'").fetchone():
            return 0
        return conn.execute("SELECT COUNT(*) FROM meta WHERE key LIKE 'row %'").fetchone()[0]
    finally:
        conn.close()


def commit_rows(store: SQLiteStore, first: int, count: int) -> None:
    for n in range(first, first + count):
        with store.write() as tx:
            tx.conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (f"row {n}", "x" * 2000))


def wait_for(condition, seconds: float = 10.0) -> bool:
    ends = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > ends:
            return False
        time.sleep(0.01)
    return True


def test_a_commit_never_checkpoints_the_log_itself(tmp_path):
    store = SQLiteStore(str(tmp_path / "t.db"), checkpoint_every=1000)
    with store.read() as tx:
        assert tx.conn.execute("PRAGMA wal_autocheckpoint").fetchone() == (0,)
    commit_rows(store, 0, 400)   # about 1,200 pages: SQLite's own would have checkpointed in a commit
    assert store.checkpoints.done == 0
    assert rows_in_the_file_itself(tmp_path / "t.db") == 0   # all of them still in the log
    store.close()


def test_every_so_many_commits_a_thread_copies_the_log_into_the_file(tmp_path):
    store = SQLiteStore(str(tmp_path / "t.db"), checkpoint_every=5)
    commit_rows(store, 0, 4)
    assert store.checkpoints.done == 0 and rows_in_the_file_itself(tmp_path / "t.db") == 0
    commit_rows(store, 4, 1)   # the fifth
    assert wait_for(lambda: store.checkpoints.done == 1)
    assert rows_in_the_file_itself(tmp_path / "t.db") == 5
    assert not store.checkpoints.running and store.checkpoints.failed is None
    # Nothing was committed while it copied: no commit was held back for a restart step.
    assert store.checkpoints.restarts == 0
    commit_rows(store, 5, 5)
    assert wait_for(lambda: store.checkpoints.done == 2)
    assert rows_in_the_file_itself(tmp_path / "t.db") == 10
    store.close()


def test_a_commit_that_came_while_the_log_was_copied_does_not_keep_it_from_starting_again(tmp_path, monkeypatch):
    # What kept the log growing under steady taps, made to happen once and in order. SQLite starts
    # the log again only when a commit begins with all of it copied back. Under steady commits one
    # always came while the passive step copied, so after every checkpoint the log was not all
    # copied, the next commit appended to it, and it grew by every commit's pages (215-250 MB in a
    # 13 s run of bench/live.py). How large it grows under load depends on how long a checkpoint
    # takes: bench/checkpoints.py measures that, as `log_mb_largest`.
    path = tmp_path / "t.db"
    store = SQLiteStore(str(path), checkpoint_every=1000)
    checkpoints = store.checkpoints
    commit_rows(store, 0, 100)
    copy = checkpoints._copy

    def copy_while_a_commit_comes(conn):
        # A tap the copy did not see, which could not start the log again. Under load it came
        # while the copy ran, which a test cannot time; here a read that began before the copy and
        # still uses the log at the tap keeps it from starting the log again just the same.
        with store.read() as tx:
            tx.conn.execute("SELECT COUNT(*) FROM meta").fetchone()
            copied = copy(conn)
            commit_rows(store, 100, 1)
        return copied

    monkeypatch.setattr(checkpoints, "_copy", copy_while_a_commit_comes)
    checkpoints.running = True   # as `committed` sets it before it starts the thread
    checkpoints._checkpoint()    # here, in this thread
    assert checkpoints.failed is None and checkpoints.restarts == 1
    commit_rows(store, 101, 1)
    conn = sqlite3.connect(path)
    try:
        _, logged, _ = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    finally:
        conn.close()
    assert logged <= 5   # the last commit's pages alone: it wrote the log from its beginning
    assert rows_in_the_file_itself(path) == 102
    store.close()


def test_under_steady_commits_the_checkpoints_keep_going_and_copy_everything_once_they_stop(tmp_path):
    # Commits one after another, as a busy night's taps come, while the thread checkpoints and its
    # restart steps hold commits back: none fails, and when the taps stop the next checkpoint
    # copies every row into the file.
    path = tmp_path / "t.db"
    store = SQLiteStore(str(path), checkpoint_every=50)
    commit_rows(store, 0, 4000)
    checkpoints = store.checkpoints
    assert wait_for(lambda: not checkpoints.running)
    assert checkpoints.done >= 1 and checkpoints.failed is None
    done, rows = checkpoints.done, 4000
    while not checkpoints.running and checkpoints.done == done:   # at most `every` commits
        commit_rows(store, rows, 1)
        rows += 1
    assert wait_for(lambda: not checkpoints.running) and checkpoints.failed is None
    assert rows_in_the_file_itself(path) == rows
    store.close()


def test_a_commit_waits_while_the_restart_step_runs_and_no_longer_than_its_bound(tmp_path, monkeypatch):
    wait = 0.5   # longer than the step's own bound, so a busy machine's hiccup cannot pass for it
    monkeypatch.setattr(checkpoints_module, "RESTART_WAIT_SECONDS", wait)
    store = SQLiteStore(str(tmp_path / "t.db"), checkpoint_every=1000)
    checkpoints = store.checkpoints
    checkpoints.restarting = True
    began = time.monotonic()
    commit_rows(store, 0, 1)   # the step never ends here: the commit waits its bound, then goes on
    assert wait <= time.monotonic() - began < wait + 2
    checkpoints.restarting = False
    began = time.monotonic()
    commit_rows(store, 1, 1)
    assert time.monotonic() - began < wait
    store.close()


def test_a_failed_checkpoint_is_said_by_the_next_commit(tmp_path, caplog):
    store = SQLiteStore(str(tmp_path / "t.db"), checkpoint_every=1)
    store.checkpoints.path = str(tmp_path / "no such folder" / "t.db")   # its connection cannot open
    commit_rows(store, 0, 1)
    assert wait_for(lambda: store.checkpoints.done == 1)
    assert store.checkpoints.failed
    commit_rows(store, 1, 1)
    assert "a checkpoint of the write-ahead log failed" in caplog.text
    store.close()


# Under gevent's patching, as app.py serves: the loop never yields here, so a checkpoint in a
# greenlet could not run, and one in a thread of the operating system's own does.
UNDER_GEVENT = r"""
from gevent import monkey
monkey.patch_all()
import sys, sqlite3
from gevent.monkey import get_original
from companion.storage.sqlite_store import SQLiteStore
real_sleep = get_original("time", "sleep")
real_monotonic = get_original("time", "monotonic")
store = SQLiteStore(sys.argv[1], checkpoint_every=3)
for n in range(3):
    with store.write() as tx:
        tx.conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (f"row {n}", "x"))
ends = real_monotonic() + 10
while store.checkpoints.done == 0 and real_monotonic() < ends:
    real_sleep(0.01)   # the operating system's sleep: no turn of gevent's loop
print(store.checkpoints.done, store.checkpoints.failed)
"""


def test_under_gevent_the_checkpoint_runs_while_the_loop_is_busy(tmp_path):
    done = subprocess.run([sys.executable, "-c", UNDER_GEVENT, str(tmp_path / "t.db")], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["1", "None"], done.stderr
    assert rows_in_the_file_itself(tmp_path / "t.db") == 3
