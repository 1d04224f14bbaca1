"""The Redis backend: the Store / Transaction protocols of companion/storage/interface.py on Redis, so
several app processes (on one or several machines) can serve the same tables. Selected with
`--db redis://HOST:PORT/N` (or COMPANION_DB). Redis's errors never leave this module: they become
the storage errors of interface.py. (Live updates across processes: companion/live.py RedisHub;
shared rate limits: companion/ratelimit.py RedisRateLimiter.)

Keys, per table (the `{CODE}` hash tag keeps a table's keys in one Redis Cluster slot):

    <prefix>{CODE}:t     hash: game, options, state, version, host, created, updated, seats, next_event,
                         seats_made (seats ever made: the next seat's id is one more)
    <prefix>{CODE}:log   list: every event (no state), newest last, capped at `history`
    <prefix>{CODE}:live  list: the events that set a state and are not undone (create, move), with
                         the state after them, newest last, capped at `history` (the undo depth)
    <prefix>{CODE}:rec   hash: number -> a finished game's record (JSON), see companion/records.py
    <prefix>tables       sorted set: code by last use (expiry)
    <prefix>records:<id> sorted set: "CODE:number" by finish time, the records of one game at every
                         table (Pack the Essentials' Purr-sonal Best)
    <prefix>meta         hash: the store's own notes: `schema`, how many of MIGRATIONS ran, and the
                         pipeline's one-time steps

Optimistic versioning: a write WATCHes the table's hash before reading it, queues its writes, and
commits them in MULTI/EXEC. Every write to a table changes that hash (its version or updated time)
in the same EXEC as its lists and records, so watching the hash alone covers all of its keys. If another process
committed in between, EXEC fails and `transact` runs the work again on fresh data: for a move that
means a Stale answer, for a join a fresh seat number. No update is ever lost.
"""
from __future__ import annotations

import json
import random
import threading
import time
import weakref
from contextlib import contextmanager
from typing import Callable, Iterator

import redis
from redis.exceptions import RedisError, WatchError

from .interface import (CredentialRow, EventRow, RecordRow, SeatRow, StorageUnavailable, StorageUnreachable, StoreError,
                        TableRow)
from .redis_groups import RedisGroups


def safe_url(url: str) -> str:
    """The URL without a password, for messages."""
    if "@" in url:
        scheme, rest = url.split("://", 1)
        return f"{scheme}://***@{rest.rsplit('@', 1)[1]}"
    return url


def _json(value: dict | str) -> str:
    return value if isinstance(value, str) else json.dumps(value)


