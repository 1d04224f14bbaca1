"""Where tables are kept, chosen from the `--db` URL in one place: a path is a SQLite file (one
process), `redis://`, `rediss://` or `unix://` is a Redis shared by several app processes. With the
store come the publish/subscribe hub that wakes event streams (companion/live.py) and the rate
limiter (companion/ratelimit.py) that fit it: in-process for SQLite, shared through Redis for Redis.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .interface import Store, StorageUnusable  # noqa: F401  (the names callers need)

REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


def is_shared(url: str | None) -> bool:
    """True for a Redis URL: a store several processes (and machines) share."""
    return bool(url) and url.startswith(REDIS_SCHEMES)


def describe(url: str) -> str:
    """The URL as it may be printed: a Redis password is masked."""
    if is_shared(url):
        from .redis_store import safe_url
        return safe_url(url)
    return url


@dataclass
class Backend:
    store: Store
    hub: Any            # live.Hub or redis_hub.RedisHub
    rate_limiter: Any   # ratelimit.RateLimiter or redis_limits.RedisRateLimiter


def open_backend(url: str, history: int = 500, prefix: str = "ctc:") -> Backend:
    """Opens the store named by `url` with its hub and rate limiter; StorageUnusable when it cannot."""
    if is_shared(url):
        # Several app processes share one Redis: imported only then.
        from .redis_hub import RedisHub
        from .redis_limits import RedisRateLimiter
        from .redis_store import RedisStore
        store = RedisStore(url, history=history, prefix=prefix)
        return Backend(store, RedisHub(store), RedisRateLimiter(store))
    from ..live import Hub
    from ..ratelimit import RateLimiter
    from .sqlite_store import SQLiteStore
    return Backend(SQLiteStore(url), Hub(), RateLimiter())
