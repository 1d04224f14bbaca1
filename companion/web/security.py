"""Cross-site request refusal, rate limits, security headers and error pages."""
from __future__ import annotations

import sqlite3
import threading
import time
from collections import deque
from urllib.parse import urlsplit

from flask import Flask, current_app, render_template, request
from flask_babel import gettext
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge, SecurityError

from ..errors import N_
from ..store import StorageUnavailable

SAFE_SITES = {"same-origin", "none"}  # "none": typed into the address bar or opened from a bookmark

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'")


class RateLimiter:
    """A sliding window per (client address, bucket). Bounded memory: oldest clients are dropped."""

    def __init__(self, max_clients: int = 10000):
        self._hits: dict[tuple[str, str], deque] = {}
        self._lock = threading.Lock()
        self._max_clients = max_clients

    def hit(self, client: str, bucket: str, per_minute: int, now: float | None = None) -> bool:
        """Record an attempt; False when the client is over its limit for the past minute."""
        now = time.monotonic() if now is None else now
        with self._lock:
            key = (client, bucket)
            window = self._hits.get(key)
            if window is None:
                if len(self._hits) >= self._max_clients:
                    self._hits.pop(next(iter(self._hits)))
                window = self._hits[key] = deque()
            while window and window[0] <= now - 60:
                window.popleft()
            if len(window) >= per_minute:
                return False
            window.append(now)
            return True


def client_address() -> str:
    return request.remote_addr or "unknown"


def over_limit(bucket: str, config_key: str) -> bool:
    return not current_app.extensions["rate_limiter"].hit(client_address(), bucket, current_app.config[config_key])


def cross_site() -> bool:
    """A browser tells where a request comes from: Sec-Fetch-Site in modern ones, Origin in older.
    A request with neither comes from a non-browser client, which cookies cannot be forged for."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site not in SAFE_SITES
    origin = request.headers.get("Origin")
    if origin is None or origin == "null":
        return origin == "null"
    return urlsplit(origin).netloc != request.host


def register(app: Flask) -> None:
    app.extensions["rate_limiter"] = RateLimiter()

    @app.before_request
    def refuse_unreadable_address():
        # An address whose bytes are not UTF-8 (a raw 0xFF in the query) cannot be shown or
        # linked back to (the language menu does): say so instead of failing later.
        try:
            request.query_string.decode("utf-8")
        except UnicodeDecodeError:
            return plain_refusal(400, gettext("That address has characters this app cannot read."))

    @app.before_request
    def refuse_cross_site():
        if request.method not in ("GET", "HEAD", "OPTIONS") and cross_site():
            return error_page(403, "This request came from another site and was refused.")

    @app.after_request
    def headers(response):
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("X-Frame-Options", "DENY")
        return response

    @app.errorhandler(SecurityError)
    def untrusted_host(_exc):
        # Flask's TRUSTED_HOSTS refused the Host header: a page on another site pointing its own
        # name at this machine (DNS rebinding) cannot drive the companion. Plain words, no page: a
        # page's links are built for the request's host (url_for), which has just been refused.
        return plain_refusal(400, gettext("This companion does not answer to that address. Open it by the address it printed."))

    @app.errorhandler(RequestEntityTooLarge)
    def too_large(_exc):
        return error_page(413, "That request is too large.")

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        messages = {404: N_("There is nothing at this address."),
                    405: N_("That address does not take this kind of request."),
                    400: N_("That request was malformed.")}
        fallback = N_("Something went wrong.")  # kept apart: extraction does not look inside error_page()'s value
        return error_page(exc.code or 500, messages.get(exc.code, exc.description or fallback))

    @app.errorhandler(sqlite3.Error)
    def storage_error(exc: sqlite3.Error):
        # The transaction was rolled back: nothing half-applied. Say what a player can do.
        app.logger.error("storage error: %s", exc)
        return error_page(503, "The companion cannot save right now (its disk may be full or read-only). "
                               "Nothing was changed; tell whoever runs it, then try again.")

    @app.errorhandler(StorageUnavailable)
    def storage_busy(exc: StorageUnavailable):
        app.logger.error("storage unavailable: %s", exc)
        return error_page(503, "The companion cannot save right now. Nothing was changed; try again.")

    try:
        from redis.exceptions import RedisError
    except ImportError:  # SQLite-only installs need not have the redis package
        pass
    else:
        @app.errorhandler(RedisError)
        def redis_error(exc: Exception):
            # Redis unreachable or refusing: a queued transaction never half-applies (MULTI/EXEC).
            app.logger.error("redis error: %s", exc)
            return error_page(503, "The companion cannot reach its storage right now. Nothing was changed; "
                                   "tell whoever runs it, then try again.")

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):  # pragma: no cover - a bug; the player still gets a sentence
        app.logger.exception("unexpected error")
        return error_page(500, "Something went wrong on the companion. Your table is saved; try again.")


def wants_json() -> bool:
    """JSON for clients that ask for it first (scripts, tests); pages and htmx get HTML. A plain
    substring test: browsers list text/html before anything else, API clients send application/json."""
    if request.headers.get("HX-Request"):
        return False
    accept = request.headers.get("Accept", "")
    return accept.startswith("application/json") or request.path.endswith(".json")


def plain_refusal(status: int, message: str):
    """The sentence without a page around it, for a request no page can be built for: every page
    links back to its own address (the language menu) and to this host (url_for), which is what
    was refused."""
    if wants_json():
        return {"error": message}, status
    return current_app.response_class(message + "\n", status, mimetype="text/plain")


def error_page(status: int, message: str):
    """The sentence in the viewer's language; literal sentences passed here are extracted for
    translation (tools/translations.py), and already translated ones come back unchanged."""
    message = gettext(message)
    if wants_json():
        return {"error": message}, status
    if request.headers.get("HX-Request"):
        # Shown in the page's flash area, leaving the current view in place.
        response = current_app.make_response((render_template("_message.html", message=message), status))
        response.headers["HX-Retarget"] = "#flash"
        response.headers["HX-Reswap"] = "innerHTML"
        return response
    return render_template("error.html", message=message, status=status), status
