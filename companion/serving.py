"""Connection hygiene for gevent's WSGI server: no single client can hold the server's sockets.

gevent.pywsgi has no timeouts of its own: a connection that sends half a request head, trickles its
body or sits idle between keep-alive requests would hold a socket (a file descriptor) forever, and
about a thousand of them ran the process out of descriptors (every new connection, /healthz
included, failed with "Too many open files"). `GuardedHandler` bounds each stage:

- idle: a kept-alive connection (or a fresh one) must start its next request within IDLE seconds
  (each connection's limit is cut short at random by up to a fifth, and so is HEAD's: see jitter());
- head and body: once its first byte arrived, the request line, headers and a body up to the app's
  MAX_CONTENT_LENGTH must all arrive within HEAD seconds (a deadline for the whole, not per read, so
  a byte every few seconds does not keep it alive);
- writes: a client that stops reading (a stream nobody drains) is dropped after SEND seconds.

Each connection also has Nagle's algorithm off (TCP_NODELAY), so an answer's body does not wait for
the client's delayed acknowledgement of its head (40 ms a request on a kept-alive connection).

The body is read here, before the app runs, so the app never blocks on a slow client (and a timeout
can never surface as a half-read form).

gevent offers no timeouts of its own, so the guards hook into its handler: `handle`, `read_requestline`,
`read_request`, `handle_one_request` and `handle_one_response` are its documented methods for
subclasses, `MessageClass` the one that reads the headers (read_request_headers, with gevent's
`headers_factory` for any head that is not plain), and `rfile` the connection's stream they read
from; `_handle_client_error` is its private hook for a client's bad input (the one way to close a
timed-out connection without answering). Each guard has a test that fails when gevent changes
what it relies on (tests/web/test_connections.py), and gevent is pinned exactly in requirements.txt:
these are checked with the versions in GEVENT_CHECKED. `raise_open_file_limit()` lifts the process's
descriptor limit to its hard limit at start, and `stream_capacity()` says how many event streams fit in it.
Used by app.py (gevent's WSGIServer) and by the gunicorn worker class below (gunicorn.conf.py).
"""
from __future__ import annotations

import gc
import io
import random
import re
import resource
import socket
from http import client as http_client

import gevent
from gevent.pywsgi import OldMessage, WSGIHandler, headers_factory

# gevent versions (major, minor) the guards below were checked with (tests/web/test_connections.py):
# to move the pin in requirements.txt, run those tests on the new version, then add it here.
GEVENT_CHECKED = {(26, 9)}

IDLE_SECONDS = 30       # browsers reuse a connection within seconds; 30 s is generous
HEAD_SECONDS = 10       # a request head and a (small) body, even over a poor café Wi-Fi
SEND_SECONDS = 30       # a client that does not read for this long is gone
BODY_PREREAD_LIMIT = 256 * 1024  # above the app's MAX_CONTENT_LENGTH (64 KiB): the app says 413


# The garbage collector's thresholds for a serving process (Python's defaults: 700, 10, 10). With
# 1,800 open streams, their greenlets and the shared reads, a process holds about 150,000 objects, and
# a full collection walks them all while every request waits: at a tap every 3 s on 300 tables
# (bench/live.py, pauses timed with gc.callbacks) 5 full collections in 25 s, up to 287 ms each. So
# start-up's objects are frozen out of collections, and the older generations are collected rarely.
# A young collection walks what is still alive of what was made since the last one, and what a tap
# makes (the table's next read, its views and events: about 55 objects) lives until the table's next
# tap. Python counts a young generation's size as allocations less deallocations, and each tap frees
# about as many of the last tap's objects as it makes, so the count climbs slowly (by the garbage
# made in cycles, and what stays: a new stream, a new table) and each young collection finds the
# taps' objects of the last moments alive. At 700 they came 7-14 times a second at 1,500 taps a
# second, 2-7 ms each (5,000-12,000 objects), 30-45 ms a second; at a tap a second on 300 tables 37
# of them in 50 s, 122 ms in all. At 20,000 they come once in 30-60 s there (8.5-13 ms: the tables'
# live reads and what stayed), and at 1,600 taps a second a tap's objects are mostly freed before
# one comes: 1.7 % less CPU a tap (docs/PERFORMANCE.md, 29 November 2026). The threshold still bounds
# what waits in cycles for a collection: 20,000 objects, a few MB. The next generation at 1,000: its
# collection, which walks everything that ever survived a young one, comes once in hours, and no
# longer at an evening's start, when every page connects at once (107 ms at 700).
GC_THRESHOLDS = (20_000, 1_000, 10)

