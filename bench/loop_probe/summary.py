"""A loop probe's log (bench/loop_probe/sitecustomize.py) by second of the run: how late the 5 ms
sleeper woke (the loop's queue) and, for the changes delivered in that second, how long each waited
for its turn and how long it ran. Percentiles are nearest-rank; a second with no sample is left out.

    python bench/loop_probe/summary.py /tmp/loop.<pid>
"""
from __future__ import annotations

import sys
from collections import defaultdict


def rank(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def main(path: str) -> None:
    lags: dict[int, list[float]] = defaultdict(list)
    waits: dict[int, list[float]] = defaultdict(list)
    runs: dict[int, list[float]] = defaultdict(list)
    first = None
    with open(path) as log:
        for line in log:
            kind, at, *values = line.split()
            first = float(at) if first is None else first
            second = int(float(at) - first)
            if kind == "lag":
                lags[second].append(float(values[0]))
            else:
                waits[second].append(float(values[0]))
                runs[second].append(float(values[1]))
    print("second | loop lag p50 / p99 / max ms | deliveries | their wait p50 / p99 / max ms | run p99 ms")
    for second in sorted(set(lags) | set(waits)):
        lag, wait, run = lags.get(second, []), waits.get(second, []), runs.get(second, [])
        lag_text = f"{rank(lag, .5):.1f} / {rank(lag, .99):.1f} / {max(lag):.1f}" if lag else "-"
        wait_text = f"{rank(wait, .5):.1f} / {rank(wait, .99):.1f} / {max(wait):.1f}" if wait else "-"
        run_text = f"{rank(run, .99):.2f}" if run else "-"
        print(f"{second:6d} | {lag_text:>27} | {len(wait):10d} | {wait_text:>29} | {run_text}")
    every_wait = [w for ws in waits.values() for w in ws]
    busy_lag = [v for second in waits for v in lags.get(second, [])]   # start-up's compiling left out
    if every_wait:
        print(f"seconds with deliveries: {len(every_wait)} deliveries, wait p50 {rank(every_wait, .5):.1f} "
              f"p99 {rank(every_wait, .99):.1f} max {max(every_wait):.1f} ms; loop lag p99 "
              f"{rank(busy_lag, .99):.1f} max {max(busy_lag):.1f} ms")


if __name__ == "__main__":
    main(sys.argv[1])
