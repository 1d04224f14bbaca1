"""One abusive client beside the normal load (issue 19): does anyone else notice?

    .venv/bin/python bench/abuse.py --tables 300 --devices 6 --actions 5 --pause 3

Runs bench/live.py's load twice on fresh servers: once quiet, once with one abusive client beside
it. The abusive client is a separate process sending from its own loopback address (127.0.0.66,
where the normal tables send from 127.0.1.x) that, for as long as the load runs:

- holds 2,000 connections: half opened and left idle, half with a request head begun and never
  finished (each reopened when the server drops it, up to a bounded number of reopenings);
- tries to hold 500 event streams on one table;
- polls the heaviest table it can make (a table with --history events, e.g. 1,000 rolls) with 20
  connections, each asking again as soon as the answer is in.

Meanwhile it asks /healthz every 0.25 s from another address (127.0.0.77, 5 s timeout). Prints the
quiet and the abusive p99 (action -> the last device's fresh view), and what the abuser got.
Only 127.0.0.1 is contacted; every loop is bounded in count and time.
"""
from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import resource  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import gevent  # noqa: E402
from gevent.event import Event  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _client import http  # noqa: E402
from _server import percentile  # noqa: E402

ABUSER = "127.0.0.66"
PROBE = "127.0.0.77"
MAX_SECONDS = 900          # the attack ends by itself after this, whatever happens
MAX_REOPENS = 50_000       # idle/half-sent connections reopened after the server dropped them


