"""The SQLite backend: tables, seats, credentials and events in one file (WAL mode, one transaction per
action), behind the Store / Transaction protocols of companion/storage/interface.py. sqlite3's errors
never leave this module: they become the storage errors there.
"""
from __future__ import annotations

import json
import os
import sqlite3
from collections import deque
from contextlib import contextmanager
from typing import Iterator

from .interface import CredentialRow, EventRow, RecordRow, SeatRow, StorageUnwritable, StoreError, TableRow
from .sqlite_groups import GROUPS_SCHEMA, SQLiteGroups

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


def _json(value: dict | str) -> str:
    return value if isinstance(value, str) else json.dumps(value)


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


# The schema's steps, in order: the file's `user_version` is how many ran. Append; never reorder.
MIGRATIONS = (_seating_order, _seats_made)


class SQLiteTransaction(SQLiteGroups):
    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    # tables
    def get_table(self, code: str) -> TableRow | None:
        row = self.conn.execute("SELECT code, game, options, state, version, host_token_hash, created_at, updated_at"
                                " FROM tables WHERE code = ?", (code,)).fetchone()
        if row is None:
            return None
        return TableRow(row[0], row[1], json.loads(row[2]), json.loads(row[3]), row[4], row[5], row[6], row[7])

    def table_exists(self, code: str) -> bool:
        return self.conn.execute("SELECT 1 FROM tables WHERE code = ?", (code,)).fetchone() is not None

    def insert_table(self, code: str, game: str, options: dict, state: dict, host_token_hash: str, now: float) -> None:
        self.conn.execute("INSERT INTO tables (code, game, options, state, version, host_token_hash, created_at,"
                          " updated_at) VALUES (?, ?, ?, ?, 1, ?, ?, ?)",
                          (code, game, json.dumps(options), json.dumps(state), host_token_hash, now, now))

    def save_state(self, code: str, state: dict | str, version: int, now: float) -> None:
        """`state` as a dict, or already encoded as JSON text (saves encoding it twice)."""
        self.conn.execute("UPDATE tables SET state = ?, version = ?, updated_at = ? WHERE code = ?",
                          (_json(state), version, now, code))

    def table_codes(self) -> list[str]:
        return [r[0] for r in self.conn.execute("SELECT code FROM tables ORDER BY created_at").fetchall()]

    def set_game(self, code: str, game: str, options: dict) -> None:
        self.conn.execute("UPDATE tables SET game = ?, options = ? WHERE code = ?", (game, json.dumps(options), code))

    def bump_version(self, code: str, version: int, now: float) -> None:
        self.conn.execute("UPDATE tables SET version = ?, updated_at = ? WHERE code = ?", (version, now, code))

    # seats
    def seats(self, code: str) -> list[SeatRow]:
        rows = self.conn.execute("SELECT seat_id, name, token_hash FROM seats WHERE table_code = ? ORDER BY position, seat_id",
                                 (code,)).fetchall()
        return [SeatRow(*r) for r in rows]

    def seat_by_token(self, code: str, token_hash: str) -> SeatRow | None:
        row = self.conn.execute("SELECT seat_id, name, token_hash FROM seats WHERE table_code = ? AND token_hash = ?",
                                (code, token_hash)).fetchone()
        return SeatRow(*row) if row else None

    def seat_by_name(self, code: str, name_key: str) -> SeatRow | None:
        row = self.conn.execute("SELECT seat_id, name, token_hash FROM seats WHERE table_code = ? AND name_key = ?",
                                (code, name_key)).fetchone()
        return SeatRow(*row) if row else None

    def add_seat(self, code: str, name: str, name_key: str, token_hash: str, now: float) -> int:
        # The next id after every seat this table ever had, not after those seated now: a removed
        # seat's id (and with it whatever a game keeps under it) is never handed to someone else.
        (next_id,) = self.conn.execute("SELECT MAX(seats_made, (SELECT COALESCE(MAX(seat_id), 0) FROM seats WHERE table_code = code)) + 1"
            " FROM tables WHERE code = ?", (code,)).fetchone()
        self.conn.execute("UPDATE tables SET seats_made = ? WHERE code = ?", (next_id, code))
        (position,) = self.conn.execute("SELECT COALESCE(MAX(position), 0) + 1 FROM seats WHERE table_code = ?",
                                        (code,)).fetchone()
        self.conn.execute("INSERT INTO seats (table_code, seat_id, name, name_key, token_hash, joined_at, position)"
                          " VALUES (?, ?, ?, ?, ?, ?, ?)", (code, next_id, name, name_key, token_hash, now, position))
        return next_id

    def set_seat_token(self, code: str, seat_id: int, token_hash: str) -> None:
        self.conn.execute("UPDATE seats SET token_hash = ? WHERE table_code = ? AND seat_id = ?",
                          (token_hash, code, seat_id))

    def set_seat_order(self, code: str, seat_ids: list[int]) -> None:
        self.conn.executemany("UPDATE seats SET position = ? WHERE table_code = ? AND seat_id = ?",
                              [(i + 1, code, seat_id) for i, seat_id in enumerate(seat_ids)])

    def remove_seat(self, code: str, seat_id: int) -> None:
        self.conn.execute("DELETE FROM seats WHERE table_code = ? AND seat_id = ?", (code, seat_id))

    # events
    def add_event(self, code: str, version: int, kind: str, now: float, move: str | None = None,
                  seat_id: int | None = None, args: dict | None = None, state_after: dict | str | None = None) -> None:
        self.conn.execute("INSERT INTO events (table_code, version, kind, move, seat_id, args, state_after, at)"
                          " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                          (code, version, kind, move, seat_id, json.dumps(args) if args is not None else None,
                           _json(state_after) if state_after is not None else None, now))

    def live_states(self, code: str, limit: int) -> list[EventRow]:
        """The newest events that set a state (create or move) and are not undone, newest first."""
        rows = self.conn.execute(
            "SELECT id, version, kind, move, seat_id, state_after, at, args FROM events WHERE table_code = ?"
            " AND kind IN ('create', 'move', 'switch') AND undone = 0 ORDER BY id DESC LIMIT ?", (code, limit)).fetchall()
        return [EventRow(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]) if r[5] else None, r[6],
                         json.loads(r[7]) if r[7] else None) for r in rows]

    def rewrite_live_states(self, code: str, states: dict[int, dict]) -> None:
        self.conn.executemany("UPDATE events SET state_after = ? WHERE table_code = ? AND id = ?",
                              [(json.dumps(state), code, event_id) for event_id, state in states.items()])

    def last_live_move(self, code: str) -> EventRow | None:
        """The newest state-setting event not undone, without its state (what an Undo button needs)."""
        row = self.conn.execute(
            "SELECT id, version, kind, move, seat_id, NULL, at, args FROM events WHERE table_code = ?"
            " AND kind IN ('create', 'move', 'switch') AND undone = 0 ORDER BY id DESC LIMIT 1", (code,)).fetchone()
        return EventRow(*row[:7], json.loads(row[7]) if row[7] else None) if row else None

    def mark_undone(self, event_id: int) -> None:
        self.conn.execute("UPDATE events SET undone = 1 WHERE id = ?", (event_id,))

    def idle_tables(self, updated_before: float, limit: int = 500) -> list[str]:
        rows = self.conn.execute("SELECT code FROM tables WHERE updated_at < ? ORDER BY updated_at LIMIT ?",
                                 (updated_before, limit)).fetchall()
        return [r[0] for r in rows]

    def all_events(self, code: str) -> list[dict]:
        rows = self.conn.execute("SELECT version, kind, move, seat_id, args, undone, at FROM events"
                                 " WHERE table_code = ? ORDER BY id", (code,)).fetchall()
        return [{"version": r[0], "kind": r[1], "move": r[2], "seat": r[3],
                 "args": json.loads(r[4]) if r[4] else None, "undone": bool(r[5]), "at": r[6]} for r in rows]

    def delete_table(self, code: str) -> None:
        self.conn.execute("DELETE FROM records WHERE table_code = ?", (code,))
        self.conn.execute("DELETE FROM events WHERE table_code = ?", (code,))
        self.conn.execute("DELETE FROM credentials WHERE table_code = ?", (code,))
        self.conn.execute("DELETE FROM seats WHERE table_code = ?", (code,))
        self.conn.execute("DELETE FROM tables WHERE code = ?", (code,))

    def history(self, code: str, limit: int = 200) -> list[EventRow]:
        """The newest events, newest first, with their arguments but without states."""
        rows = self.conn.execute(
            "SELECT id, version, kind, move, seat_id, NULL, at, args FROM events WHERE table_code = ?"
            " ORDER BY id DESC LIMIT ?", (code, limit)).fetchall()
        return [EventRow(*r[:7], json.loads(r[7]) if r[7] else None) for r in rows]

    # finished games
    def put_record(self, code: str, number: int, game: str, finished_at: float, record: dict) -> None:
        self.conn.execute("INSERT OR REPLACE INTO records VALUES (?, ?, ?, ?, ?)",
                          (code, number, game, finished_at, json.dumps(record)))

    def remove_records(self, code: str, after: int) -> None:
        self.conn.execute("DELETE FROM records WHERE table_code = ? AND number > ?", (code, after))

    def records(self, code: str) -> list[RecordRow]:
        rows = self.conn.execute("SELECT table_code, number, game, finished_at, record FROM records"
                                 " WHERE table_code = ? ORDER BY number", (code,)).fetchall()
        return [RecordRow(*r[:4], json.loads(r[4])) for r in rows]

    def records_of_game(self, game: str, limit: int) -> list[RecordRow]:
        rows = self.conn.execute("SELECT table_code, number, game, finished_at, record FROM records"
                                 " WHERE game = ? ORDER BY finished_at DESC LIMIT ?", (game, limit)).fetchall()
        return [RecordRow(*r[:4], json.loads(r[4])) for r in rows]

    def meta(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        self.conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    # credentials other than seats (see the schema)
    def credentials(self, code: str, kind: str) -> list[CredentialRow]:
        rows = self.conn.execute("SELECT kind, token_hash, seat_id, at FROM credentials WHERE table_code = ? AND kind = ?"
                                 " ORDER BY at", (code, kind)).fetchall()
        return [CredentialRow(*r) for r in rows]

    def add_credential(self, code: str, kind: str, token_hash: str, seat_id: int | None, now: float) -> None:
        self.conn.execute("INSERT OR REPLACE INTO credentials VALUES (?, ?, ?, ?, ?)", (code, kind, token_hash, seat_id, now))

    def remove_credentials(self, code: str, kind: str, token_hash: str | None = None, seat_id: int | None = None) -> None:
        """Those of a kind, narrowed to one token or one seat when given."""
        sql, params = "DELETE FROM credentials WHERE table_code = ? AND kind = ?", [code, kind]
        if token_hash is not None:
            sql, params = sql + " AND token_hash = ?", params + [token_hash]
        if seat_id is not None:
            sql, params = sql + " AND seat_id = ?", params + [seat_id]
        self.conn.execute(sql, params)


    # a whole table as plain data (interface.py; `export` and `import`, companion/commands.py)
    def dump_table(self, code: str) -> dict | None:
        row = self.get_table(code)
        if row is None:
            return None
        q = self.conn.execute
        return {
            "code": row.code, "game": row.game, "options": row.options, "state": row.state,
            "version": row.version, "host_token_hash": row.host_token_hash,
            "created_at": row.created_at, "updated_at": row.updated_at,
            "seats_made": q("SELECT seats_made FROM tables WHERE code = ?", (code,)).fetchone()[0],
            "seats": [{"id": r[0], "name": r[1], "name_key": r[2], "token_hash": r[3], "joined_at": r[4]}
                      for r in q("SELECT seat_id, name, name_key, token_hash, joined_at FROM seats"
                                 " WHERE table_code = ? ORDER BY position, seat_id", (code,))],
            "credentials": [{"kind": r[0], "token_hash": r[1], "seat": r[2], "at": r[3]}
                            for r in q("SELECT kind, token_hash, seat_id, at FROM credentials WHERE table_code = ?"
                                       " ORDER BY at, kind, token_hash", (code,))],
            "events": [{"version": r[0], "kind": r[1], "move": r[2], "seat": r[3],
                        "args": json.loads(r[4]) if r[4] else None,
                        "state_after": json.loads(r[5]) if r[5] else None, "undone": bool(r[6]), "at": r[7]}
                       for r in q("SELECT version, kind, move, seat_id, args, state_after, undone, at FROM events"
                                  " WHERE table_code = ? ORDER BY id", (code,))],
            "records": [{"number": r.number, "game": r.game, "finished_at": r.finished_at, "record": r.record}
                        for r in self.records(code)],
        }

    def load_table(self, table: dict) -> None:
        code = table["code"]
        if self.table_exists(code):
            raise ValueError(f"table {code} exists")
        self.conn.execute("INSERT INTO tables (code, game, options, state, version, host_token_hash, created_at,"
                          " updated_at, seats_made) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                          (code, table["game"], json.dumps(table["options"]), json.dumps(table["state"]),
                           table["version"], table["host_token_hash"], table["created_at"], table["updated_at"],
                           table["seats_made"]))
        self.conn.executemany(
            "INSERT INTO seats (table_code, seat_id, name, name_key, token_hash, joined_at, position)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(code, s["id"], s["name"], s["name_key"], s["token_hash"], s["joined_at"], position)
             for position, s in enumerate(table["seats"], start=1)])
        self.conn.executemany("INSERT INTO credentials VALUES (?, ?, ?, ?, ?)",
                              [(code, c["kind"], c["token_hash"], c["seat"], c["at"]) for c in table["credentials"]])
        self.conn.executemany(
            "INSERT INTO events (table_code, version, kind, move, seat_id, args, state_after, undone, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(code, e["version"], e["kind"], e["move"], e["seat"],
              json.dumps(e["args"]) if e["args"] is not None else None,
              json.dumps(e["state_after"]) if e["state_after"] is not None else None, int(e["undone"]), e["at"])
             for e in table["events"]])
        for r in table["records"]:
            self.put_record(code, r["number"], r["game"], r["finished_at"], r["record"])


