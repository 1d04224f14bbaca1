"""GET /t/<code>/events: a server-sent-events stream saying "the table is now at version N".

Each viewer then re-fetches its own view, so a stream never carries a secret. The first bytes go out
at once so proxies flush headers; a comment every KEEPALIVE_SECONDS keeps the connection open; the
stream ends after STREAM_SECONDS and the browser reconnects with Last-Event-ID.
"""
from __future__ import annotations

import time

from flask import Blueprint, Response, current_app, g, request

from ..tables import normalise_code
from .security import unknown_table_answer

bp = Blueprint("events", __name__)


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
    return response
