"""One unit of work on Redis (companion/storage/redis_store.py explains the keys and the optimistic
versioning): reading a table fetches its hash, the top of its live stack and its newest events in one
MULTI; writing WATCHes the table's hash, queues its writes, and commits them in one MULTI/EXEC."""
from __future__ import annotations

import json
import threading
from typing import Callable

from .. import json_text
from .interface import CredentialRow, EventRow, SeatRow, TableRow
from .redis_groups import RedisGroups
from .redis_whole_tables import RedisWholeTables



def _json(value: dict | str) -> str:
    return value if isinstance(value, str) else json_text.dumps(value)


def _entry(raw: str | dict) -> dict:
    """A live stack entry as read (JSON) or queued in this work (a dict)."""
    return json_text.loads(raw) if isinstance(raw, str) else raw


def _state(value: dict | str | None) -> dict | None:
    """A state kept encoded (queued in this work) or decoded (read with its entry). A state is never
    a string itself, so a string is its JSON."""
    return json_text.loads(value) if isinstance(value, str) else value



class RedisTransaction(RedisWholeTables, RedisGroups):
    """One unit of work. Reading: each table is fetched once (hash, the top of its live stack and its
    newest events in one MULTI, so they agree). Writing: the table's hash is WATCHed before it is
    read; writes are queued in order and also applied to the cached copy, so later reads in the same
    work see them."""

    NEWEST_EVENTS_READ = 30   # companion/engine/reading.py NOTICES_READ: what a view reads of the log

    def __init__(self, store, pipe, writing: bool):
        """`store`: the RedisStore that begins this unit of work (its client, keys and table locks)."""
        self.s = store
        self.r = store.client
        self.pipe = pipe          # a watching pipeline (writing) or None (reading)
        self.writing = writing
        self._tables: dict[str, dict | None] = {}
        # The top of each live stack, newest last, as read: raw JSON until someone asks (each entry holds
        # a whole state, and a move reads neither).
        self._live_top: dict[str, list[str | dict]] = {}
        self._pending_live: dict[str, list] = {}     # ("push", rec) / ("pop",) queued in this work
        self._pending_log: dict[str, int] = {}       # log entries pushed in this work
        self._dirty: dict[str, dict] = {}            # hash fields to write per table, merged
        self.ops: list[Callable] = []
        self.held: list[threading.Lock] = []          # this process's table locks, released after EXEC
        self._newest_log: dict[str, list] = {}       # reading: each table's newest log entries, as read
        self.published: dict[str, int] = {}          # the versions the commit PUBLISHes (commands)

    # ---- reading a table
    def _fetch(self, code: str) -> dict | None:
        if code in self._tables:
            return self._tables[code]
        t, live = self.s.key(code, "t"), self.s.key(code, "live")
        if self.writing:
            self.s.hold_table_lock(code, self)
            # WATCH and both reads in one round trip (RedisStore.watch_and_read)
            fields, top = self.s.watch_and_read(self.pipe, t, ("HGETALL", t), ("LRANGE", live, -2, -1))
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
        self._live_top[code] = list(top) if fields else []
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
        table's hash and indexes (different keys, so their order does not matter), and last, for a
        table given a new version, the PUBLISH that other processes' streams wait for (RedisHub):
        in the EXEC, after the writes, it is heard only once they are applied, and it saves the hub
        a round trip of its own after the commit."""
        out = list(self.ops)
        for code, fields in self._dirty.items():
            row = self._tables.get(code)
            if row is None:  # removed later in this work: delete_table queued the removal
                continue
            t, updated = self.s.key(code, "t"), float(row["updated"])
            version = int(fields["version"]) if "version" in fields else None
            if version is not None:
                self.published[code] = version

            def write_hash(p, t=t, fields=fields, code=code, updated=updated, version=version):
                p.hset(t, mapping=fields)
                p.zadd(self.s.tables_key, {code: updated})
                if version is not None:
                    p.publish(self.s.channel_prefix() + code, version)
            out.append(write_hash)
        return out

    # tables
    def get_table(self, code: str) -> TableRow | None:
        row = self._fetch(code)
        if row is None:
            return None
        return TableRow(code, row["game"], json_text.loads(row["options"]), json_text.loads(row["state"]), int(row["version"]),
                        row["host"], float(row["created"]), float(row["updated"]))

    def table_version(self, code: str) -> int | None:
        row = self._fetch(code)   # writing, the read that WATCHes the table: needed anyway
        return int(row["version"]) if row is not None else None

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
                  seat_id: int | None = None, args: dict | None = None, state_after: dict | str | None = None) -> int:
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
                    "args": args}
            # The state goes in as the engine encoded it (json_text.dumps, as it was written before: the
            # same text), not decoded and encoded again; `state_after` stays last.
            encoded_state = _json(state_after) if state_after is not None else "null"
            encoded_live = f'{json.dumps(live)[:-1]}, "state_after": {encoded_state}}}'
            live["state_after"] = encoded_state   # decoded if ever read back (live_states)

            def push_live(p):
                p.rpush(live_key, encoded_live)
                p.ltrim(live_key, -cap, -1)
            self._queue(push_live)
            self._pending_live.setdefault(code, []).append(("push", live))
        return event_id

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
            stack = self.r.lrange(self.s.key(code, "live"), -need, -1)
        for op in pending:
            if op[0] == "push":
                stack.append(op[1])
            elif stack:
                stack.pop()
        return [EventRow(e["id"], e["version"], e["kind"], e["move"], e["seat"], _state(e["state_after"]), e["at"],
                         e.get("args"))
                for e in map(_entry, reversed(stack[-limit:]))] if limit > 0 else []

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
                     if any(_entry(e)["id"] == event_id for e in top)), None)
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
