"""The SQLite backend: tables, seats, credentials and events in one file (WAL mode, one transaction per
action), behind the Store / Transaction protocols of companion/storage/interface.py. sqlite3's errors
never leave this module: they become the storage errors there.
"""
from __future__ import annotations

import os
import sqlite3
import time
from collections import deque
from contextlib import closing, contextmanager
from typing import Iterator

from .checkpoints import CHECKPOINT_COMMITS, Checkpoints
from .interface import StorageUnwritable, StorageUnusable
from .sqlite_groups import GROUPS_SCHEMA
from .sqlite_transaction import SQLiteTransaction

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    state TEXT NOT NULL,
    version INTEGER NOT NULL,
    host_token_hash TEXT NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    seats_made INTEGER NOT NULL DEFAULT 0   -- seats ever made here: a seat's id is never given again
);
CREATE TABLE IF NOT EXISTS seats (
    table_code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
    seat_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    joined_at REAL NOT NULL,
    position INTEGER,            -- seating order (joining order unless the host reordered); see _migrate
    PRIMARY KEY (table_code, seat_id),
    UNIQUE (table_code, name_key)
);
CREATE UNIQUE INDEX IF NOT EXISTS seats_by_token ON seats(table_code, token_hash);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    kind TEXT NOT NULL,          -- create | join | move | undo
    move TEXT,
    seat_id INTEGER,
    args TEXT,
    state_after TEXT,            -- the whole state after a create or a move
    undone INTEGER NOT NULL DEFAULT 0,
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS events_by_table ON events(table_code, id);
-- What a device may hold besides a seat: "board" (a screen the host paired as a board), "pair" (a
-- one-time code the host's screen shows to pair one), "claim" (a phone asking for a seat, waiting for
-- consent), "moved" (a seat's old token, so the old phone can be told where its seat went).
CREATE TABLE IF NOT EXISTS credentials (
    table_code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    seat_id INTEGER,
    at REAL NOT NULL,
    PRIMARY KEY (table_code, kind, token_hash)
);
-- Finished games (companion/records.py), written by the move that finished each and removed by its
-- undo. Added after the other tables: an older database gets it when opened, and the pipeline
-- backfills it once from the tables' live states (Tables.backfill_records, noted in meta).
CREATE TABLE IF NOT EXISTS records (
    table_code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    game TEXT NOT NULL,
    finished_at REAL NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (table_code, number)
);
CREATE INDEX IF NOT EXISTS records_by_game ON records(game, finished_at);
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""


def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}


def _seating_order(conn: sqlite3.Connection) -> None:
    """Round 15: seats keep a seating order the host can change (joining order until then)."""
    if "position" not in _columns(conn, "seats"):
        conn.execute("ALTER TABLE seats ADD COLUMN position INTEGER")
        conn.execute("UPDATE seats SET position = seat_id")


def _seats_made(conn: sqlite3.Connection) -> None:
    """Round 24: a table counts the seats it ever made, so a new seat never gets a removed one's id.
    An older table's count is the highest seat id it ever mentions: a seat today, a removed or moved
    seat's credential, an event made by a seat or naming one (a removal's `seat`)."""
    if "seats_made" not in _columns(conn, "tables"):
        conn.execute("ALTER TABLE tables ADD COLUMN seats_made INTEGER NOT NULL DEFAULT 0")
    conn.execute("""
        UPDATE tables SET seats_made = MAX(seats_made,
            (SELECT COALESCE(MAX(seat_id), 0) FROM seats WHERE table_code = code),
            (SELECT COALESCE(MAX(seat_id), 0) FROM credentials WHERE table_code = code),
            (SELECT COALESCE(MAX(seat_id), 0) FROM events WHERE table_code = code),
            (SELECT COALESCE(MAX(CAST(json_extract(args, '$.seat') AS INTEGER)), 0) FROM events
              WHERE table_code = code AND args IS NOT NULL AND json_valid(args)))""")


