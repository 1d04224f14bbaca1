"""A table page's taps over one WebSocket it holds open (/t/CODE/taps), beside its event stream.

A tap sent as a POST costs the server its HTTP request: gevent reading the head, Flask's request
context, routing and hooks, the cookies and the form parsed, the answer written. That was two fifths
of a live tap (docs/PERFORMANCE.md, "Taps over the page's socket"). Over this socket the page's
role, tab and cookies are read once, when it opens, as its event stream reads them; each tap is one
message and its answer one message. The taps are play's two, a move and an undo (acting.play,
acting.take_back), with the very same answer a POST from htmx gets (acting.answer_action): the 204
with the version alone when the page's stream has carried the view, the view itself otherwise, a
refusal's view with its sentence. static/js/table.js hands htmx that answer as its fetch's
Response, so nothing else in the page knows how the tap went.

The page falls back to POSTs whenever the socket is not open (opening, a phone that slept, a proxy
that does not pass WebSockets), so no tap depends on it.

Messages (text, JSON, at most TAP_MESSAGE_MOST bytes):
- page to server: {"id": n, "action": "act/<move>" or "undo", "form": "<the form, URL-encoded>"}
- server to page: {"id": n, "status": 204, "headers": {...}, "body": "..."}; a message that is not
  one of these is answered {"id": n or null, "status": 400, ...} with the reason in words.
"""
from __future__ import annotations

import time
from urllib.parse import parse_qsl

from flask import Response, current_app, request
from flask_babel import gettext
from werkzeug.datastructures import MultiDict

from .. import json_text
from ..engine import Credentials
from ..errors import N_, BadInput
from .answers import plain_refusal, refusal_text
from ..serving import STREAM_WRITER, jitter
from .security import client_address, cross_site, hold_back
from .acting import answer_action, answer_view, play, take_back, view_carried
from .tables import bp, credentials, role_named, tab_given
from .websocket import Closed, NotAHandshake, PageSocket

TAP_MESSAGE_MOST = 4096     # bytes: a tap's form is a few dozen; a bigger message closes the socket
TAP_FIELDS_MOST = 50        # fields in one tap's form
# Of an answer's headers, the ones the page reads (htmx's HX-*, and these); the rest are HTTP's own.
ANSWER_HEADERS = {"content-type", "x-view-version"}


def only_htmx(*, htmx, json=None, page=None):
    """The socket's answers are a page's: htmx's kind (answer_action's `shape`)."""
    return htmx()


# Said of any message that is not a tap (never by a page: table.js sends only taps).
NOT_A_TAP = N_("A tap is a JSON object: a whole-number id, an action (act/<move> or undo) and a URL-encoded form.")


def tap_of(message) -> tuple[int, str, str]:
    """A message's id, action and form (URL-encoded), or BadInput saying what a tap is."""
    try:
        tap = json_text.loads(message) if isinstance(message, str) else None
    except ValueError:
        tap = None
    if not isinstance(tap, dict):
        raise BadInput(NOT_A_TAP)
    number, action, form = tap.get("id"), tap.get("action"), tap.get("form", "")
    if (not isinstance(number, int) or isinstance(number, bool) or not 0 <= number < 2**53
            or not isinstance(action, str) or len(action) > 60
            or not (action == "undo" or action.startswith("act/"))
            or not isinstance(form, str)):
        raise BadInput(NOT_A_TAP)
    return number, action, form


def fields_of(form: str) -> MultiDict:
    """A tap's fields, as a POST's form would hold them."""
    try:
        return MultiDict(parse_qsl(form, keep_blank_values=True, max_num_fields=TAP_FIELDS_MOST))
    except ValueError:
        raise BadInput("A tap's form has more than %(most)s fields.", most=TAP_FIELDS_MOST) from None


def answered(number, response: Response) -> str:
    """An answer as its message: the status, the headers the page reads, the body's text."""
    headers = {name: value for name, value in response.headers.items()
               if name.lower() in ANSWER_HEADERS or name.lower().startswith("hx-")}
    return json_text.dumps({"id": number, "status": response.status_code, "headers": headers,
                       "body": response.get_data(as_text=True)})


class Carried(int):
    """The answer to a tap whose page's stream has been handed the view (acting.view_carried): the
    view's version. The 204 a POST gets for it (acting.carried_response), written as its message with
    no response made: making a Response and taking its headers and empty body apart again, with the
    cookies read again for each tap (PageTaps keeps them), were 0.24 M of a tap's 6.28 M
    instructions (bench/instructions.sh --socket-taps --pushed)."""


def carried_answer(number: int, version: Carried) -> str:
    """The message of answered(number, acting.carried_response(version)), written out."""
    return '{"id":%d,"status":204,"headers":{"X-View-Version":"%d"},"body":""}' % (number, version)


