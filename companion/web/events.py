"""GET /t/<code>/events: a server-sent-events stream saying "the table is now at version N".

Each viewer then re-fetches its own view, so a stream never carries a secret. The first bytes go out
at once so proxies flush headers; a comment every KEEPALIVE_SECONDS keeps the connection open; the
stream ends after STREAM_SECONDS and the browser reconnects with Last-Event-ID.
"""
from __future__ import annotations

import threading
import time

from flask import Blueprint, Response, current_app, g, request
from flask_babel import gettext

from ..tables import normalise_code
from .security import client_address, plain_refusal, unknown_table_answer

bp = Blueprint("events", __name__)
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
    if not code or not tables.exists(code):
        return unknown_table_answer()
    last_seen = request.headers.get("Last-Event-ID", "")
    seen = int(last_seen) if last_seen.isascii() and last_seen.isdigit() and len(last_seen) < 10 else 0
    keepalive = current_app.config["KEEPALIVE_SECONDS"]
    lifetime = current_app.config["STREAM_SECONDS"]
    hub = tables.hub
    slots: StreamSlots = current_app.extensions["stream_slots"]
    address = client_address()
    refused = slots.take(address, current_app.config["STREAMS_PER_ADDRESS"], current_app.config["STREAMS_MAX"])
    if refused == "address":
        return no_stream(429, gettext("Too many live connections from this device; it checks for changes every few seconds instead."))
    if refused == "full":
        return no_stream(503, gettext("The companion is too busy for another live connection; this page checks for changes every few seconds instead."))

    def events():
        yield ": ok\n\n"
        current = tables.version(code)
        if current > seen:  # missed changes while away: say so at once
            yield f"event: changed\nid: {current}\ndata: {current}\n\n"
        known = current
        ends = time.monotonic() + lifetime
        while time.monotonic() < ends:
            newer = hub.wait(code, known, timeout=keepalive)
            if newer is None:
                yield ": keep-alive\n\n"
                continue
            known = newer
            yield f"event: changed\nid: {newer}\ndata: {newer}\n\n"

    response = Response(events(), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: do not buffer the stream
    response.call_on_close(lambda: slots.give_back(address))  # however the stream ends
    return response
