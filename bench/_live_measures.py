"""What bench/live.py measures beside each tap's time: the server's CPU per action and per view,
measured apart before the load (`cpu_costs`); what the timed load cost, read around it (`ResourceUse`,
with the machine's load average sampled through it: `LoadSampler`); and the result's figures from
these and the measured taps (`figures`)."""
from __future__ import annotations

import json
import os
import time

import gevent
from gevent.event import Event

from _client import http
from _live_screen import Device
from _live_servers import AppProcesses
from _live_tables import new_table
from _server import percentile


def cpu_costs(server, history: int, samples: int = 300) -> dict:
    """Server CPU per action (on a table no stream watches) and per view fetch (a seat's compressed
    HTML view, as the page asks), each from `samples` sequential requests, the table holding
    `history` events first."""
    code, host = new_table(server.port)
    _, hdrs, _ = http(server.port, "POST", f"/t/{code}/join", {"name": "Cal"})
    cookie = hdrs["set-cookie"].split(";")[0]
    version = json.loads(http(server.port, "GET", f"/t/{code}/view.json")[2])["version"]
    for _ in range(history):
        version = json.loads(http(server.port, "POST", f"/t/{code}/act/roll", {"version": version}, headers=host)[2])["version"]
    before = server.cpu_seconds()
    for _ in range(samples):
        version = json.loads(http(server.port, "POST", f"/t/{code}/act/roll", {"version": version}, headers=host)[2])["version"]
    per_action = (server.cpu_seconds() - before) / samples
    headers = {"Cookie": cookie, "Accept": "text/html", "HX-Request": "true", "Accept-Encoding": "gzip, deflate"}
    before = server.cpu_seconds()
    for i in range(samples):
        # each from an address of its own: one address asking this fast meets the view loads' burst cap
        http(server.port, "GET", f"/t/{code}/view?as=seat", headers=headers, source=f"127.0.8.{1 + i % 250}")
    per_view = (server.cpu_seconds() - before) / samples
    # Views delivered in events: 8 seats' streams on the table, actions one after another, each
    # waited for until every stream has its view; the actions' own cost taken off.
    stats = {"failed": 0, "stream_errors": 0, "bytes": 0, "views_in_events": 0, "view_fetches": 0}
    watchers = [Device(server.port, code, f"W{i}", stats, "127.0.0.9") for i in range(8)]
    stop = Event()
    listening = [gevent.spawn(d.listen, stop) for d in watchers]
    for d in watchers:
        d.connected.wait(30)
    gevent.sleep(0.5)
    rounds = max(1, samples // 10)
    before = server.cpu_seconds()
    for _ in range(rounds):
        version = json.loads(http(server.port, "POST", f"/t/{code}/act/roll", {"version": version}, headers=host)[2])["version"]
        deadline = time.perf_counter() + 30
        for d in watchers:
            while d.version < version and time.perf_counter() < deadline:
                d.updated.wait(max(0.0, deadline - time.perf_counter()))
                d.updated.clear()
    in_events = ((server.cpu_seconds() - before) - rounds * per_action) / (rounds * len(watchers))
    stop.set()
    gevent.killall(listening, timeout=5)
    return {"cpu_ms_per_action": round(per_action * 1000, 2), "cpu_ms_per_view_fetch": round(per_view * 1000, 2),
            "cpu_ms_per_view_in_event": round(in_events * 1000, 2),
            "calibration_views_in_events": stats["views_in_events"]}


class LoadSampler:
    """The machine's 1-minute load average, sampled every `every` seconds while a run lasts: a figure
    measured while other work ran on the machine says so."""

    def __init__(self, every: float = 2.0):
        self.samples: list[float] = [os.getloadavg()[0]]
        self._stop = Event()
        self._greenlet = gevent.spawn(self._sample, every)

    def _sample(self, every: float) -> None:
        while not self._stop.wait(every):
            self.samples.append(os.getloadavg()[0])

    def stop(self) -> dict:
        self._stop.set()
        self._greenlet.join(5)
        self.samples.append(os.getloadavg()[0])
        return {"machine_load_average_1min": round(self.samples[-1], 2),
                "machine_load_average_1min_through_run": {
                    "min": round(min(self.samples), 2), "mean": round(sum(self.samples) / len(self.samples), 2),
                    "max": round(max(self.samples), 2), "samples": len(self.samples)}}


class ResourceUse:
    """What the timed load cost, read around it: the app processes' CPU (and Redis's, in two-process
    runs), the load generator's own, the views delivered in events and fetched (counted as they
    arrived), the machine's load average through it and the processes' memory once it is over.
    Made just before the load starts; `stop()` once it is over."""

    def __init__(self, processes: AppProcesses, stats: dict):
        self.servers, self.store, self.stats = processes.servers, processes.store, stats
        self.cpu_before = sum(s.cpu_seconds() for s in self.servers)
        self.redis_cpu_before = self.store.cpu_seconds() if self.store else 0.0
        self.client_cpu_before = time.process_time()
        self.views_before, self.fetches_before = stats["views_in_events"], stats["view_fetches"]
        self.load = LoadSampler()

    def stop(self) -> None:
        self.load_through = self.load.stop()
        self.server_cpu = sum(s.cpu_seconds() for s in self.servers) - self.cpu_before
        self.redis_cpu = (self.store.cpu_seconds() - self.redis_cpu_before) if self.store else 0.0
        self.client_cpu = time.process_time() - self.client_cpu_before
        self.views = self.stats["views_in_events"] - self.views_before
        self.fetches = self.stats["view_fetches"] - self.fetches_before
        self.rss_busy = sum(s.rss_mb() for s in self.servers)

    def read_redis_memory(self) -> None:
        """Redis's resident memory (two-process runs), read once whatever ran beside the load stopped."""
        self.redis_rss = self.store.rss_mb() if self.store else None


def figures(stats: dict, use: ResourceUse, elapsed: float, offered_per_second: float, rss_idle: float,
            refetch: bool = False) -> dict:
    """The result's figures, from the measured taps and failures in `stats`, what the load cost
    (`use`), the `elapsed` seconds the load lasted, the actions a second the tables' schedule
    offered and the app processes' memory before the load (`rss_idle`). The views delivered are
    those the events carried; with `refetch` (--refetch: the events carry none), those fetched."""
    lat = stats["latencies"]
    done = len(lat)
    first_taps = [latency for _, _, latency, nth, _ in stats["taps"] if nth == 0]
    later_taps = [latency for _, _, latency, nth, _ in stats["taps"] if nth > 0]
    views, fetches, server_cpu, redis_cpu = use.views, use.fetches, use.server_cpu, use.redis_cpu
    delivered = fetches if refetch else views
    return {"measured": done, "failed": stats["failed"],
            # the taps' answers by status: 204 when the board's stream carried the view (its tab)
            "tap_answers": {str(k): v for k, v in sorted(stats["answers"].items())},
            "failures": stats.get("failures", {}),
            "stream_errors": stats["stream_errors"], "stream_error_kinds": stats.get("stream_error_kinds", {}),
            "event_delivery_p50_ms": round(percentile(stats["delivery"], 50), 1),
            "event_delivery_p99_ms": round(percentile(stats["delivery"], 99), 1),
            "p50_ms": round(percentile(lat, 50), 1),
            "p99_ms": round(percentile(lat, 99), 1), "max_ms": round(max(lat) if lat else float("nan"), 1),
            # each table's first tap (all of them within the first `pause` of the load) and the rest
            "first_taps_p99_ms": round(percentile(first_taps, 99), 1),
            "later_taps_p99_ms": round(percentile(later_taps, 99), 1),
            "seconds": round(elapsed, 1),
            "offered_actions_per_second": round(offered_per_second, 1),
            "actions_per_second": round(done / elapsed, 1),   # achieved: actions whose every screen had its view
            # counted as they arrived, not computed from the schedule
            "views_delivered": delivered, "views_delivered_per_second": round(delivered / elapsed, 1),
            "views_delivered_per_action": round(delivered / max(1, done), 2),
            "server_cpu_percent_of_one_core": round(100 * server_cpu / elapsed, 1),  # app processes together
            "load_generator_cpu_percent_of_one_core": round(100 * use.client_cpu / elapsed, 1),
            # how late the load generator's own loop woke through the load (_live_load.lag_probe): what
            # it may add to a tap's time, since a view is timed when the generator reads it
            "load_generator_lag_p99_ms": round(1000 * percentile(stats.get("load_generator_lag", []), 99), 2),
            "load_generator_lag_max_ms": round(1000 * max(stats.get("load_generator_lag") or [float("nan")]), 2),
            **use.load_through,
            "views_in_events": views, "view_fetches": fetches,
            "server_cpu_ms_per_action_under_load": round(1000 * server_cpu / max(1, done), 2),
            "kb_per_delivered_view": round(stats["bytes"] / max(1, views + fetches) / 1024, 2),
            "server_rss_mb_idle": round(rss_idle, 1),
            "server_rss_mb_busy": round(use.rss_busy, 1),  # app processes together
            **({"redis_cpu_percent_of_one_core": round(100 * redis_cpu / elapsed, 1),
                "redis_cpu_ms_per_action": round(1000 * redis_cpu / max(1, done), 2),
                "cpu_ms_per_action_with_redis": round(1000 * (server_cpu + redis_cpu) / max(1, done), 2),
                "redis_rss_mb_busy": round(use.redis_rss, 1)} if use.store else {})}
