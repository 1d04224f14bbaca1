"""How long a benchmark server's work waits for its turn, for docs/PERFORMANCE.md ("Where the tail at
a tap a second comes from"): put this folder on PYTHONPATH and set LOOP_PROBE_LOG, and every Python
process started with `app.py` in its command line (bench/_server.py's) writes, when it is stopped
(SIGTERM), to LOOP_PROBE_LOG.<pid> one line per sample:

    lag <epoch s> <ms>              a greenlet that sleeps 5 ms woke this much late (the loop's queue)
    delivery <epoch s> <wait ms> <run ms>   a change's delivery (web/deliveries.py Deliveries.deliver):
                                    from the hub's callback to its start, and its own length

Then `python bench/loop_probe/summary.py LOOP_PROBE_LOG.<pid>` prints them by second. The probe starts
once gevent has patched the standard library (its GeventDidPatchAllEvent, which companion/cli.py's
patch_all sends), so nothing here is imported before the app's own imports.

    LOOP_PROBE_LOG=/tmp/loop PYTHONPATH=bench/loop_probe .venv/bin/python bench/live.py --pause 1 --actions 10
"""
import os
import sys

PERIOD = 0.005

if os.environ.get("LOOP_PROBE_LOG") and any(arg.endswith("app.py") for arg in sys.argv):
    import signal
    import time

    import zope.event

    rows: list[str] = []

    def wrap_deliveries() -> None:
        from companion.web.deliveries import Deliveries

        published, deliver = Deliveries.published, Deliveries.deliver
        # (table, version) -> when the hub called back; one nobody here watches stays (a run is bounded)
        handed: dict[tuple[str, int], float] = {}

        def timed_published(self, code, version, made_here=False):
            handed[(code, version)] = time.perf_counter()
            return published(self, code, version, made_here)

        def timed_deliver(self, code, version, *rest):   # rest: made_here, from the tap's own greenlet
            started = time.perf_counter()
            try:
                return deliver(self, code, version, *rest)
            finally:
                at = handed.pop((code, version), None)
                if at is not None:
                    rows.append("delivery %.3f %.3f %.3f\n" % (time.time(), (started - at) * 1000,
                                                                (time.perf_counter() - started) * 1000))

        Deliveries.published, Deliveries.deliver = timed_published, timed_deliver

    def sample_lag() -> None:
        import gevent
        while True:
            asleep = time.perf_counter()
            gevent.sleep(PERIOD)
            rows.append("lag %.3f %.3f\n" % (time.time(), (time.perf_counter() - asleep - PERIOD) * 1000))

    def started(event) -> None:
        from gevent.events import IGeventDidPatchAllEvent
        if IGeventDidPatchAllEvent.providedBy(event):
            import gevent
            wrap_deliveries()   # before the app makes its Deliveries, which binds `published` to its hub
            gevent.spawn(sample_lag)

    def write_and_exit(*_) -> None:
        with open(f"{os.environ['LOOP_PROBE_LOG']}.{os.getpid()}", "w") as log:
            log.writelines(rows)
        os._exit(0)

    zope.event.subscribers.append(started)
    signal.signal(signal.SIGTERM, write_and_exit)
