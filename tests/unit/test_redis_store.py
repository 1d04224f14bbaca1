"""The Redis backend on its own: history capped per table (and with it the undo depth), a conflict
re-runs the work instead of losing an update, the hub hears other processes and ignores junk, and an
unreachable Redis is a 503 sentence."""
from __future__ import annotations

import threading

import pytest
import redis

from companion import create_app
from companion.errors import RuleError
from companion.live import Hub
from companion.storage.redis_hub import RedisHub
from companion.storage.redis_store import RedisStore
from companion.engine import Credentials, Tables
from tests.conftest import RedisServer

pytestmark = pytest.mark.redis


def getlist(data):
    return lambda key: [str(v) for v in (data[key] if isinstance(data.get(key), list) else
                                         ([data[key]] if key in data else []))]


@pytest.fixture
def url(redis_server):
    redis_server.flush()
    return redis_server.url()


def test_history_is_capped_per_table_and_undo_goes_back_as_far_as_it_reaches(url):
    store = RedisStore(url, history=5)
    tables = Tables(store, Hub())
    code, host = tables.create("toolbox", getlist({"parts": ["counters"], "counters": "Taps: 0"}))
    version = 1
    for _ in range(10):
        version = tables.act(code, "count", getlist({"counter_index": 0, "delta": 1}), Credentials(None, host), version)
    r = store.client
    assert r.llen(store.key(code, "log")) == 5 and r.llen(store.key(code, "live")) == 5
    for _ in range(4):  # the live stack holds moves 6..10: four of them can be taken back
        version = tables.undo(code, Credentials(None, host), version)
    with store.read() as tx:
        assert tx.get_table(code).state["counters"][0]["value"] == 6
    with pytest.raises(RuleError, match="nothing to undo"):
        tables.undo(code, Credentials(None, host), version)
    with store.read() as tx:  # the log keeps the newest five, undone ones flagged
        events = tx.all_events(code)
    # events 11..15: the tenth move (flagged undone) and the four undos
    assert [e["kind"] for e in events] == ["move", "undo", "undo", "undo", "undo"]
    assert events[0]["undone"] is True
    store.close()


def test_a_conflicting_commit_runs_the_work_again_and_loses_nothing(url):
    """Process B seats Bob between process A's read and A's commit: A's EXEC fails, A runs its join
    again on fresh data, and both are seated with distinct seat numbers."""
    a, b = Tables(RedisStore(url), Hub()), Tables(RedisStore(url), Hub())
    code, _ = a.create("toolbox", getlist({"parts": ["dice"]}))
    attempts = []
    real = a.store.transact

    def transact_with_interference(work):
        def interfered(tx):
            attempts.append(1)
            result = work(tx)
            if len(attempts) == 1:
                b.join(code, "Bob", None, reclaim=False)
            return result
        return real(interfered)

    a.store.transact = transact_with_interference
    seat, _, outcome = a.join(code, "Ann", None, reclaim=False)
    assert len(attempts) == 2 and outcome == "joined"
    with a.store.read() as tx:
        seats = {s.name: s.seat_id for s in tx.seats(code)}
        assert tx.get_table(code).version == 3
    assert seats == {"Bob": 1, "Ann": 2} and seat.id == 2


def _with_interference(tables, other):
    """Makes `tables`' next transaction lose its race: `other` commits in between."""
    real = tables.store.transact
    fired = []

    def transact_with_interference(work):
        def interfered(tx):
            result = work(tx)
            if not fired:
                fired.append(1)
                other()
            return result
        return real(interfered)
    tables.store.transact = transact_with_interference


def test_an_independent_move_that_loses_the_race_is_applied_on_top_once(url):
    a, b = Tables(RedisStore(url), Hub()), Tables(RedisStore(url), Hub())
    code, host = a.create("toolbox", getlist({"parts": ["counters"], "counters": "Taps: 0"}))
    _with_interference(a, lambda: b.act(code, "count", getlist({"counter_index": 0, "delta": 1}), Credentials(None, host), 1))
    a.act(code, "count", getlist({"counter_index": 0, "delta": 5}), Credentials(None, host), 1)
    with a.store.read() as tx:
        row = tx.get_table(code)
    assert row.version == 3 and row.state["counters"][0]["value"] == 6   # both, each once


