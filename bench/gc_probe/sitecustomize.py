"""The garbage collector's pauses in a benchmark's server, for docs/PERFORMANCE.md: put this folder on
PYTHONPATH and set GC_PROBE_LOG, and every Python process started with `app.py` in its command line
(bench/_server.py's) writes one line per collection to GC_PROBE_LOG.<pid> when it is stopped
(SIGTERM): when it ended (epoch seconds), the generation, its length in ms (wall), the objects it
freed and, with GC_PROBE_COUNT=1 (which slows every collection), the objects it walked. GC_PROBE_THRESHOLDS="700,1000,10" replaces the app's thresholds (companion/serving.py), to
compare settings in interleaved runs. GC_PROBE_FREEZE=1 freezes everything still alive after each
young collection (gc.freeze), so the older generations never hold anything to walk: an
experiment, since a cycle among frozen objects that dies later is never freed (docs/PERFORMANCE.md).
Then `python bench/gc_probe/summary.py GC_PROBE_LOG.<pid>`.

    GC_PROBE_LOG=/tmp/gc PYTHONPATH=bench/gc_probe .venv/bin/python bench/live.py --pause 1 --actions 30
"""
import gc
import os
import signal
import sys
import time

if os.environ.get("GC_PROBE_LOG") and any(arg.endswith("app.py") for arg in sys.argv):
    started: list[float] = []
    walked: list[int] = [0]
    collections: list[tuple[float, int, float, int, int]] = []
    counting = os.environ.get("GC_PROBE_COUNT") == "1"

    def timed(phase: str, info: dict) -> None:
        if phase == "start":
            if counting:
                walked[0] = sum(len(gc.get_objects(g)) for g in range(info["generation"] + 1))
            started[:] = [time.perf_counter()]
        elif started:
            collections.append((time.time(), info["generation"], (time.perf_counter() - started[0]) * 1000,
                                info["collected"], walked[0]))

    def write_and_exit(*_) -> None:
        with open(f"{os.environ['GC_PROBE_LOG']}.{os.getpid()}", "w") as log:
            log.writelines("%.3f %d %.2f %d %d\n" % row for row in collections)
        os._exit(0)

    gc.callbacks.append(timed)
    if os.environ.get("GC_PROBE_FREEZE") == "1":
        def freeze_survivors(phase: str, info: dict) -> None:
            if phase == "stop" and info["generation"] == 0:
                gc.freeze()
        gc.callbacks.append(freeze_survivors)
    signal.signal(signal.SIGTERM, write_and_exit)
    wanted = os.environ.get("GC_PROBE_THRESHOLDS")
    if wanted:
        set_threshold = gc.set_threshold
        gc.set_threshold = lambda *_: set_threshold(*map(int, wanted.split(",")))
