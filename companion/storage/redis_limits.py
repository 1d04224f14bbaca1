"""Rate limits per client address kept in Redis, so the limits hold for the whole cluster: the same
sliding window and pace as companion/ratelimit.py's RateLimiter. Imported only when the store is a
Redis (companion/storage/__init__.py)."""
from __future__ import annotations

import random
import time

from redis.exceptions import RedisError

from ..ratelimit import burst
from .interface import StorageUnreachable


class RedisRateLimiter:
    """RateLimiter's sliding window and pace, kept in Redis so the limits hold for the whole
    cluster rather than per process. One Lua script per attempt: trim the window, count, check and
    move the pace, record, so two processes cannot both let the last allowed attempt through. Keys
    expire a minute after the last attempt, so memory stays bounded by the clients active in the
    past minute."""

    # KEYS: the window (a sorted set of attempts), the theoretical arrival time (GCRA, see paced()).
    # ARGV: now, per_minute, a unique member, the burst.
    SCRIPT = """
    local now, per_minute = tonumber(ARGV[1]), tonumber(ARGV[2])
    redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - 60)
    if redis.call('ZCARD', KEYS[1]) >= per_minute then return 0 end
    local interval = 60 / per_minute
    local arrival = tonumber(redis.call('GET', KEYS[2]) or '0')
    if arrival < now then arrival = now end
    if arrival - now > interval * (tonumber(ARGV[4]) - 1) + 0.000001 then return 0 end
    redis.call('SET', KEYS[2], string.format('%.6f', arrival + interval), 'EX', 61)
    redis.call('ZADD', KEYS[1], now, ARGV[3])
    redis.call('EXPIRE', KEYS[1], 61)
    return 1
    """

    def __init__(self, store):
        self.prefix = f"{store.prefix}limit:"
        self._script = store.client.register_script(self.SCRIPT)

    def hit(self, client: str, bucket: str, per_minute: int, now: float | None = None) -> bool:
        """Record an attempt; False when the client is over its limit for the past minute or ahead
        of its pace. The wall clock, not a monotonic one: every process on every machine must agree
        on it."""
        now = time.time() if now is None else now
        # an address from a header is bounded here; the {hash tag} keeps both keys in one Cluster slot
        key = f"{self.prefix}{{{bucket[:20]}:{client[:64]}}}"
        member = f"{now:.6f}:{random.getrandbits(32)}"
        try:
            return bool(self._script(keys=[key, key + ":pace"], args=[now, per_minute, member, burst(per_minute)]))
        except RedisError as exc:
            raise StorageUnreachable(str(exc)) from exc
