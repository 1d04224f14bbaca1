"""How bench/live.py sends a table's taps, each as a page sends it, and reads their answers (`Taps`):
over the board page's tap socket by default, as POSTs on the board's kept-alive connections
(--post-taps, or --json-taps, which no page's socket asks), or, at a game (--game), from the screen
whose turn it is. Every page's connection and socket is opened before the clock starts."""
from __future__ import annotations

import json
import zlib

from _client import KeptAlive, TapSocket
from _cloaked_play import next_tap
from _live_screen import VERSION, Device
from _live_tables import OpenTables, table_source

# A page's htmx tap: the answer is the tapping screen's fresh view (HTML, compressed as a browser
# asks), which the page swaps in, or, since 27 November 2026 00:10 UTC, 204 with the version alone
# when the page's own stream was handed that view (the tap names the page's tab, X-Tab). The board
# taps so unless told --json-taps (the version alone in JSON, as every figure before 26 November
# 2026 18:30 UTC was measured: a page never asks that way).
HTMX_TAP = {"Accept": "text/html", "HX-Request": "true", "Accept-Encoding": "gzip, deflate"}
# Since 27 November 2026 11:00 UTC a page sends its taps over its tap socket while that is open
# (companion/web/tap_socket.py), each answered as that POST would be: the board taps so unless told
# --post-taps (the POSTs above, as every figure before then was measured).


def tap_failure(status: int | None) -> str:
    return "tap not answered (connection)" if status is None else f"tap answered {status}"


def version_made(status: int, headers: dict, body: bytes) -> int:
    """The version a tap's answer says it made: from JSON, from the view an htmx tap gets back, or,
    when the page's stream carries that view (204), from X-View-Version."""
    if status == 204:
        return int(headers["x-view-version"])
    if body[:1] == b"{":
        return json.loads(body)["version"]
    html = zlib.decompress(body, 47) if body[:2] == b"\x1f\x8b" else body  # 47: gzip or zlib
    return int(VERSION.search(html).group(1))


def page_connection(port: int, code: str, host: dict, source: str) -> KeptAlive:
    """A board's kept-alive connection, with its page loaded on it (as a browser's)."""
    conn = KeptAlive(port, source=source)
    status, _, _ = conn.request("GET", f"/t/{code}", headers={**host, "Accept": "text/html"})
    if status != 200:
        raise RuntimeError(f"board page load failed: {status}")
    return conn


class Taps:
    """The taps of a run's `opened` tables, each answer counted by status in `stats["answers"]`.
    Every connection and socket it opens goes in `connections`, for the run to close."""

    def __init__(self, opened: OpenTables, stats: dict, connections: list, *, game: str, htmx_taps: bool,
                 socket_taps: bool):
        self.opened, self.stats, self.connections = opened, stats, connections
        self.game, self.htmx_taps = game, htmx_taps
        codes, hosts, serving = opened.codes, opened.hosts, opened.serving
        # The board's POSTs go on connections it keeps open, as htmx's do in a browser (one, or
        # more while earlier taps are still waiting for their answers: open loop). The first is the
        # one its page came on, opened before the clock starts: a browser taps on the connection
        # that loaded the page, as boardgame.io's players move on sockets opened before its load
        # (peer-bench's load.js). Opened in the first tap, a busy start had 300 tables connect
        # within one second of the timed load.
        self.idle: dict[str, list[KeptAlive]] = {
            code: [page_connection(serving[code].port, code, hosts[code], table_source(t))]
            for t, code in enumerate(codes)}
        connections.extend(conn for kept in self.idle.values() for conn in kept)
        # Every page's tap socket, opened as the page opens it, before the clock starts: the
        # board's carries its taps, the phones' stay open and idle, as on a table where the board taps.
        over_socket = socket_taps and htmx_taps   # --json-taps asks what no page asks: a POST
        self.sockets = {code: TapSocket(serving[code].port, code, hosts[code], tab=opened.table_devices[code][-1].tab,
                                        source=table_source(t))
                        for t, code in enumerate(codes)} if over_socket else {}
        connections.extend(self.sockets.values())
        # Each phone's page's socket, held open (and idle unless its player taps: --game).
        self.phone_sockets = {d: TapSocket(d.port, d.code, {"Cookie": d.cookie}, tab=d.tab, source=d.source)
                              for ds in opened.table_devices.values() for d in ds[:-1]} if self.sockets else {}
        connections.extend(self.phone_sockets.values())
        self.played = dict.fromkeys(codes, 0)   # cat cards each table played (--game cloaked-cats)

    def sockets_held(self) -> int:
        """The pages' tap sockets open: the boards' and the phones'."""
        return len(self.sockets) + len(self.phone_sockets)

    def send(self, code: str, board: Device, version: int) -> tuple[int | None, int | None]:
        """The board's tap; its answer's status and the version it made (None if unanswered).
        As a page's htmx tap (unless --json-taps), it names the board page's tab while that
        page's stream is up, as table.js does. At a game other than the Toolbox, the tap of the
        screen whose turn it is (players_tap)."""
        if self.game != "toolbox":
            return self.players_tap(code, self.opened.table_devices[code], version)
        if self.sockets:
            return self.over_socket(self.sockets[code], "act/roll", {"version": version})
        idle = self.idle[code]
        conn = idle.pop() if idle else None
        if conn is None:
            conn = KeptAlive(self.opened.serving[code].port, source=board.source)
            self.connections.append(conn)
        host = self.opened.hosts[code]
        headers = {**host, **HTMX_TAP, "X-Tab": board.tab} if self.htmx_taps else host
        try:
            status, answer_headers, body = conn.request("POST", f"/t/{code}/act/roll", {"version": version},
                                                        headers=headers)
        except OSError:  # no answer within the client's 30 s: a failure, and the table goes on
            conn.close()
            return None, None
        idle.append(conn)
        self.stats["answers"][status] = self.stats["answers"].get(status, 0) + 1
        return status, version_made(status, answer_headers, body) if status in (200, 204) else None

    def players_tap(self, code: str, ds: list[Device], version: int) -> tuple[int | None, int | None]:
        """--game cloaked-cats: the tap of the screen whose turn it is, over its page's socket."""
        seat, action, fields = next_tap(ds[-1].view, {d.seat: d.view for d in ds[:-1]}, self.played[code])
        self.played[code] += action == "act/play_cat"
        if seat is None:
            return self.over_socket(self.sockets[code], action, {"version": version, "as": "board", **fields})
        phone = next(d for d in ds[:-1] if d.seat == seat)
        return self.over_socket(self.phone_sockets[phone], action, {"version": version, "as": "seat", **fields})

    def over_socket(self, tapper: TapSocket, action: str, form: dict) -> tuple[int | None, int | None]:
        """A tap over a page's socket; its answer's status and the version it made (None if unanswered)."""
        try:
            status, answer_headers, body = tapper.tap(action, form)
        except OSError:
            return None, None
        self.stats["answers"][status] = self.stats["answers"].get(status, 0) + 1
        return status, version_made(status, answer_headers, body) if status in (200, 204) else None