def attack(port: int, target_code: str, history: int, connections: int, streams: int, pollers: int) -> None:
    """The abusive client's process: prints "ready" once everything is open, then a JSON report when
    its standard input closes (or after MAX_SECONDS)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    stop = Event()
    report = {"abuser_connections_wanted": connections, "abuser_reopened_after_server_dropped_them": 0,
              "abuser_streams_wanted": streams, "abuser_streams_held": 0, "abuser_streams_refused": {},
              "abuser_polls_answered": 0, "abuser_poll_statuses": {}, "healthz_asked": 0, "healthz_failed": 0,
              "healthz_latencies": []}

    # the heaviest table it can make: a long history of rolls
    status, hdrs, _ = http(port, "POST", "/tables", {"game": "toolbox", "parts": ["dice"]}, source=ABUSER)
    heavy = hdrs["location"].rsplit("/", 1)[-1]
    host = {"Cookie": hdrs["set-cookie"].split(";")[0]}
    version = json.loads(http(port, "GET", f"/t/{heavy}/view.json", source=ABUSER)[2])["version"]
    for _ in range(history):
        status, _, body = http(port, "POST", f"/t/{heavy}/act/roll", {"version": version}, headers=host, source=ABUSER)
        if status != 200:
            break
        version = json.loads(body)["version"]
    report["heavy_table_events"] = version

    def squat(half_sent: bool) -> None:
        while not stop.is_set() and report["abuser_reopened_after_server_dropped_them"] < MAX_REOPENS:
            try:
                s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(ABUSER, 0))
                if half_sent:
                    s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                s.settimeout(None)
                s.recv(1)  # returns when the server drops it
                s.close()
            except OSError:
                gevent.sleep(0.5)
            report["abuser_reopened_after_server_dropped_them"] += 1

    def stream() -> None:
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(ABUSER, 0))
            s.sendall(f"GET /t/{target_code}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            first = s.recv(4096)
            code = first.split(b" ", 2)[1].decode() if first.startswith(b"HTTP/") else "closed"
            if code == "200":
                report["abuser_streams_held"] += 1
                s.settimeout(None)
                while not stop.is_set() and s.recv(4096):
                    pass
            else:
                report["abuser_streams_refused"][code] = report["abuser_streams_refused"].get(code, 0) + 1
            s.close()
        except OSError:
            report["abuser_streams_refused"]["error"] = report["abuser_streams_refused"].get("error", 0) + 1

    def poll() -> None:
        while not stop.is_set():
            try:
                status, _, _ = http(port, "GET", f"/t/{heavy}/view?as=board", source=ABUSER, timeout=10,
                                    headers={"Accept": "text/html", "HX-Request": "true", "Accept-Encoding": "gzip"})
                report["abuser_polls_answered"] += 1
                report["abuser_poll_statuses"][str(status)] = report["abuser_poll_statuses"].get(str(status), 0) + 1
            except OSError:
                gevent.sleep(0.1)

    def probe() -> None:
        while not stop.is_set():
            report["healthz_asked"] += 1
            started = time.perf_counter()
            try:
                status, _, _ = http(port, "GET", "/healthz", source=PROBE, timeout=5)
                if status != 200:
                    report["healthz_failed"] += 1
            except OSError:
                report["healthz_failed"] += 1
            report["healthz_latencies"].append((time.perf_counter() - started) * 1000)
            gevent.sleep(0.25)

    workers = [gevent.spawn(squat, i % 2 == 1) for i in range(connections)]
    workers += [gevent.spawn(stream) for _ in range(streams)]
    gevent.sleep(2)  # let the connections and streams open before the load is timed
    workers += [gevent.spawn(poll) for _ in range(pollers)]
    workers.append(gevent.spawn(probe))
    print("ready", flush=True)

    # A plain read of stdin would block every greenlet (sys is not patched): read it in a thread.
    closed = gevent.get_hub().threadpool.spawn(sys.stdin.read)
    closed.rawlink(lambda _result: stop.set())
    stop.wait(MAX_SECONDS)
    stop.set()
    gevent.killall(workers, timeout=5)
    latencies = report.pop("healthz_latencies")
    report["healthz_p99_ms"] = round(percentile(latencies, 99), 1) if latencies else None
    report["healthz_max_ms"] = round(max(latencies), 1) if latencies else None
    report["healthz_always_answered"] = report["healthz_failed"] == 0 and report["healthz_asked"] > 0
    print(json.dumps(report), flush=True)


def start_attack(history: int, connections: int, streams: int, pollers: int):
    """For live.run(during=...): start the abusive process once the normal streams are held."""
    def during(port: int, codes: list[str]):
        child = subprocess.Popen(
            [sys.executable, __file__, "--attack", "--port", str(port), "--target", codes[0],
             "--history", str(history), "--connections", str(connections), "--streams", str(streams),
             "--pollers", str(pollers)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        line = child.stdout.readline()  # "ready" (the heavy table made, connections open)
        if line.strip() != "ready":
            child.kill()
            raise RuntimeError(f"abusive client did not start: {line!r}")

        def stop() -> dict:
            child.stdin.close()
            try:
                out, _ = child.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                child.kill()
                return {"abuser": "did not report"}
            return json.loads(out.strip().splitlines()[-1])
        return stop
    return during


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--devices", type=int, default=6)
    parser.add_argument("--actions", type=int, default=5)
    parser.add_argument("--pause", type=float, default=3.0)
    parser.add_argument("--history", type=int, default=1000, help="events on the table the abuser polls")
    parser.add_argument("--connections", type=int, default=2000)
    parser.add_argument("--streams", type=int, default=500)
    parser.add_argument("--pollers", type=int, default=20)
    parser.add_argument("--skip-quiet", action="store_true", help="only the run with the abuser")
    # the abusive process itself
    parser.add_argument("--attack", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--target", help=argparse.SUPPRESS)
    args = parser.parse_args()
    history, connections = min(args.history, 5000), min(args.connections, 5000)
    streams, pollers = min(args.streams, 2000), min(args.pollers, 100)
    if args.attack:
        attack(args.port, args.target, history, connections, streams, pollers)
        return

    import live
    sizes = (min(args.tables, 2000), min(args.devices, 20), min(args.actions, 100), args.pause)
    keys = ("p50_ms", "p99_ms", "max_ms", "failed", "stream_errors", "event_delivery_p99_ms",
            "server_cpu_percent_of_one_core", "server_rss_mb_busy", "machine_load_average_1min")
    result = {}
    if not args.skip_quiet:
        quiet = live.run(*sizes)
        result["quiet"] = {k: quiet[k] for k in keys}
    abusive = live.run(*sizes, during=start_attack(history, connections, streams, pollers))
    result["with_abuser"] = {k: v for k, v in abusive.items() if k in keys or k.startswith(("abuser", "healthz", "heavy"))}
    result["load"] = {"tables": sizes[0], "devices_per_table": sizes[1], "actions_per_table": sizes[2],
                      "pause_s": sizes[3], "load_average_1min_at_end": round(os.getloadavg()[0], 2)}
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