# Connections the listening socket holds while the server is busy (the kernel caps it at
# net.core.somaxconn). An evening's start or a restart has every table's pages open their stream
# and tap socket within seconds, 4,200 connections for 300 tables; gevent's own 128 left 1,239 of a
# bench run's waiting a second or more for their SYN to be sent again (1,873 listen-queue
# overflows), and none with this. gunicorn's default is the same (gunicorn.conf.py keeps it).
LISTEN_BACKLOG = 2048


def warm_up(app) -> None:
    """Before serving: compile every template and load every language's catalogue now. Each is
    otherwise made by the first request that needs it: the first phones after a start waited tens of
    milliseconds more (bench/live.py's second process, which the calibration does not warm, was the
    slowest 1 % of a run at a tap every 3 s until it rendered its first views)."""
    from .web.i18n import load_catalogues
    env = app.jinja_env
    for name in env.list_templates(extensions=("html",)):   # every template is .html
        env.get_template(name)
    load_catalogues(app)


def tune_garbage_collector() -> None:
    """Once the app is built: what start-up made (modules, templates, the app) is kept out of every
    later collection (gc.freeze), and collections come less often (GC_THRESHOLDS)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


# What http.client.parse_headers allows a request head (the same limits, so the same answers).
HEADER_LINE_MOST = 65536
HEADERS_MOST = 100
# A plain header line: a name of printable ASCII but the colon and the space, a colon, then a value
# with no CR or LF inside it, ended by CRLF or LF. The email package reads any other line its own
# way (a folded value, a bare CR, a line that ends the head early), so a head with one goes to it.
PLAIN_HEADER = re.compile(r"([\041-\071\073-\176]+):[ \t]*([^\r\n]*)\r?\n")


def read_request_headers(rfile):
    """A request's headers, as gevent reads them (headers_factory: http.client.parse_headers into
    its message class), without the email package's parser when every line of the head is plain:
    8 µs for a tap's head, where that parser took 24-39 µs. The lines are read under http.client's
    limits; a head with any other line, or that ends before its blank line, is handed to gevent's
    own reading whole, so every head reads as it did (tests/web/test_connections.py compares the
    two on any head hypothesis makes)."""
    lines = []
    while True:
        line = rfile.readline(HEADER_LINE_MOST + 1)
        if len(line) > HEADER_LINE_MOST:
            # gevent's reading of this line says it is too long, in its message's own words
            return headers_factory(io.BytesIO(line))
        lines.append(line)
        if len(lines) > HEADERS_MOST:
            raise http_client.HTTPException(f"got more than {HEADERS_MOST} headers")
        if line in (b"\r\n", b"\n", b""):
            break
    plain = [PLAIN_HEADER.match(header.decode("iso-8859-1")) for header in lines[:-1]]
    if line == b"" or not all(plain):
        return headers_factory(io.BytesIO(b"".join(lines)))
    message = OldMessage()   # what headers_factory parses into
    for header in plain:
        message.set_raw(*header.groups())
    return message


def jitter() -> float:
    """A connection's timeouts are cut this much short (0.8-1.0), at random: see read_requestline."""
    return 1.0 - 0.2 * random.random()


class RequestTooSlow(socket.timeout):
    """The request head or body did not arrive in time. A socket.timeout, so gevent's handler
    treats it like any broken connection (closed, nothing logged as a server error)."""


