"""Throughput: actions per second on the action route (POST /t/<code>/act/roll, the whole pipeline:
load, version check, move, event, commit, publish) against a bare route (GET /healthz) in the same
server process, with the same concurrency. Prints both rates, their ratio and p99 latencies.

    .venv/bin/python bench/throughput.py --seconds 10 --concurrency 16
    .venv/bin/python bench/throughput.py --redis   # the same server on a throwaway Redis

Each worker drives its own table (so versions never clash). Bounded in time; 127.0.0.1 only.
"""
from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import gevent  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _client import http  # noqa: E402
from _server import RedisServer, Server, percentile  # noqa: E402


def measure(request, concurrency: int, seconds: float) -> dict:
    latencies: list[float] = []
    failures = 0
    deadline = time.perf_counter() + seconds

    def worker(i: int):
        nonlocal failures
        state = {}
        while time.perf_counter() < deadline:
            started = time.perf_counter()
            ok = request(i, state)
            latencies.append((time.perf_counter() - started) * 1000)
            failures += 0 if ok else 1

    started = time.perf_counter()
    gevent.joinall([gevent.spawn(worker, i) for i in range(concurrency)], timeout=seconds + 60)
    elapsed = time.perf_counter() - started
    return {"requests": len(latencies), "per_second": round(len(latencies) / elapsed, 1),
            "p50_ms": round(percentile(latencies, 50), 2), "p99_ms": round(percentile(latencies, 99), 2),
            "failures": failures}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--redis", action="store_true", help="store tables in a throwaway redis-server")
    args = parser.parse_args()
    seconds, concurrency = min(args.seconds, 120), min(args.concurrency, 256)
    store = RedisServer() if args.redis else None
    server = Server(db=store.url if store else None)
    try:
        codes, hosts = [], []
        for _ in range(concurrency):
            _, hdrs, _ = http(server.port, "POST", "/tables", {"game": "toolbox", "parts": ["dice"]})
            codes.append(hdrs["location"].rsplit("/", 1)[-1])
            # The board acts with the host's cookie: a screen without it only watches (403).
            hosts.append({"Cookie": hdrs["set-cookie"].split(";")[0]})

        def bare(i, state):
            return http(server.port, "GET", "/healthz")[0] == 200

        def action(i, state):
            status, _, body = http(server.port, "POST", f"/t/{codes[i]}/act/roll", {"version": state.get("v", 1)},
                                   headers=hosts[i])
            if status == 200:
                state["v"] = json.loads(body)["version"]
            return status == 200

        cpu0 = server.cpu_seconds()
        bare_result = measure(bare, concurrency, seconds)
        cpu1 = server.cpu_seconds()
        redis_cpu1 = store.cpu_seconds() if store else 0.0
        action_result = measure(action, concurrency, seconds)
        cpu2 = server.cpu_seconds()
        bare_result["server_cpu_ms_per_request"] = round((cpu1 - cpu0) * 1000 / max(1, bare_result["requests"]), 3)
        action_result["server_cpu_ms_per_request"] = round((cpu2 - cpu1) * 1000 / max(1, action_result["requests"]), 3)
        if store:  # Redis works for every action too: count its CPU beside the app's
            action_result["redis_cpu_ms_per_request"] = round(
                (store.cpu_seconds() - redis_cpu1) * 1000 / max(1, action_result["requests"]), 3)
        print(json.dumps({"backend": "redis" if store else "sqlite", "concurrency": concurrency, "seconds": seconds, "bare_route": bare_result,
                          "action_route": action_result,
                          "ratio": round(action_result["per_second"] / bare_result["per_second"], 2),
                          "cpu_ratio": round(bare_result["server_cpu_ms_per_request"]
                                             / max(1e-9, action_result["server_cpu_ms_per_request"]), 2)}, indent=2))
    finally:
        server.stop()
        if store:
            store.stop()


if __name__ == "__main__":
    main()
