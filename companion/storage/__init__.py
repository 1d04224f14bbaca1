"""Where tables are kept, chosen from the `--db` URL in one place: a path is a SQLite file (one
process, or several on one machine), `redis://`, `rediss://` or `unix://` is a Redis shared by several
app processes, on several machines too. With the store come the publish/subscribe hub that wakes
event streams (companion/live.py) and the rate limiter (companion/ratelimit.py) that fit it: for
SQLite the hub reads other processes' changes from the file (sqlite_hub.py) and the limits are each
process's own; for Redis both are shared through it.
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
    hub: Any            # sqlite_hub.SQLiteHub or redis_hub.RedisHub (each a live.Hub)
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
    from ..ratelimit import RateLimiter
    from .sqlite_hub import SQLiteHub
    from .sqlite_store import SQLiteStore
    store = SQLiteStore(url)
    return Backend(store, SQLiteHub(store.path), RateLimiter())