class GuardedMixin:
    """Timeouts for WSGIHandler (see the module's docstring). A mixin so gunicorn's handler (which
    adds its access log) can be guarded the same way."""

    idle_seconds = IDLE_SECONDS
    head_seconds = HEAD_SECONDS
    send_seconds = SEND_SECONDS
    _deadline = None
    _connection_rfile = None

    def handle(self):
        # Nagle's algorithm off for this connection: gevent writes an answer's head and its body in
        # two sends, and with Nagle on the body waited for the client's ACK of the head, which a
        # client delays by up to 40 ms (Linux's delayed ACK): every answer on a kept-alive
        # connection, each tap of a page, took 40 ms more (bench/action_http.py: 44 ms a roll, 2 ms
        # with it off). gunicorn sets it on its listening socket; app.py's gevent server does not.
        try:
            self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except (OSError, AttributeError):
            pass  # not TCP (a Unix socket behind gunicorn), or already closed
        try:
            return super().handle()
        finally:
            # gevent's handler keeps its last request's environ, which holds the request's
            # StreamWriter, which holds the handler: a cycle, so a closed connection's handler, its
            # reader and buffer waited for a collection of the oldest generation, which comes
            # rarely (GC_THRESHOLDS), instead of going when the connection did (tests/web/
            # test_connections.py). Nothing reads it once the connection is over.
            self.__dict__.pop("environ", None)

    def read_requestline(self):
        # Idle wait: no deadline until the client starts sending, then the whole head is timed. Each
        # wait is cut at a random point of its last fifth: a client that opened a thousand
        # connections at once had them all dropped in the same instant, and the thousand closes and
        # its thousand reconnections held every other request up to 60 ms (bench/abuse.py).
        self.socket.settimeout(self.idle_seconds * jitter())
        try:
            if not self.rfile.peek(1):
                return ""  # the client closed the connection
        except (OSError, ValueError):
            return ""
        self.socket.settimeout(self.send_seconds)  # per read/write from here; the deadline bounds the whole
        self._deadline = gevent.Timeout.start_new(self.head_seconds * jitter(), RequestTooSlow("request head too slow"))
        try:
            return super().read_requestline()
        except BaseException:
            self._cancel_deadline()
            raise

    def MessageClass(self, rfile, *args):   # gevent's hook for reading the head's headers
        return read_request_headers(rfile)

    def read_request(self, raw_requestline):
        try:
            parsed = super().read_request(raw_requestline)
            length = self.content_length
            if parsed and length and length <= BODY_PREREAD_LIMIT \
                    and self.headers.get("transfer-encoding", "").lower() != "chunked":
                body = self.rfile.read(length)
                if len(body) < length:
                    raise RequestTooSlow("connection closed inside the body")
                # The app reads the body from memory; the connection's own stream is back after the
                # response, for the next request on this keep-alive connection.
                self._connection_rfile = self.rfile
                self.rfile = io.BufferedReader(io.BytesIO(body))
            return parsed
        finally:
            self._cancel_deadline()

    def handle_one_request(self):
        try:
            return super().handle_one_request()
        finally:
            self._cancel_deadline()  # also when the head was refused before read_request (414)

    def _handle_client_error(self, ex):
        # gevent's private hook (handle_one_request calls it for any error reading the head or the
        # body): its default answers 400 and prints a traceback for anything but bad input.
        if isinstance(ex, socket.timeout):
            return None  # too slow or gone: close without an answer or a logged traceback
        return super()._handle_client_error(ex)

    def handle_one_response(self):
        try:
            return super().handle_one_response()
        finally:
            if self._connection_rfile is not None:
                self.rfile, self._connection_rfile = self._connection_rfile, None

    def _cancel_deadline(self):
        if self._deadline is not None:
            self._deadline.close()
            self._deadline = None

    def get_environ(self):
        environ = super().get_environ()
        environ[STREAM_WRITER] = StreamWriter(self)
        return environ


# The environ key of a request's StreamWriter (set by GuardedMixin.get_environ; absent under any
# other server, where an event stream writes its events by yielding them, as any WSGI body does).
STREAM_WRITER = "companion.stream_writer"


