"""Capacity beside boardgame.io, interleaved: the taps a second each side carries with p99 within
100 ms, measured in one set of runs on one machine, with the load average through each.

Both sides are run open loop, as the issue defines capacity: each table taps on its schedule
whatever the answers, the offered rate tables / pause, from one screen of the table (ours from the
board, bench/live.py --open-loop; boardgame.io from its first player, load.js --open-loop, which
the project adds to its copy of the peer's harness: bench/peer-open-loop.patch, versus.peer_bench).
Ours on one process and on two serving one SQLite file routed by table (`--one-file --by-table`, a
process per core). A closed loop (each table's next move waits for its last one's state at every
player) slows its own offer as the server falls behind, so it reports less queueing than an open
loop at the same achieved rate: boardgame.io's closed-loop runs are kept (`--peer-pauses`) to show
the difference. Each round runs every rate of every side once, alternating, so the machine's load
meets all alike; `--rounds` rounds.

Every run has `--actions` actions a table (default 30: the start's burst, every table's first tap
within one pause, and the end's trickle are a smaller share than with 10, for both sides; achieved
counts the whole run, ramp in and out included). A side's capacity in a round is the highest
achieved rate among its runs whose p99 stayed within 100 ms.

    .venv/bin/python bench/capacity.py                     # two rounds of seven runs, about 5 minutes
    .venv/bin/python bench/capacity.py --flatfile          # and boardgame.io's FlatFile (two runs more a round)
    .venv/bin/python bench/capacity.py --one 857 1000 --two 1111 1250 --peer 2000 2400 --peer-pauses 0.06

With `--pin` (Linux) the load generator is held to one core and each server process to a core of
its own (versus.py's --pin), so that no server shares a core with the load, as the issue asks of a
capacity measured on more than one core. A side with more servers than the cores left (our two
processes on a two-core machine) is left out, and said so.

    .venv/bin/python bench/capacity.py --pin --two   # one process and boardgame.io, each server on its own core

Every run is bounded (its actions, and 900 s); only 127.0.0.1 is contacted. Run nothing else on the
machine meanwhile.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.versus import one, peer_bench, spread, through  # noqa: E402

WITHIN_MS = 100   # a rate counts as carried while p99 stays within this
CLOSED_LOOP = "boardgame.io in memory, closed loop"   # beside the open-loop figures, not a capacity
SERVERS = {"ours, two processes, one file": 2}   # server processes a run of the side starts (else one)


def row(label: str, rate: str, r: dict) -> str:
    if "error" in r:
        return f"| {label} | {rate} | failed: {r['error']} |"
    return (f"| {label} | {rate} | **{r['actions_per_second']}** | {r['p50_ms']} | **{r['p99_ms']}** | "
            f"{r['server_cpu_percent_of_one_core']} % | {r.get('load_generator_cpu_percent_of_one_core', '-')} % | "
            f"{r['server_cpu_ms_per_action_under_load']} | {r['failed']} | {through(r)} |")


def carried(runs: list[dict]) -> float | None:
    """The highest achieved rate among `runs` whose p99 stayed within WITHIN_MS, with none failed."""
    held = [r["actions_per_second"] for r in runs
            if "error" not in r and not r["failed"] and r["p99_ms"] <= WITHIN_MS]
    return max(held) if held else None


def alternating(sides: dict[str, list]) -> list[tuple[str, object]]:
    """Every side's runs of a round, in turn: each side's first rate, then each side's second, and so
    on, so that no side's runs fall together in a slow stretch of the machine's."""
    order = []
    for i in range(max(map(len, sides.values()), default=0)):
        order += [(side, runs[i]) for side, runs in sides.items() if i < len(runs)]
    return order


def pinning(sides: dict, cores: list[int]) -> dict[str, tuple[int, list[int]]]:
    """--pin's cores for each side whose servers and load fit on `cores`: the load on the first, each
    server process on one of the next (versus.one's `pin`)."""
    return {side: (cores[0], cores[1:1 + SERVERS.get(side, 1)])
            for side in sides if len(cores) >= 1 + SERVERS.get(side, 1)}


def open_loop(system: str, rates: list[float], tables: int, *extra: str) -> list[tuple[str, str, list[str]]]:
    """A side's runs at `rates` offered taps a second, open loop: (label of its rate, system, one.sh
    arguments)."""
    return [(f"{rate:g} offered", system, ["--pause", f"{tables / rate:.3g}", "--open-loop", *extra]) for rate in rates]


def by_round(values: list[float | None]) -> str:
    """A side's carried rates round by round, "-" for a round where none of its rates held."""
    return ", ".join("-" if v is None else f"{v:g}" for v in values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--one", type=float, nargs="*", default=[857, 1000],
                        help="offered taps a second, ours on one process")
    parser.add_argument("--two", type=float, nargs="*", default=[1111, 1250],
                        help="offered taps a second, ours on two processes serving one SQLite file")
    parser.add_argument("--peer", type=float, nargs="*", default=[2000, 2400],
                        help="offered taps a second, boardgame.io in memory (open loop)")
    parser.add_argument("--peer-pauses", type=float, nargs="*", default=[0.06],
                        help="boardgame.io in memory's closed loop at these pauses, beside (not its capacity)")
    parser.add_argument("--flatfile", type=float, nargs="*", default=None,
                        help="also boardgame.io FlatFile at these offered rates, open loop "
                             "(default when given bare: 500 600)")
    parser.add_argument("--pin", action="store_true",
                        help="the load generator on one core, each server process on a core of its own")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--devices", type=int, default=6)
    parser.add_argument("--actions", type=int, default=30)
    parser.add_argument("--harness", type=Path, default=Path(tempfile.gettempdir()) / "peer-bench")
    parser.add_argument("--results", type=Path, default=Path(tempfile.gettempdir()) / "peer-bench-results")
    args = parser.parse_args()
    flatfile = [500, 600] if args.flatfile == [] else (args.flatfile or [])
    tables = min(args.tables, 2000)
    common = ["--tables", str(tables), "--devices", str(min(args.devices, 12)), "--actions", str(min(args.actions, 100))]
    # Every side's runs of a round, in the order they alternate: (side, label of its rate, one.sh arguments).
    sides = {"ours, one process": open_loop("ours", args.one, tables),
             "ours, two processes, one file": open_loop("ours", args.two, tables, "--one-file", "--by-table"),
             "boardgame.io in memory": open_loop("peer", args.peer, tables),
             "boardgame.io FlatFile": open_loop("peer", flatfile, tables, "--storage", "flatfile"),
             CLOSED_LOOP: [(f"pause {p:g} s", "peer", ["--pause", str(p)]) for p in args.peer_pauses]}
    pins = pinning(sides, sorted(os.sched_getaffinity(0))) if args.pin else {}
    for side in [side for side in sides if args.pin and side not in pins and sides[side]]:
        print(f"Left out under --pin: {side} (its servers and the load need more cores than this machine's).")
        sides[side] = []
    order = alternating(sides)
    harness = peer_bench(args.harness)
    args.results.mkdir(parents=True, exist_ok=True)
    print(f"### Capacity: {tables} tables × {args.devices} phones and a board, {args.actions} actions a table\n")
    print("| side | rate | achieved taps/s | p50 ms | p99 ms | server CPU (one core) | load generator CPU | "
          "CPU ms per action | failed | load through the run |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    held: dict[str, list] = {side: [] for side, runs in sides.items() if runs}
    for n in range(1, min(args.rounds, 10) + 1):
        round_runs: dict[str, list[dict]] = {side: [] for side in held}
        for side, (rate, system, extra) in order:
            r = one(harness, args.results, f"cap-r{n}", system, common + extra, pins.get(side))
            round_runs[side].append(r)
            print(row(f"{side}, round {n}", rate, r), flush=True)
        for side, runs in round_runs.items():
            held[side].append(carried(runs))
    print(f"\nCarried with p99 within {WITHIN_MS} ms, round by round:")
    for side, values in held.items():
        if side == CLOSED_LOOP:
            print(f"- {side} (its offer slows as it falls behind, so not a capacity): {by_round(values)}")
        else:
            print(f"- {side}: {by_round(values)} ({spread([v for v in values if v is not None])})")
    peer = [v for v in held.get("boardgame.io in memory", []) if v is not None]
    if peer:
        half = statistics.median(peer) / 2
        for side in ("ours, one process", "ours, two processes, one file"):
            ours = [v for v in held.get(side, []) if v is not None]
            if ours:
                print(f"- {side} ÷ half of boardgame.io in memory's median ({half:g}): "
                      f"{', '.join(f'{v / half:.2f}' for v in ours)}")


if __name__ == "__main__":
    main()
