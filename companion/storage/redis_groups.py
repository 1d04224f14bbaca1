"""Groups on Redis (issue 30): the GroupTransaction methods of companion/storage/interface.py,
mixed into RedisTransaction.

    <prefix>g:{GROUP}       hash: doc (JSON), created, updated
    <prefix>g:{GROUP}:kept  hash: "TABLE:number" -> {"game", "finished_at", "record"} (not capped)
    <prefix>table-groups    hash: table code -> group code

A write WATCHes the group's hash before reading it, and every write to a group changes that hash
in the same EXEC, so a concurrent change to the same group makes the work run again on fresh data
(as for a table). The table index is written once, when a table is created for the group.
"""
from __future__ import annotations

import json

from .interface import GroupRow, RecordRow


class RedisGroups:
    def _group_key(self, code: str, part: str = "") -> str:
        return f"{self.s.prefix}g:{{{code}}}" + (f":{part}" if part else "")

    def _group_cache(self) -> dict:
        return self.__dict__.setdefault("_groups", {})

    def _group_fields(self, code: str) -> dict | None:
        cache = self._group_cache()
        if code not in cache:
            key = self._group_key(code)
            if self.writing:
                self.pipe.watch(key)
                cache[code] = self.pipe.hgetall(key) or None
            else:
                cache[code] = self.r.hgetall(key) or None
        return cache[code]

    def get_group(self, code: str) -> GroupRow | None:
        fields = self._group_fields(code)
        if not fields:
            return None
        return GroupRow(code, json.loads(fields["doc"]), float(fields["created"]), float(fields["updated"]))

    def group_exists(self, code: str) -> bool:
        return self._group_fields(code) is not None

    def put_group(self, code: str, doc: dict, now: float) -> None:
        before = self._group_fields(code)
        created = before["created"] if before else str(now)
        fields = {"doc": json.dumps(doc), "created": created, "updated": str(now)}
        self._group_cache()[code] = fields
        key = self._group_key(code)
        self._queue(lambda p: p.hset(key, mapping=fields))

    def set_table_group(self, table_code: str, group_code: str) -> None:
        index = f"{self.s.prefix}table-groups"
        self._queue(lambda p: p.hset(index, table_code, group_code))

    def table_group(self, table_code: str) -> str | None:
        reader = self.pipe if self.writing else self.r
        return reader.hget(f"{self.s.prefix}table-groups", table_code)

    def keep_group_records(self, group_code: str, rows: list[RecordRow]) -> None:
        if not rows:
            return
        self._group_fields(group_code)   # watched: the group's hash changes with its records
        key = self._group_key(group_code, "kept")
        encoded = {f"{r.code}:{r.number}": json.dumps({"game": r.game, "finished_at": r.finished_at, "record": r.record})
                   for r in rows}
        group, marker = self._group_key(group_code), json.dumps(len(encoded))

        def op(p):
            p.hset(key, mapping=encoded)
            p.hset(group, "kept_written", marker)
        self._queue(op)

    def kept_group_records(self, group_code: str) -> list[RecordRow]:
        reader = self.pipe if self.writing else self.r
        rows = []
        for member, raw in reader.hgetall(self._group_key(group_code, "kept")).items():
            table, number = member.rsplit(":", 1)
            entry = json.loads(raw)
            rows.append(RecordRow(table, int(number), entry["game"], entry["finished_at"], entry["record"]))
        return sorted(rows, key=lambda r: (r.finished_at, r.code, r.number))