# How long a transaction waits for another's lock before it gives up (StorageUnwritable).
LOCK_WAIT_SECONDS = 10
# A write waiting for another process's write lock tries again after this, doubled each try up to
# the last: about the time a change holds the lock (0.1-0.3 ms).
BEGIN_AGAIN_AFTER = (0.0002, 0.005)


def _begin_writing(conn: sqlite3.Connection, begin: str) -> None:
    """`begin` (BEGIN IMMEDIATE: the write lock) on `conn`, waiting while another process holds the
    lock (several processes serving one file: storage/sqlite_hub.py) in sleeps that let this process's
    other greenlets run. SQLite's own busy handler sleeps the whole thread, 1 ms and more a try, and
    with it every screen this process serves. In one process only a checkpoint's restart step takes the
    lock (storage/checkpoints.py), and a commit waits for that before it begins (hold_back): the
    first try nearly always has it."""
    _while_busy(lambda: conn.execute(begin), *BEGIN_AGAIN_AFTER)


def _settle(conn: sqlite3.Connection) -> None:
    """A new connection's settings."""
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable across a process kill
    # No checkpoint inside a commit, which would hold the server's loop: checkpoints.py runs them.
    conn.execute("PRAGMA wal_autocheckpoint=0")


def _while_busy(attempt, pause: float, longest: float) -> None:
    """`attempt()`, tried again while SQLite says the file is busy (another process holds a lock it
    needs), after `pause`, doubled each try up to `longest`, for up to LOCK_WAIT_SECONDS; then the
    busy error itself."""
    waited = 0.0
    while True:
        try:
            attempt()
            return
        except sqlite3.OperationalError as exc:
            if exc.sqlite_errorcode != sqlite3.SQLITE_BUSY or waited >= LOCK_WAIT_SECONDS:
                raise
        time.sleep(pause)   # gevent's where it has patched the standard library: the loop serves on
        waited += pause
        pause = min(pause * 2, longest)


# The schema's steps, in order: the file's `user_version` is how many ran. Append; never reorder.
MIGRATIONS = (_seating_order, _seats_made)