def test_a_flow_move_that_loses_the_race_is_refused_as_stale_not_applied_twice(url):
    a, b = Tables(RedisStore(url), Hub()), Tables(RedisStore(url), Hub())
    code, host = a.create("toolbox", getlist({"parts": ["rounds"], "rounds": "5"}))
    _with_interference(a, lambda: b.act(code, "round_next", getlist({}), Credentials(None, host), 1))
    from companion.engine import Stale
    with pytest.raises(Stale):
        a.act(code, "round_next", getlist({}), Credentials(None, host), 1)
    with a.store.read() as tx:
        row = tx.get_table(code)
    assert row.version == 2 and row.state["rounds"]["current"] == 2


def test_the_hub_hears_other_processes_and_ignores_junk(url):
    store = RedisStore(url)
    hub = RedisHub(store)
    try:
        got = []
        waiter = threading.Thread(target=lambda: got.append(hub.wait("ABCDEF", 3, timeout=10)))
        waiter.start()
        publisher = redis.Redis.from_url(url)
        publisher.publish(store.channel_prefix() + "ABCDEF", "not a number")
        publisher.publish(store.channel_prefix() + "ABCDEF", "4")
        waiter.join(15)
        assert got == [4]
        assert hub.wait("ABCDEF", 4, timeout=0.2) is None  # the junk message changed nothing
    finally:
        hub.close()
        store.close()


def test_an_unreachable_redis_is_a_503_sentence(tmp_path):
    own = RedisServer(tmp_path).start()
    app = create_app({"DATABASE": own.url(), "TESTING": True})
    try:
        client = app.test_client()
        r = client.post("/tables", data={"game": "toolbox", "parts": ["dice"]})
        code = r.headers["Location"].rsplit("/", 1)[-1]
        own.kill()
        r = client.get(f"/t/{code}/view.json")
        assert r.status_code == 503 and "cannot reach its storage" in r.json["error"]
        r = client.post(f"/t/{code}/act/roll", data={"version": 1}, headers={"Accept": "application/json"})
        assert r.status_code == 503
    finally:
        app.extensions["companion"].hub.close()
        own.kill()


def test_rate_limits_are_shared_by_every_process(url):
    """Two apps (as two processes would) on one Redis: the lookups a client makes through either
    count against one allowance; another client has its own."""
    apps = [create_app({"DATABASE": url, "LOOKUPS_PER_MINUTE": 3}) for _ in range(2)]
    try:
        a, b = (x.test_client() for x in apps)
        unknown = "/t/ZZZZZZ/events"
        assert [a.get(unknown).status_code, b.get(unknown).status_code, a.get(unknown).status_code] == [404] * 3
        assert b.get(unknown).status_code == 429 and a.get(unknown).status_code == 429
        other = apps[1].test_client()
        assert other.get(unknown, environ_base={"REMOTE_ADDR": "10.9.8.7"}).status_code == 404
    finally:
        for x in apps:
            x.extensions["companion"].hub.close()


def test_the_shared_window_slides(url):
    from companion.storage.redis_limits import RedisRateLimiter
    limiter = RedisRateLimiter(RedisStore(url))
    assert [limiter.hit("1.2.3.4", "join", 2, now=t) for t in (1000.0, 1010.0, 1020.0)] == [True, True, False]
    assert limiter.hit("1.2.3.4", "join", 2, now=1061.0)  # the first attempt left the minute
    assert not limiter.hit("1.2.3.4", "join", 2, now=1062.0)
    # a large allowance: a burst, then a pace, as in process (tests/unit/test_ratelimit.py)
    assert all(limiter.hit("1.2.3.4", "view", 1200, now=2000.0) for _ in range(60))
    assert not limiter.hit("1.2.3.4", "view", 1200, now=2000.04)
    assert limiter.hit("1.2.3.4", "view", 1200, now=2000.051)
    assert not limiter.hit("1.2.3.4", "view", 1200, now=2000.052)