class RedisTransaction(RedisGroups):
    """One unit of work. Reading: each table is fetched once (hash, the top of its live stack and its
    newest events in one MULTI, so they agree). Writing: the table's hash is WATCHed before it is
    read; writes are queued in order and also applied to the cached copy, so later reads in the same
    work see them."""

    NEWEST_EVENTS_READ = 30   # companion/engine/reading.py NOTICES_READ: what a view reads of the log

    def __init__(self, store: "RedisStore", pipe, writing: bool):
        self.s = store
        self.r = store.client
        self.pipe = pipe          # a watching pipeline (writing) or None (reading)
        self.writing = writing
        self._tables: dict[str, dict | None] = {}
        self._live_top: dict[str, list[dict]] = {}   # newest last, as read
        self._pending_live: dict[str, list] = {}     # ("push", rec) / ("pop",) queued in this work
        self._pending_log: dict[str, int] = {}       # log entries pushed in this work
        self._dirty: dict[str, dict] = {}            # hash fields to write per table, merged
        self.ops: list[Callable] = []
        self.held: list[threading.Lock] = []          # this process's table locks, released after EXEC
        self._newest_log: dict[str, list] = {}       # reading: each table's newest log entries, as read

    # ---- reading a table
    def _fetch(self, code: str) -> dict | None:
        if code in self._tables:
            return self._tables[code]
        t, live = self.s.key(code, "t"), self.s.key(code, "live")
        if self.writing:
            self.s.hold_table_lock(code, self)
            self.pipe.watch(t)
            fields = self.pipe.hgetall(t)
            top = self.pipe.lrange(live, -2, -1) if fields else []
        else:
            # The newest events come in the same round trip: every view reads them for its notices
            # (history(code, 30)), and on a busy process each round trip waits its turn.
            p = self.r.pipeline(transaction=True)
            p.hgetall(t)
            p.lrange(live, -2, -1)
            p.lrange(self.s.key(code, "log"), -self.NEWEST_EVENTS_READ, -1)
            fields, top, newest = p.execute()
            self._newest_log[code] = newest
        self._tables[code] = fields or None
        self._live_top[code] = [json.loads(x) for x in top] if fields else []
        return self._tables[code]

    def _queue(self, op: Callable) -> None:
        assert self.writing, "a read transaction cannot write"
        self.ops.append(op)

    def _touch(self, code: str, fields: dict) -> None:
        """Change fields of the table's hash: applied to the cached copy now, written at commit as
        one HSET (and one update of each last-use index) however many methods touched it."""
        assert self.writing, "a read transaction cannot write"
        self._tables[code].update({k: str(v) if not isinstance(v, str) else v for k, v in fields.items()})
        self._dirty.setdefault(code, {}).update(fields)

    def commands(self) -> list[Callable]:
        """Everything to run inside MULTI, in order: the queued list operations, then each touched
        table's hash and indexes (different keys, so their order does not matter)."""
        out = list(self.ops)
        for code, fields in self._dirty.items():
            row = self._tables.get(code)
            if row is None:  # removed later in this work: delete_table queued the removal
                continue
            t, updated = self.s.key(code, "t"), float(row["updated"])

            def write_hash(p, t=t, fields=fields, code=code, updated=updated):
                p.hset(t, mapping=fields)
                p.zadd(self.s.tables_key, {code: updated})
            out.append(write_hash)
        return out

    # tables
    def get_table(self, code: str) -> TableRow | None:
        row = self._fetch(code)
        if row is None:
            return None
        return TableRow(code, row["game"], json.loads(row["options"]), json.loads(row["state"]), int(row["version"]),
                        row["host"], float(row["created"]), float(row["updated"]))

    def table_exists(self, code: str) -> bool:
        if not self.writing and code not in self._tables:
            return bool(self.r.exists(self.s.key(code, "t")))  # one round trip, nothing parsed
        return self._fetch(code) is not None

    def insert_table(self, code: str, game: str, options: dict, state: dict, host_token_hash: str, now: float) -> None:
        if self._fetch(code) is not None:
            raise ValueError(f"table {code} exists")
        self._tables[code] = {"game": game, "updated": str(now)}
        self._live_top[code] = []
        self._touch(code, {"game": game, "options": json.dumps(options), "state": json.dumps(state), "version": 1,
                           "host": host_token_hash, "created": now, "updated": now, "seats": "[]", "next_event": 1,
                           "seats_made": 0})

    def save_state(self, code: str, state: dict | str, version: int, now: float) -> None:
        self._fetch(code)
        self._touch(code, {"state": _json(state), "version": version, "updated": now})

    def set_game(self, code: str, game: str, options: dict) -> None:
        self._fetch(code)
        self._touch(code, {"game": game, "options": json.dumps(options)})

    def bump_version(self, code: str, version: int, now: float) -> None:
        self._fetch(code)
        self._touch(code, {"version": version, "updated": now})

    def table_codes(self) -> list[str]:
        return self.r.zrange(self.s.tables_key, 0, -1)

    # seats: at most MAX_SEATS per table, kept as one JSON list in the table's hash
    def _seat_list(self, code: str) -> list[list]:
        row = self._fetch(code)
        return json.loads(row["seats"]) if row else []

    def _save_seats(self, code: str, seats: list[list]) -> None:
        self._touch(code, {"seats": json.dumps(seats)})

    def seats(self, code: str) -> list[SeatRow]:
        return [SeatRow(s[0], s[1], s[3]) for s in self._seat_list(code)]

    def seat_by_token(self, code: str, token_hash: str) -> SeatRow | None:
        return next((SeatRow(s[0], s[1], s[3]) for s in self._seat_list(code) if s[3] == token_hash), None)

    def seat_by_name(self, code: str, name_key: str) -> SeatRow | None:
        return next((SeatRow(s[0], s[1], s[3]) for s in self._seat_list(code) if s[2] == name_key), None)

    def add_seat(self, code: str, name: str, name_key: str, token_hash: str, now: float) -> int:
        seats = self._seat_list(code)
        if any(s[2] == name_key for s in seats):
            raise ValueError("name taken")  # the pipeline asks "is that you?" before this
        # After every seat this table ever had (`seats_made`), not after those seated now: a removed
        # seat's id, and whatever a game keeps under it, is never handed to someone else.
        next_id = max([int(self._fetch(code).get("seats_made") or 0)] + [s[0] for s in seats]) + 1
        self._touch(code, {"seats_made": next_id})
        self._save_seats(code, seats + [[next_id, name, name_key, token_hash, now]])
        return next_id

    def set_seat_token(self, code: str, seat_id: int, token_hash: str) -> None:
        self._save_seats(code, [s[:3] + [token_hash] + s[4:] if s[0] == seat_id else s for s in self._seat_list(code)])

    def set_seat_order(self, code: str, seat_ids: list[int]) -> None:
        by_id = {s[0]: s for s in self._seat_list(code)}
        self._save_seats(code, [by_id[i] for i in seat_ids if i in by_id]
                         + [s for i, s in by_id.items() if i not in seat_ids])

    def remove_seat(self, code: str, seat_id: int) -> None:
        self._save_seats(code, [s for s in self._seat_list(code) if s[0] != seat_id])

    # events
    def add_event(self, code: str, version: int, kind: str, now: float, move: str | None = None,
                  seat_id: int | None = None, args: dict | None = None, state_after: dict | str | None = None) -> None:
        row = self._fetch(code)
        event_id = int(row["next_event"]) if "next_event" in row else 1
        self._touch(code, {"next_event": event_id + 1})
        entry = {"id": event_id, "version": version, "kind": kind, "move": move, "seat": seat_id, "args": args,
                 "undone": False, "at": now}
        log_key, live_key, cap = self.s.key(code, "log"), self.s.key(code, "live"), self.s.history
        encoded_entry = json.dumps(entry)

        def push_log(p):
            p.rpush(log_key, encoded_entry)
            p.ltrim(log_key, -cap, -1)
        self._queue(push_log)
        self._pending_log[code] = self._pending_log.get(code, 0) + 1
        if kind in ("create", "move", "switch"):
            live = {"id": event_id, "version": version, "kind": kind, "move": move, "seat": seat_id, "at": now,
                    "args": args, "state_after": json.loads(state_after) if isinstance(state_after, str) else state_after}
            encoded_live = json.dumps(live)

            def push_live(p):
                p.rpush(live_key, encoded_live)
                p.ltrim(live_key, -cap, -1)
            self._queue(push_live)
            self._pending_live.setdefault(code, []).append(("push", live))

    def live_states(self, code: str, limit: int) -> list[EventRow]:
        """The newest events that set a state (create or move) and are not undone, newest first."""
        self._fetch(code)
        pending = self._pending_live.get(code, [])
        pops = sum(1 for op in pending if op[0] == "pop")
        need = limit + pops
        # The fetch read the top two; fewer than two means it read the whole stack.
        if need <= len(self._live_top[code]) or len(self._live_top[code]) < 2:
            stack = list(self._live_top[code])
        else:
            stack = [json.loads(x) for x in self.r.lrange(self.s.key(code, "live"), -need, -1)]
        for op in pending:
            if op[0] == "push":
                stack.append(op[1])
            elif stack:
                stack.pop()
        return [EventRow(e["id"], e["version"], e["kind"], e["move"], e["seat"], e["state_after"], e["at"], e.get("args"))
                for e in reversed(stack[-limit:])] if limit > 0 else []

    def rewrite_live_states(self, code: str, states: dict[int, dict]) -> None:
        row = self._fetch(code)
        live_key = self.s.key(code, "live")
        entries = [json.loads(x) for x in self.pipe.lrange(live_key, 0, -1)]
        for entry in entries:
            if entry["id"] in states:
                entry["state_after"] = states[entry["id"]]
        encoded = [json.dumps(entry) for entry in entries]

        def write(p):
            p.delete(live_key)
            if encoded:
                p.rpush(live_key, *encoded)
        self._queue(write)
        self._touch(code, {"updated": row["updated"]})   # the table's hash changes with it: WATCH sees it

    def last_live_move(self, code: str) -> EventRow | None:
        """The newest live event (what an Undo button needs); the fetch has already read it."""
        newest = self.live_states(code, 1)
        return newest[0] if newest else None

    def mark_undone(self, event_id: int) -> None:
        """Undo always takes back the newest live event (the pipeline's only use): pop it from the
        live stack and flag it in the log."""
        code = next((c for c, top in self._live_top.items()
                     if any(e["id"] == event_id for e in top)), None)
        if code is None or self.live_states(code, 1)[0].id != event_id:
            raise ValueError("only the newest live event can be undone")
        self._pending_live.setdefault(code, []).append(("pop",))
        live_key, log_key = self.s.key(code, "live"), self.s.key(code, "log")
        self._queue(lambda p: p.rpop(live_key))
        # Its place in the log, counted from the end (pushes queued before this one shift it).
        entries = self.pipe.lrange(log_key, -self.s.history, -1)
        for back, raw in enumerate(reversed(entries), start=1):
            entry = json.loads(raw)
            if entry["id"] == event_id:
                entry["undone"] = True
                index, encoded = -back - self._pending_log.get(code, 0), json.dumps(entry)
                self._queue(lambda p: p.lset(log_key, index, encoded))
                break

    def idle_tables(self, updated_before: float, limit: int = 500) -> list[str]:
        return self.r.zrangebyscore(self.s.tables_key, "-inf", f"({updated_before}", start=0, num=limit)

    def all_events(self, code: str) -> list[dict]:
        reader = self.pipe if self.writing else self.r
        return [{k: e[k] for k in ("version", "kind", "move", "seat", "args", "undone", "at")}
                for e in map(json.loads, reader.lrange(self.s.key(code, "log"), 0, -1))]

    def history(self, code: str, limit: int = 200) -> list[EventRow]:
        if not self.writing and 0 < limit <= self.NEWEST_EVENTS_READ and self._fetch(code) is not None:
            raw = self._newest_log[code][-limit:]   # read with the table (see _fetch)
        else:
            reader = self.pipe if self.writing else self.r
            raw = reader.lrange(self.s.key(code, "log"), -limit, -1)
        entries = [json.loads(x) for x in raw]
        return [EventRow(e["id"], e["version"], e["kind"], e["move"], e["seat"], None, e["at"], e.get("args"))
                for e in reversed(entries)]

    # credentials other than seats, kept as one JSON list in the table's hash (a handful per table:
    # paired boards, pending claims, pairing codes, and the newest moved-seat tokens)
    CREDENTIALS_KEPT = 64

    def _credential_list(self, code: str) -> list[list]:
        row = self._fetch(code)
        return json.loads(row.get("creds") or "[]") if row else []

    def credentials(self, code: str, kind: str) -> list[CredentialRow]:
        return [CredentialRow(*c) for c in self._credential_list(code) if c[0] == kind]

    def add_credential(self, code: str, kind: str, token_hash: str, seat_id: int | None, now: float) -> None:
        kept = [c for c in self._credential_list(code) if not (c[0] == kind and c[1] == token_hash)]
        kept = (kept + [[kind, token_hash, seat_id, now]])[-self.CREDENTIALS_KEPT:]
        self._touch(code, {"creds": json.dumps(kept)})

    def remove_credentials(self, code: str, kind: str, token_hash: str | None = None, seat_id: int | None = None) -> None:
        def goes(c):
            return (c[0] == kind and (token_hash is None or c[1] == token_hash)
                    and (seat_id is None or c[2] == seat_id))
        self._touch(code, {"creds": json.dumps([c for c in self._credential_list(code) if not goes(c)])})

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


