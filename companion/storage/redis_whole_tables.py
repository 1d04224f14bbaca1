"""The parts of a Redis unit of work that reach beyond one table's hash and lists: finished games
(a hash per table and an index per game across tables), the store's meta notes, removing a table,
and a whole table as plain data (export and import). A mixin of RedisTransaction
(companion/storage/redis_transaction.py), whose helpers (`_fetch`, `_queue`, `_touch`) it uses."""
from __future__ import annotations

import json

from .interface import RecordRow


class RedisWholeTables:
    # finished games: a hash per table, and an index per game across tables
    def _stored_records(self, code: str) -> dict[int, dict]:
        reader = self.pipe if self.writing else self.r
        return {int(n): json.loads(v) for n, v in reader.hgetall(self.s.key(code, "rec")).items()}

    def put_record(self, code: str, number: int, game: str, finished_at: float, record: dict) -> None:
        self._fetch(code)
        rec_key, index, member = self.s.key(code, "rec"), self.s.records_key(game), f"{code}:{number}"
        encoded = json.dumps({"game": game, "finished_at": finished_at, "record": record})

        def op(p):
            p.hset(rec_key, str(number), encoded)
            p.zadd(index, {member: finished_at})
        self._queue(op)
        self._touch(code, {"records": number})   # the table's hash changes with it (see WATCH above)

    def remove_records(self, code: str, after: int) -> None:
        self._fetch(code)
        going = {n: e["game"] for n, e in self._stored_records(code).items() if n > after}
        if not going:
            return
        rec_key = self.s.key(code, "rec")

        def op(p):
            p.hdel(rec_key, *[str(n) for n in going])
            for n, game in going.items():
                p.zrem(self.s.records_key(game), f"{code}:{n}")
        self._queue(op)
        self._touch(code, {"records": after})

    def records(self, code: str) -> list[RecordRow]:
        return [RecordRow(code, n, e["game"], e["finished_at"], e["record"])
                for n, e in sorted(self._stored_records(code).items())]

    def records_of_game(self, game: str, limit: int) -> list[RecordRow]:
        members = self.r.zrevrange(self.s.records_key(game), 0, max(0, limit - 1))
        p = self.r.pipeline(transaction=False)
        for member in members:
            code, number = member.rsplit(":", 1)
            p.hget(self.s.key(code, "rec"), number)
        out = []
        for member, raw in zip(members, p.execute()):
            if raw:
                code, number = member.rsplit(":", 1)
                e = json.loads(raw)
                out.append(RecordRow(code, int(number), e["game"], e["finished_at"], e["record"]))
        return out

    def meta(self, key: str) -> str | None:
        reader = self.pipe if self.writing else self.r
        return reader.hget(self.s.meta_key, key)

    def set_meta(self, key: str, value: str) -> None:
        meta_key = self.s.meta_key
        self._queue(lambda p: p.hset(meta_key, key, value))

    def delete_table(self, code: str) -> None:
        row = self._fetch(code)
        if row is None:
            return
        keys = [self.s.key(code, k) for k in ("t", "log", "live", "rec")]
        indexed = [(self.s.records_key(e["game"]), f"{code}:{n}") for n, e in self._stored_records(code).items()]

        def op(p):
            p.delete(*keys)
            p.zrem(self.s.tables_key, code)
            for index, member in indexed:
                p.zrem(index, member)
        self._queue(op)
        self._tables[code] = None


    # a whole table as plain data (interface.py; `export` and `import`, companion/commands.py)
    def dump_table(self, code: str) -> dict | None:
        row = self.get_table(code)
        if row is None:
            return None
        reader = self.pipe if self.writing else self.r
        log, live = (reader.lrange(self.s.key(code, k), 0, -1) for k in ("log", "live"))
        states = {e["id"]: e["state_after"] for e in map(json.loads, live)}
        return {
            "code": row.code, "game": row.game, "options": row.options, "state": row.state,
            "version": row.version, "host_token_hash": row.host_token_hash,
            "created_at": row.created_at, "updated_at": row.updated_at,
            "seats_made": int(self._fetch(code).get("seats_made") or 0),
            "seats": [{"id": s[0], "name": s[1], "name_key": s[2], "token_hash": s[3], "joined_at": s[4]}
                      for s in self._seat_list(code)],
            "credentials": [{"kind": c[0], "token_hash": c[1], "seat": c[2], "at": c[3]}
                            for c in self._credential_list(code)],
            "events": [{"version": e["version"], "kind": e["kind"], "move": e["move"], "seat": e["seat"],
                        "args": e.get("args"), "state_after": states.get(e["id"]), "undone": e["undone"],
                        "at": e["at"]} for e in map(json.loads, log)],
            "records": [{"number": r.number, "game": r.game, "finished_at": r.finished_at, "record": r.record}
                        for r in self.records(code)],
        }

    def load_table(self, table: dict) -> None:
        code = table["code"]
        if self._fetch(code) is not None:
            raise ValueError(f"table {code} exists")
        # Event ids are the table's own counter here (next_event): numbered afresh, in order.
        log, live = [], []
        for event_id, e in enumerate(table["events"], start=1):
            entry = {"id": event_id, "version": e["version"], "kind": e["kind"], "move": e["move"],
                     "seat": e["seat"], "args": e["args"], "undone": e["undone"], "at": e["at"]}
            log.append(json.dumps(entry))
            if e["kind"] in ("create", "move", "switch") and not e["undone"] and e["state_after"] is not None:
                live.append(json.dumps({**entry, "state_after": e["state_after"]}))
        log, live = log[-self.s.history:], live[-self.s.history:]
        records = table["records"]
        self._tables[code] = {"game": table["game"], "updated": str(table["updated_at"])}
        self._live_top[code] = []
        self._touch(code, {
            "game": table["game"], "options": json.dumps(table["options"]), "state": json.dumps(table["state"]),
            "version": table["version"], "host": table["host_token_hash"], "created": table["created_at"],
            "updated": table["updated_at"], "next_event": len(table["events"]) + 1, "seats_made": table["seats_made"],
            "seats": json.dumps([[s["id"], s["name"], s["name_key"], s["token_hash"], s["joined_at"]]
                                 for s in table["seats"]]),
            "creds": json.dumps([[c["kind"], c["token_hash"], c["seat"], c["at"]] for c in table["credentials"]]),
            "records": max((r["number"] for r in records), default=0)})
        log_key, live_key, rec_key = (self.s.key(code, k) for k in ("log", "live", "rec"))

        def write_lists(p):
            p.delete(log_key, live_key, rec_key)    # nothing left over from a table of that code
            if log:
                p.rpush(log_key, *log)
            if live:
                p.rpush(live_key, *live)
            for r in records:
                p.hset(rec_key, str(r["number"]), json.dumps({"game": r["game"], "finished_at": r["finished_at"],
                                                               "record": r["record"]}))
                p.zadd(self.s.records_key(r["game"]), {f"{code}:{r['number']}": r["finished_at"]})
        self._queue(write_lists)
