"""Several app processes sharing one store: a Redis (issue 10), or one SQLite file (issue 29,
companion/storage/sqlite_hub.py). On each: an action on one process reaches an event stream on
another, concurrent actions and joins through two processes lose nothing, a process killed mid-game
loses nothing acknowledged, and a gunicorn with two gevent workers serves live updates. On Redis
each process holds one subscriber connection however many streams it serves."""
from __future__ import annotations

import json
import os
import re
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time

import pytest

from tests.conftest import ROOT, HttpDevice, RedisServer, ServerProcess, free_port, kill_moments, wait_for_kill_moment

pytestmark = [pytest.mark.slow]
SHARED = [pytest.param("redis", marks=pytest.mark.redis), "sqlite"]   # the stores several processes share

# The README promises live updates "within a fraction of a second"; across two processes sharing a store
# the same target holds. Timing is noisy on shared cores, so the test checks the median against the
# target and each single update against a generous ceiling.
TARGET_SECONDS = 1.0
CEILING_SECONDS = 5.0


def shared_store(request, backend: str, tmp_path_factory) -> str:
    """The `--db` two processes share: the session's Redis, emptied, or a new SQLite file."""
    if backend == "redis":
        redis_server = request.getfixturevalue("redis_server")
        redis_server.flush()
        return redis_server.url()
    return str(tmp_path_factory.mktemp("shared") / "tables.db")


@pytest.fixture(scope="module", params=SHARED)
def pair(request, tmp_path_factory):
    """Two app processes (python app.py) on different ports, sharing the session's Redis or one
    SQLite file; started together, once for the module and store (each test makes its own tables;
    the kill test restarts A)."""
    database = shared_store(request, request.param, tmp_path_factory)
    # The tests' devices are scripts asking again at once, far faster than phones: beyond the
    # per-address burst of view loads and moves a phone never meets (companion/ratelimit.py).
    fast = {"COMPANION_VIEWS_PER_MINUTE": "100000", "COMPANION_MOVES_PER_MINUTE": "100000"}
    servers = [ServerProcess(database, env=fast) for _ in range(2)]
    starting = [threading.Thread(target=server.start) for server in servers]
    for thread in starting:
        thread.start()
    for thread in starting:
        thread.join()
    try:
        for server in servers:
            assert server.proc is not None and server.proc.poll() is None, "an app process did not start"
        yield tuple(servers)
    finally:
        for server in servers:
            server.kill()


def new_table(server: ServerProcess, **options) -> tuple[HttpDevice, str]:
    host = HttpDevice(server.url)
    status, headers, body = host.request("/tables", {"game": "toolbox", **options}, accept="text/html")
    assert status == 303, body
    return host, headers["Location"].rsplit("/", 1)[-1]


class Stream:
    """A raw event stream on one server, read in a thread; records (version, arrival time)."""

    def __init__(self, port: int, code: str, last_seen: int):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.sock.sendall((f"GET /t/{code}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
                           f"Last-Event-ID: {last_seen}\r\n\r\n").encode())
        self.events: list[tuple[int, float]] = []
        self.opened = threading.Event()
        self.changed = threading.Condition()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()
        assert self.opened.wait(10), "the stream did not open"

    def _read(self) -> None:
        buffer = b""
        try:
            while True:
                chunk = self.sock.recv(4096)
                if not chunk:
                    return
                buffer += chunk
                if b": ok" in buffer:
                    self.opened.set()
                for version in map(int, re.findall(rb"event: changed\r?\nid: (\d+)", buffer)):
                    with self.changed:
                        self.events.append((version, time.perf_counter()))
                        self.changed.notify_all()
                buffer = buffer[buffer.rfind(b"\n\n") + 2:] if b"\n\n" in buffer else buffer
        except OSError:
            return

    def arrival(self, version: int, timeout: float) -> float | None:
        with self.changed:
            self.changed.wait_for(lambda: any(v >= version for v, _ in self.events), timeout)
            return next((t for v, t in self.events if v >= version), None)

    def close(self) -> None:
        self.sock.close()


def test_an_action_on_one_process_reaches_a_stream_on_the_other(pair):
    a, b = pair
    host, code = new_table(a, parts=["dice"])
    phone = HttpDevice(b.url)
    assert phone.request(f"/t/{code}/join", {"name": "Ann"}, accept="text/html")[0] == 303
    version = phone.view(code)["version"]
    stream = Stream(b.port, code, version)
    try:
        delays = []
        for _ in range(8):
            started = time.perf_counter()
            version = host.act(code, "roll")["version"]
            arrived = stream.arrival(version, CEILING_SECONDS)
            assert arrived is not None, f"version {version} never reached the other process's stream"
            delays.append(arrived - started)
            assert phone.view(code)["version"] == version  # and process B serves the fresh view
        assert statistics.median(delays) < TARGET_SECONDS, delays
    finally:
        stream.close()


