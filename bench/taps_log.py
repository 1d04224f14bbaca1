"""`bench/live.py --taps-log`'s file: one line per measured tap (`lines` writes it), and, run as a
script, that file by second of the load: how many taps were sent in each second and their latency
(POST to the table's last screen) p50 / p99 / max, then the same by the tap's number at its table
(0: each table's first). Percentiles as bench/live.py's own.

    python bench/live.py --pause 1 --actions 10 --taps-log /tmp/taps
    python bench/taps_log.py /tmp/taps
"""
from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _server import percentile  # noqa: E402   the one bench/live.py's own p50 and p99 use


def lines(taps: list[tuple[float, float, float, int, int]], load_started: float) -> str:
    """One line per measured tap, in the order they were sent: seconds into the load when its POST
    went, ms until its answer, ms until its table's last screen had its view, its number at its
    table (0: the table's first) and the port of the process that took it."""
    return "".join(f"{at - load_started:.4f} {(answered - at) * 1000:.2f} {latency:.2f} {nth} {port}\n"
                   for at, answered, latency, nth, port in sorted(taps))


def table(title: str, groups: dict[int, list[float]]) -> None:
    print(f"{title:>8} | taps | latency p50 / p99 / max ms")
    for key in sorted(groups):
        values = groups[key]
        print(f"{key:8d} | {len(values):4d} | {percentile(values, 50):.1f} / {percentile(values, 99):.1f} / {max(values):.1f}")


def main(path: str) -> None:
    by_second: dict[int, list[float]] = defaultdict(list)
    by_number: dict[int, list[float]] = defaultdict(list)
    with open(path) as log:
        for line in log:
            at, _answered, latency, nth, _port = line.split()
            by_second[int(float(at))].append(float(latency))
            by_number[int(nth)].append(float(latency))
    table("second", by_second)
    table("tap", by_number)


if __name__ == "__main__":
    main(sys.argv[1])
