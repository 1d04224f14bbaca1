"""One screen of a table as bench/live.py simulates it (`Device`): a phone or the board, its page
loaded, holding the event stream its page's script opens, counting and timing every view that reaches
it. Also how the bench counts a failure (`fail`), which a screen's view fetch and a table's taps share.
Imported by bench/live.py and its helpers once gevent has patched the standard library."""
from __future__ import annotations

import re
import socket
import time
import zlib

from gevent.event import Event

from _client import http

VERSION = re.compile(rb'data-version="(\d+)"')
STREAM = re.compile(rb'hx-sse:connect="([^"]+)"')   # the page's event stream, as its script opens it
VIEW_URL = re.compile(rb'data-view-url="([^"]+)"')   # the address table.js re-fetches the page's view from


def fail(stats: dict, why: str) -> None:
    """A failed tap or fetch, counted in all and by why (the result's `failures`)."""
    stats["failed"] += 1
    failures = stats.setdefault("failures", {})
    failures[why] = failures.get(why, 0) + 1


class Device:
    """One screen: a phone with a seat cookie (`role` "seat"), or the table's board with the host's
    cookie (`role` "board"), holding an open event stream (`?as=<role>`: each event carries the
    fresh view, as the page takes it), and re-fetching its view when an event has none (always with
    `refetch_always`: the stream without `as=`, as before the views came in the events). Every view
    that reaches it is counted and timed (`arrivals`: version, when)."""

    def __init__(self, port: int, code: str, name: str, stats: dict, source: str, refetch_always: bool = False,
                 cookie: str | None = None):
        self.port, self.code, self.stats, self.source = port, code, stats, source
        self.refetch_always = refetch_always
        self.role = "seat" if cookie is None else "board"
        if cookie is None:
            status, hdrs, _ = http(port, "POST", f"/t/{code}/join", {"name": name}, source=source)
            if status != 200:
                raise RuntimeError(f"join failed: {status}")
            cookie = hdrs["set-cookie"].split(";")[0]
        self.cookie = cookie
        # The device's page first, as a browser loads it before its script opens the stream (and as
        # every real screen's first view is rendered): the seat's page, or the board's.
        page = f"/t/{code}/seat" if self.role == "seat" else f"/t/{code}"
        status, _, html = http(port, "GET", page, headers={"Cookie": cookie, "Accept": "text/html"}, source=source)
        if status != 200:
            raise RuntimeError(f"page load failed: {status}")
        # The stream the page's script opens: its role and the page's tab, which its taps then name
        # (X-Tab) so that an answer can leave out the view the stream carries.
        self.stream_path = STREAM.search(html).group(1).decode().replace("&amp;", "&")
        self.tab = re.search(r"[?&]tab=([^&]+)", self.stream_path).group(1)
        # Where the page's script re-fetches its view (#view's data-view-url: its own role, `as=board`
        # on the board, and the game it shows), with the same cookie as the page.
        self.view_path = VIEW_URL.search(html).group(1).decode().replace("&amp;", "&")
        self.version = 0
        self.view = b""   # the last event carrying a view (what --game cloaked-cats reads: _cloaked_play.py)
        self.seat: int | None = None   # its seat's id, where the bench needs it (--game cloaked-cats)
        self.event_at: dict[int, float] = {}  # version -> when its event reached this device
        self.arrivals: list[tuple[int, float]] = []  # (version of the view, when it arrived), in order
        self.updated = Event()
        self.connected = Event()

    def listen(self, stop: Event) -> None:
        s = None
        try:
            s = socket.create_connection(("127.0.0.1", self.port), timeout=None, source_address=(self.source, 0))
            stream = f"/t/{self.code}/events" if self.refetch_always else self.stream_path
            s.sendall((f"GET {stream} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {self.cookie}\r\n"
                       f"Accept: text/event-stream\r\nLast-Event-ID: 999999\r\n\r\n").encode())
            buffer = b""
            while not stop.is_set():
                chunk = s.recv(65536)  # as a browser reads: a whole event at once, not in 4 KB pieces
                if not chunk:
                    break
                buffer += chunk
                if b": ok" in buffer:
                    self.connected.set()
                while b"\n\n" in buffer:
                    event, buffer = buffer.split(b"\n\n", 1)
                    if b"event: changed" in event:
                        found = re.search(rb"data: (\d+)", event)
                        if found:
                            self.event_at[int(found.group(1))] = time.perf_counter()
                        html = VERSION.search(event)
                        if html:  # the fresh view came in the event: what the page swaps in
                            self.stats["bytes"] += len(event)
                            self.stats["views_in_events"] += 1
                            self.version = max(self.version, int(html.group(1)))
                            self.view = event
                            self.arrivals.append((self.version, time.perf_counter()))
                            self.updated.set()
                        else:
                            self.refetch()
        except Exception as error:
            self.stats["stream_errors"] += 1
            # by what was raised and whether the stream had opened: one stream in some 50,000 broke
            # in a run on 28 November and left no trace of why
            kinds = self.stats.setdefault("stream_error_kinds", {})
            kind = f"{type(error).__name__} {'after' if self.connected.is_set() else 'before'} it opened: {error}"[:120]
            kinds[kind] = kinds.get(kind, 0) + 1
        finally:  # however it ends (stopped, killed): the server sees the stream closed
            if s is not None:
                s.close()

    def refetch(self) -> None:
        """What the page does on `changed`: fetch its own HTML view (compressed, as a browser asks)
        from the address its #view names, as static/js/table.js does (a board's is `as=board`: with
        the host's cookie, `as=seat` is a seat page whose phone has no seat, answered 403)."""
        try:
            status, _, body = http(self.port, "GET", self.view_path,
                                   headers={"Cookie": self.cookie, "Accept": "text/html", "HX-Request": "true",
                                            "Accept-Encoding": "gzip, deflate"}, source=self.source)
            if status != 200:
                fail(self.stats, f"view fetch answered {status}")
                return
            self.stats["bytes"] += len(body)
            self.stats["view_fetches"] += 1
            html = zlib.decompress(body, 47) if body[:2] == b"\x1f\x8b" else body  # 47: gzip or zlib
            found = VERSION.search(html)
            if found:
                self.version = max(self.version, int(found.group(1)))
                self.arrivals.append((self.version, time.perf_counter()))
            self.updated.set()
        except Exception:
            fail(self.stats, "view fetch not answered")