def test_taps_over_a_socket_on_one_process_reach_the_streams_on_the_other(pair):
    """A page's tap socket (web/tap_socket.py) acts through the same engine: a tap over Ann's socket
    on B reaches the board's stream on A with her roll in its view, and the board's tap over its
    socket on A, answered 204 as its stream on A carried the view, reaches Ann's stream on B."""
    from tests.web.test_pushed_streams import Stream as PageStream
    from tests.web.test_tap_socket import TapSocket
    a, b = pair
    host, code = new_table(a, parts=["dice"])
    ann = HttpDevice(b.url).join(code, "Ann")
    board_stream, ann_stream = PageStream(a, code, "board", host, tab="board-1"), PageStream(b, code, "seat", ann)
    board, phone = TapSocket(a, code, host, tab="board-1"), TapSocket(b, code, ann)
    try:
        seen = host.view(code)["version"]
        answer = phone.tap("act/roll", version=seen, game_number=1, **{"as": "seat"})
        assert answer["status"] == 200, answer   # her page's stream is on B but names no tab: the view
        made = int(re.search(r'data-version="(\d+)"', answer["body"]).group(1))
        version, html = board_stream.event()
        assert version == made and "Ann rolled" in html
        assert ann_stream.event()[0] == made

        answer = board.tap("act/roll", version=made, game_number=1)
        assert answer["status"] == 204, answer
        assert int(answer["headers"]["X-View-Version"]) == made + 1
        version, html = ann_stream.event()
        assert version == made + 1 and "The board rolled" in html and "Ann rolled" in html
    finally:
        for held in (board_stream, ann_stream, board, phone):
            held.close()


