"""The app processes a bench/live.py run measures (`AppProcesses`), started on the store its flags
ask for before anything is measured, and stopped (their throwaway files removed) once it is over."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from _server import RedisServer, Server


def seed_store(database: str, count: int) -> None:
    """`count` tables in the store before the server starts, made in-process through the app's own
    Tables (no HTTP, so 10,000 take seconds)."""
    if count <= 0:
        return
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from companion import create_app
    app = create_app({"DATABASE": database, "TESTING": True})
    tables = app.extensions["companion"]
    options = {"parts": ["dice"]}
    for _ in range(count):
        tables.create("toolbox", lambda key: options.get(key, []))
    app.extensions["companion"].hub.close()
    app.extensions["companion"].store.close()


class AppProcesses:
    """One app process on a SQLite file (the default); two sharing a throwaway redis-server, `store`
    (`two_processes`); two serving one SQLite file (`one_file`); or two with a SQLite file each
    (`split`). `seed_tables` tables are put in the store first. `servers[0]` creates the tables
    (but under split) and, unless a run routes by table, takes every action."""

    def __init__(self, *, two_processes: bool, seed_tables: int, split: bool, one_file: bool):
        self.one_file, self.split = one_file, split
        self.store, self.seeded, self.servers = None, None, []
        try:
            self._start(two_processes, seed_tables)
        except BaseException:   # a process that failed to start: stop those already started
            self.stop()
            raise

    def _start(self, two_processes: bool, seed_tables: int) -> None:
        """The store (a redis-server, or seeded tables), then the app processes, one at a time."""
        self.store = RedisServer() if two_processes else None
        if seed_tables:
            self.seeded = tempfile.TemporaryDirectory()
            database = self.store.url if self.store else os.path.join(self.seeded.name, "seeded.db")
            seed_store(database, seed_tables)
        if self.split:
            databases = [None, None]
        elif self.one_file:
            self.seeded = self.seeded or tempfile.TemporaryDirectory()
            shared = os.path.join(self.seeded.name, "seeded.db" if seed_tables else "shared.db")
            databases = [shared, shared]
        elif self.store:
            databases = [self.store.url, self.store.url]
        else:
            databases = [os.path.join(self.seeded.name, "seeded.db") if self.seeded else None]
        for database in databases:
            self.servers.append(Server(db=database))

    def setup(self, by_table: bool) -> str:
        """The result's `setup`: the processes and what they share, and how tables were routed."""
        setup = ("two app processes + Redis" if self.store else "two app processes on one SQLite file" if self.one_file
                 else "two app processes, a SQLite file each, tables split (--split)" if self.split
                 else "one app process + SQLite")
        if self.store or self.one_file:
            setup += ", routed by table" if by_table else ", each table's phones split"
        return setup

    def stop(self) -> None:
        for s in self.servers:
            s.stop()
        if self.store:
            self.store.stop()
        if self.seeded:
            self.seeded.cleanup()