@bp.route("/taps", websocket=True)
def tap_socket():
    # A page of another site could open this socket with the player's cookies (SameSite=Lax lets a
    # WebSocket of the same site, another port of this host, carry them): refused, as its POSTs are.
    if cross_site():
        return plain_refusal(403, gettext("This request came from another site and was refused."))
    try:
        tab = tab_given(request.args.get("tab"))
    except BadInput as refused:
        return plain_refusal(400, refusal_text(refused))
    # A socket holds a connection as a stream does, so it takes one of the same slots.
    slots = current_app.extensions["stream_slots"]
    address = client_address()
    config = current_app.config
    refused = slots.take(address, config["STREAMS_PER_ADDRESS"], config["STREAMS_MAX"])
    if refused is not None:
        hold_back()
        too_many = gettext("Too many live connections from this device; its taps go as requests instead.")
        return plain_refusal(429 if refused == "address" else 503, too_many)
    try:
        writer = request.environ.get(STREAM_WRITER)
        if writer is None:   # a server that does not hand its connections over (a test client): POSTs
            return plain_refusal(501, gettext("This server takes taps as requests only."))
        # The connection itself, handed over: the socket is served here, in this request's
        # greenlet, which reads it as it answers (web/websocket.py).
        try:
            socket = PageSocket(writer.hand_over(), request.environ, TAP_MESSAGE_MOST)
        except NotAHandshake:   # no key, an unknown version: in words
            return plain_refusal(400, gettext("That request was malformed."))
        serve(socket, tab, current_app.config["STREAM_SECONDS"], current_app.config["KEEPALIVE_SECONDS"])
    finally:
        slots.give_back(address)
    return TakenOver()


# Sent on a socket with no tap for KEEPALIVE_SECONDS, as the event stream's comment is: a proxy
# keeps the connection, and a phone gone for good is found when the send fails. A page ignores it.
# The first comes after a time cut short at random (serving.jitter), as the streams' keep-alives go
# in batches (deliveries.SWEEP_BATCH): sockets opened together (a restart's pages reconnecting)
# would otherwise all come due in the same instant, every time.
KEEP_ALIVE = "{}"


def serve(socket: PageSocket, tab: str | None, lifetime: float, keepalive: float) -> None:
    """Answers the socket's taps in turn until the page closes it, or for `lifetime` seconds (then
    the page opens another, as its stream does), keeping it alive meanwhile (PageSocket.keep_alive).
    Runs in the socket's request context: its cookies, language and address are the page's own."""
    ends = time.monotonic() + lifetime
    try:
        socket.keep_alive(KEEP_ALIVE, keepalive, first=keepalive * jitter())
        taps = PageTaps(tab)
        while (left := ends - time.monotonic()) > 0:
            message = socket.receive(timeout=left)
            if message is not None:
                socket.send(taps.answer(message))
        socket.close()
    except Closed:
        pass
    finally:
        socket.disconnect()


class PageTaps:
    """The taps of one page's socket, answered in its request's context: the page's `tab`, and its
    credentials read from the socket's cookies once per role (they are fixed when it opens; each
    tap's seat is still checked against the table in its change)."""

    def __init__(self, tab: str | None):
        self.tab = tab
        self._credentials: dict[str, Credentials] = {}

    def credentials(self, role: str) -> Credentials:
        if role not in self._credentials:
            self._credentials[role] = credentials(role)
        return self._credentials[role]

    def answer(self, message) -> str:
        """A message's answer: the tap's, as answer_action gives a POST from htmx (the page's role is
        its form's `as`, as in a POST), or why the message is not a tap."""
        number = None
        try:
            number, action, encoded = tap_of(message)
            form = fields_of(encoded)
            if action == "undo":
                def run(creds, version):
                    return take_back(form, creds, version)
            else:
                def run(creds, version):
                    return play(form, creds, version, action[len("act/"):])
            response = answer_action(run, lambda: role_named(form.get("as")), form, self.tab, only_htmx,
                                     self.credentials, self.view)
        except BadInput as refused:
            response = plain_refusal(400, refusal_text(refused))
        except Exception as error:   # as for a POST: the app's own handler (a store that is down: 503 in words)
            response = current_app.handle_user_exception(error)
        if isinstance(response, Carried):
            return carried_answer(number, response)
        return answered(number, current_app.make_response(response))

    @staticmethod
    def view(role: str, creds: Credentials, version: int, tab: str | None):
        """htmx's answer after a tap's change (answer_action's `view_answer`): Carried when the
        page's stream has the view, else the view (answer_view, which then need not ask again)."""
        if view_carried(role, creds, version, tab):
            return Carried(version)
        return answer_view(role, creds, version)


class TakenOver(Response):
    """What the route returns once the socket is done with the connection: nothing more is written
    on it (the WebSocket wrote its own head), and the server, told so (StreamWriter.hand_over), lets
    the connection go instead of reading a next request from it."""

    def __call__(self, environ, start_response):
        return []
