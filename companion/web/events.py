"""GET /t/<code>/events[?as=board|seat]: a server-sent-events stream saying "the table is now at
version N".

With `as=`, each `changed` event also carries the viewer's fresh view: the same HTML that
GET /t/<code>/view?as=... would answer this device, rendered from the cookies the stream request
came with (a stream is one viewer's own, like a view request), so nothing reaches a stream that its
device could not fetch itself. The data's first line is the version, the rest the HTML; the page
swaps it in, and re-fetches when the HTML is missing (a seat that is gone, an error while
rendering). That saves every device a full HTTP request per change, which was most of the server's
work after an action. Without `as=` the event says only the version, and each viewer re-fetches.

The first bytes go out at once so proxies flush headers; a comment every KEEPALIVE_SECONDS keeps the
connection open; the stream ends after STREAM_SECONDS and the browser reconnects with Last-Event-ID.
"""
from __future__ import annotations

import logging
import threading
import time

from flask import Blueprint, Response, current_app, g, request
from flask_babel import gettext

from ..engine import TableNotFound, normalise_code
from .answers import plain_refusal
from .sections import ViewContext
from .security import client_address, hold_back, unknown_table_answer
from .tables import credentials, fresh_view, join_url

bp = Blueprint("events", __name__)
log = logging.getLogger(__name__)
RETRY_AFTER_SECONDS = 30  # the page polls /version every 5 s meanwhile (static/js/table.js)


class StreamSlots:
    """Open event streams in this process, in all and per client address. Each stream holds a socket
    (a file descriptor) for up to STREAM_SECONDS: without a cap one client could open streams until
    the process has no descriptor left for anyone's requests."""

    def __init__(self):
        self._lock = threading.Lock()
        self._by_address: dict[str, int] = {}
        self.open = 0

    def take(self, address: str, per_address: int, most: int) -> str | None:
        """A slot for a new stream, or why not: "address" (this client holds its share) or "full"."""
        with self._lock:
            if self.open >= most:
                return "full"
            held = self._by_address.get(address, 0)
            if held >= per_address:
                return "address"
            self._by_address[address] = held + 1
            self.open += 1
            return None

    def give_back(self, address: str) -> None:
        with self._lock:
            self.open -= 1
            held = self._by_address[address] - 1
            if held:
                self._by_address[address] = held
            else:
                del self._by_address[address]


def data_lines(data: str) -> str:
    """`data` as an event's data lines: each of its lines (a CR, LF or CRLF ends one) after "data: ".
    By replacing, not splitting: a view is a couple of hundred lines, and a split into a list of them
    and a join was a tenth of an event's cost."""
    if "\r" in data:
        data = data.replace("\r\n", "\n").replace("\r", "\n")
    return "data: " + data.replace("\n", "\ndata: ") + "\n"


def no_stream(status: int, message: str):
    """Refused stream: a short sentence, no page (the page's hidden stream element would receive it)
    and Retry-After; the page keeps itself current by polling meanwhile."""
    response = plain_refusal(status, message)
    response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/t/<code>/events")
def stream(code: str):
    tables = current_app.extensions["companion"]
    code = normalise_code(code[:20]) or ""
    try:
        current = tables.version(code) if code else None
    except TableNotFound:
        current = None
    if current is None:
        return unknown_table_answer()
    role = request.args.get("as")
    if role is not None and role not in ("board", "seat"):
        return plain_refusal(400, gettext("'as' must be board or seat."))
    g.code = code  # the table pages' helpers (credentials, links) read it
    last_seen = request.headers.get("Last-Event-ID", "")
    seen = int(last_seen) if last_seen.isascii() and last_seen.isdigit() and len(last_seen) < 10 else 0
    keepalive = current_app.config["KEEPALIVE_SECONDS"]
    lifetime = current_app.config["STREAM_SECONDS"]
    hub = tables.hub
    slots: StreamSlots = current_app.extensions["stream_slots"]
    address = client_address()
    refused = slots.take(address, current_app.config["STREAMS_PER_ADDRESS"], current_app.config["STREAMS_MAX"])
    if refused == "address":
        hold_back()
        return no_stream(429, gettext("Too many live connections from this device; it checks for changes every few seconds instead."))
    if refused == "full":
        return no_stream(503, gettext("The companion is too busy for another live connection; this page checks for changes every few seconds instead."))

    if role is not None:
        # What the stream's request says, read once: its cookies, language and address do not
        # change while it is open. Each event's view is rendered from these, with no request.
        creds, context = credentials(role), ViewContext.of_request(join_url())

    def changed(version: int, shared: bool = True) -> tuple[int, str]:
        """The event for `version`: the version alone, or with this viewer's fresh view (then at
        the version that view shows, which may be newer)."""
        html = None
        if role is not None:
            try:
                version, html = fresh_view(tables, code, role, creds, context, version, shared)
            except Exception:  # the page re-fetches on a version-only event: never lose the event
                log.exception("could not render the view for an event stream")
        data = str(version) if html is None else f"{version}\n{html}"
        return version, f"event: changed\nid: {version}\n{data_lines(data)}\n"

    def events():
        nonlocal current
        yield ": ok\n\n"
        if current > seen:  # missed changes while away: say so at once
            current, event = changed(current, shared=False)  # catching up alone
            yield event
        known = current
        ends = time.monotonic() + lifetime
        while time.monotonic() < ends:
            newer = hub.wait(code, known, timeout=keepalive)
            if newer is None:
                yield ": keep-alive\n\n"
                continue
            known, event = changed(newer)
            known = max(known, newer)
            yield event

    response = Response(events(), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: do not buffer the stream
    response.call_on_close(lambda: slots.give_back(address))  # however the stream ends
    return response
