"""Rate limits per client address: a sliding window of attempts per (client, bucket) over the past
minute, and a pace: after a burst of `burst(per_minute)` attempts, at most one every
60 / per_minute seconds (a token bucket, GCRA: one "theoretical arrival time" per client and
bucket). In-process with SQLite (one process serves everything); in Redis with the Redis backend
(companion/storage/redis_limits.py), so every app process shares one allowance per client. Chosen
with the backend (companion/storage/__init__.py); the web layer calls `hit()`
(companion/web/security.py `over_limit`).

Why the pace: with the window alone a minute's allowance of view loads (1,200) could be spent in
its first second, and a client polling the heaviest table that fast gave the server a second of its
work at once, which every other table's phones waited through (bench/abuse.py: their p99 tripled,
the slowest actions all in the abuser's first second). A cap per second alone moved the same bursts
to the start of every second. Paced, the same allowance comes one request at a time (20 a second)
and costs everyone little. A small allowance (30 unknown table codes a minute) may still be spent at
once: its burst is at least BURST_AT_LEAST, and the minute's window is what stops it.
"""
from __future__ import annotations

import time
from collections import deque

from .locks import short_lock

BURST_AT_LEAST = 30


def burst(per_minute: int) -> int:
    """Attempts allowed at once before the pace applies: a twentieth of the minute's (60 of 1,200:
    twelve phones behind one address tapping twice a second stay far below it), at least
    BURST_AT_LEAST."""
    return max(BURST_AT_LEAST, per_minute // 20)


def paced(arrival: float | None, now: float, per_minute: int) -> float | None:
    """GCRA: the client's next theoretical arrival time if this attempt keeps the pace (after a burst
    of `burst(per_minute)`, one every 60 / per_minute seconds), else None."""
    interval = 60 / per_minute
    arrival = now if arrival is None or arrival < now else arrival
    if arrival - now > interval * (burst(per_minute) - 1) + 1e-6:   # a microsecond for the sums' rounding
        return None
    return arrival + interval


class RateLimiter:
    """The sliding window and the pace per (client address, bucket). Bounded memory: the oldest
    clients are dropped."""

    def __init__(self, max_clients: int = 10000):
        self._hits: dict[tuple[str, str], deque] = {}
        self._arrivals: dict[tuple[str, str], float] = {}
        self._lock = short_lock()
        self._max_clients = max_clients

    def hit(self, client: str, bucket: str, per_minute: int, now: float | None = None) -> bool:
        """Record an attempt; False when the client is over its limit for the past minute or ahead
        of its pace."""
        now = time.monotonic() if now is None else now
        with self._lock:
            key = (client, bucket)
            window = self._hits.get(key)
            if window is None:
                if len(self._hits) >= self._max_clients:
                    dropped = next(iter(self._hits))
                    del self._hits[dropped]
                    self._arrivals.pop(dropped, None)
                window = self._hits[key] = deque()
            while window and window[0] <= now - 60:
                window.popleft()
            if len(window) >= per_minute:
                return False
            arrival = paced(self._arrivals.get(key), now, per_minute)
            if arrival is None:
                return False
            self._arrivals[key] = arrival
            window.append(now)
            return True
