"""CPU time of one table's action and its deliveries, in-process: a Toolbox table with six seated
phones and the board, each holding an event stream (`?as=seat` / `?as=board`, as the pages open
them), then `--actions` rolls by the host's board, each followed by every stream's event. Measured
with the process's own CPU clock (time.process_time), so another program on the machine does not
change the figure much; no server, no sockets: what it counts is the app's work for an action and
its seven deliveries (the HTTP server around it is bench/live.py's).

    python bench/stream_cpu.py --actions 300
    python bench/stream_cpu.py --actions 300 --profile   # and where the time goes (cProfile, top 25)
    python bench/stream_cpu.py --actions 300 --htmx-taps   # each roll answered with the board's view, as a page asks
    python bench/stream_cpu.py --actions 300 --htmx-taps --pushed   # streams pushed as on the app's own server;
        # the board's tap names its page's tab and is answered 204 (--no-tab: as a page whose stream is down)
    python bench/stream_cpu.py --actions 300 --socket-taps --pushed   # the board's rolls as its page's tap socket
        # sends them (web/tap_socket.py): one request context for the socket, each tap a message; what a live tap costs
        # the app with no HTTP request per tap
    python bench/stream_cpu.py --actions 300 --htmx-taps --pushed --gap-ms 10   # idle 10 ms after each tap, as a
        # server between taps: the same work costs about twice the CPU once the caches have gone cold
    python bench/stream_cpu.py --actions 300 --game cloaked-cats   # a game where every player's view is
        # its own (each player's three secret features), the players tapping in turn
    python bench/stream_cpu.py --db redis://127.0.0.1:6401/0   # the same on a Redis of its own (the
        # bench leaves its table there); the app's side of each round trip to Redis counts, Redis's own CPU not

Prints one JSON object: CPU ms per action alone, per action with its seven deliveries, and the
renderings (sections and frames), the parts, the distinct events and the store reads made per action.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._cloaked_play import CATS  # noqa: E402
from companion import create_app  # noqa: E402
from companion.serving import STREAM_WRITER, chunked, tune_garbage_collector, warm_up  # noqa: E402
from companion.web import tap_socket  # noqa: E402
from companion.web.cookies import cookie_name  # noqa: E402
from flask import g  # noqa: E402

DEVICES = 6
VERSION = re.compile(rb'data-version="(\d+)"')


def build(database: str, parts: tuple[str, ...] = ("dice",), game: str = "toolbox"):
    app = create_app({"DATABASE": database, "TESTING": True, "RANDOM_SEED": 1,
                      "LOOKUPS_PER_MINUTE": 10**6, "JOINS_PER_MINUTE": 10**6, "CLAIMS_PER_MINUTE": 10**6,
                      "TABLES_PER_MINUTE": 10**6, "MOVES_PER_MINUTE": 10**6, "VIEWS_PER_MINUTE": 10**6})
    warm_up(app)   # every template compiled and catalogue loaded, as a serving process does before serving
    # and its collector tuned as the server's is: with Python's own thresholds a young collection
    # every few hundred allocations, and cProfile charged each to whatever allocated (Markup's
    # formatting showed 60 µs a call).
    tune_garbage_collector()
    host = app.test_client()
    code, phones = seated_table(app, host, parts, game=game)
    return app, host, code, phones


def seated_table(app, host, parts: tuple[str, ...] = ("dice",), names: str = "",
                 game: str = "toolbox") -> tuple[str, list]:
    """A new table of `host`'s (a Toolbox with `parts`, or `game`) with DEVICES phones seated at it
    (named P0`names`, P1`names`...)."""
    form = {"game": game, "parts": list(parts)} if game == "toolbox" else {"game": game}
    code = host.post("/tables", data=form).headers["Location"].rsplit("/", 1)[-1]
    phones = []
    for i in range(DEVICES):
        phone = app.test_client()
        assert phone.post(f"/t/{code}/join", data={"name": f"P{i}{names}"}).status_code == 303
        phones.append(phone)
    return code, phones


def close(app) -> None:
    """Every pushed stream ended (its thread's serve_pushed returns), the hub and the store closed."""
    app.extensions["deliveries"].end_all()
    app.extensions["companion"].hub.close()
    app.extensions["companion"].store.close()


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


BOARD_TAB = "stream-cpu-board"   # the board page's tab (--pushed): its stream's and its taps'


class CountingWriter:
    """What a pushed stream writes to (serving.StreamWriter's part that Deliveries uses), counting the
    events it is handed instead of sending them: no socket, so only the app's work is measured."""

    def __init__(self):
        self.events = 0

    def ready(self) -> bool:
        return True

    def frame(self, data: bytes) -> bytes:
        return chunked(data)

    def send_now(self, framed: bytes) -> int:
        if b"event: changed" in framed:
            self.events += 1
        return len(framed)

    def send(self, framed: bytes) -> None:
        self.send_now(framed)


def open_pushed_streams(app, host, phones, code: str, seen: int) -> list[CountingWriter]:
    """Every screen's stream as the app's own server serves it (pushed deliveries, web/deliveries.py),
    each held by a thread of its own as a greenlet would hold it; the board's names its page's tab."""
    import threading
    writers = []
    for client, role in [(p, "seat") for p in phones] + [(host, "board")]:
        writer = CountingWriter()
        query = f"as={role}" + (f"&tab={BOARD_TAB}" if role == "board" else "")
        r = client.get(f"/t/{code}/events?{query}", headers={"Last-Event-ID": str(seen)}, buffered=False,
                       environ_overrides={STREAM_WRITER: writer})
        chunks = iter(r.response)
        assert next(chunks) == b": ok\n\n"
        threading.Thread(target=lambda c=chunks: next(c, None), daemon=True).start()   # serve_pushed
        writers.append(writer)
    deliveries = app.extensions["deliveries"]
    deadline = time.monotonic() + 10
    while len(deliveries.streams()) < len(writers) and time.monotonic() < deadline:
        time.sleep(0.01)
    return writers


def roll(host, code: str, version: int, htmx: bool = False, tab: str | None = None,
         statuses: dict | None = None) -> int:
    """The board's roll: answered with the version in JSON, or (`htmx`) with the board's fresh view, as
    a page's htmx tap is (uncompressed: the test client asks for no encoding), or, naming the board
    page's `tab` whose pushed stream carried that view, 204 with the version."""
    headers = {"Accept": "text/html", "HX-Request": "true"} if htmx else {"Accept": "application/json"}
    if tab is not None:
        headers["X-Tab"] = tab
    r = host.post(f"/t/{code}/act/roll", data={"version": version, "as": "board"}, headers=headers)
    if statuses is not None:
        statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
    if r.status_code == 204:
        return int(r.headers["X-View-Version"])
    assert r.status_code == 200, r.data
    return int(VERSION.search(r.get_data()).group(1)) if htmx else r.get_json()["version"]


class SocketTaps:
    """The board's rolls as its page's tap socket sends them: tap_socket.PageTaps, the socket's own way
    with each message, run in one request context held for the whole socket, as the socket's request
    holds one (its cookies are the board page's: the host's, for the table's path), naming the board
    page's tab. The socket itself (wsproto and the connection) is bench/live.py's to measure."""

    def __init__(self, app, host, code: str):
        cookies = [host.get_cookie(cookie_name(kind, code), path=f"/t/{code}") for kind in ("host", "board")]
        header = "; ".join(f"{c.key}={c.value}" for c in cookies if c is not None)
        self.context = app.test_request_context(f"/t/{code}/taps?tab={BOARD_TAB}", headers={"Cookie": header})
        self.code, self.sent = code, 0
        self.taps = None

    def __enter__(self):
        self.context.push()
        g.code = self.code   # as the table blueprint's url_value_preprocessor sets it for the socket's request
        return self

    def __exit__(self, *exc):
        self.context.pop()

    def roll(self, version: int, tab: str | None = None, statuses: dict | None = None) -> int:
        self.sent += 1
        # game_number 1: the bench's table plays its first game throughout (no switch, no rematch)
        message = json.dumps({"id": self.sent, "action": "act/roll",
                              "form": f"version={version}&as=board&game_number=1"})
        if self.taps is None or self.taps.tab != tab:
            self.taps = tap_socket.PageTaps(tab)   # a socket is one page's, with one tab
        answer = json.loads(self.taps.answer(message))
        if statuses is not None:
            statuses[answer["status"]] = statuses.get(answer["status"], 0) + 1
        if answer["status"] == 204:
            return int(answer["headers"]["X-View-Version"])
        assert answer["status"] == 200, answer["body"][:300]
        return int(VERSION.search(answer["body"].encode()).group(1))


JSON = {"Accept": "application/json"}


class CloakedCatsPlay:
    """Cloaked Cats played at a table of six phones (the first four dealt in, two watching) and the
    host's board: each player's view is its own (their three secret features), as each player's
    state is in boardgame.io's workload (../shared/peer-bench strips every other player's secret).
    Each action is the active player's own tap: a cat card played (two cards in turn), else the
    turn ended; once a game is over, the board's rematch. So every action makes a moment the table
    has not had before, as a game does (the dance floor fills, masks move, turns and rounds go on).
    Whose turn it is the bench reads from the store, one read an action, counted in the figures."""

    def __init__(self, app, host, code: str, phones: list):
        self.tables, self.host, self.code, self.played = app.extensions["companion"], host, code, 0
        self.phone_of = {phone.get(f"/t/{code}/view.json").get_json()["seat"]: phone for phone in phones}
        version = version_of(host, code)
        started = host.post(f"/t/{code}/act/start", data={"version": version, "as": "board"}, headers=JSON)
        assert started.status_code == 200, started.data

    def tap(self, version: int, statuses: dict | None = None) -> int:
        with self.tables.store.read() as tx:
            state = tx.get_table(self.code).state
        if state["phase"] == "over":
            client, move, fields = self.host, "rematch", {"as": "board"}
        elif state["turn"]["step"] == "cat":
            client, move = self.phone_of[state["turn"]["seat"]], "play_cat"
            fields = {"as": "seat", "features": CATS[self.played % 2]}
            self.played += 1
        else:
            client, move, fields = self.phone_of[state["turn"]["seat"]], "end_turn", {"as": "seat"}
        r = client.post(f"/t/{self.code}/act/{move}", data={"version": version, **fields}, headers=JSON)
        if statuses is not None:
            statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
        assert r.status_code == 200, r.data
        return r.get_json()["version"]


def measure(actions: int, profile: bool, database: str | None = None, htmx: bool = False, pushed: bool = False,
            tab: bool = True, gap: float = 0.0, game: str = "toolbox", socket: bool = False) -> dict:
    """`game`: "toolbox" (the board rolls) or "cloaked-cats" (CloakedCatsPlay). `database`: a --db
    value (a redis:// URL); None: a SQLite file in a temporary folder.
    `pushed`: the streams take their events pushed (CountingWriter), and the board's htmx taps name
    its page's tab unless `tab` is false. `gap`: seconds the process sleeps after each measured tap
    (its CPU clock does not run meanwhile)."""
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as held:
        app, host, code, phones = build(database or str(Path(tmp) / "cpu.db"), game=game)
        tables, renderings, events = app.extensions["companion"], app.extensions["sections"], app.extensions["view_events"]
        socket_taps = held.enter_context(SocketTaps(app, host, code)) if socket else None
        if socket_taps is not None:
            act = socket_taps.roll
        elif game == "toolbox":
            def act(version: int, tab: str | None = None, statuses: dict | None = None) -> int:
                return roll(host, code, version, htmx, tab, statuses)
        else:
            play = CloakedCatsPlay(app, host, code, phones)

            def act(version: int, tab: str | None = None, statuses: dict | None = None) -> int:
                return play.tap(version, statuses)
        version = version_of(host, code)
        for _ in range(20):   # warm up: templates compiled, catalogues loaded
            version = act(version)
        started = time.process_time()
        for _ in range(actions):
            version = act(version)
            if gap:
                time.sleep(gap)
        alone = (time.process_time() - started) / actions
        if pushed:
            writers, streams = open_pushed_streams(app, host, phones, code, version), []
            tap = BOARD_TAB if (htmx or socket) and tab else None
        else:
            writers, streams, tap = [], open_streams(host, phones, code, version), None
        answers: dict[int, int] = {}
        reads = {"count": 0}
        real_read = tables.store.read

        def counting_read():
            reads["count"] += 1
            return real_read()
        tables.store.read = counting_read
        rendered, made, parts = renderings.rendered, events.made, renderings.parts_rendered
        profiler = None
        if profile:
            import cProfile
            profiler = cProfile.Profile()
            profiler.enable()
        started = time.process_time()
        delivered = 0
        handed_before = sum(w.events for w in writers)
        for _ in range(actions):
            version = act(version, tap, answers)
            if gap:
                time.sleep(gap)
            for _, chunks in streams:
                event = next(chunks)
                if f"\ndata: {version}\n".encode() in event:
                    delivered += 1
        with_events = (time.process_time() - started) / actions
        delivered += sum(w.events for w in writers) - handed_before
        if profiler:
            profiler.disable()
        tables.store.read = real_read
        for response, _ in streams:
            response.close()
        close(app)
    if socket:
        answered = ("over its page's tap socket: 204, its page's stream carrying the view" if pushed and tab
                    else "over its page's tap socket: the board's view")
    elif game != "toolbox" or not htmx:
        answered = "the version (JSON)"
    else:
        answered = "204, its page's stream carrying the view" if pushed and tab else "the board's view (htmx)"
    result = {"game": game, "actions": actions, "idle_ms_between_taps": gap * 1000, "taps_answered_with": answered,
              "streams": f"{DEVICES + 1} pushed" if pushed else len(streams), "views_delivered": delivered,
              "tap_answers": {str(k): v for k, v in sorted(answers.items())},
              "cpu_ms_per_action_alone": round(alone * 1000, 3),
              "cpu_ms_per_action_with_7_deliveries": round(with_events * 1000, 3),
              "cpu_ms_per_delivery": round((with_events - alone) * 1000 / (DEVICES + 1), 3),
              "renderings_per_action": round((renderings.rendered - rendered) / actions, 2),
              "parts_made_per_action": round((renderings.parts_rendered - parts) / actions, 2),
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
    parser.add_argument("--pushed", action="store_true",
                        help="the streams take their events pushed, as on the app's own server (each held by a thread), "
                             "and the board's htmx taps name its page's tab")
    parser.add_argument("--no-tab", action="store_true", help="with --pushed: the taps name no tab (a page whose stream is down)")
    parser.add_argument("--gap-ms", type=float, default=0.0,
                        help="the process sleeps this long after each tap, as a server idles between taps: the same "
                             "work then costs about twice the CPU (caches gone cold), as bench/live.py finds at a tap "
                             "every few seconds")
    parser.add_argument("--game", choices=["toolbox", "cloaked-cats"], default="toolbox",
                        help="cloaked-cats: the players' own taps at a game where every player's view is its own "
                             "(CloakedCatsPlay), not the board's rolls")
    parser.add_argument("--socket-taps", action="store_true",
                        help="the board's rolls as its page's tap socket sends them (one request context, a message a tap)")
    args = parser.parse_args()
    if args.game != "toolbox" and (args.htmx_taps or args.socket_taps):
        parser.error("--htmx-taps and --socket-taps are the board's roll as a page sends it: a Toolbox table's (--game toolbox)")
    print(json.dumps(measure(max(1, min(args.actions, 5000)), args.profile, args.db, args.htmx_taps, args.pushed,
                             not args.no_tab, max(0.0, min(args.gap_ms, 1000.0)) / 1000, args.game, args.socket_taps), indent=2))


if __name__ == "__main__":
    main()
