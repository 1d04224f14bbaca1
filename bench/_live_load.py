"""bench/live.py's timed load (`TimedLoad`): every table tapping from its board (or, at a game, from
the screen whose turn it is) a bounded number of times, and each tap timed from its sending to the
moment the last screen of its table has the view it made. Closed loop (a table's next tap waits for
the last one's views, then a pause) or open loop (each table taps on its schedule regardless)."""
from __future__ import annotations

import gc
import json
import random
import time
from contextlib import contextmanager

import gevent

from _client import http
from _live_screen import Device, fail
from _live_tables import OpenTables
from _live_taps import Taps, tap_failure


def record_tap(stats: dict, screens: list, version: int, sent: float, answered: float, last_view: float, nth: int,
               port: int) -> None:
    """A tap whose table's every screen had `version` or newer by `last_view`: its latency, its line
    for the taps log and, when every screen's event for `version` itself was timed, the event's."""
    latency = (last_view - sent) * 1000
    stats["latencies"].append(latency)
    stats["taps"].append((sent, answered, latency, nth, port))
    arrivals = [d.event_at.get(version) for d in screens]
    if all(arrivals):
        stats["delivery"].append((max(arrivals) - sent) * 1000)


def reached(device: Device, version: int) -> float | None:
    """When `device` first showed `version` or a newer one (an event may skip versions)."""
    return next((at for v, at in device.arrivals if v >= version), None)


@contextmanager
def collector_held():
    """The load generator's own garbage collector kept out of a timed load, as timeit keeps it out of
    its timing. It holds every screen's connection and every tap's record, and left alone it walked
    them in collections of 40-80 ms in the middle of a run (gc.callbacks, 29 November 2026): every
    view arriving then was read that much late and counted as the server's. boardgame.io's load
    generator (Node) has no such pause. What is alive before the clock is frozen out of any later
    collection, and none runs until the load is measured; a bounded run's cyclic garbage waits."""
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()


LAG_PROBE_SECONDS = 0.005


def lag_probe(lags: list[float]) -> None:
    """The load generator's own loop, sampled until killed: a greenlet that sleeps 5 ms and notes
    in `lags` how late it woke. A view that arrives while this loop is busy waits as long to be
    read, and its tap's time counts the wait as the server's (the result's load_generator_lag_*)."""
    while True:
        asleep = time.perf_counter()
        gevent.sleep(LAG_PROBE_SECONDS)
        lags.append(max(0.0, time.perf_counter() - asleep - LAG_PROBE_SECONDS))


