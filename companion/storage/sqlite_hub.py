"""Live updates across app processes serving one SQLite file: the in-process Hub of companion/live.py,
told of the other processes' changes by reading the file.

Several processes on one file use more than one core with nothing to install: gunicorn's workers, or
`python app.py` started once per core behind a proxy that sends each table's requests to one of them
(docs/DEPLOY.md). With tables routed that way a process hears almost nothing from the others; without
it every change still reaches every process's streams, a little later.

How a process hears: every change adds one event to its table's history in the change's own
transaction (engine/change.py Change.finish), and the events' ids only grow: AUTOINCREMENT never
hands out an id again, and SQLite commits one writer at a time, so nothing committed later can show a
smaller id. A process that keeps the last id it has seen finds every change since in one read of the
ids above it. It reads only when the file has changed: `PRAGMA data_version` on its own connection
moves whenever any other connection commits, and costs microseconds. Its own changes are published as
they are made (Hub.publish, made_here) and read here again: the Hub passes over a version it knows.

It looks in a thread of its own (a green thread under gevent): every 10 ms while other processes
change tables that have streams open here, so those changes reach them that much later at most, and
every 100 ms otherwise: a process alone on its file, or whose tables are routed to it alone
(DEPLOY.md), has nobody to hear quickly. Each look wakes the process: at 100 a second they cost
1.7-3 % of a core on the benchmark machine, idle; at 10, 0.4 %.
"""
from __future__ import annotations

import logging
import sqlite3
import threading
import time

from ..live import Hub

log = logging.getLogger(__name__)

# How often it looks at the file: while other processes change tables with streams open here, and once
# they have not for QUIET_SECONDS (the first such change after that reaches its streams up to 100 ms late).
FOLLOW_SECONDS = (0.01, 0.1)
QUIET_SECONDS = 30.0   # an evening's table taps more often than this: its lag stays 10 ms
# Events read in one look: a process back from a long stall catches up in steps, never a million rows.
EVENTS_READ_MOST = 5000


class SQLiteHub(Hub):
    """Hub's publish and wait, and, once `follow()` is called (by a serving process), every version
    other processes commit to the file at `path`."""

    def __init__(self, path: str):
        super().__init__()
        self.path = path
        self._stopped = threading.Event()
        self._thread: threading.Thread | None = None

    def follow(self, every: tuple[float, float] = FOLLOW_SECONDS) -> None:
        """Starts hearing the other processes' changes (once; a process that serves calls it)."""
        if self._thread is not None:
            return
        conn = sqlite3.connect(self.path, timeout=10, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA query_only=ON")   # it only ever reads
        (last,) = conn.execute("SELECT COALESCE(MAX(id), 0) FROM events").fetchone()
        self._thread = threading.Thread(target=self._follow, args=(conn, last, every), name="sqlite-hub",
                                        daemon=True)
        self._thread.start()

    def _follow(self, conn: sqlite3.Connection, last: int, every: tuple[float, float]) -> None:
        hearing, quiet = every
        seen, heard_at = None, float("-inf")
        try:
            while not self._stopped.wait(hearing if time.monotonic() - heard_at < QUIET_SECONDS else quiet):
                try:
                    (changed,) = conn.execute("PRAGMA data_version").fetchone()
                    if changed == seen:
                        continue
                    rows = conn.execute("SELECT id, table_code, version FROM events WHERE id > ? ORDER BY id LIMIT ?",
                                        (last, EVENTS_READ_MOST)).fetchall()
                except sqlite3.Error as exc:   # a busy or vanished file: look again next time
                    log.warning("could not read other processes' changes: %s", exc)
                    continue
                # Read all there was: the next look waits for a newer commit (else reads on at once).
                seen = changed if len(rows) < EVENTS_READ_MOST else None
                if not rows:
                    continue
                last = rows[-1][0]
                newest: dict[str, int] = {}
                for _, code, version in rows:
                    newest[code] = max(version, newest.get(code, 0))
                for code, version in newest.items():
                    if version > self.newest(code) and self.watched(code):   # from elsewhere, for a stream here
                        heard_at = time.monotonic()
                    try:
                        self.publish(code, version)
                    except Exception:   # a stream's delivery failing must not stop the hearing
                        log.exception("could not publish %s v%s heard from another process", code, version)
        finally:
            conn.close()

    def close(self) -> None:
        self._stopped.set()
        if self._thread is not None:
            self._thread.join(5)