def test_concurrent_moves_through_two_processes_lose_no_update(pair):
    a, b = pair
    host, code = new_table(a, parts=["counters"], counters="Taps: 0")
    taps_each = 40
    acked = {a.url: 0, b.url: 0}
    errors: list[str] = []

    def tap(server: ServerProcess) -> None:
        # a phone, acting through its own process
        device = HttpDevice(server.url).join(code, f"Tapper {server.port}")
        while acked[server.url] < taps_each:
            version = device.view(code)["version"]
            status, _, body = device.request(f"/t/{code}/act/count",
                                             {"version": version, "counter_index": 0, "delta": 1, "as": "seat"})
            if status == 200:
                acked[server.url] += 1
            elif status != 409:  # 409: the other process moved first; look again and tap again
                errors.append(f"{status} {body[:200]!r}")
                return

    threads = [threading.Thread(target=tap, args=(s,)) for s in (a, b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors
    view = host.view(code)
    assert view["counters"][0]["value"] == 2 * taps_each
    assert view["version"] == 1 + 2 + 2 * taps_each  # two joins, then each acknowledged move exactly once


def test_phones_joining_at_once_through_two_processes_all_get_distinct_seats(pair):
    a, b = pair
    host, code = new_table(a, parts=["dice"])
    names = [f"Cat{i}" for i in range(10)]
    results: dict[str, int] = {}
    start = threading.Barrier(len(names))

    def join(name: str, server: ServerProcess) -> None:
        phone = HttpDevice(server.url)
        start.wait(10)
        status, _, _ = phone.request(f"/t/{code}/join", {"name": name}, accept="text/html")
        results[name] = status
        if status == 303:
            results[name] = phone.view(code)["seat"]

    threads = [threading.Thread(target=join, args=(n, (a, b)[i % 2])) for i, n in enumerate(names)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    view = host.view(code)
    assert sorted(results.values()) == list(range(1, 11))  # everyone seated once, no seat shared
    assert sorted(s["name"] for s in view["seats"]) == sorted(names)
    assert view["version"] == 1 + len(names)


def test_a_process_killed_mid_game_loses_nothing_acknowledged(pair):
    """kill -9 process A while a player taps through A and B in turn; after each restart every
    acknowledged tap is there and nothing is half-applied. Half of the kills come at a random moment,
    half a few milliseconds after a move was sent through A, while A reads, applies (MULTI/EXEC, or
    SQLite's transaction) or answers it: the kills that can catch an acknowledgement before the commit (as in
    test_kill_faults.py, where aiming found that window which 50 random kills never met)."""
    a, b = pair
    rng = random.Random(10)
    host, code = new_table(a, parts=["counters"], counters="Taps: 0")
    devices = [HttpDevice(a.url).join(code, "Ann"), HttpDevice(b.url)]
    devices[1].opener = devices[0].opener   # the same phone (cookies), reaching the table through A and through B
    acked = sent = 0
    stop = threading.Event()
    sending_through_a = threading.Event()

    def play():
        nonlocal acked, sent
        turn = 0
        while not stop.is_set():
            device = devices[turn % 2]
            turn += 1
            try:
                version = device.view(code)["version"]
                sent += 1
                if device is devices[0]:
                    sending_through_a.set()
                status, _, _ = device.request(f"/t/{code}/act/count",
                                              {"version": version, "counter_index": 0, "delta": 1, "as": "seat"})
                if status == 200:
                    acked += 1
                else:
                    sent -= 1  # refused: did not apply
            except Exception:  # process A is being killed: expected; B keeps serving
                time.sleep(0.02)

    value = 0
    for kind in kill_moments(rng, random_kills=4, during_a_move=4):
        player = threading.Thread(target=play)
        stop.clear()
        player.start()
        wait_for_kill_moment(kind, rng, sending_through_a)
        a.kill()
        time.sleep(rng.uniform(0, 0.2))  # B alone for a moment
        stop.set()
        player.join(15)
        a.start()
        view = HttpDevice(b.url).view(code)
        value = view["counters"][0]["value"]
        assert acked <= value <= sent, (kind, acked, value, sent)
        assert view["version"] == 2 + value   # created, Ann joined, then one version per tap
        assert HttpDevice(a.url).view(code) == view  # the restarted process sees the same table
        acked = sent = value
    assert value > 0


@pytest.mark.redis
def test_each_process_holds_one_subscriber_connection_however_many_streams(redis_server, tmp_path_factory):
    import redis

    redis_server.flush()
    a, b = servers = [ServerProcess(redis_server.url()).start() for _ in range(2)]
    _, code = new_table(a, parts=["dice"])
    streams = [Stream((a, b)[i % 2].port, code, 1) for i in range(30)]
    try:
        with redis.Redis(port=redis_server.port, decode_responses=True) as r:
            subscribers = [c for c in r.client_list() if int(c.get("psub", 0)) or int(c.get("sub", 0))]
        # Each server's own, by the port it connects from: the session's Redis also holds the
        # subscriptions of the module's `pair` while that is up (a module fixture is torn down when
        # the module's tests are done, and pytest-xdist may give this test to a worker before that).
        ports = {server.proc.pid: connected_ports(server.proc.pid) for server in servers}
        held = {pid: [c for c in subscribers if int(c["addr"].rsplit(":", 1)[1]) in own]
                for pid, own in ports.items()}
        assert all(len(own) == 1 for own in held.values()), (held, subscribers)
    finally:
        for s in streams:
            s.close()
        for server in servers:
            server.kill()


def connected_ports(pid: int) -> set[int]:
    """The local ports of process `pid`'s TCP sockets (Linux: /proc)."""
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            inodes.add(os.readlink(f"/proc/{pid}/fd/{fd}"))
        except OSError:
            pass
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in open(table).read().splitlines()[1:]:
            fields = line.split()
            if f"socket:[{fields[9]}]" in inodes:
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


@pytest.mark.redis
def test_acknowledged_actions_survive_redis_itself_being_killed(tmp_path):
    """The durability choice (appendonly + appendfsync everysec): Redis writes each change to its
    append-only file before it answers, so even kill -9 of redis-server loses nothing acknowledged."""
    store = RedisServer(tmp_path).start()
    server = ServerProcess(store.url()).start()
    try:
        host, code = new_table(server, parts=["counters"], counters="Taps: 0")
        for _ in range(20):
            host.act(code, "count", counter_index=0, delta=1)
        store.kill()
        store.start()  # same folder, same port: replays the append-only file
        deadline = time.monotonic() + 20
        while True:  # the app reconnects on its next request
            status, _, body = host.request(f"/t/{code}/view.json")
            if status == 200 or time.monotonic() > deadline:
                break
            assert status == 503, body  # unreachable storage is a sentence, never a 500
            time.sleep(0.2)
        view = json.loads(body)
        assert view["counters"][0]["value"] == 20 and view["version"] == 21
    finally:
        server.kill()
        store.kill()


@pytest.mark.parametrize("backend", SHARED)
def test_gunicorn_with_two_gevent_workers_serves_live_updates(request, backend, tmp_path_factory):
    """The documented deployment: `gunicorn wsgi:app` (gunicorn.conf.py: gevent workers) with two
    workers on one port, on a Redis or one SQLite file. Streams and actions land on either worker;
    every stream sees every move."""
    port = free_port()
    env = {**os.environ, "COMPANION_DB": shared_store(request, backend, tmp_path_factory), "COMPANION_WORKERS": "2",
           "COMPANION_HOST": "127.0.0.1", "COMPANION_PORT": str(port), "COMPANION_EXPIRE_DAYS": "0"}
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "wsgi:app"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if HttpDevice(url).request("/healthz")[0] == 200:
                    break
            except OSError:
                time.sleep(0.2)
        host = HttpDevice(url)
        status, headers, _ = host.request("/tables", {"game": "toolbox", "parts": ["dice"]}, accept="text/html")
        code = headers["Location"].rsplit("/", 1)[-1]
        streams = [Stream(port, code, 1) for _ in range(8)]
        try:
            for _ in range(3):
                version = host.act(code, "roll")["version"]
                for s in streams:
                    assert s.arrival(version, CEILING_SECONDS) is not None
        finally:
            for s in streams:
                s.close()
    finally:
        # SIGQUIT: gunicorn's quick shutdown. SIGTERM (graceful) would wait up to graceful_timeout
        # (20 s) for the workers' event streams, which end only at their next keep-alive; this test
        # is about serving, not about stopping.
        proc.send_signal(signal.SIGQUIT)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
