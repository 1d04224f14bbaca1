"""Publish/subscribe of table versions, in-process.

A viewer's event stream hears here that "table X is now at version N", and its event is made with
its own view: pushed to it by web/deliveries.py (`on_publish`) on the app's own server,
or, under any other server, by the stream itself after waiting here (`wait`). One Event per table and
version so a change wakes only that table's waiting streams. Under gevent the
threading primitives are cooperative, so thousands of waiting streams cost greenlets, not threads.
Across processes sharing a Redis: companion/storage/redis_hub.py (imported only with a Redis URL); sharing
a SQLite file: companion/storage/sqlite_hub.py.
"""
from __future__ import annotations

import threading

from .locks import short_lock


class Hub:
    """Each table's newest version, and an Event its waiting streams share, set by the next publish
    that passes it and then replaced (under gevent, threading.Event is gevent's own, written in C:
    a Condition woke each waiter through a lock of its own, in Python)."""

    def __init__(self):
        self._lock = short_lock()
        self._versions: dict[str, int] = {}
        self._next: dict[str, threading.Event] = {}   # table -> set by its next newer version
        self._waiters: dict[str, int] = {}
        # Called with (table, version, made_here) for every newer version, after its waiters are
        # woken: the event streams that take their events pushed (web/deliveries.py Deliveries).
        # made_here: the change was made by this process, in the calling greenlet (not heard from
        # another process).
        self.on_publish = None

    def publish(self, code: str, version: int, made_here: bool = False) -> None:
        # The version is recorded for every table, an Event exists only for tables someone waits on:
        # with a shared Redis this process hears of every table in the cluster. A waiter reads the
        # version and takes the Event under the same lock, so it cannot miss this update.
        with self._lock:
            known = self._versions.get(code, 0)
            if version < known or (version == known and not made_here):
                return   # nothing newer (this process's own change, heard again from Redis)
            # A change of this process's own may be heard from Redis (its commit PUBLISHes it) before
            # its greenlet gets here: its waiters were woken then, and its deliveries are made here
            # all the same, so every screen's event is on its way before the tap's answer
            # (Deliveries.published).
            event = None
            if version > known:
                self._versions[code] = version
                event = self._next.pop(code, None)
        if event is not None:
            event.set()
        if self.on_publish is not None:
            self.on_publish(code, version, made_here)

    def newest(self, code: str) -> int:
        """The newest version of the table this process has heard of (0: none)."""
        with self._lock:
            return self._versions.get(code, 0)

    def waited_on(self) -> list[str]:
        """The tables that have an open stream in this process now (waiting here, or watching)."""
        with self._lock:
            return list(self._waiters)

    def watched(self, code: str) -> bool:
        """Whether a stream of the table is open in this process (waiting here, or watching)."""
        return code in self._waiters   # one dict lookup: atomic, and a moment's staleness is harmless

    def watch(self, code: str) -> None:
        """A stream that takes its events from on_publish, not wait(), is open on the table: counted
        as a waiter, so RedisHub re-reads its table's version after a lost subscription."""
        with self._lock:
            self._count_waiter(code)

    def unwatch(self, code: str) -> None:
        with self._lock:
            self._uncount_waiter(code)

    def _count_waiter(self, code: str) -> None:   # under the lock
        self._waiters[code] = self._waiters.get(code, 0) + 1

    def _uncount_waiter(self, code: str) -> bool:
        """Under the lock: one waiter fewer; whether it was the table's last."""
        self._waiters[code] -= 1
        if self._waiters[code]:
            return False
        del self._waiters[code]
        return True

    def follow(self) -> None:
        """Nothing to hear from other processes (storage/sqlite_hub.py SQLiteHub reads theirs from the
        file; RedisHub hears them from its subscription)."""

    def close(self) -> None:
        """Nothing to release in-process (RedisHub and SQLiteHub stop their listeners)."""

    def wait(self, code: str, after: int, timeout: float) -> int | None:
        """Block until the table passes version `after` or `timeout` seconds pass.
        Returns the newest known version, or None when nothing newer was published."""
        with self._lock:
            version = self._versions.get(code, 0)
            if version > after:
                return version
            event = self._next.get(code)
            if event is None:
                event = self._next[code] = threading.Event()
            self._count_waiter(code)
        try:
            event.wait(timeout)
        finally:
            with self._lock:
                if self._uncount_waiter(code) and self._next.get(code) is event:
                    del self._next[code]   # nobody waits on it: the next waiter makes a new one
                version = self._versions.get(code, 0)
        return version if version > after else None

    def open_streams(self) -> int:
        with self._lock:
            return sum(self._waiters.values())
