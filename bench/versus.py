"""The app beside boardgame.io, interleaved: for each rate, ours then the peer, `--pairs` times, with
the same bench/live.py workload (../shared/peer-bench/, which this copies to a temporary folder and
installs with `npm ci` the first time). Prints one markdown table a rate: each run's p50, p99, CPU per
action, memory and the load average through it, and each pair's p99 ratio; then the spread.

    .venv/bin/python bench/versus.py                       # 1 s, 3 s and 10 s, three pairs each
    .venv/bin/python bench/versus.py --pauses 1 --pairs 5  # one rate
    .venv/bin/python bench/versus.py --pauses 1 --flatfile # and boardgame.io's durable FlatFile after each pair
    .venv/bin/python bench/versus.py --pauses 1 --by-table # ours as two processes on Redis, routed by table
    .venv/bin/python bench/versus.py --pauses 1 --one-file # ours as two processes on one SQLite file, routed by table
    .venv/bin/python bench/versus.py --pauses 1 --pin      # each server on a core of its own, the load on another
    .venv/bin/python bench/versus.py --pauses 0.4 --pin --one-file   # three cores or more: two processes, a core each
    .venv/bin/python bench/versus.py --pauses 1 3 --game cloaked-cats   # ours at a game where every player's view is its own

With --pin (Linux), every process a run starts is held to the first of the cores this one may use
(the load generators, bench/live.py and load.js), and each server process (app.py, server.js),
with every thread it has, to a core of its own after it, in the order of their process ids: so no
server shares its core with the load it serves, nor with the other process of ours. One server
process a run takes two cores; two (--by-table, --one-file) take three. boardgame.io is one process,
on the first server core, whatever ours is; Redis (--by-table) stays on the load's core.

Every run is bounded (its actions, and 900 s); only 127.0.0.1 is contacted. Run nothing else on the
machine meanwhile: the load average through each run is printed beside it.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "peer-bench"


# The one change this project makes to its copy of the peer's harness: load.js --open-loop, each
# match's moves sent on schedule as bench/live.py --open-loop sends ours, so that capacity (the rate
# carried with p99 within 100 ms, open loop: issue 29) is measured the same way on both sides.
OPEN_LOOP_PATCH = ROOT / "bench" / "peer-open-loop.patch"


def peer_bench(folder: Path) -> Path:
    """The peer's harness, copied out of the read-only shared folder and installed once, with
    OPEN_LOOP_PATCH applied (once: a copy that has it is left as it is)."""
    if not (folder / "node_modules").is_dir():
        if not SHARED.is_dir():
            sys.exit(f"{SHARED} is missing: the peer's harness comes with the project's shared folder")
        shutil.copytree(SHARED, folder, dirs_exist_ok=True)
        subprocess.run(["npm", "ci", "--silent"], cwd=folder, check=True)
    applied = subprocess.run(["git", "apply", "--reverse", "--check", str(OPEN_LOOP_PATCH)], cwd=folder,
                             capture_output=True).returncode == 0
    if not applied:
        subprocess.run(["git", "apply", str(OPEN_LOOP_PATCH)], cwd=folder, check=True)
    return folder


SERVERS = (b"app.py", b"server.js")   # the command lines of the two servers a run starts


def one(harness: Path, results: Path, label: str, system: str, args: list[str],
        pin: tuple[int, list[int]] | None = None) -> dict:
    """One run through the harness's interleave/one.sh (which saves its JSON with the load average).
    `pin`: (the load's core, the servers' cores), see --pin."""
    before = set(results.glob("*.json"))
    run = subprocess.Popen([str(harness / "interleave" / "one.sh"), label, system, *args], cwd=ROOT,
                           env={**os.environ, "OURS": str(ROOT), "RESULTS": str(results)}, stdout=subprocess.DEVNULL,
                           preexec_fn=(lambda: os.sched_setaffinity(0, {pin[0]})) if pin else None)
    if pin:
        done = threading.Event()
        holder = threading.Thread(target=hold_servers, args=(run.pid, pin[1], done), daemon=True)
        holder.start()
    if run.wait() != 0:
        raise subprocess.CalledProcessError(run.returncode, run.args)
    if pin:
        done.set()
        holder.join()
    made = sorted(set(results.glob("*.json")) - before)
    return json.load(open(made[-1])) if made else {"error": "no result"}


def pinned_cores(cores: list[int], servers: int) -> tuple[int, list[int]]:
    """--pin's cores: the load generators' (the first) and one for each of `servers` server
    processes after it; SystemExit in words when there are too few."""
    if len(cores) < servers + 1:
        sys.exit(f"--pin needs a core for the load and one for each of the {servers} server process(es) "
                 f"a run starts: {len(cores)} here")
    return cores[0], cores[1:servers + 1]


def hold_servers(root: int, cores: list[int], done: threading.Event) -> None:
    """Until `done`, every 0.2 s: each server process started under `root`, every thread of it (a
    thread inherits its creator's core, and node makes its threads at start), held to a core of
    `cores`, the first process seen to the first, and so on."""
    held: dict[int, int] = {}   # server process -> its core
    while not done.wait(0.2):
        for pid in sorted(descendants(root)):
            try:
                if not any(name in open(f"/proc/{pid}/cmdline", "rb").read() for name in SERVERS):
                    continue
                core = held.setdefault(pid, cores[len(held) % len(cores)])
                for task in os.listdir(f"/proc/{pid}/task"):
                    if os.sched_getaffinity(int(task)) != {core}:
                        os.sched_setaffinity(int(task), {core})
            except OSError:   # it ended meanwhile
                continue


def descendants(root: int) -> set[int]:
    """The processes started under `root`, read from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    parent = int(fh.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(parent, []).append(int(entry))
    found, frontier = set(), [root]
    while frontier:
        pid = frontier.pop()
        for child in children.get(pid, ()):
            if child not in found:
                found.add(child)
                frontier.append(child)
    return found


def through(r: dict) -> str:
    """The one-minute load average through a run (bench/live.py samples it), or before→after (the
    peer's runs, from one.sh)."""
    load = r.get("machine_load_average_1min_through_run", {})
    return f"{load['min']}–{load['max']}" if load else f"{r['loadavg_before'].split()[0]}→{r['loadavg_after'].split()[0]}"


def row(label: str, r: dict) -> str:
    if "error" in r:
        return f"| {label} | failed: {r['error']} |"
    return (f"| {label} | {r['p50_ms']} | **{r['p99_ms']}** | {r.get('actions_per_second', '-')} | "
            f"{r['server_cpu_percent_of_one_core']} % | {r['server_cpu_ms_per_action_under_load']} | "
            f"{r['server_rss_mb_busy']} | {r['failed']} | {through(r)} |")


def spread(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{min(values):g}–{max(values):g} (median {statistics.median(values):g})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pauses", type=float, nargs="+", default=[1, 3, 10])
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--devices", type=int, default=6)
    parser.add_argument("--actions", type=int, default=None,
                        help="actions a table in every run (default: 10 at a pause up to 3 s, 6 above); "
                             "more make the start's burst, every table's first tap within one pause, a smaller share")
    parser.add_argument("--flatfile", action="store_true", help="also boardgame.io with FlatFile storage after each pair")
    parser.add_argument("--by-table", action="store_true", help="ours as two processes sharing a Redis, routed by table")
    parser.add_argument("--one-file", action="store_true",
                        help="ours as two processes serving one SQLite file, routed by table")
    parser.add_argument("--pin", action="store_true",
                        help="the load generators on one core, each server process on a core of its own")
    parser.add_argument("--game", choices=["toolbox", "cloaked-cats"], default="toolbox",
                        help="ours at a game where every player's view is its own (bench/live.py --game), as each "
                             "player's state is in boardgame.io's workload; one process, or two with --one-file")
    parser.add_argument("--harness", type=Path, default=Path(tempfile.gettempdir()) / "peer-bench")
    parser.add_argument("--results", type=Path, default=Path(tempfile.gettempdir()) / "peer-bench-results")
    args = parser.parse_args()
    if args.by_table and args.one_file:
        sys.exit("--by-table shares a Redis, --one-file a SQLite file: one or the other")
    if args.game != "toolbox" and args.by_table:
        sys.exit("--game is measured on one process, or two on one SQLite file (--one-file)")
    harness = peer_bench(args.harness)
    pin = None
    if args.pin:
        pin = pinned_cores(sorted(os.sched_getaffinity(0)), 2 if args.by_table or args.one_file else 1)
        print(f"The load generators on core {pin[0]}, the server processes on cores {', '.join(map(str, pin[1]))}.")
    args.results.mkdir(parents=True, exist_ok=True)
    for pause in args.pauses:
        # a run lasts about actions × pause seconds
        actions = min(args.actions, 100) if args.actions else (10 if pause <= 3 else 6)
        common = ["--tables", str(min(args.tables, 2000)), "--devices", str(min(args.devices, 12)),
                  "--actions", str(actions), "--pause", str(pause)]
        ours_args = common + (["--two-processes", "--by-table"] if args.by_table
                              else ["--one-file", "--by-table"] if args.one_file else [])
        ours_label = " (two processes, Redis)" if args.by_table else " (two processes, one SQLite file)" if args.one_file else ""
        if args.game != "toolbox":
            ours_args += ["--game", args.game]
            ours_label = f" ({args.game}, every view its own{', two processes, one SQLite file' if args.one_file else ''})"
        print(f"\n### {args.tables} tables × {args.devices} phones and a board, a tap every {pause:g} s, "
              f"{actions} actions a table\n")
        print("| run | p50 ms | p99 ms | actions/s | server CPU (one core) | CPU ms per action | memory MB | failed | load through the run |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        ratios, ours_p99, peer_p99, ours_cpu, flat_cpu, generator_lags = [], [], [], [], [], []
        for n in range(1, min(args.pairs, 10) + 1):
            ours = one(harness, args.results, f"p{pause:g}-r{n}", "ours", ours_args, pin)
            peer = one(harness, args.results, f"p{pause:g}-r{n}", "peer", common, pin)
            print(row(f"ours, run {n}{ours_label}", ours), flush=True)
            print(row(f"boardgame.io in memory, run {n}", peer), flush=True)
            if args.flatfile:
                flat = one(harness, args.results, f"p{pause:g}-r{n}-flatfile", "peer", common + ["--storage", "flatfile"], pin)
                print(row(f"boardgame.io FlatFile, run {n}", flat), flush=True)
                if "error" not in flat:
                    flat_cpu.append(flat["server_cpu_ms_per_action_under_load"])
            if "error" not in ours and "error" not in peer:
                ours_p99.append(ours["p99_ms"])
                peer_p99.append(peer["p99_ms"])
                ours_cpu.append(ours["server_cpu_ms_per_action_under_load"])
                if "load_generator_lag_p99_ms" in ours:
                    generator_lags.append(ours["load_generator_lag_p99_ms"])
                ratios.append(round(ours["p99_ms"] / peer["p99_ms"], 1))
        print(f"\np99, ours: {spread(ours_p99)} ms; boardgame.io: {spread(peer_p99)} ms; "
              f"ours ÷ boardgame.io in the same pair: {', '.join(f'{r:g}×' for r in ratios)}")
        print(f"CPU per action, ours: {spread(ours_cpu)} ms" + (f"; boardgame.io FlatFile: {spread(flat_cpu)} ms" if flat_cpu else ""))
        if generator_lags:   # what our Python load generator may add to our taps' times (boardgame.io's is Node)
            print(f"Our load generator's loop woke late by (p99): {spread(generator_lags)} ms")


if __name__ == "__main__":
    main()