class SQLiteStore:
    POOL_SIZE = 16

    def __init__(self, path: str):
        self.path = path
        # Opening a connection costs more than most queries: keep a few open. A connection is used by
        # one unit of work at a time, then handed back (check_same_thread=False lets it move between
        # threads and greenlets). A deque: its append and pop are atomic without a lock (a
        # queue.LifoQueue's locks cost more than the statements of a short read).
        self._pool: deque[sqlite3.Connection] = deque()
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            raise StoreError(f"The folder for the database does not exist: {folder}")
        try:
            with self._connect() as conn:
                conn.execute("PRAGMA journal_mode=WAL")
                conn.executescript(SCHEMA)
                conn.executescript(GROUPS_SCHEMA)
                self._migrate(conn)
        except sqlite3.Error as exc:
            raise StoreError(f"Cannot use the database at {path}: {exc}") from exc

    @staticmethod
    def _migrate(conn: sqlite3.Connection) -> None:
        """Brings a database made by an older version up to this schema, once: each step runs when
        the file's `user_version` is below its number (CREATE ... IF NOT EXISTS adds new tables; the
        steps add columns of old tables and fill them). A new file passes through every step, each
        of which sees the schema already has its column and only records the version."""
        (done,) = conn.execute("PRAGMA user_version").fetchone()
        for number, step in enumerate(MIGRATIONS, start=1):
            if done < number:
                with conn:
                    step(conn)
                    conn.execute(f"PRAGMA user_version = {number}")

    def _connect(self) -> sqlite3.Connection:
        # A connection per unit of work: cheap with SQLite and safe across threads and greenlets.
        conn = sqlite3.connect(self.path, timeout=10, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable across a process kill
        return conn

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        try:
            conn = self._pool.pop()     # the most recently used: its pages are warm
        except IndexError:
            conn = self._connect()
        healthy = False
        try:
            yield conn
            healthy = True
        finally:
            if healthy and not conn.in_transaction:
                if len(self._pool) < self.POOL_SIZE:
                    self._pool.append(conn)
                else:
                    conn.close()
            else:
                conn.close()

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[SQLiteTransaction]:
        try:
            with self._connection() as conn:
                conn.execute(begin)
                try:
                    yield SQLiteTransaction(conn)
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
        except sqlite3.Error as exc:
            # Rolled back (or never begun): nothing half-applied. A disk that is full or read-only
            # is the usual cause mid-game.
            raise StorageUnwritable(str(exc)) from exc

    def close(self) -> None:
        while True:
            try:
                self._pool.pop().close()
            except IndexError:
                return

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
