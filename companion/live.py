"""Publish/subscribe of table versions, in-process.

A viewer's event stream waits here for "table X is now at version N" and then re-fetches its own
view. One Condition per table so a change wakes only that table's streams. Under gevent the
threading primitives are cooperative, so thousands of waiting streams cost greenlets, not threads.
Across processes sharing a Redis: companion/storage/redis_hub.py (imported only with a Redis URL).
"""
from __future__ import annotations

import threading


class Hub:
    def __init__(self):
        self._lock = threading.Lock()
        self._conditions: dict[str, threading.Condition] = {}
        self._versions: dict[str, int] = {}
        self._waiters: dict[str, int] = {}

    def _condition(self, code: str) -> threading.Condition:
        with self._lock:
            cond = self._conditions.get(code)
            if cond is None:
                cond = self._conditions[code] = threading.Condition()
            return cond

    def publish(self, code: str, version: int) -> None:
        # The version is recorded for every table, a Condition exists only for tables someone waits
        # on: with a shared Redis this process hears of every table in the cluster. A waiter reads
        # the version under its Condition after creating it, so it cannot miss this update.
        with self._lock:
            if version > self._versions.get(code, 0):
                self._versions[code] = version
            cond = self._conditions.get(code)
        if cond is not None:
            with cond:
                cond.notify_all()

    def waited_on(self) -> list[str]:
        """The tables that have an open stream in this process now."""
        with self._lock:
            return list(self._waiters)

    def close(self) -> None:
        """Nothing to release in-process (RedisHub stops its listener)."""

    def wait(self, code: str, after: int, timeout: float) -> int | None:
        """Block until the table passes version `after` or `timeout` seconds pass.
        Returns the newest known version, or None when nothing newer was published."""
        # Conditions are kept for the life of the process (one small object per table): dropping
        # one while a publisher holds it could make a new waiter miss a notify.
        cond = self._condition(code)
        with self._lock:
            self._waiters[code] = self._waiters.get(code, 0) + 1
        try:
            with cond:
                cond.wait_for(lambda: self._versions.get(code, 0) > after, timeout=timeout)
                version = self._versions.get(code, 0)
            return version if version > after else None
        finally:
            with self._lock:
                self._waiters[code] -= 1
                if not self._waiters[code]:
                    del self._waiters[code]

    def open_streams(self) -> int:
        with self._lock:
            return sum(self._waiters.values())
