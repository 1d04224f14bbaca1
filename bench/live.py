"""Live-update benchmark: N tables x M phones and each table's board, every screen loading its page and
then holding an event stream that carries its own fresh view, like the pages do (M + 1 deliveries per
action), and every page holding its tap socket (web/tap_socket.py), opened before the clock starts.
Each table makes a bounded number of actions from its board, sent as a page sends them: over the
board page's tap socket (with --post-taps, POSTed on kept-alive connections as a browser sends them
when its socket is not open, the first on the connection its page loaded on); for each action we
time from sending the tap to the moment the LAST screen of that table has its fresh view. Prints p50/p99 of that (and, apart, of the event alone reaching every screen, and of each
table's first tap and the later ones), failures, streams held, the views delivered (counted as they
arrive), the server's CPU use (and Redis's, in two-process runs), its resident memory and the
machine's load average sampled through the run. `--taps-log FILE` writes every tap, and
`bench/taps_log.py FILE` shows them by second of the load and by their number at the table.

Closed loop (default): a table's next tap waits for the last one's views, then a pause. Open loop
(--open-loop): each table taps on its schedule regardless, so the server meets the offered rate
(tables / pause actions a second); the result gives the rate it achieved.

    .venv/bin/python bench/live.py --tables 300 --devices 6 --actions 5
    .venv/bin/python bench/live.py --two-processes ...   # two app processes sharing a Redis
    .venv/bin/python bench/live.py --two-processes --by-table ...   # ... each table on one of them
    .venv/bin/python bench/live.py --one-file --by-table ...   # two processes on one SQLite file, each table on one
    .venv/bin/python bench/live.py --split ...   # two processes, a SQLite file each: the most two could give
    .venv/bin/python bench/live.py --random-taps --tables 50   # every device taps at random: refusals per 1,000
    .venv/bin/python bench/live.py --open-loop --pause 1 ...   # taps on schedule: achieved actions per second
    .venv/bin/python bench/live.py --post-taps ...   # taps as POSTs (figures before 27 Nov 2026 11:00 UTC)
    .venv/bin/python bench/live.py --json-taps ...   # POSTs answered in JSON (figures before 26 Nov 2026 18:30 UTC)

With --two-processes, a redis-server (Debian's) and two `python app.py --db redis://...` processes are
started; a table's devices are split between the two processes (even ones on A, odd ones on B) and
actions are sent to A, so half the streams hear of each action through Redis pub/sub. With
--by-table as well, each table's devices and actions all go to one of the two (tables alternate),
as docs/DEPLOY.md's proxy routing by table code sends them. With --one-file instead of --two-processes,
the two processes serve one SQLite file and hear each other's changes from it
(companion/storage/sqlite_hub.py).

Each table's devices send from a loopback address of their own (127.0.T.x), as a table's phones
behind one café router would; the server's per-address limits then see tables apart.

Before the load, the server's CPU per action and per delivered view is measured apart (a run of
sequential actions on a table nobody watches, then sequential view fetches), with `--seed-tables N`
tables already in the store (seeded in-process before the server starts) and the measured table
holding `--history N` events.

run() below goes through its steps in modules of their own: bench/_live_servers.py starts the app
processes, _live_tables.py opens the tables and their screens (_live_screen.py: one screen),
_live_taps.py sends a table's taps, _live_load.py drives the timed load, and _live_measures.py
measures the rest and makes the result's figures.

Only 127.0.0.1 is contacted; every loop is bounded in count and time.
"""
from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import resource  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import gevent  # noqa: E402
from gevent.event import Event  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _client import KeptAlive, http  # noqa: E402
from _server import Server  # noqa: E402
import taps_log  # noqa: E402
from _live_screen import Device  # noqa: E402
from _live_tables import open_tables, table_source, table_versions  # noqa: E402
from _live_taps import Taps  # noqa: E402
from _live_load import TimedLoad  # noqa: E402
from _live_servers import AppProcesses  # noqa: E402
from _live_measures import ResourceUse, cpu_costs, figures  # noqa: E402