def chunked(data: bytes) -> bytes:
    """`data` as one chunk of HTTP/1.1's chunked body, as gevent frames what a response yields."""
    return b"%x\r\n%s\r\n" % (len(data), data)


class StreamWriter:
    """Writes the pieces of a response that is already streaming straight to the client's socket,
    from whichever greenlet has them: after a change, one greenlet hands each of a table's streams
    its event (web/deliveries.py Deliveries) instead of waking each stream's own greenlet to yield it
    through Werkzeug's and gevent's iterators (a wake, a timer and two iterators a delivery: even on
    gevent's bare server a tap with seven 8 KB deliveries cost 0.79-0.86 ms woken and 0.63-0.67 ms
    written, bench/deliveries.py's floor ways). A piece is framed as gevent frames the
    body it streams (a chunk of HTTP/1.1's chunked encoding, or bare for HTTP/1.0), so pieces written
    here and pieces the response yields may follow one another, one whole piece at a time.
    gevent's handler attributes read here (socket, headers_sent, response_use_chunked) are checked
    by tests/web/test_connections.py."""

    def __init__(self, handler):
        self._handler = handler

    def ready(self) -> bool:
        """Whether the response's head has gone out, so pieces of its body may follow."""
        return bool(self._handler.headers_sent)

    def frame(self, data: bytes) -> bytes:
        return chunked(data) if self._handler.response_use_chunked else data

    def hand_over(self):
        """The request's connection, taken over (a WebSocket: web/tap_socket.py): once the app
        returns, the handler writes nothing more on it (no status was started) and closes it,
        rather than reading the socket's own frames as a next request. Under app.py's server and
        gunicorn's gevent worker alike."""
        self._handler.close_connection = True
        return self._handler.socket

    def send_now(self, framed: bytes) -> int:
        """As much of `framed` as the socket takes without waiting: how many bytes. A client whose
        buffer is full (a phone on poor Wi-Fi) holds up no other client's delivery; its stream's own
        greenlet sends the rest (send). Raises OSError when the client is gone."""
        try:
            return self._handler.socket.send(framed, 0, timeout=0.0)
        except BlockingIOError:
            return 0

    def send(self, framed: bytes) -> None:
        """All of `framed`, waiting for the client as long as the connection's send timeout allows.
        Raises OSError when the client is gone or does not read."""
        self._handler.socket.sendall(framed)


class GuardedHandler(GuardedMixin, WSGIHandler):
    """gevent's handler with the timeouts above (app.py)."""


def raise_open_file_limit() -> int:
    """Lift the soft limit on open files to the hard limit (each connection is one descriptor; the
    usual soft limit of 1,024 is what a thousand idle sockets exhausted). Returns the new limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        target = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass  # some containers refuse; the streams cap below then follows the lower limit
    return soft


def stream_capacity(open_file_limit: int) -> int:
    """How many event streams one process holds: its descriptors less a reserve for ordinary
    requests (actions, views, /healthz), the database, Redis and the listening socket, so that at
    capacity a new stream is refused with 503 and everything else still works."""
    reserve = max(256, open_file_limit // 5)
    return max(16, open_file_limit - reserve)


try:  # gunicorn is optional (the Redis scale-out); its gevent worker with the same guards
    from gunicorn.workers.ggevent import GeventPyWSGIWorker, PyWSGIHandler

    class GuardedGunicornHandler(GuardedMixin, PyWSGIHandler):
        """gunicorn's gevent handler (its access log) with the timeouts above."""

    class GuardedGeventWorker(GeventPyWSGIWorker):
        """gunicorn's gevent worker serving through GuardedGunicornHandler
        (worker_class = "companion.serving.GuardedGeventWorker" in gunicorn.conf.py)."""
        wsgi_handler = GuardedGunicornHandler

        def init_process(self):
            raise_open_file_limit()
            super().init_process()
except ImportError:  # pragma: no cover - gunicorn not installed: app.py does not need it
    pass
