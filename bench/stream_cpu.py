"""CPU time of one table's action and its deliveries, in-process: a Toolbox table with six seated
phones and the board, each holding an event stream (`?as=seat` / `?as=board`, as the pages open
them), then `--actions` rolls by the host's board, each followed by every stream's event. Measured
with the process's own CPU clock (time.process_time), so another program on the machine does not
change the figure much; no server, no sockets: what it counts is the app's work for an action and
its seven deliveries (the HTTP server around it is bench/live.py's).

    python bench/stream_cpu.py --actions 300
    python bench/stream_cpu.py --actions 300 --profile   # and where the time goes (cProfile, top 25)
    python bench/stream_cpu.py --actions 300 --htmx-taps   # each roll answered with the board's view, as a page asks
    python bench/stream_cpu.py --db redis://127.0.0.1:6401/0   # the same on a Redis of its own (the
        # bench leaves its table there); the app's side of each round trip to Redis counts, Redis's own CPU not

Prints one JSON object: CPU ms per action alone, per action with its seven deliveries, and the
renderings, distinct events and store reads made per action.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import create_app  # noqa: E402
from companion.serving import warm_up  # noqa: E402

DEVICES = 6
VERSION = re.compile(rb'data-version="(\d+)"')


def build(database: str, parts: list[str] = ["dice"]):
    app = create_app({"DATABASE": database, "TESTING": True, "RANDOM_SEED": 1,
                      "LOOKUPS_PER_MINUTE": 10**6, "JOINS_PER_MINUTE": 10**6, "CLAIMS_PER_MINUTE": 10**6,
                      "TABLES_PER_MINUTE": 10**6, "MOVES_PER_MINUTE": 10**6, "VIEWS_PER_MINUTE": 10**6})
    warm_up(app)   # every template compiled and catalogue loaded, as a serving process does before serving
    host = app.test_client()
    r = host.post("/tables", data={"game": "toolbox", "parts": parts})
    code = r.headers["Location"].rsplit("/", 1)[-1]
    phones = []
    for i in range(DEVICES):
        phone = app.test_client()
        assert phone.post(f"/t/{code}/join", data={"name": f"P{i}"}).status_code == 303
        phones.append(phone)
    return app, host, code, phones


def version_of(client, code: str) -> int:
    return client.get(f"/t/{code}/view.json").get_json()["version"]


def open_streams(host, phones, code: str, seen: int) -> list:
    streams = []
    for client, role in [(p, "seat") for p in phones] + [(host, "board")]:
        r = client.get(f"/t/{code}/events?as={role}", headers={"Last-Event-ID": str(seen)}, buffered=False)
        chunks = iter(r.response)
        assert next(chunks) == b": ok\n\n"
        streams.append((r, chunks))
    return streams


def roll(host, code: str, version: int, htmx: bool = False) -> int:
    """The board's roll: answered with the version in JSON, or (`htmx`) with the board's fresh view, as
    a page's htmx tap is (uncompressed: the test client asks for no encoding)."""
    r = host.post(f"/t/{code}/act/roll", data={"version": version, "as": "board"},
                  headers={"Accept": "text/html", "HX-Request": "true"} if htmx else {"Accept": "application/json"})
    assert r.status_code == 200, r.data
    return int(VERSION.search(r.get_data()).group(1)) if htmx else r.get_json()["version"]


def measure(actions: int, profile: bool, database: str | None = None, htmx: bool = False) -> dict:
    """`database`: a --db value (a redis:// URL); None: a SQLite file in a temporary folder."""
    with tempfile.TemporaryDirectory() as tmp:
        app, host, code, phones = build(database or str(Path(tmp) / "cpu.db"))
        tables, renderings, events = app.extensions["companion"], app.extensions["sections"], app.extensions["view_events"]
        version = version_of(host, code)
        for _ in range(20):   # warm up: templates compiled, catalogues loaded
            version = roll(host, code, version, htmx)
        started = time.process_time()
        for _ in range(actions):
            version = roll(host, code, version, htmx)
        alone = (time.process_time() - started) / actions
        streams = open_streams(host, phones, code, version)
        reads = {"count": 0}
        real_read = tables.store.read

        def counting_read():
            reads["count"] += 1
            return real_read()
        tables.store.read = counting_read
        rendered, made = renderings.rendered, events.made
        profiler = None
        if profile:
            import cProfile
            profiler = cProfile.Profile()
            profiler.enable()
        started = time.process_time()
        delivered = 0
        for _ in range(actions):
            version = roll(host, code, version, htmx)
            for _, chunks in streams:
                event = next(chunks)
                if f"\ndata: {version}\n".encode() in event:
                    delivered += 1
        with_events = (time.process_time() - started) / actions
        if profiler:
            profiler.disable()
        tables.store.read = real_read
        for response, _ in streams:
            response.close()
        tables.hub.close()
        tables.store.close()
    result = {"actions": actions, "taps_answered_with": "the board's view (htmx)" if htmx else "the version (JSON)",
              "streams": len(streams), "views_delivered": delivered,
              "cpu_ms_per_action_alone": round(alone * 1000, 3),
              "cpu_ms_per_action_with_7_deliveries": round(with_events * 1000, 3),
              "cpu_ms_per_delivery": round((with_events - alone) * 1000 / len(streams), 3),
              "renderings_per_action": round((renderings.rendered - rendered) / actions, 2),
              "events_made_per_action": round((events.made - made) / actions, 2),
              "store_reads_per_action": round(reads["count"] / actions, 2)}
    if profiler:
        import io
        import pstats
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(40)
        print(out.getvalue(), file=sys.stderr)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--profile", action="store_true", help="print a cProfile of the delivering part to stderr")
    parser.add_argument("--db", default=None, help="the store, as --db takes it (default: a temporary SQLite file)")
    parser.add_argument("--htmx-taps", action="store_true",
                        help="each roll asks for the board's fresh view, as a page's htmx tap does, not JSON")
    args = parser.parse_args()
    print(json.dumps(measure(max(1, min(args.actions, 5000)), args.profile, args.db, args.htmx_taps), indent=2))


if __name__ == "__main__":
    main()