def run(tables: int, devices: int, actions: int, pause: float, two_processes: bool = False,
        seed_tables: int = 0, history: int = 0, during=None, refetch_always: bool = False,
        by_table: bool = False, open_loop: bool = False, htmx_taps: bool = True, taps_file: str | None = None,
        split: bool = False, socket_taps: bool = True, one_file: bool = False, game: str = "toolbox") -> dict:
    """`during(port, codes)`: started once every stream is held and returning a function that
    stops it and returns a dict for the result (bench/abuse.py's abusive client). `by_table` (two
    processes): each table's devices and actions go to one process, as a proxy routing by table
    code does (docs/DEPLOY.md), instead of splitting every table's devices between the two.
    `open_loop`: each table taps on its schedule whether or not the last tap's views have arrived
    (as players do), so a slow server meets the offered rate instead of slowing the taps down; the
    result says how many actions a second it achieved and their latency from each tap's POST.
    `taps_file`: a file to write each measured tap to (bench/taps_log.py). `split`: two processes
    with a SQLite file each, the tables alternating between them (each table wholly on one): what
    two processes routed by table could give at most, with nothing shared; not a setup the app
    offers. `one_file`: two processes serving one SQLite file (devices split between them, or routed
    by table with `by_table`), as the app offers. `game`: "toolbox" (the board rolls) or
    "cloaked-cats" (each action the tap of the screen whose turn it is: _cloaked_play.py; one
    process or `one_file`, closed loop, taps over the pages' sockets)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # the server inherits it
    processes = AppProcesses(two_processes=two_processes, seed_tables=seed_tables, split=split, one_file=one_file)
    by_table = by_table or split   # under --split each table is wholly on one process
    stats = {"failed": 0, "stream_errors": 0, "latencies": [], "delivery": [], "taps": [], "bytes": 0, "answers": {},
             "views_in_events": 0, "view_fetches": 0}
    stop = Event()
    connections: list[KeptAlive] = []
    try:
        costs = cpu_costs(processes.servers[0], history)
        # Before the clock: every screen's stream held, each table's version read, every page's
        # connection and tap socket open.
        opened = open_tables(processes.servers, tables, devices, stats, stop, game=game, split=split,
                             by_table=by_table, refetch_always=refetch_always)
        rss_idle = sum(s.rss_mb() for s in processes.servers)
        versions = table_versions(opened)
        taps = Taps(opened, stats, connections, game=game, htmx_taps=htmx_taps, socket_taps=socket_taps)
        timed_load = TimedLoad(opened, taps, stats, versions, actions=actions, pause=pause, open_loop=open_loop)
        stop_during = during(processes.servers[0].port, opened.codes) if during else None
        # What the load cost is read right around it, so nothing before or after counts in it.
        use = ResourceUse(processes, stats)
        started, elapsed = timed_load.drive()
        use.stop()
        during_result = stop_during() if stop_during else {}
        use.read_redis_memory()
        stop.set()
        gevent.killall(opened.listeners, timeout=5)
        if taps_file:
            with open(taps_file, "w") as log:
                log.write(taps_log.lines(stats["taps"], started))
        return {"setup": processes.setup(by_table),
                **what_was_tapped(game, open_loop, over_sockets=bool(taps.sockets), htmx_taps=htmx_taps),
                "tables_in_store_before": seed_tables, "history_of_measured_table": history, **costs,
                "tables": tables, "devices_per_table": devices, "screens_per_table": devices + 1,
                "streams_held": opened.held, "tap_sockets_held": taps.sockets_held(), "actions": tables * actions,
                **figures(stats, use, elapsed, tables / pause, rss_idle, refetch=refetch_always),
                **during_result}
    finally:
        stop.set()
        for conn in connections:
            conn.close()
        processes.stop()


def what_was_tapped(game: str, open_loop: bool, *, over_sockets: bool, htmx_taps: bool) -> dict:
    """The result's words for the game played, the loop and how the taps were sent and answered."""
    return {"game": ("a Toolbox with dice, the board rolling" if game == "toolbox"
                     else f"{game}, every player's view its own, the tap of the screen whose turn it is"),
            "mode": ("open loop (taps on schedule)" if open_loop
                     else "closed loop (next tap once every screen has the last)"),
            "taps_sent": (("over the board page's tap socket" if game == "toolbox"
                           else "over the tapping page's socket") if over_sockets else "as POSTs"),
            "taps_answered_with": ("the tapping screen's view (htmx), or 204 when its stream carried it" if htmx_taps
                                   else "the version (JSON)")}


