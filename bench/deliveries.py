"""What a tap and each of its deliveries cost the real server, whatever the machine's load: `python
app.py` on 127.0.0.1, one Toolbox table with six seated phones and the board, the board rolling on a
kept-alive connection, each roll waited for until every stream has its event, one after another (no
two taps overlap, so no queueing and no other table's work is counted). The server's own CPU (user +
system, from /proc) per roll, for each way of watching the table:

- `nobody`: no stream open (the tap alone: HTTP, Flask, the engine, the store);
- `versions`: seven streams without `as=` (each event says only the version: the streams' own
  machinery, with nothing rendered);
- `table`: six seats' and the board's streams, as a table holds them (bench/live.py's 7 deliveries);
- `seats`: seven seats' streams (one event made, six shared);
- `floor`: seven streams on bench/_floor_server.py, gevent's WSGI server with nothing of the app,
  each roll answered with its version and every stream sent one 8 KB event: what the HTTP server and
  the kernel cost, below anything of ours, with each stream's greenlet woken to yield its event;
- `floor-pushed`: the same, the roll writing every stream's event to its socket itself (as the app's
  streams take their events since issue 29's pushed deliveries, web/deliveries.py Deliveries).
- `floor-socket`: `floor-pushed` with the rolls sent over a tap socket as a page sends them, read
  and answered by the app's own WebSocket (web/websocket.py, on wsproto) with nothing else of the
  app: the floor under `--socket`'s taps.

The difference from `nobody`, divided by seven, is a delivery's cost (`floor` has its own tap).
bench/live.py gives the same work under load, where queueing and the collector add to it;
bench/stream_cpu.py the app's own part in-process, without HTTP.

    python bench/deliveries.py --taps 2000 --runs 3
    python bench/deliveries.py --taps 2000 --runs 3 --ways nobody table --socket   # as a page taps

`--socket`: the board rolls over its page's tap socket (web/tap_socket.py), as a page does while the
socket is open, and its stream names the page's tab, so a roll is answered 204 with the version
(its stream carried the view); by default, POSTs answered with the version in JSON.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from gevent import monkey

monkey.patch_all()

import gevent  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _client import KeptAlive, TapSocket, http  # noqa: E402
from _server import Server, free_port, wait_until_listening  # noqa: E402

SEATS = 6
WAYS = {"nobody": [], "versions": [None] * 7, "table": ["seat"] * SEATS + ["board"], "seats": ["seat"] * 7,
        "floor": [None] * 7, "floor-pushed": [None] * 7, "floor-socket": [None] * 7}


class FloorServer(Server):
    """bench/_floor_server.py instead of the app, measured the same way."""

    def __init__(self, pushed: bool):   # not Server's: that starts the app
        self.port = free_port()
        self.tmp = None
        self.proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve().parent / "_floor_server.py"),
                                      str(self.port)] + (["--pushed"] if pushed else []),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        wait_until_listening(self.port, "the floor server")

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


BOARD_TAB = "bench-board"   # the board page's tab (--socket): its stream's and its socket's


def listen(port: int, code: str, role: str | None, cookie: str, source: str, counts: list, i: int,
           tab: str | None = None) -> None:
    """A stream as a page holds it, counting its `changed` events (from -1: 0 once it is open); ends
    with the connection."""
    with socket.create_connection(("127.0.0.1", port), source_address=(source, 0)) as s:
        stream = f"/t/{code}/events" + (f"?as={role}" if role else "") + (f"&tab={tab}" if tab else "")
        s.sendall(f"GET {stream} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\n"
                  f"Accept: text/event-stream\r\nLast-Event-ID: 999999\r\n\r\n".encode())   # no catching up
        while True:
            chunk = s.recv(262144)
            if not chunk:
                return
            if counts[i] < 0 and b": ok" in chunk:
                counts[i] = 0
            counts[i] += chunk.count(b"event: changed")


def seated_table(port: int) -> tuple[str, str, list[str]]:
    """A Toolbox table with dice and six seats: its code, the host's cookie and each seat's."""
    status, hdrs, _ = http(port, "POST", "/tables", {"game": "toolbox", "parts": ["dice"]})
    assert status == 303, status
    code, host = hdrs["location"].rsplit("/", 1)[-1], hdrs["set-cookie"].split(";")[0]
    seats = []
    for i in range(SEATS):
        status, hdrs, _ = http(port, "POST", f"/t/{code}/join", {"name": f"P{i}"}, source=f"127.0.3.{i + 1}")
        assert status == 200, status
        seats.append(hdrs["set-cookie"].split(";")[0])
    return code, host, seats


def run(way: str, taps: int, over_socket: bool = False) -> float:
    """Server CPU ms per roll with the streams `way` names open; `over_socket`: the board rolls over
    its page's tap socket, and its stream names that page's tab."""
    floor = way.startswith("floor")
    server = FloorServer(pushed=way in ("floor-pushed", "floor-socket")) if floor else Server()
    listeners = []
    try:
        # the floor has no tables, cookies or seats: it answers view.json and rolls, and streams any other path
        code, host, seats = seated_table(server.port) if not floor else ("FLOOR", "", [""] * SEATS)
        roles = WAYS[way]
        counts = [-1] * len(roles)
        tab = BOARD_TAB if (over_socket and not floor) or way == "floor-socket" else None
        listeners = [gevent.spawn(listen, server.port, code, role, host if role == "board" else seats[i % SEATS],
                                  f"127.0.4.{i + 1}", counts, i, tab if role == "board" else None)
                     for i, role in enumerate(roles)]
        board = TapSocket(server.port, code, {"Cookie": host}, tab) if tab else KeptAlive(server.port)
        version = json.loads(http(server.port, "GET", f"/t/{code}/view.json")[2])["version"]
        deadline = time.monotonic() + 10
        while counts and min(counts) < 0 and time.monotonic() < deadline:
            gevent.sleep(0.01)
        assert not counts or min(counts) == 0, "a stream did not open"
        gevent.sleep(0.2)   # every stream waiting

        def roll(version: int, done: int) -> int:
            if tab:
                status, headers, body = board.tap("act/roll", {"version": version, "as": "board"})
                assert status in (200, 204), (status, body)
            else:
                status, _, body = board.request("POST", f"/t/{code}/act/roll", {"version": version},
                                                headers={"Cookie": host})
                assert status == 200, (status, body)
            until = time.monotonic() + 10
            while counts and min(counts) < done and time.monotonic() < until:
                gevent.sleep(0.0002)
            assert not counts or min(counts) >= done, "a stream missed an event"
            if tab:
                return int(headers["x-view-version"]) if status == 204 else version + 1
            return json.loads(body)["version"]
        for done in range(1, 101):   # warm up: the connection, the pool, the first renderings
            version = roll(version, done)
        before = server.cpu_seconds()
        for done in range(101, 101 + taps):
            version = roll(version, done)
        per_tap = (server.cpu_seconds() - before) / taps
        board.close()
        return per_tap
    finally:
        gevent.killall(listeners, timeout=2)
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--ways", nargs="+", choices=list(WAYS), default=list(WAYS))
    parser.add_argument("--socket", action="store_true",
                        help="the board rolls over its page's tap socket, answered 204 (its stream, named by the "
                             "page's tab, carried the view), not by POSTs answered in JSON")
    args = parser.parse_args()
    taps, runs = max(100, min(args.taps, 20000)), max(1, min(args.runs, 10))
    figures: dict[str, list[float]] = {way: [] for way in args.ways}
    for _ in range(runs):   # the ways interleaved, so a change in the machine's load touches all alike
        for way in args.ways:
            figures[way].append(run(way, taps, args.socket) * 1000)
    result = {"taps": taps, "tapped": "over the board page's tap socket" if args.socket else "by POST",
              "server_cpu_ms_per_tap": {w: [round(f, 3) for f in fs] for w, fs in figures.items()},
              "median": {w: round(statistics.median(fs), 3) for w, fs in figures.items()}}
    if "nobody" in figures:
        base = statistics.median(figures["nobody"])
        result["ms_per_delivery"] = {w: round((statistics.median(fs) - base) / 7, 3)
                                     for w, fs in figures.items() if w != "nobody" and not w.startswith("floor")}
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
