"""Cross-site request refusal, rate limits, security headers, and which error gets which answer
(their shape: web/answers.py)."""
from __future__ import annotations

import random
import threading
import time
from typing import Callable
from urllib.parse import urlsplit

from flask import Flask, current_app, request
from flask_babel import gettext
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge, SecurityError

from ..engine import TableNotFound
from ..errors import N_, Refusal
from ..storage.interface import StorageError, StorageUnreachable, StorageUnwritable
from .answers import error_page, plain_refusal, refusal_answer

SAFE_SITES = {"same-origin", "none"}  # "none": typed into the address bar or opened from a bookmark

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'")

# Every answer carries these, unless a route set its own (name, its lower case, value).
SECURITY_HEADERS = tuple((name, name.lower(), value) for name, value in (
    ("Content-Security-Policy", CSP), ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "same-origin"),
    ("X-Frame-Options", "DENY")))


def unknown_table_answer():
    """A 404 that counts against the client's rate limit (so codes cannot be enumerated in bulk)."""
    if over_limit("lookup", "LOOKUPS_PER_MINUTE"):
        return error_page(429, "Too many unknown table codes from this device; wait a minute.")
    return error_page(404, "There is no table with that code. Check it, or start a new table.")


def client_address() -> str:
    return request.remote_addr or "unknown"


def over_limit(bucket: str, config_key: str) -> bool:
    """Whether this client is over its limit for `bucket` (then its refusal is held back first)."""
    if current_app.extensions["rate_limiter"].hit(client_address(), bucket, current_app.config[config_key]):
        return False
    hold_back()
    return True


class RefusalHold:
    """Refusals of clients over a limit are answered about `delay` seconds late. A script that asks
    again as soon as it is answered got a thousand refusals a second, and answering them took the
    server's core from everyone else (bench/abuse.py: server CPU 100 % -> 13 %); held back, each of its
    connections is refused about once a second, while a phone that ever meets a limit only reads its
    sentence a second later. The wait is a green thread's sleep (app.py and gunicorn serve with
    gevent), and at most `most` refusals wait at once in a process, so a flood of connections cannot
    hold more sockets than that; beyond it a refusal goes at once."""

    def __init__(self, delay: float, most: int, sleep: Callable[[float], None] | None = None):
        # time.sleep looked up when waiting, not when this is made: gunicorn's gevent worker patches
        # it after some imports, and an unpatched sleep would stop the whole process.
        self.delay, self.sleep = delay, sleep or (lambda seconds: time.sleep(seconds))
        self._places = threading.BoundedSemaphore(most) if most > 0 else None

    def hold(self) -> bool:
        """Wait before a refusal, when a place is free; whether it waited."""
        if self.delay <= 0 or self._places is None or not self._places.acquire(blocking=False):
            return False
        try:
            # Between half and one and a half times the delay, at random: a script's connections
            # refused together came back together, each time as many of its requests at once as the
            # pace had let through meanwhile (bench/abuse.py: a burst of heavy views every second).
            self.sleep(self.delay * (0.5 + random.random()))
        finally:
            self._places.release()
        return True


def hold_back() -> None:
    """Before a client over a limit is refused (RefusalHold, REFUSAL_DELAY_SECONDS)."""
    current_app.extensions["refusal_hold"].hold()


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
        # As Headers.setdefault for each, in one pass over the response's headers: setdefault looks
        # a missing name up by raising and catching a KeyError (an HTTP exception object), which
        # was about 50 µs a request for these four.
        present = set(response.headers.keys(lower=True))
        for name, lowered, value in SECURITY_HEADERS:
            if lowered not in present:
                response.headers.add(name, value)
        return response

    @app.errorhandler(Refusal)
    def refusal(exc: Refusal):
        # A route that has no page of its own to show the sentence on (the action routes show it
        # in the fresh view; the join form beside the form) lets the refusal reach here.
        return error_page(*refusal_answer(exc))

    @app.errorhandler(TableNotFound)
    def table_gone(_exc):
        return unknown_table_answer()

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

    # Every backend turns its driver's errors into these (companion/storage/interface.py): the unit
    # of work was rolled back or never committed, so nothing is half-applied. Say what a player can do.
    storage_sentences = [
        (StorageUnwritable, N_("The companion cannot save right now (its disk may be full or read-only). "
                               "Nothing was changed; tell whoever runs it, then try again.")),
        (StorageUnreachable, N_("The companion cannot reach its storage right now. Nothing was changed; "
                                "tell whoever runs it, then try again.")),
        (StorageError, N_("The companion cannot save right now. Nothing was changed; try again.")),
    ]

    @app.errorhandler(StorageError)
    def storage_error(exc: StorageError):
        app.logger.error("storage: %s: %s", type(exc).__name__, exc)
        return error_page(503, next(sentence for kind, sentence in storage_sentences if isinstance(exc, kind)))

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):  # pragma: no cover - a bug; the player still gets a sentence
        app.logger.exception("unexpected error")
        return error_page(500, "Something went wrong on the companion. Your table is saved; try again.")
