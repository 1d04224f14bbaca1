#!/usr/bin/env bash
# Instructions (valgrind's callgrind, Ir) the app spends on one Toolbox roll with its 7 deliveries,
# in-process (bench/stream_cpu.py): a 90-action run minus a 30-action run, divided by 60, so start-up
# and imports cancel out. Independent of the machine's load, unlike any timing. Needs Debian's
# valgrind; run from the checkout with the dev requirements in .venv. About two minutes. Any
# arguments go to stream_cpu.py: `bash bench/instructions.sh --htmx-taps --pushed` counts the taps
# as a page sends them, answered 204, with the streams pushed as the app's own server pushes them.
set -euo pipefail
stream_cpu_args=("$@")
cd "$(dirname "$0")/.."
python=$(readlink -f .venv/bin/python)   # the interpreter itself: valgrind must not follow a shim
site=$(.venv/bin/python -c "import site; print(site.getsitepackages()[0])")
out=$(mktemp -d)
for n in 30 90; do
  PYTHONPATH="$site" valgrind --tool=callgrind --callgrind-out-file="$out/$n.out" \
    "$python" bench/stream_cpu.py --actions "$n" "${stream_cpu_args[@]}" > /dev/null 2> "$out/$n.err"
done
python3 - "$out" <<'PY'
import sys
def total(path):
    for line in open(path):
        if line.startswith("summary:"):
            return int(line.split()[1])
a, b = (total(f"{sys.argv[1]}/{n}.out") for n in (30, 90))
print(f"{(b - a) / 60 / 1e6:.2f} M instructions per action with its 7 deliveries")
PY
rm -rf "$out"
