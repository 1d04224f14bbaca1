"""Groups on SQLite (issue 30): the GroupTransaction methods of companion/storage/interface.py,
mixed into SQLiteTransaction. Their tables live beside the tables' own, created by GROUPS_SCHEMA
when the store opens (an older database gets them then)."""
from __future__ import annotations

import json

from .interface import GroupRow, RecordRow

GROUPS_SCHEMA = """
CREATE TABLE IF NOT EXISTS groups (
    code TEXT PRIMARY KEY,
    doc TEXT NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
-- Not a foreign key to tables: a group remembers its tables after they expire.
CREATE TABLE IF NOT EXISTS table_groups (
    table_code TEXT PRIMARY KEY,
    group_code TEXT NOT NULL REFERENCES groups(code) ON DELETE CASCADE
);
-- The games of a group's tables that outlive them (copied when a table expires) or came with an import.
CREATE TABLE IF NOT EXISTS group_records (
    group_code TEXT NOT NULL REFERENCES groups(code) ON DELETE CASCADE,
    table_code TEXT NOT NULL,
    number INTEGER NOT NULL,
    game TEXT NOT NULL,
    finished_at REAL NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (group_code, table_code, number)
);
"""


class SQLiteGroups:
    conn: "object"

    def get_group(self, code: str) -> GroupRow | None:
        row = self.conn.execute("SELECT code, doc, created_at, updated_at FROM groups WHERE code = ?", (code,)).fetchone()
        return GroupRow(row[0], json.loads(row[1]), row[2], row[3]) if row else None

    def group_exists(self, code: str) -> bool:
        return self.conn.execute("SELECT 1 FROM groups WHERE code = ?", (code,)).fetchone() is not None

    def put_group(self, code: str, doc: dict, now: float) -> None:
        self.conn.execute("INSERT INTO groups (code, doc, created_at, updated_at) VALUES (?, ?, ?, ?)"
                          " ON CONFLICT(code) DO UPDATE SET doc = excluded.doc, updated_at = excluded.updated_at",
                          (code, json.dumps(doc), now, now))

    def set_table_group(self, table_code: str, group_code: str) -> None:
        self.conn.execute("INSERT OR REPLACE INTO table_groups VALUES (?, ?)", (table_code, group_code))

    def table_group(self, table_code: str) -> str | None:
        row = self.conn.execute("SELECT group_code FROM table_groups WHERE table_code = ?", (table_code,)).fetchone()
        return row[0] if row else None

    def keep_group_records(self, group_code: str, rows: list[RecordRow]) -> None:
        self.conn.executemany("INSERT OR REPLACE INTO group_records VALUES (?, ?, ?, ?, ?, ?)",
                              [(group_code, r.code, r.number, r.game, r.finished_at, json.dumps(r.record)) for r in rows])

    def kept_group_records(self, group_code: str) -> list[RecordRow]:
        rows = self.conn.execute("SELECT table_code, number, game, finished_at, record FROM group_records"
                                 " WHERE group_code = ? ORDER BY finished_at, table_code, number", (group_code,)).fetchall()
        return [RecordRow(*r[:4], json.loads(r[4])) for r in rows]