# --random-taps: what each seated device may tap on a Toolbox table, and whether the engine declares
# it independent of what the device saw (stale="apply") or a flow move (stale="refuse").
RANDOM_TAPS = [("roll", {}, "apply"), ("score", {"delta": 1}, "apply"), ("score", {"delta": -1}, "apply"),
               ("count", {"counter_index": 0, "delta": 1}, "apply"), ("count", {"counter_index": 0, "delta": -1}, "apply"),
               ("bag_draw", {}, "apply"), ("timer_start", {"timer_index": 0}, "apply"),
               ("timer_pause", {"timer_index": 0}, "apply"), ("round_next", {}, "refuse")]


def run_random_taps(tables: int, devices: int, actions: int, pause: float) -> dict:
    """Every device of every table taps at random, from the version its own (live-refreshed) view
    shows, like friends all tapping at once. Counts refusals per 1,000 taps, apart: stale refusals
    of independent moves (the engine must never make them: target 0), stale refusals of flow moves
    (a second Next round for the same round: refused on purpose) and the rules saying no (a counter
    at 0, an empty bag)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    server = Server()
    stats = {"failed": 0, "stream_errors": 0, "bytes": 0, "views_in_events": 0, "view_fetches": 0}
    counts = {"applied": 0, "stale_independent": 0, "stale_flow": 0, "rule": 0, "other": 0}
    stop = Event()
    try:
        codes = []
        for _ in range(tables):
            status, hdrs, _ = http(server.port, "POST", "/tables", {
                "game": "toolbox", "parts": ["dice", "track", "counters", "bag", "timers", "rounds"],
                "counters": "Lives: 2", "bag": "Red: 3"})
            codes.append(hdrs["location"].rsplit("/", 1)[-1])
        table_devices = {code: [Device(server.port, code, f"P{i}", stats, table_source(t)) for i in range(devices)]
                         for t, code in enumerate(codes)}
        listeners = [gevent.spawn(d.listen, stop) for ds in table_devices.values() for d in ds]
        for ds in table_devices.values():
            for d in ds:
                d.connected.wait(30)
                d.refetch()  # the page as first shown
        rng = random.Random(15)

        def tap(d: Device) -> None:
            gevent.sleep(rng.uniform(0, pause))
            for _ in range(actions):
                move, fields, declared = rng.choice(RANDOM_TAPS)
                if move == "score":
                    fields = {**fields, "entrant": str(rng.randint(1, devices))}   # seat ids 1..devices
                status, _, body = http(server.port, "POST", f"/t/{d.code}/act/{move}",
                                       {**fields, "version": d.version, "as": "seat"}, headers={"Cookie": d.cookie})
                answer = json.loads(body) if body[:1] == b"{" else {}
                if status == 200:
                    counts["applied"] += 1
                elif status == 409 and answer.get("stale"):
                    counts["stale_independent" if declared == "apply" else "stale_flow"] += 1
                elif status == 409:
                    counts["rule"] += 1
                else:
                    counts["other"] += 1
                gevent.sleep(rng.uniform(0.5 * pause, 1.5 * pause))

        started = time.perf_counter()
        gevent.joinall([gevent.spawn(tap, d) for ds in table_devices.values() for d in ds], timeout=600)
        elapsed = time.perf_counter() - started
        stop.set()
        gevent.killall(listeners, timeout=5)
        taps = sum(counts.values())
        per_1000 = {key: round(1000 * counts[key] / max(1, taps), 2) for key in counts if key != "applied"}
        return {"setup": "one app process + SQLite", "mode": "random taps", "tables": tables,
                "devices_per_table": devices, "taps": taps, "taps_per_second": round(taps / elapsed, 1),
                "applied": counts["applied"], "refusals_per_1000_taps": per_1000,
                "refused_taps": {key: counts[key] for key in per_1000},
                "view_fetch_failures": stats["failed"], "stream_errors": stats["stream_errors"],
                "seconds": round(elapsed, 1), "machine_load_average_1min": round(os.getloadavg()[0], 2)}
    finally:
        stop.set()
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--devices", type=int, default=6)
    parser.add_argument("--actions", type=int, default=5, help="actions per table (bounded)")
    parser.add_argument("--pause", type=float, default=3.0,
                        help="mean seconds between one table's actions (a busy game: a tap every 3 s)")
    parser.add_argument("--two-processes", action="store_true",
                        help="two app processes sharing a throwaway redis-server (devices split between them)")
    parser.add_argument("--by-table", action="store_true",
                        help="with --two-processes or --one-file: each table's devices and actions on one process "
                             "(as a proxy routing by table code does), not split between the two")
    parser.add_argument("--one-file", action="store_true",
                        help="two app processes serving one SQLite file, each hearing the other's changes from it "
                             "(devices split between them; with --by-table each table on one)")
    parser.add_argument("--split", action="store_true",
                        help="two app processes with a SQLite file each, the tables alternating between them: what "
                             "two processes routed by table could give at most, with nothing shared (not a setup "
                             "the app offers)")
    parser.add_argument("--random-taps", action="store_true",
                        help="every device taps a random Toolbox move from the view it shows; reports refusals "
                             "per 1,000 taps (stale ones of independent moves apart: target 0)")
    parser.add_argument("--seed-tables", type=int, default=0,
                        help="tables in the store before the server starts (CPU per action/view at that size)")
    parser.add_argument("--history", type=int, default=0, help="events on the table whose CPU costs are measured")
    parser.add_argument("--open-loop", action="store_true",
                        help="each table taps on its schedule without waiting for the last tap's views; reports "
                             "the actions per second achieved (offered: tables / pause)")
    parser.add_argument("--json-taps", action="store_true",
                        help="the board's taps ask for the version alone in JSON, as figures before 26 November "
                             "2026 18:30 UTC were measured; by default they ask for HTML as a page's htmx does (the "
                             "tapping screen's fresh view in the answer, compressed)")
    parser.add_argument("--post-taps", action="store_true",
                        help="the board's taps are POSTs on kept-alive connections (a page whose tap socket is "
                             "not open), as every figure before 27 November 2026 11:00 UTC was measured; by "
                             "default they go over its tap socket, as a page's do")
    parser.add_argument("--taps-log", metavar="FILE",
                        help="write each measured tap to FILE: seconds into the load, ms to its answer, ms to its "
                             "table's last view, its number at its table, the port that took it")
    parser.add_argument("--game", choices=["toolbox", "cloaked-cats"], default="toolbox",
                        help="cloaked-cats: every player's view its own (a hand each), each action the tap of the "
                             "phone whose turn it is (bench/_cloaked_play.py); closed loop, on one process or "
                             "two on one file (--one-file)")
    parser.add_argument("--refetch", action="store_true",
                        help="streams say only the version and every device re-fetches (the old delivery)")
    args = parser.parse_args()
    if args.split and (args.two_processes or args.seed_tables or args.one_file):
        parser.error("--split starts two processes with an empty SQLite file each: not with --two-processes, "
                     "--one-file or --seed-tables")
    if args.one_file and args.two_processes:
        parser.error("--one-file shares a SQLite file, --two-processes a Redis: one or the other")
    if args.game != "toolbox" and (args.two_processes or args.split or args.open_loop
                                   or args.json_taps or args.post_taps or args.refetch or args.random_taps):
        parser.error("--game cloaked-cats is one process or two on one file (--one-file), closed loop, taps "
                     "over the pages' sockets")
    if args.random_taps:
        print(json.dumps(run_random_taps(min(args.tables, 2000), min(args.devices, 20), min(args.actions, 100),
                                         args.pause), indent=2))
        return
    result = run(min(args.tables, 2000), min(args.devices, 20), min(args.actions, 100), args.pause,
                 args.two_processes, min(args.seed_tables, 20000), min(args.history, 5000),
                 refetch_always=args.refetch, by_table=args.by_table,
                 open_loop=args.open_loop, htmx_taps=not args.json_taps, taps_file=args.taps_log, split=args.split,
                 socket_taps=not args.post_taps, one_file=args.one_file, game=args.game)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