class RedisStore:
    # Conflicts mean another process changed the same table between our read and our commit; each
    # retry re-reads, so a busy table converges fast. Bounded in time, not in a count of attempts, so
    # a burst of writers from other processes delays a tap instead of refusing it (a count of 40 was
    # used up in a CI run by twenty devices tapping at once); never spinning forever.
    RETRY_SECONDS = 8.0
    # Writers of one table inside this process take turns (a lock per table code), so the optimistic
    # retries above only ever race other processes: twenty phones on one process never collide.
    # A writer waits this long for its turn, then goes ahead optimistically (still correct, just
    # without the queue), so a stuck holder can never stall a table.
    LOCAL_TURN_SECONDS = 2.0

    def __init__(self, url: str, history: int = 500, prefix: str = "ctc:", max_connections: int = 64):
        self.url = url
        self.history = max(2, int(history))
        self.prefix = prefix
        self.tables_key = f"{prefix}tables"
        self.meta_key = f"{prefix}meta"
        self._locks: weakref.WeakValueDictionary[str, threading.Lock] = weakref.WeakValueDictionary()
        self._locks_guard = threading.Lock()
        try:
            # A bounded pool: under gevent thousands of greenlets may want Redis at once; they queue
            # for a connection (up to 10 s) instead of opening thousands of sockets.
            pool = redis.BlockingConnectionPool.from_url(url, max_connections=max_connections, timeout=10,
                                                         decode_responses=True, socket_connect_timeout=5,
                                                         socket_timeout=10, health_check_interval=30)
            self.client = redis.Redis(connection_pool=pool)
            self.client.ping()
            self._migrate()
        except (RedisError, ValueError) as exc:
            raise StoreError(f"Cannot use Redis at {safe_url(url)}: {exc}") from exc

    def _migrate(self) -> None:
        """Brings keys written by an older version up to this one, once per step: the meta hash's
        `schema` says how many of MIGRATIONS ran. Several processes may start together: every step
        is safe to run twice (it only fills in what is missing, each table with HSETNX)."""
        done = int(self.client.hget(self.meta_key, "schema") or 0)
        for number, step in enumerate(MIGRATIONS, start=1):
            if done < number:
                step(self)
                self.client.hset(self.meta_key, "schema", number)

    def key(self, code: str, part: str) -> str:
        return f"{self.prefix}{{{code}}}:{part}"

    def records_key(self, game: str) -> str:
        return f"{self.prefix}records:{game}"

    def channel_prefix(self) -> str:
        return f"{self.prefix}v:"

    @contextmanager
    def read(self) -> Iterator[RedisTransaction]:
        try:
            yield RedisTransaction(self, None, writing=False)
        except RedisError as exc:
            raise StorageUnreachable(str(exc)) from exc

    def hold_table_lock(self, code: str, tx: RedisTransaction) -> None:
        """Waits for this process's other writers of `code` to finish, then holds the table for
        `tx` until its attempt ends (see LOCAL_TURN_SECONDS). Locks vanish with their last holder."""
        with self._locks_guard:
            lock = self._locks.get(code)
            if lock is None:
                lock = self._locks[code] = threading.Lock()
        if lock.acquire(timeout=self.LOCAL_TURN_SECONDS):
            tx.held.append(lock)

    @contextmanager
    def write(self) -> Iterator[RedisTransaction]:
        """One optimistic attempt: raises WatchError at commit when a watched table changed."""
        tx = None
        try:
            with self.client.pipeline(transaction=True) as pipe:
                tx = RedisTransaction(self, pipe, writing=True)
                yield tx
                commands = tx.commands()
                if commands:
                    pipe.multi()
                    for op in commands:
                        op(pipe)
                    pipe.execute()
                # leaving the `with` resets the pipeline: UNWATCH and the connection back to the pool
        finally:
            for lock in (tx.held if tx else ()):
                lock.release()

    def transact(self, work):
        try:
            return self._transact(work)
        except RedisError as exc:
            # Redis unreachable or refusing: a queued transaction never half-applies (MULTI/EXEC).
            raise StorageUnreachable(str(exc)) from exc

    def _transact(self, work):
        deadline = time.monotonic() + self.RETRY_SECONDS
        attempt = 0
        while True:
            try:
                with self.write() as tx:
                    return work(tx)
            except WatchError:
                # Someone else committed to this table first: run the work again on what is there
                # now, after a short random pause (growing, capped) so busy processes do not collide
                # in step.
                attempt += 1
                if time.monotonic() >= deadline:
                    raise StorageUnavailable("the table kept changing under this action")
                time.sleep(random.uniform(0, min(0.025, 0.001 * 2 ** min(attempt, 5))))

    def versions(self, codes: list[str]) -> dict[str, int]:
        p = self.client.pipeline(transaction=False)
        for code in codes:
            p.hget(self.key(code, "t"), "version")
        return {code: int(v) for code, v in zip(codes, p.execute()) if v}

    def close(self) -> None:
        self.client.connection_pool.disconnect()

    def durability_problems(self) -> list[str]:
        """What in Redis's own settings could lose acknowledged moves, as sentences (`check`,
        companion/commands.py): the append-only file must be on (snapshots alone lose minutes)."""
        try:
            config = {**self.client.config_get("appendonly"), **self.client.config_get("appendfsync"),
                      **self.client.config_get("save")}
        except RedisError as exc:
            return [f"Redis would not show its persistence settings ({exc}): make sure it runs with "
                    "appendonly yes and appendfsync everysec."]
        if config.get("appendonly") != "yes":
            lost = "minutes of moves (its save snapshots)" if config.get("save") else "every table"
            return [f"Redis runs without its append-only file: a restart of Redis can lose {lost}. "
                    "Set appendonly yes and appendfsync everysec (docs/DEPLOY.md)."]
        if config.get("appendfsync") not in ("everysec", "always"):
            return [f"Redis writes its append-only file with appendfsync {config.get('appendfsync')}: a crash of "
                    "its machine can lose more than a second. Set appendfsync everysec (docs/DEPLOY.md)."]
        return []

def _seats_made(store: RedisStore) -> None:
    """Round 24: a table counts the seats it ever made, so a new seat never gets a removed one's id.
    An older table's count is the highest seat id it still mentions: a seat today, a removed or moved
    seat's credential, an event in its (capped) log made by a seat or naming one."""
    for code in store.client.zrange(store.tables_key, 0, -1):
        table = store.client.hgetall(store.key(code, "t"))
        if not table or "seats_made" in table:
            continue
        ids = [s[0] for s in json.loads(table.get("seats") or "[]")]
        ids += [c[2] for c in json.loads(table.get("creds") or "[]") if isinstance(c[2], int)]
        for entry in map(json.loads, store.client.lrange(store.key(code, "log"), 0, -1)):
            ids.append(entry.get("seat"))
            ids.append((entry.get("args") or {}).get("seat"))
        made = max((int(i) for i in ids if isinstance(i, int) or (isinstance(i, str) and i.isdigit())), default=0)
        store.client.hsetnx(store.key(code, "t"), "seats_made", made)


# The steps, in order: meta's `schema` is how many ran. Append; never reorder.
MIGRATIONS = (_seats_made,)
