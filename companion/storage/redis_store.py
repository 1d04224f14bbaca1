"""The Redis backend: the Store / Transaction protocols of companion/storage/interface.py on Redis, so
several app processes (on one or several machines) can serve the same tables. Selected with
`--db redis://HOST:PORT/N` (or COMPANION_DB). Redis's errors never leave this module: they become
the storage errors of interface.py. (Live updates across processes: redis_hub.py RedisHub;
shared rate limits: redis_limits.py RedisRateLimiter.)

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
means a Stale answer, for a join a fresh seat number. No update is ever lost. A move is two round
trips: WATCH with its reads (`watch_and_read`), then MULTI/EXEC, which also PUBLISHes the table's new
version for other processes' streams (redis_hub.py), after the writes it announces.
"""
from __future__ import annotations

import json
import random
import threading
import time
import weakref
from contextlib import contextmanager
from typing import Iterator

import redis
from redis.exceptions import ResponseError, RedisError, WatchError

from .interface import StorageUnavailable, StorageUnreachable, StorageUnusable
from .redis_transaction import RedisTransaction


def safe_url(url: str) -> str:
    """The URL without a password, for messages."""
    if "@" in url:
        scheme, rest = url.split("://", 1)
        return f"{scheme}://***@{rest.rsplit('@', 1)[1]}"
    return url


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
        self.events_kept = self.history   # the log is trimmed to it
        self.prefix = prefix
        self.tables_key = f"{prefix}tables"
        self.meta_key = f"{prefix}meta"
        self._locks: weakref.WeakValueDictionary[str, threading.Lock] = weakref.WeakValueDictionary()
        self._locks_guard = threading.Lock()
        # What this thread's (greenlet's, under gevent) last commit PUBLISHed in its EXEC: {code: version}
        self._commit = threading.local()
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
            raise StorageUnusable(f"Cannot use Redis at {safe_url(url)}: {exc}") from exc

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
        self._commit.published = {}
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
                    self._commit.published = tx.published
                # leaving the `with` resets the pipeline: UNWATCH and the connection back to the pool
        finally:
            for lock in (tx.held if tx else ()):
                lock.release()

    @staticmethod
    def watch_and_read(pipe, key: str, *reads: tuple) -> list:
        """WATCHes `key` on the writing pipeline and runs the read commands `reads` (tuples such as
        ("HGETALL", key)) in the same round trip, returning their replies. Redis runs a connection's
        commands in order, so the reads still come after the WATCH (redis-py's `pipe.watch()` would
        make each of them a round trip of its own: on a tap, two more sends, receives and wake-ups of
        Redis). The pipeline is left watching on its connection, as after `pipe.watch()`: its
        MULTI/EXEC, or its reset (UNWATCH), ends it."""
        conn = pipe.connection
        if conn is None:
            conn = pipe.connection = pipe.connection_pool.get_connection()
        commands = [("WATCH", key), *reads]

        def attempt():
            conn.send_packed_command(conn.pack_commands(commands))
            # Every reply is read before an error is raised, so the connection never goes back to
            # the pool with replies still waiting on it.
            replies = []
            for command in commands:
                try:
                    replies.append(pipe.parse_response(conn, command[0]))   # WATCH: pipe.watching
                except ResponseError as exc:
                    replies.append(exc)
            for reply in replies:
                if isinstance(reply, ResponseError):
                    raise reply
            return replies[1:]

        def failed(error):
            # As redis-py does for a WATCH: a broken connection is dropped (and with it whatever it
            # watched); before anything was watched on it the attempt is retried, after, the
            # transaction is (WatchError: `transact` runs the work again).
            conn.disconnect()
            if pipe.watching:
                pipe.reset()
                raise WatchError(f"A {type(error).__name__} occurred while watching one or more keys")
        return conn.retry.call_with_retry(attempt, failed)

    def published_by_commit(self, code: str, version: int) -> bool:
        """Whether this thread's last commit already PUBLISHed `version` of `code` (or a newer one)
        in its EXEC (RedisTransaction.commands), so RedisHub.publish need not send it again."""
        return getattr(self._commit, "published", {}).get(code, 0) >= version

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
