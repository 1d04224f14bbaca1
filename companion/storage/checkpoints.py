"""The SQLite store's checkpoints, each in a thread of the operating system's own.

In WAL mode a commit appends the pages it changed to the write-ahead log, and a checkpoint copies
them back into the database file and syncs it, so the log can start again from its beginning. SQLite
runs one itself inside whichever commit finds the log past 1,000 pages: at a tap a second on 300
tables about once a second, and that commit then took 5-21 ms while the server's one loop waited,
with every screen's delivery behind it. In 6,000 rolls on 300 tables such commits held the loop
over 5 ms 17-21 times; with the checkpoints here, 0-2 times (bench/checkpoints.py; docs/PERFORMANCE.md,
"Checkpoints off the loop").

So the store's connections never checkpoint (`wal_autocheckpoint=0`, SQLiteStore._connect), and
every `every` commits a thread of the operating system's own opens a connection and runs a passive
checkpoint: it waits for no reader and no writer, and sqlite3 lets go of Python's lock while SQLite
works, so the loop serves on meanwhile. Not a greenlet: the copy and the sync would hold the loop as
before. One at a time; the thread ends with its checkpoint. Commits go on while it runs, and the next
one to pass `every` after it starts the next, so the log stays near the size SQLite's own checkpoints
kept it. When the last connection of a process closes, SQLite checkpoints what is left itself.
"""
from __future__ import annotations

import logging
import sqlite3

from gevent import monkey

log = logging.getLogger(__name__)

# The operating system's own thread, also where gevent has patched the standard library (app.py,
# gunicorn's gevent worker), where threading's would be a greenlet.
start_new_thread = monkey.get_original("_thread", "start_new_thread")

# Commits between checkpoints: a Toolbox roll writes about five pages, so about SQLite's own 1,000.
CHECKPOINT_COMMITS = 200


class Checkpoints:
    """One store's checkpoints: counts its commits and starts the next thread when they are due."""

    def __init__(self, path: str, every: int = CHECKPOINT_COMMITS):
        self.path, self.every = path, every
        self.commits = 0          # since the last checkpoint began
        self.running = False
        self.done = 0             # checkpoints run (tests)
        self.failed: str | None = None   # the last one's error, logged by the loop, not by the thread

    def committed(self) -> None:
        """After each write transaction's commit, in the loop: a checkpoint begins every `every`."""
        if self.failed is not None:
            # Logged here: logging's locks are gevent's where it has patched them, which a thread of
            # the operating system's own must not take.
            log.warning("a checkpoint of the write-ahead log failed: %s", self.failed)
            self.failed = None
        self.commits += 1
        if self.commits >= self.every and not self.running:
            self.commits, self.running = 0, True
            try:
                start_new_thread(self._checkpoint, ())
            except RuntimeError as exc:   # no thread to be had: the next commit tries again
                self.running, self.failed = False, str(exc)

    def _checkpoint(self) -> None:
        try:
            conn = sqlite3.connect(self.path, timeout=10)
            try:
                conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
            finally:
                conn.close()
        except Exception as exc:   # never out of the thread: said by the next commit
            self.failed = str(exc) or type(exc).__name__
        finally:
            self.done += 1
            self.running = False
