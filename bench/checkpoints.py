"""How long a busy night's commits hold the server's loop, with the write-ahead log checkpointed by
SQLite inside whichever commit finds it past 1,000 pages (`sqlite`, as before 27 November 2026), or
every 200 commits in a thread of its own (`thread`, companion/storage/checkpoints.py, as the app
does now). In-process, under gevent as app.py serves: 300 Toolbox tables on a SQLite file in a
temporary folder, one roll after another round the tables with the loop free for `--gap-ms` between
(about 350 taps a second), while a greenlet that sleeps 1 ms notes how late it wakes (the loop held).
No server, no streams, no sockets: the store and the engine alone. The ways alternate, `--runs` each.
Each run also says the most the write-ahead log held (`log_mb_largest`): with a passive checkpoint
alone, a loop busy between commits (`--gap-ms 0`) never let SQLite start the log again.

    python bench/checkpoints.py --taps 6000 --runs 3
    python bench/checkpoints.py --taps 6000 --runs 3 --gap-ms 0
"""
from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import gevent  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.engine import Credentials, Tables  # noqa: E402
from companion.live import Hub  # noqa: E402
from companion.storage.sqlite_store import SQLiteStore  # noqa: E402

TABLES = 300
SQLITES_OWN = 1000   # pages: SQLite's default wal_autocheckpoint


def store_for(way: str, path: str) -> SQLiteStore:
    if way == "thread":
        return SQLiteStore(path)
    store = SQLiteStore(path, checkpoint_every=10**9)   # the thread never runs
    connect = store._connect

    def with_sqlites_own(writing=False):   # reads' connections and writes' alike
        conn = connect(writing)
        conn.execute(f"PRAGMA wal_autocheckpoint={SQLITES_OWN}")
        return conn
    store._connect = with_sqlites_own
    store.close()   # the pool's connection from start-up, opened without it
    return store


def fields(data: dict):
    return lambda key: [str(v) for v in data.get(key, [])]


def nearest_rank(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def run(way: str, taps: int, gap: float) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        store = store_for(way, str(Path(folder) / "bench.db"))
        tables = Tables(store, Hub(), time.time)
        seated = []
        for _ in range(TABLES):
            code, host = tables.create("toolbox", fields({"parts": ["dice"]}))
            seated.append([code, host, tables.version(code)])
        lags: list[float] = []

        def sleeper():
            while True:
                asked = time.perf_counter()
                gevent.sleep(0.001)
                lags.append(time.perf_counter() - asked - 0.001)
        watching = gevent.spawn(sleeper)
        commits: list[float] = []
        for n in range(taps):
            table = seated[n % TABLES]
            began = time.perf_counter()
            table[2] = tables.act(table[0], "roll", fields({}), Credentials(None, table[1]), table[2])
            commits.append(time.perf_counter() - began)
            gevent.sleep(gap)
        watching.kill()
        ends = time.monotonic() + 10
        while store.checkpoints.running and time.monotonic() < ends:   # the last one begun, done
            time.sleep(0.01)
        checkpoints = store.checkpoints.done
        # The log's file keeps the largest size the log reached (SQLite writes it again from its
        # beginning after a checkpoint, and truncates it only when the last connection closes).
        log_bytes = os.path.getsize(Path(folder) / "bench.db-wal")
        store.close()
    commits.sort()
    lags.sort()
    return {"way": way, "roll_p50_ms": round(nearest_rank(commits, 0.5) * 1000, 2),
            "roll_p99_ms": round(nearest_rank(commits, 0.99) * 1000, 2),
            "roll_p999_ms": round(nearest_rank(commits, 0.999) * 1000, 2),
            "rolls_over_5_ms": sum(1 for c in commits if c > 0.005),
            "loop_held_over_5_ms": sum(1 for lag in lags if lag > 0.005),
            "loop_held_longest_ms": round(lags[-1] * 1000, 1) if lags else 0.0,
            "checkpoints_in_a_thread": checkpoints,
            "log_mb_largest": round(log_bytes / 1e6, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=6000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--gap-ms", type=float, default=1.5, help="the loop free between rolls")
    args = parser.parse_args()
    taps, runs, gap = max(100, min(args.taps, 50_000)), max(1, min(args.runs, 10)), max(0.0, min(args.gap_ms, 100.0))
    for _ in range(runs):
        for way in ("sqlite", "thread"):
            print(json.dumps(run(way, taps, gap / 1000)), flush=True)


if __name__ == "__main__":
    main()