class SQLiteStore:
    POOL_SIZE = 16
    events_kept = None   # every event of a table is kept

    def __init__(self, path: str, checkpoint_every: int = CHECKPOINT_COMMITS):
        self.path = path
        # Opening a connection costs more than most queries: keep a few open. A connection is used by
        # one unit of work at a time, then handed back (check_same_thread=False lets it move between
        # threads and greenlets). A deque: its append and pop are atomic without a lock (a
        # queue.LifoQueue's locks cost more than the statements of a short read). Reads and writes
        # each have their own, as they wait for a lock differently (_begin_writing).
        self._pools: dict[bool, deque[sqlite3.Connection]] = {False: deque(), True: deque()}
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            raise StorageUnusable(f"The folder for the database does not exist: {folder}")
        try:
            self._prepare()
        except sqlite3.Error as exc:
            raise StorageUnusable(f"Cannot use the database at {path}: {exc}") from exc
        self.checkpoints = Checkpoints(path, checkpoint_every)

    def _prepare(self) -> None:
        """The file in WAL mode, with this version's schema. Several processes may open a new file at
        once (gunicorn's workers): the schema is made, and brought up to date, under the write lock,
        and a process that finds the file locked while another turns it to WAL (which SQLite's busy
        handler does not wait for) tries again."""
        def prepare_once() -> None:
            with closing(self._connect()) as conn:
                conn.execute("PRAGMA journal_mode=WAL")
                conn.executescript(f"BEGIN IMMEDIATE;{SCHEMA}{GROUPS_SCHEMA}COMMIT;")
                self._migrate(conn)
        _while_busy(prepare_once, 0.05, 0.05)

    @staticmethod
    def _migrate(conn: sqlite3.Connection) -> None:
        """Brings a database made by an older version up to this schema, once: each step runs when
        the file's `user_version` is below its number (CREATE ... IF NOT EXISTS adds new tables; the
        steps add columns of old tables and fill them). A new file passes through every step, each
        of which sees the schema already has its column and only records the version."""
        conn.execute("BEGIN IMMEDIATE")   # read and moved on by one process at a time, all or nothing
        try:
            (done,) = conn.execute("PRAGMA user_version").fetchone()
            for number, step in enumerate(MIGRATIONS, start=1):
                if done < number:
                    step(conn)
                    conn.execute(f"PRAGMA user_version = {number}")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def _connect(self, writing: bool = False) -> sqlite3.Connection:
        # A connection per unit of work: cheap with SQLite and safe across threads and greenlets. A
        # writer's never sleeps in SQLite's busy handler (timeout 0): it waits in _while_busy instead,
        # for its settings as for its BEGIN. Setting `synchronous` reads the schema, which a lock held
        # by a checkpoint or another process can refuse for a moment: with timeout 0 that refusal
        # was a tap answered 503 (one in about 30,000 at 1,300 taps a second, when the writes the
        # restart step held back each held a connection).
        conn = sqlite3.connect(self.path, timeout=0 if writing else LOCK_WAIT_SECONDS, isolation_level=None,
                               check_same_thread=False)
        try:
            if writing:
                _while_busy(lambda: _settle(conn), *BEGIN_AGAIN_AFTER)
            else:
                _settle(conn)
        except BaseException:
            conn.close()
            raise
        return conn

    @contextmanager
    def _connection(self, writing: bool = False) -> Iterator[sqlite3.Connection]:
        pool = self._pools[writing]
        try:
            conn = pool.pop()     # the most recently used: its pages are warm
        except IndexError:
            conn = self._connect(writing)
        healthy = False
        try:
            yield conn
            healthy = True
        finally:
            if healthy and not conn.in_transaction:
                if len(pool) < self.POOL_SIZE:
                    pool.append(conn)
                else:
                    conn.close()
            else:
                conn.close()

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[SQLiteTransaction]:
        writing = begin != "BEGIN"
        if writing:   # before taking a connection: writes held back hold none, so none is opened anew
            self.checkpoints.hold_back()
        try:
            with self._connection(writing) as conn:
                if writing:
                    _begin_writing(conn, begin)
                else:
                    conn.execute(begin)
                try:
                    yield SQLiteTransaction(conn)
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
            if writing:   # a write transaction's pages are in the log
                self.checkpoints.committed()
        except sqlite3.Error as exc:
            # Rolled back (or never begun): nothing half-applied. A disk that is full or read-only
            # is the usual cause mid-game.
            raise StorageUnwritable(str(exc)) from exc

    def close(self) -> None:
        for pool in self._pools.values():
            while pool:
                pool.pop().close()

    def transact(self, work):
        """Run `work(tx)` in one write transaction and return its result. The pipeline writes through
        this, not `write()`, so a backend with optimistic transactions (RedisStore) can run the work
        again after a conflict; SQLite's write lock means it always runs exactly once."""
        with self.write() as tx:
            return work(tx)

    def write(self):
        """One write transaction. BEGIN IMMEDIATE takes the write lock up front, so two actions on
        the same table serialise here instead of failing late."""
        return self._transaction("BEGIN IMMEDIATE")

    def read(self):
        """A consistent snapshot for reading (WAL: readers never wait for the writer)."""
        return self._transaction("BEGIN")

    def durability_problems(self) -> list[str]:
        """What could lose or has damaged tables, as sentences (`check`, companion/commands.py): the
        file's own consistency check, and the write-ahead log that makes each move durable."""
        try:
            with self._connection() as conn:
                (mode,) = conn.execute("PRAGMA journal_mode").fetchone()
                damage = [r[0] for r in conn.execute("PRAGMA quick_check").fetchall() if r[0] != "ok"]
        except sqlite3.Error as exc:
            return [f"The database {self.path} cannot be read: {exc}."]
        problems = [f"The database {self.path} is damaged: {'; '.join(damage[:5])}."] if damage else []
        if mode.lower() != "wal":
            problems.append(f"The database {self.path} is in journal mode {mode}, not WAL.")
        return problems
