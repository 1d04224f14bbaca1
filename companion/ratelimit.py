"""Rate limits per client address: a sliding window of attempts per (client, bucket) over the past
minute, and a burst cap: no more than `burst(per_minute)` of them within any one second. In-process
with SQLite (one process serves everything); in Redis with the Redis backend, so every app process
shares one allowance per client. Chosen with the backend (companion/storage/__init__.py); the web
layer calls `hit()` (companion/web/security.py `over_limit`).

Why the burst cap: a minute's allowance of view loads (1,200) could be spent in the first second,
and a client polling the heaviest table that fast gave the server a second of its work at once,
which every other table's phones waited through (bench/abuse.py: their p99 tripled, the slowest
actions all in the abuser's first second). Spread out, the same allowance costs everyone little.
"""
from __future__ import annotations

import random
import threading
import time
from collections import deque

from redis.exceptions import RedisError

from .storage.interface import StorageUnreachable


BURST_AT_LEAST = 30  # a small allowance (30 table codes a minute) may still be spent at once


def burst(per_minute: int) -> int:
    """Attempts allowed within one second: a twentieth of the minute's (60 of 1,200: twelve phones
    behind one address tapping twice a second stay far below it), never under BURST_AT_LEAST."""
    return max(BURST_AT_LEAST, per_minute // 20)


class RateLimiter:
    """A sliding window per (client address, bucket). Bounded memory: oldest clients are dropped."""

    def __init__(self, max_clients: int = 10000):
        self._hits: dict[tuple[str, str], deque] = {}
        self._lock = threading.Lock()
        self._max_clients = max_clients

    def hit(self, client: str, bucket: str, per_minute: int, now: float | None = None) -> bool:
        """Record an attempt; False when the client is over its limit for the past minute."""
        now = time.monotonic() if now is None else now
        with self._lock:
            key = (client, bucket)
            window = self._hits.get(key)
            if window is None:
                if len(self._hits) >= self._max_clients:
                    self._hits.pop(next(iter(self._hits)))
                window = self._hits[key] = deque()
            while window and window[0] <= now - 60:
                window.popleft()
            if len(window) >= per_minute:
                return False
            cap = burst(per_minute)
            if len(window) >= cap and window[-cap] > now - 1:   # already `cap` within the last second
                return False
            window.append(now)
            return True


class RedisRateLimiter:
    """RateLimiter's sliding window and burst cap, kept in Redis so the limits hold for the whole
    cluster rather than per process. One Lua script per attempt: trim the window, count (the minute's
    and the last second's), record, so two processes cannot both let the last allowed attempt
    through. Keys expire a minute after the last attempt, so memory stays bounded by the clients
    active in the past minute."""

    SCRIPT = """
    redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - 60)
    if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
    if redis.call('ZCOUNT', KEYS[1], '(' .. (tonumber(ARGV[1]) - 1), '+inf') >= tonumber(ARGV[4]) then return 0 end
    redis.call('ZADD', KEYS[1], ARGV[1], ARGV[3])
    redis.call('EXPIRE', KEYS[1], 61)
    return 1
    """

    def __init__(self, store):
        self.prefix = f"{store.prefix}limit:"
        self._script = store.client.register_script(self.SCRIPT)

    def hit(self, client: str, bucket: str, per_minute: int, now: float | None = None) -> bool:
        """Record an attempt; False when the client is over its limit for the past minute. The
        wall clock, not a monotonic one: every process on every machine must agree on it."""
        now = time.time() if now is None else now
        key = f"{self.prefix}{bucket[:20]}:{client[:64]}"  # an address from a header is bounded here
        member = f"{now:.6f}:{random.getrandbits(32)}"
        try:
            return bool(self._script(keys=[key], args=[now, per_minute, member, burst(per_minute)]))
        except RedisError as exc:
            raise StorageUnreachable(str(exc)) from exc