def test_a_view_reads_its_table_in_one_round_trip_and_sees_the_newest_events(url):
    """Each round trip waits its turn on a busy process: a snapshot (what every stream's view is made
    from) reads the table's hash, its live top and its newest events in one MULTI."""
    store = RedisStore(url)
    tables = Tables(store, Hub())
    code, host = tables.create("toolbox", getlist({"parts": ["counters"], "counters": "Taps: 0"}))
    version = 1
    for _ in range(40):
        version = tables.act(code, "count", getlist({"counter_index": 0, "delta": 1}), Credentials(None, host), version)
    tables.undo(code, Credentials(None, host), version)
    trips = []
    real_execute, real_pipeline = store.client.execute_command, store.client.pipeline

    def counted_pipeline(*args, **kwargs):
        pipe = real_pipeline(*args, **kwargs)
        real = pipe.execute
        pipe.execute = lambda *a, **k: trips.append("pipeline") or real(*a, **k)
        return pipe
    store.client.execute_command = lambda *a, **k: trips.append(a[0]) or real_execute(*a, **k)
    store.client.pipeline = counted_pipeline
    snap = tables.snapshot(code, Credentials(None, host))
    assert trips == ["pipeline"]
    assert snap.notices and snap.notices[0]["kind"] == "undo"   # the newest event, read in that trip
    # more than the newest 30 events is read apart, in full
    with store.read() as tx:
        assert [e.version for e in tx.history(code, 35)] == list(range(version + 1, version - 34, -1))


def _count_sends(monkeypatch) -> list:
    """Every request written to any Redis connection of this process (a round trip each)."""
    sent = []
    real = redis.connection.Connection.send_packed_command

    def counting(self, command, *args, **kwargs):
        sent.append(bytes(command[0] if isinstance(command, list) else command)[:40])
        return real(self, command, *args, **kwargs)
    monkeypatch.setattr(redis.connection.Connection, "send_packed_command", counting)
    return sent


def _heard(listener, code: str) -> list[str]:
    """The versions of `code` a pattern subscriber has heard so far."""
    versions = []
    while (message := listener.get_message(timeout=0.5)) is not None:
        if message["type"] == "pmessage" and message["channel"].endswith(code):
            versions.append(message["data"])
    return versions


def test_a_move_is_two_round_trips_watch_and_reads_then_multi_exec_with_its_publish(url, monkeypatch):
    """A move WATCHes its table and reads the hash and the live top in one round trip, and commits
    its writes and PUBLISHes its version in one MULTI/EXEC: on a busy process every round trip
    waits its turn. A version no commit published is still sent by the hub itself."""
    store = RedisStore(url)
    hub = RedisHub(store)
    listener = redis.Redis.from_url(url, decode_responses=True).pubsub()
    listener.psubscribe(store.channel_prefix() + "*")
    try:
        tables = Tables(store, hub)
        code, host = tables.create("toolbox", getlist({"parts": ["counters"], "counters": "Taps: 0"}))
        version = tables.act(code, "count", getlist({"counter_index": 0, "delta": 1}), Credentials(None, host), 1)
        _heard(listener, code)
        sent = _count_sends(monkeypatch)
        version = tables.act(code, "count", getlist({"counter_index": 0, "delta": 1}), Credentials(None, host), version)
        assert len(sent) == 2 and b"WATCH" in sent[0] and b"MULTI" in sent[1]
        assert _heard(listener, code) == [str(version)]   # once: the hub did not send it again
        hub.publish(code, version + 5)
        assert _heard(listener, code) == [str(version + 5)]
        tables.undo(code, Credentials(None, host), version)   # undo reads the log apart (mark_undone)
        with store.read() as tx:
            row = tx.get_table(code)
        assert row.version == 4 and row.state["counters"][0]["value"] == 1
    finally:
        listener.close()
        hub.close()
        store.close()


