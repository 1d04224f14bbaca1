"""Several processes on one SQLite file (companion/storage/sqlite_hub.py, sqlite_store.py): a change
another process commits reaches this process's hub, this process's own changes are not delivered
twice, a write waits for another process's write lock (and gives up in words), and processes
opening a new file together all find its schema whole. Each "process" here is a store and a hub of
its own on the same file; tests/web/test_scaleout.py runs two real ones."""
from __future__ import annotations

import multiprocessing
import sqlite3
import threading
import time

import pytest

from companion.engine import Credentials, Tables
from companion.live import Hub
from companion.storage import sqlite_store
from companion.storage.interface import StorageUnwritable
from companion.storage.sqlite_hub import SQLiteHub
from companion.storage.sqlite_store import MIGRATIONS, SQLiteStore


def getlist(data):
    return lambda key: [str(v) for v in (data.get(key) if isinstance(data.get(key), list) else
                                         ([data[key]] if key in data else []))]


@pytest.fixture
def path(tmp_path):
    return str(tmp_path / "tables.db")


def following(path: str) -> SQLiteHub:
    hub = SQLiteHub(path)
    hub.follow(every=(0.005, 0.005))
    return hub


def test_a_change_another_process_commits_reaches_this_processes_hub(path):
    elsewhere = Tables(SQLiteStore(path), Hub())
    here = following(path)
    try:
        code, host = elsewhere.create("toolbox", getlist({"parts": ["dice"]}))
        assert here.wait(code, 0, timeout=5) == 1
        version = elsewhere.act(code, "roll", getlist({}), Credentials(None, host), 1)
        assert here.wait(code, 1, timeout=5) == version == 2
        elsewhere.undo(code, Credentials(None, host), version)   # an undo is a change like any other
        assert here.wait(code, 2, timeout=5) == 3
    finally:
        here.close()


def test_a_hub_that_does_not_follow_hears_nothing_from_elsewhere(path):
    """What the test above depends on: without follow() (a process that does not serve), nothing."""
    elsewhere = Tables(SQLiteStore(path), Hub())
    here = SQLiteHub(path)
    code, _ = elsewhere.create("toolbox", getlist({"parts": ["dice"]}))
    assert here.wait(code, 0, timeout=0.2) is None


def test_this_processes_own_change_read_back_from_the_file_is_not_delivered_again(path):
    store = SQLiteStore(path)   # the schema first, as open_backend makes it
    hub = following(path)
    heard: list[tuple[str, int, bool]] = []
    hub.on_publish = lambda code, version, made_here: heard.append((code, version, made_here))
    tables = Tables(store, hub)
    try:
        code, host = tables.create("toolbox", getlist({"parts": ["dice"]}))
        # A new table is published by nobody here (no screen has it yet): heard from the file.
        deadline = time.monotonic() + 5
        while hub.newest(code) < 1 and time.monotonic() < deadline:
            time.sleep(0.005)
        for version in range(1, 4):
            tables.act(code, "roll", getlist({}), Credentials(None, host), version)
        time.sleep(0.1)   # twenty looks at the file, each finding the changes above
        assert heard == [(code, 1, False)] + [(code, version, True) for version in range(2, 5)]
    finally:
        hub.close()


