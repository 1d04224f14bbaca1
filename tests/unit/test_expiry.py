"""Old tables expire after an idle time, their history written to an archive first."""
import json

import pytest

from companion.live import Hub
from companion.storage.sqlite_store import SQLiteStore as Store
from companion.engine import Credentials, Tables, expire_idle_tables

pytestmark = pytest.mark.both_backends  # SQLite, and Redis with its last-use index


def open_store(database: str):
    if database.startswith("redis://"):
        from companion.storage.redis_store import RedisStore
        return RedisStore(database)
    return Store(database)


class Clock:
    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self):
        return self.now


def getlist(data):
    return lambda key: [str(v) for v in (data.get(key) if isinstance(data.get(key), list) else
                                         ([data[key]] if key in data else []))]


def test_idle_tables_are_archived_then_removed(tmp_path, database):
    clock = Clock()
    tables = Tables(open_store(database), Hub(), clock)
    old, host = tables.create("toolbox", getlist({"parts": ["dice"]}))
    tables.join(old, "Ann", None, reclaim=False)
    tables.act(old, "roll", getlist({}), Credentials(None, host), 2)
    clock.now += 6 * 86400
    recent, _ = tables.create("toolbox", getlist({"parts": ["dice"]}))
    clock.now += 2 * 86400  # old: 8 days idle, recent: 2 days

    removed = expire_idle_tables(tables, 7 * 86400, str(tmp_path / "archive"))

    assert removed == [old]
    assert not tables.exists(old) and tables.exists(recent)
    archived = json.loads((tmp_path / "archive" / f"{old}.json").read_text())
    assert archived["game"] == "toolbox" and archived["seats"] == [{"id": 1, "name": "Ann"}]
    assert [e["kind"] for e in archived["events"]] == ["create", "join", "move"]
    assert archived["state"]["dice"]["last"]


def test_nothing_expires_while_in_use(database):
    clock = Clock()
    tables = Tables(open_store(database), Hub(), clock)
    code, host = tables.create("toolbox", getlist({"parts": ["dice"]}))
    for _ in range(3):
        clock.now += 5 * 86400
        tables.act(code, "roll", getlist({}), Credentials(None, host), tables.version(code))
        assert expire_idle_tables(tables, 7 * 86400, None) == []
    assert tables.exists(code)
