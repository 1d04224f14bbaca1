"""The SQLite store's checkpoints, each in a thread of the operating system's own.

In WAL mode a commit appends the pages it changed to the write-ahead log, and a checkpoint copies
them back into the database file and syncs it, so the log can start again from its beginning. SQLite
runs one itself inside whichever commit finds the log past 1,000 pages: at a tap a second on 300
tables about once a second, and that commit then took 5-21 ms while the server's one loop waited,
with every screen's delivery behind it. In 6,000 rolls on 300 tables such commits held the loop
over 5 ms 17-21 times; with the checkpoints here, 0-2 times (bench/checkpoints.py; docs/PERFORMANCE.md,
"Checkpoints off the loop").

So the store's connections never checkpoint (`wal_autocheckpoint=0`, SQLiteStore._connect), and
every `every` commits a thread of the operating system's own opens a connection and checkpoints, in
two steps; sqlite3 lets go of Python's lock while SQLite works, so the loop serves on meanwhile. Not
a greenlet: the copy and the sync would hold the loop as before. One at a time; the thread ends with
its checkpoint, and the next commit to pass `every` after it starts the next.

- A passive checkpoint copies the bulk of the log (about a thousand pages) while commits go on: it
  waits for no reader and no writer.
- When commits came meanwhile, a restart checkpoint then copies them (a few pages), holding new
  commits back for that and the syncs, so the next commit writes the log from its beginning again
  (when none came, the next commit does so by itself, and nothing is held back). A commit
  about to begin meanwhile waits (`hold_back`, in sleeps that let the loop serve on): a writer that
  went on committing would keep the lock from the step, which SQLite's busy handler tries again
  only after 1, 2, 5 ms and more.

SQLite starts the log again only when a commit begins with every page of it copied back. With the
passive step alone that never happened while taps kept coming, since each checkpoint ran while
commits were added behind it: at 900 taps a second the log grew by 19 MB a second for as long as the
load lasted (250 MB in a 13 s run of bench/live.py), and each page appended to new space in the file
cost the kernel a zeroed page: 8 % of the server's CPU (perf). Now it stays near 8 MB. The
restart step waits at most RESTART_WAIT_SECONDS for the writer and the readers using the log; when
that is not enough it leaves the rest to the next checkpoint. When the last connection of a process
closes, SQLite checkpoints what is left itself.
"""
from __future__ import annotations

import logging
import sqlite3
import time

from gevent import monkey

log = logging.getLogger(__name__)

# The operating system's own thread, also where gevent has patched the standard library (app.py,
# gunicorn's gevent worker), where threading's would be a greenlet.
start_new_thread = monkey.get_original("_thread", "start_new_thread")

# Commits between checkpoints: a Toolbox roll writes about five pages, so about SQLite's own 1,000.
CHECKPOINT_COMMITS = 200
# How long the restart step waits for the write lock and for readers still using the log (SQLite's
# busy handler, in the checkpoint's own thread). A commit holds the lock for a fraction of a
# millisecond and a read is as short; past this the step gives up and holds no commit back longer.
RESTART_WAIT_SECONDS = 0.05
# How often a commit held back looks again whether the restart step is over.
HELD_BACK_PAUSE = 0.0002


class Checkpoints:
    """One store's checkpoints: counts its commits and starts the next thread when they are due."""

    def __init__(self, path: str, every: int = CHECKPOINT_COMMITS):
        self.path, self.every = path, every
        self.commits = 0          # since the last checkpoint began
        self.running = False
        self.restarting = False   # the restart step is running: commits wait for it (hold_back)
        self.done = 0             # checkpoints run (tests)
        self.restarts = 0         # of them, the ones that needed the restart step (tests)
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

    def hold_back(self) -> None:
        """Before a write transaction begins, in the loop: while the restart step runs, wait for it
        (at most RESTART_WAIT_SECONDS), in sleeps that are gevent's where it has patched time."""
        if not self.restarting:
            return
        ends = time.monotonic() + RESTART_WAIT_SECONDS
        while self.restarting and time.monotonic() < ends:
            time.sleep(HELD_BACK_PAUSE)

    def _checkpoint(self) -> None:
        try:
            conn = sqlite3.connect(self.path, timeout=10)
            try:
                logged, copied = self._copy(conn)
                # Commits that came while it copied are not in what it saw (`logged`): counted here.
                if self.commits or copied < logged:
                    self._restart(conn)
            finally:
                conn.close()
        except Exception as exc:   # never out of the thread: said by the next commit
            self.failed = str(exc) or type(exc).__name__
        finally:
            self.done += 1
            self.running = False

    @staticmethod
    def _copy(conn: sqlite3.Connection) -> tuple[int, int]:
        """The passive step: the log's pages as it found them, and how many of those are copied."""
        _, logged, copied = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        return logged, copied

    def _restart(self, conn: sqlite3.Connection) -> None:
        """The restart step: what came meanwhile, with new commits held back (hold_back)."""
        conn.execute(f"PRAGMA busy_timeout = {int(RESTART_WAIT_SECONDS * 1000)}")
        self.restarting = True
        try:
            conn.execute("PRAGMA wal_checkpoint(RESTART)").fetchall()
        finally:
            self.restarting = False
        self.restarts += 1
