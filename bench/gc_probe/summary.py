"""Sums up a log bench/gc_probe/sitecustomize.py wrote, leaving out the first `--skip` seconds (start-up
and warm-up): per generation, how many collections, the longest, all of them together, and those
over 5 ms together (what holds every request up).

    python bench/gc_probe/summary.py /tmp/gc.12345 --skip 3
"""
import argparse
from collections import defaultdict

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("log")
parser.add_argument("--skip", type=float, default=3.0)
args = parser.parse_args()
rows = [line.split() for line in open(args.log)]
first = float(rows[0][0]) if rows else 0.0
pauses: dict[str, list[float]] = defaultdict(list)
for ended, generation, ms, _freed, _walked in rows:
    if float(ended) - first > args.skip:
        pauses[generation].append(float(ms))
for generation, ms in sorted(pauses.items()):
    print(f"generation {generation}: {len(ms)} collections, longest {max(ms):.1f} ms, "
          f"{sum(ms):.0f} ms in all, {sum(m for m in ms if m > 5):.0f} ms in those over 5 ms")
