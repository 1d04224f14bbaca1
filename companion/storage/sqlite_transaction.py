"""One unit of work on the SQLite file (companion/storage/sqlite_store.py opens it): every query the
engine makes, as the Transaction protocol of companion/storage/interface.py names it."""
from __future__ import annotations

import json
import sqlite3

from .. import json_text
from .interface import CredentialRow, EventRow, RecordRow, SeatRow, TableRow
from .sqlite_groups import SQLiteGroups


def _json(value: dict | str) -> str:
    return value if isinstance(value, str) else json_text.dumps(value)



class SQLiteTransaction(SQLiteGroups):
    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    # tables
    def get_table(self, code: str) -> TableRow | None:
        row = self.conn.execute("SELECT code, game, options, state, version, host_token_hash, created_at, updated_at"
                                " FROM tables WHERE code = ?", (code,)).fetchone()
        if row is None:
            return None
        return TableRow(row[0], row[1], json_text.loads(row[2]), json_text.loads(row[3]), row[4], row[5], row[6], row[7])

    def table_version(self, code: str) -> int | None:
        row = self.conn.execute("SELECT version FROM tables WHERE code = ?", (code,)).fetchone()
        return row[0] if row else None

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
                  seat_id: int | None = None, args: dict | None = None, state_after: dict | str | None = None) -> int:
        return self.conn.execute("INSERT INTO events (table_code, version, kind, move, seat_id, args, state_after, at)"
                                 " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                                 (code, version, kind, move, seat_id, json_text.dumps(args) if args is not None else None,
                                  _json(state_after) if state_after is not None else None, now)).lastrowid

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
