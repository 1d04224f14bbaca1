"""CPU of each table's first tap against its later ones, in-process: `--tables` Toolbox tables, each
with six seated phones and the board, every screen's view loaded (as a page loads it) and its event
stream pushed (bench/stream_cpu.py's CountingWriter: no sockets); then a round of one roll by the
board at every table, and again, `--rounds` times. A round's CPU per tap (time.process_time, so the
machine's load moves it less than a timing), and what each tap rendered: sections and frames, parts
made, events made.

At the start of a live run (bench/live.py) every table's first tap comes within the first pause,
so whatever a first tap makes that later ones find kept is paid all at once.

    python bench/first_taps.py --tables 200 --rounds 4

Prints one JSON object. No network at all; bounded by its tables and rounds.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from stream_cpu import (BOARD_TAB, DEVICES, build, close, open_pushed_streams, roll, seated_table,  # noqa: E402
                        version_of)


def measure(tables: int, rounds: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        app, host, _, _ = build(str(Path(tmp) / "first.db"))
        # 7 streams a table from one test client's address: the per-address cap is the server's, not this
        app.config.update(STREAMS_PER_ADDRESS=10**6, STREAMS_MAX=10**6)
        renderings, events = app.extensions["sections"], app.extensions["view_events"]
        at = []
        for number in range(tables):
            code, phones = seated_table(app, host, names=f" {number}")
            assert host.get(f"/t/{code}/view?as=board").status_code == 200
            for phone in phones:
                assert phone.get(f"/t/{code}/view?as=seat").status_code == 200
            version = version_of(host, code)
            open_pushed_streams(app, host, phones, code, version)
            at.append([code, version])
        result = []
        for number in range(1, rounds + 1):
            rendered, parts, made = renderings.rendered, renderings.parts_rendered, events.made
            started = time.process_time()
            for table in at:
                table[1] = roll(host, table[0], table[1], True, BOARD_TAB)
            cpu = (time.process_time() - started) / tables
            result.append({"tap": number, "cpu_ms_per_tap": round(cpu * 1000, 3),
                           "renderings_per_tap": round((renderings.rendered - rendered) / tables, 2),
                           "parts_made_per_tap": round((renderings.parts_rendered - parts) / tables, 2),
                           "events_made_per_tap": round((events.made - made) / tables, 2)})
        close(app)
    return {"tables": tables, "screens_per_table": DEVICES + 1, "rounds": result}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    print(json.dumps(measure(min(args.tables, 2000), min(args.rounds, 50)), indent=2))


if __name__ == "__main__":
    main()
