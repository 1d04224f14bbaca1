"""Where a live tap's time goes in the server: py-spy samples `python app.py` while bench/deliveries.py
rolls on one Toolbox table with six seated phones and the board, each holding its stream (one tap at
a time, each waited for until every stream has its event), then this prints the share of the
samples taken inside a tap's request that fall in each part of its path: gevent's handler, Flask,
the route, the store's transaction, making the views, each stream's lookup, the sends.

    pip install py-spy    # a sampling profiler (it reads the process's memory: root, or ptrace allowed)
    python bench/tap_profile.py --taps 3000
    python bench/tap_profile.py --taps 3000 --socket   # the board taps over its page's socket
    python bench/tap_profile.py --from /tmp/taps.raw   # the shares of an earlier run's samples

The shares are of samples, not of CPU time measured: they say where the time goes, while the
server's CPU per tap is what bench/deliveries.py itself prints. Only 127.0.0.1 is contacted; the
run is bounded by its taps and by --timeout.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Each part of a tap's path: the frames (by name) it lies under, and those it leaves to the parts
# listed after it. A sample counts in a part when a frame of its stack matches `under` and none
# matches `apart`.
PARTS = [
    ("gevent's handler around the app (reading the request, writing the answer)", r".", r"^Flask\.wsgi_app|^ChunkedBodyLimit"),
    ("  of which the answer written to its socket", r"^WSGIHandler\.process_result", r"^Flask\.wsgi_app|^ChunkedBodyLimit"),
    ("Flask around our route (request context, hooks, routing)", r"^ChunkedBodyLimit|^Flask\.wsgi_app",
     r"^action_endpoint|^tap_socket \(companion"),
    ("the tap socket around the tap (its message read, parsed, answered)", r"^serve \(companion/web/tap_socket",
     r"^answer_action"),
    ("the route around the engine (form, rate limits, credentials)", r"^answer_action", r"^act \(companion/engine"),
    ("the engine's act", r"^act \(companion/engine", None),
    ("  the store's transaction (the move in it)", r"^SQLiteStore\.transact|^RedisStore\.transact", None),
    ("  the read handed over to the streams", r"^SharedReads\.hand_over", None),
    ("  the deliveries", r"^Hub\.publish", None),
    ("    each stream's viewer and facts", r"^shared_look", None),
    ("    views made (snapshot, section, frame, event)", r"^ViewEvents\._event", None),
    ("      section and frame templates run", r"^render \(companion/web/sections", None),
    ("      the Toolbox's section laid out (its parts found or made within)", r"^section \(companion/web/toolbox_section", None),
    ("      section and frame digests", r"^digest", r"^Renderings\.part"),
    ("      parts made or found", r"^Renderings\.part", None),
    ("    sends to the streams' sockets", r"^Listener\.send_now", None),
]
IN_A_TAP = "WSGIHandler.handle_one_request (gevent"
SERVER = "app.py"


def samples(raw: Path) -> list[tuple[list[str], int]]:
    """The server's stacks (py-spy's raw format: frames joined by ';', then a count), each frame's
    line number dropped so a function is one name."""
    stacks = []
    for line in raw.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if SERVER not in stack or not count.isdigit():
            continue
        stacks.append(([re.sub(r":\d+\)", ")", frame) for frame in stack.split(";")], int(count)))
    return stacks


def shares(stacks: list[tuple[list[str], int]]) -> tuple[int, list[tuple[str, float]]]:
    taps = [(frames, n) for frames, n in stacks if any(IN_A_TAP in f for f in frames)]
    total = sum(n for _, n in taps)
    if not total:
        sys.exit("no samples inside a tap's request: did the server run under py-spy?")
    rows = []
    for label, under, apart in PARTS:
        counted = sum(n for frames, n in taps
                      if any(re.search(under, f) for f in frames)
                      and not (apart and any(re.search(apart, f) for f in frames)))
        rows.append((label, 100 * counted / total))
    return total, rows


def record(taps: int, timeout: int, raw: Path, over_socket: bool) -> None:
    spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    if not Path(spy).exists():
        sys.exit("py-spy is not installed (pip install py-spy)")
    command = [spy, "record", "--subprocesses", "--nonblocking", "--rate", "1000", "--format", "raw",
               "--output", str(raw), "--", sys.executable, str(HERE / "deliveries.py"),
               "--taps", str(taps), "--runs", "1", "--ways", "table"] + (["--socket"] if over_socket else [])
    subprocess.run(command, check=True, timeout=timeout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=3000)
    parser.add_argument("--timeout", type=int, default=600, help="seconds the recorded run may take at most")
    parser.add_argument("--socket", action="store_true", help="the board taps over its page's tap socket (deliveries.py --socket)")
    parser.add_argument("--from", dest="raw", type=Path, help="py-spy's raw output of an earlier run")
    args = parser.parse_args()
    raw = args.raw
    if raw is None:
        raw = Path(tempfile.mkdtemp()) / "taps.raw"
        record(max(100, min(args.taps, 20000)), args.timeout, raw, args.socket)
    total, rows = shares(samples(raw))
    print(f"{total} samples inside a tap's request ({raw})")
    for label, share in rows:
        print(f"{share:5.1f} %  {label}")


if __name__ == "__main__":
    main()