def test_an_error_reply_among_the_watched_reads_leaves_the_connection_in_step(url):
    """A read after the WATCH answering an error (a key of the wrong type) is the storage error it
    always was, and the connection, its other replies read, serves the next move correctly."""
    store = RedisStore(url, max_connections=1)   # one connection: the next move gets the same one
    tables = Tables(store, Hub())
    code, host = tables.create("toolbox", getlist({"parts": ["counters"], "counters": "Taps: 0"}))
    live = store.key(code, "live")
    kept = store.client.lrange(live, 0, -1)
    store.client.delete(live)
    store.client.set(live, "not a list")
    from companion.storage.interface import StorageError
    with pytest.raises(StorageError):
        tables.act(code, "count", getlist({"counter_index": 0, "delta": 1}), Credentials(None, host), 1)
    store.client.delete(live)
    store.client.rpush(live, *kept)
    assert tables.act(code, "count", getlist({"counter_index": 0, "delta": 2}), Credentials(None, host), 1) == 2
    with store.read() as tx:
        assert tx.get_table(code).state["counters"][0]["value"] == 2
    store.close()


def test_a_connection_lost_while_watching_runs_the_work_again(url, monkeypatch):
    """A connection that breaks after the WATCH was sent loses what it watched: the attempt is
    retried as a conflict (nothing was written), and the move is applied once."""
    store = RedisStore(url)
    tables = Tables(store, Hub())
    code, host = tables.create("toolbox", getlist({"parts": ["counters"], "counters": "Taps: 0"}))
    real = redis.connection.Connection.read_response
    broken = []

    def breaks_once(self, *args, **kwargs):
        if not broken:
            broken.append(1)
            self.disconnect()
            raise redis.exceptions.ConnectionError("gone")
        return real(self, *args, **kwargs)
    real_watch_and_read = store.watch_and_read

    def watch_then_break(pipe, key, *reads):
        pipe.watching = True   # as if an earlier table of this transaction were watched already
        monkeypatch.setattr(redis.connection.Connection, "read_response", breaks_once)
        try:
            return real_watch_and_read(pipe, key, *reads)
        finally:
            monkeypatch.setattr(redis.connection.Connection, "read_response", real)
    monkeypatch.setattr(store, "watch_and_read", watch_then_break)
    assert tables.act(code, "count", getlist({"counter_index": 0, "delta": 3}), Credentials(None, host), 1) == 2
    assert broken == [1]
    with store.read() as tx:
        assert tx.get_table(code).state["counters"][0]["value"] == 3
    store.close()


def test_a_live_entry_keeps_its_state_as_the_engine_encoded_it_and_reads_it_back(url):
    """The live stack's entry holds the state after the move, last, as the same JSON as ever; read
    back from Redis or from the work that queued it, it is the state decoded."""
    import json
    store = RedisStore(url)
    tables = Tables(store, Hub())
    code, host = tables.create("toolbox", getlist({"parts": ["counters"], "counters": "Taps: 0"}))
    tables.act(code, "count", getlist({"counter_index": 0, "delta": 1}), Credentials(None, host), 1)
    entry = json.loads(store.client.lindex(store.key(code, "live"), -1))
    assert list(entry) == ["id", "version", "kind", "move", "seat", "at", "args", "state_after"]
    with store.read() as tx:
        state = tx.get_table(code).state
        assert entry["state_after"] == state and tx.live_states(code, 1)[0].state_after == state

    class Abandon(Exception):
        pass
    seen = []

    def work(tx):
        tx.add_event(code, 3, "move", 1.0, move="count", state_after=json.dumps({"a": 1}))
        seen.extend(tx.live_states(code, 2))
        raise Abandon   # nothing committed
    with pytest.raises(Abandon):
        store.transact(work)
    assert [e.state_after for e in seen] == [{"a": 1}, state]
    assert store.client.llen(store.key(code, "live")) == 2
    store.close()