class TimedLoad:
    """`actions` taps from each of the `opened` tables, sent by `taps`, starting from `versions`
    (each table's, read before the clock), about `pause` seconds apart; each measured tap and each
    failure goes in `stats`. The tables' random starts and gaps come from one seeded generator."""

    def __init__(self, opened: OpenTables, taps: Taps, stats: dict, versions: dict[str, int], *, actions: int,
                 pause: float, open_loop: bool):
        self.opened, self.taps, self.stats, self.versions = opened, taps, stats, versions
        self.actions, self.pause, self.open_loop = actions, pause, open_loop
        self.rng = random.Random(7)
        # open loop: (table, when the POST went, the version it made, when it was answered, the tap's number)
        self.sent: list[tuple[str, float, int, float, int]] = []

    def drive(self) -> tuple[float, float]:
        """Every table's taps, until each table's last has been measured (or 600 s); when the load
        started (perf_counter) and the seconds it lasted (open loop: until the last tap's last view)."""
        with collector_held():
            probe = gevent.spawn(lag_probe, self.stats.setdefault("load_generator_lag", []))
            try:
                return self._drive()
            finally:
                probe.kill()

    def _drive(self) -> tuple[float, float]:
        stats = self.stats
        started = time.perf_counter()
        drive = self.open_loop_table if self.open_loop else self.closed_loop
        drivers = [gevent.spawn(drive, code, ds) for code, ds in self.opened.table_devices.items()]
        gevent.joinall(drivers, timeout=600)
        # A table whose loop raised (the load generator's own fault) sent none of its taps after:
        # counted as failed, so a short run cannot pass for a clean one.
        for driver in drivers:
            if driver.exception is not None:
                fail(stats, f"the load generator's loop for a table raised {type(driver.exception).__name__}")
        if self.open_loop:
            return started, self.measure_open_loop_taps(started)
        return started, time.perf_counter() - started

    def closed_loop(self, code: str, ds: list[Device]) -> None:
        """One table: a tap, then its views awaited at every screen (10 s at most), then a pause."""
        stats, rng, pause, send = self.stats, self.rng, self.pause, self.taps.send
        serving = self.opened.serving
        version = self.versions[code]
        # Tables act independently: a random start, then random gaps around `pause`.
        gevent.sleep(rng.uniform(0, pause))
        for nth in range(self.actions):
            for d in ds:
                d.updated.clear()
            started = time.perf_counter()
            status, made = send(code, ds[-1], version)
            answered = time.perf_counter()
            if made is None:
                fail(stats, tap_failure(status))
                if status is None:
                    version = json.loads(http(serving[code].port, "GET", f"/t/{code}/view.json",
                                              source=ds[0].source)[2])["version"]
                continue
            version = made
            deadline = time.perf_counter() + 10
            for d in ds:
                while d.version < version and time.perf_counter() < deadline:
                    d.updated.wait(max(0.0, deadline - time.perf_counter()))
                    d.updated.clear()
            if all(d.version >= version for d in ds):
                record_tap(stats, ds, version, started, answered, time.perf_counter(), nth, serving[code].port)
            else:
                fail(stats, "not at every screen within 10 s")
            gevent.sleep(rng.uniform(0.5 * pause, 1.5 * pause))

    def open_loop_table(self, code: str, ds: list[Device]) -> None:
        """One table: each tap sent on its schedule, whether or not the last one's views arrived."""
        rng, pause = self.rng, self.pause
        taps = []
        gevent.sleep(rng.uniform(0, pause))
        for nth in range(self.actions):
            taps.append(gevent.spawn(self.one_tap, code, ds, nth))
            gevent.sleep(rng.uniform(0.5 * pause, 1.5 * pause))
        gevent.joinall(taps, timeout=60)

    def one_tap(self, code: str, ds: list[Device], nth: int) -> None:
        """An open loop's tap, noted in `sent` for its views to be timed once the load is over."""
        versions = self.versions
        started = time.perf_counter()
        # roll is independent of what the screen saw (stale="apply"): the newest version the
        # board knows of is enough, as on the page
        status, made = self.taps.send(code, ds[-1], max(versions[code], ds[-1].version))
        if made is None:
            fail(self.stats, tap_failure(status))
            return
        answered = time.perf_counter()
        versions[code] = max(versions[code], made)
        self.sent.append((code, started, made, answered, nth))

    def measure_open_loop_taps(self, started: float) -> float:
        """Every open-loop tap's views awaited (10 s for the last of them) and each tap measured from
        when its last screen had them; the seconds from `started` to the last view's arrival."""
        stats, table_devices, serving = self.stats, self.opened.table_devices, self.opened.serving
        deadline = time.perf_counter() + 10
        for code, _, version, _, _ in sorted(self.sent, key=lambda s: s[2]):
            for d in table_devices[code]:
                while d.version < version and time.perf_counter() < deadline:
                    d.updated.wait(max(0.0, deadline - time.perf_counter()))
                    d.updated.clear()
        for code, at, version, answered, nth in self.sent:
            times = [reached(d, version) for d in table_devices[code]]
            if all(times):
                record_tap(stats, table_devices[code], version, at, answered, max(times), nth, serving[code].port)
            else:
                fail(stats, "not at every screen within 10 s")
        # until the last view of the last tap arrived: the time the achieved rate is counted over
        last = max((at for d in (d for ds in table_devices.values() for d in ds) for _, at in d.arrivals[-1:]),
                   default=time.perf_counter())
        return max(last, started + 1e-3) - started
