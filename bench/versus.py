"""The app beside boardgame.io, interleaved: for each rate, ours then the peer, `--pairs` times, with
the same bench/live.py workload (../shared/peer-bench/, which this copies to a temporary folder and
installs with `npm ci` the first time). Prints one markdown table a rate: each run's p50, p99, CPU per
action, memory and the load average through it, and each pair's p99 ratio; then the spread.

    .venv/bin/python bench/versus.py                       # 1 s, 3 s and 10 s, three pairs each
    .venv/bin/python bench/versus.py --pauses 1 --pairs 5  # one rate
    .venv/bin/python bench/versus.py --pauses 1 --flatfile # and boardgame.io's durable FlatFile after each pair
    .venv/bin/python bench/versus.py --pauses 1 --by-table # ours as two processes on Redis, routed by table

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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "peer-bench"


def peer_bench(folder: Path) -> Path:
    """The peer's harness, copied out of the read-only shared folder and installed once."""
    if not (folder / "node_modules").is_dir():
        if not SHARED.is_dir():
            sys.exit(f"{SHARED} is missing: the peer's harness comes with the project's shared folder")
        shutil.copytree(SHARED, folder, dirs_exist_ok=True)
        subprocess.run(["npm", "ci", "--silent"], cwd=folder, check=True)
    return folder


def one(harness: Path, results: Path, label: str, system: str, args: list[str]) -> dict:
    """One run through the harness's interleave/one.sh (which saves its JSON with the load average)."""
    before = set(results.glob("*.json"))
    subprocess.run([str(harness / "interleave" / "one.sh"), label, system, *args], cwd=ROOT, check=True,
                   env={**os.environ, "OURS": str(ROOT), "RESULTS": str(results)}, stdout=subprocess.DEVNULL)
    made = sorted(set(results.glob("*.json")) - before)
    return json.load(open(made[-1])) if made else {"error": "no result"}


def row(label: str, r: dict) -> str:
    if "error" in r:
        return f"| {label} | failed: {r['error']} |"
    load = r.get("machine_load_average_1min_through_run", {})
    through = f"{load['min']}–{load['max']}" if load else f"{r['loadavg_before'].split()[0]}→{r['loadavg_after'].split()[0]}"
    return (f"| {label} | {r['p50_ms']} | **{r['p99_ms']}** | {r.get('actions_per_second', '-')} | "
            f"{r['server_cpu_percent_of_one_core']} % | {r['server_cpu_ms_per_action_under_load']} | "
            f"{r['server_rss_mb_busy']} | {r['failed']} | {through} |")


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
    parser.add_argument("--harness", type=Path, default=Path(tempfile.gettempdir()) / "peer-bench")
    parser.add_argument("--results", type=Path, default=Path(tempfile.gettempdir()) / "peer-bench-results")
    args = parser.parse_args()
    harness = peer_bench(args.harness)
    args.results.mkdir(parents=True, exist_ok=True)
    for pause in args.pauses:
        # a run lasts about actions × pause seconds
        actions = min(args.actions, 100) if args.actions else (10 if pause <= 3 else 6)
        common = ["--tables", str(min(args.tables, 2000)), "--devices", str(min(args.devices, 12)),
                  "--actions", str(actions), "--pause", str(pause)]
        ours_args = common + (["--two-processes", "--by-table"] if args.by_table else [])
        print(f"\n### {args.tables} tables × {args.devices} phones and a board, a tap every {pause:g} s, "
              f"{actions} actions a table\n")
        print("| run | p50 ms | p99 ms | actions/s | server CPU (one core) | CPU ms per action | memory MB | failed | load through the run |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        ratios, ours_p99, peer_p99, ours_cpu, flat_cpu = [], [], [], [], []
        for n in range(1, min(args.pairs, 10) + 1):
            ours = one(harness, args.results, f"p{pause:g}-r{n}", "ours", ours_args)
            peer = one(harness, args.results, f"p{pause:g}-r{n}", "peer", common)
            print(row(f"ours, run {n}" + (" (two processes, Redis)" if args.by_table else ""), ours), flush=True)
            print(row(f"boardgame.io in memory, run {n}", peer), flush=True)
            if args.flatfile:
                flat = one(harness, args.results, f"p{pause:g}-r{n}-flatfile", "peer", common + ["--storage", "flatfile"])
                print(row(f"boardgame.io FlatFile, run {n}", flat), flush=True)
                if "error" not in flat:
                    flat_cpu.append(flat["server_cpu_ms_per_action_under_load"])
            if "error" not in ours and "error" not in peer:
                ours_p99.append(ours["p99_ms"])
                peer_p99.append(peer["p99_ms"])
                ours_cpu.append(ours["server_cpu_ms_per_action_under_load"])
                ratios.append(round(ours["p99_ms"] / peer["p99_ms"], 1))
        print(f"\np99, ours: {spread(ours_p99)} ms; boardgame.io: {spread(peer_p99)} ms; "
              f"ours ÷ boardgame.io in the same pair: {', '.join(f'{r:g}×' for r in ratios)}")
        print(f"CPU per action, ours: {spread(ours_cpu)} ms" + (f"; boardgame.io FlatFile: {spread(flat_cpu)} ms" if flat_cpu else ""))


if __name__ == "__main__":
    main()