def test_a_write_waits_for_another_processes_write_lock_letting_the_loop_serve(path, monkeypatch):
    """While another process holds the write lock, a write waits for it in sleeps that let this
    process's other greenlets run (time.sleep is gevent's in a serving process, as here), where
    SQLite's busy handler would hold the whole loop: here a greenlet ticking every millisecond
    meanwhile."""
    import gevent

    monkeypatch.setattr(sqlite_store.time, "sleep", gevent.sleep)   # as gevent's monkey.patch_all() makes it
    store = SQLiteStore(path)
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")   # another process, mid-change
    released_at, ticks = [], []

    def release():   # the other process, on a thread of the operating system's own
        time.sleep(0.2)
        released_at.append(time.monotonic())
        other.execute("COMMIT")

    def tick():
        while not released_at:
            ticks.append(1)
            gevent.sleep(0.001)

    def write():
        with store.write() as tx:
            began = time.monotonic()
            tx.conn.execute("INSERT INTO meta (key, value) VALUES ('waited', '1')")
        return began

    # The hub's loop keeps its own clock, read when it last ran: after a minute of other tests in
    # this worker with no greenlet, the 10 s timeout below was measured from a minute ago and
    # expired at once, before anything ran (a full run with -n 2 failed so).
    gevent.get_hub().loop.update_now()
    threading.Thread(target=release).start()
    ticker, writer = gevent.spawn(tick), gevent.spawn(write)
    gevent.joinall([ticker, writer], timeout=10)
    assert released_at and writer.value >= released_at[0]
    assert len(ticks) >= 50, ticks   # the loop served on through the 0.2 s wait
    with store.read() as tx:
        assert tx.conn.execute("SELECT value FROM meta WHERE key = 'waited'").fetchone() == ("1",)


def test_a_writer_connection_opened_while_the_file_is_locked_waits_for_its_settings_too(path):
    """A write that needs a connection of its own (its pool's are in use: writes held back by a
    checkpoint's last step, a change waiting for another process) sets it up in the same waits as
    its BEGIN: setting `synchronous` reads the schema, which a lock can refuse for a moment, and
    with SQLite's timeout 0 that was a tap answered 503."""
    store = SQLiteStore(path)
    store.close()   # its pools empty: the next write opens a connection
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("PRAGMA locking_mode=EXCLUSIVE")   # the file locked against every other connection
    other.execute("BEGIN IMMEDIATE")
    other.execute("INSERT INTO meta (key, value) VALUES ('other', '1')")
    other.execute("COMMIT")
    released_at = []

    def release():
        time.sleep(0.2)
        released_at.append(time.monotonic())
        other.close()

    threading.Thread(target=release).start()
    with store.write() as tx:
        began = time.monotonic()
        tx.conn.execute("INSERT INTO meta (key, value) VALUES ('waited', '1')")
    assert released_at and began >= released_at[0]
    with store.read() as tx:
        assert tx.conn.execute("SELECT COUNT(*) FROM meta WHERE key IN ('other', 'waited')").fetchone() == (2,)
    store.close()


def test_a_write_that_waits_too_long_is_refused_and_writes_nothing(path, monkeypatch):
    monkeypatch.setattr(sqlite_store, "LOCK_WAIT_SECONDS", 0.1)
    store = SQLiteStore(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(StorageUnwritable, match="locked"):
            with store.write() as tx:
                tx.conn.execute("INSERT INTO meta (key, value) VALUES ('late', '1')")
    finally:
        other.execute("ROLLBACK")
    with store.read() as tx:
        assert tx.conn.execute("SELECT value FROM meta WHERE key = 'late'").fetchone() is None


def open_at_once(path: str, start, results) -> None:
    start.wait(10)
    try:
        SQLiteStore(path).close()
        results.put("ok")
    except Exception as exc:   # said in the parent's assertion
        results.put(repr(exc))


@pytest.mark.slow   # twelve processes started
def test_processes_opening_a_new_file_together_all_find_its_schema_whole(tmp_path):
    """gunicorn's workers start at once: each makes the schema and runs the migrations under the write
    lock, so none fails on a column another has just added."""
    context = multiprocessing.get_context("spawn")
    for round_ in range(3):
        path = str(tmp_path / f"new-{round_}.db")
        start, results = context.Barrier(4), context.Queue()
        workers = [context.Process(target=open_at_once, args=(path, start, results)) for _ in range(4)]
        for worker in workers:
            worker.start()
        outcomes = [results.get(timeout=60) for _ in workers]
        for worker in workers:
            worker.join(30)
        assert outcomes == ["ok"] * 4
        with sqlite3.connect(path) as conn:
            assert conn.execute("PRAGMA user_version").fetchone() == (len(MIGRATIONS),)
