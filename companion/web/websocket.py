"""A WebSocket served by the greenlet of the request that opened it (web/tap_socket.py's), on wsproto,
the protocol's own library without I/O: the handshake answered from the request's headers, then
messages read and written on the connection the server handed over (serving.StreamWriter.hand_over).

Until 27 November 2026 simple-websocket served it. That library reads each connection in a thread of
its own (a greenlet under gevent) and hands each message to the serving greenlet through an Event:
per tap two switches, a Timeout for its read and another for the wait, and its list of messages.
That reader was a seventh of py-spy's samples of a tap, outside those bench/tap_profile.py counted
inside it (which sees only the serving greenlet), and 15 KB a socket; the server's CPU a tap moved
less than its runs spread (docs/PERFORMANCE.md). Here the serving greenlet reads the connection
itself: one wait per message, nothing handed over. It sends no pings (the page's socket is kept
alive by tap_socket.py's own message, `keep_alive`), and takes no extension: compression is never
agreed, since each socket would keep a zlib compressor of about 260 KB for answers that are mostly a
204.

Keep-alives are written by a timer of the event loop's, not by the serving greenlet waking from a
timed-out read: that wake (a Timeout thrown into the greenlet, its exception unwound, the read begun
again with a new Timeout) made 2,100 idle sockets cost 3.1-3.9 % of a core, against 0.9-1.1 % for
the same keep-alives by the timer (bench/idle_sockets.py; docs/PERFORMANCE.md). The timer's
callback runs in the loop between the greenlet's switches, so it never writes in the middle of the
greenlet's own write, and it never waits: a keep-alive the socket cannot take at once is not
needed, as bytes are on their way.
"""
from __future__ import annotations

import socket
import time
from collections import deque

import h11
from gevent import get_hub
from wsproto import ConnectionType, WSConnection
from wsproto.connection import ConnectionState
from wsproto.events import AcceptConnection, BytesMessage, CloseConnection, Ping, Request, TextMessage
from wsproto.frame_protocol import CloseReason
from wsproto.utilities import LocalProtocolError, ProtocolError

READ_BYTES = 4096   # a tap is one small message: one read each
# The request's headers the handshake reads, and the only ones handed to wsproto: the rest (cookies
# with any bytes in them, the extensions a browser offers) are none of its business.
HANDSHAKE_HEADERS = ("HTTP_HOST", "HTTP_CONNECTION", "HTTP_UPGRADE", "HTTP_SEC_WEBSOCKET_KEY",
                     "HTTP_SEC_WEBSOCKET_VERSION")


class NotAHandshake(Exception):
    """The request is not a WebSocket handshake this server takes (no key, a version no browser
    speaks, a header HTTP does not allow): refused before anything is written."""


class Closed(Exception):
    """The socket is over: the page closed it, the connection broke, or a message broke the protocol
    or the size allowed (the page was told why in a close frame)."""


class PageSocket:
    """A page's WebSocket on `sock` (the request's connection, handed over), accepted from the
    request's `environ` at once, its messages at most `most` bytes. Read and written only by the
    greenlet that made it, and by its keep-alives' timer (`keep_alive`) while that greenlet waits.
    Raises NotAHandshake before anything is written: then the route answers in words."""

    def __init__(self, sock: socket.socket, environ: dict, most: int):
        self.sock, self.most = sock, most
        self.send_seconds = sock.gettimeout()   # the server's own timeout for a write
        self.ws = WSConnection(ConnectionType.SERVER)
        self.messages: deque[str | bytes] = deque()
        self._pieces: list[str | bytes] = []   # of a message not yet finished
        self._size = 0
        self._writing = False     # the greenlet is in a write (that may wait for the page)
        self._unsent = b""        # of a keep-alive the socket took only part of: sent first
        self._last_write = time.monotonic()
        self._keep_alives = None  # the loop's timer, once `keep_alive` starts it
        self._keep_alive_frame = b""
        # PEP 3333's header strings are Latin-1: encoded back to the bytes that came.
        headers = [(name[5:].replace("_", "-").lower().encode(), environ[name].encode("latin-1"))
                   for name in HANDSHAKE_HEADERS if name in environ]
        try:
            # The path is the route's business, not the protocol's.
            self.ws.initiate_upgrade_connection(headers, "/")
            asked = any(isinstance(event, Request) for event in self.ws.events())
        except (ProtocolError, h11.ProtocolError) as error:
            raise NotAHandshake() from error
        if not asked:
            raise NotAHandshake()
        self.sock.sendall(self.ws.send(AcceptConnection()))   # no subprotocol, no extension

    def keep_alive(self, message: str, every: float, first: float) -> None:
        """`message` written every `every` seconds, the first after `first`, unless something was
        written in the last half of that; until `disconnect`. A proxy keeps a connection that
        carries bytes, and a page gone for good is found when a write fails."""
        # A whole message framed by the server is the same bytes every time: framed once.
        self._keep_alive_frame = self.ws.send(TextMessage(data=message))
        self._keep_alives = get_hub().loop.timer(first, every, ref=False)
        self._keep_alives.start(self._keep_alive_due, every / 2)

    def _keep_alive_due(self, quiet: float) -> None:
        """The timer's callback, in the event loop: the keep-alive written if the socket has been
        quiet `quiet` seconds and the greenlet is not writing, as far as the socket takes it now."""
        if self._writing or self.ws.state is not ConnectionState.OPEN:
            return
        if time.monotonic() - self._last_write < quiet and not self._unsent:
            return
        data = self._unsent or self._keep_alive_frame
        waited = self.sock.gettimeout()   # the greenlet's wait's, put back after
        self.sock.settimeout(0.0)   # a send that would wait raises instead: the loop cannot wait
        try:
            sent = self.sock.send(data)
        except BlockingIOError:
            return   # the page has not read what came before: the connection is not idle
        except OSError:
            self._stop_keep_alives()   # the connection is over; the greenlet finds it so too
            return
        finally:
            self.sock.settimeout(waited)
        self._unsent = data[sent:]
        self._last_write = time.monotonic()

    def _stop_keep_alives(self) -> None:
        if self._keep_alives is not None:
            self._keep_alives.stop()
            self._keep_alives.close()
            self._keep_alives = None

    def disconnect(self) -> None:
        """The keep-alives stopped and the connection closed, without waiting for the page's side
        of a close (a browser may never send it)."""
        self._stop_keep_alives()
        self.sock.close()

    def receive(self, timeout: float) -> str | bytes | None:
        """The next whole message, waiting up to `timeout` seconds for each piece of it; None when
        nothing came. Raises Closed when the socket is over."""
        while not self.messages:
            self.sock.settimeout(timeout)
            try:
                data = self.sock.recv(READ_BYTES)
            except socket.timeout:
                return None
            except OSError:
                raise Closed() from None
            finally:
                self.sock.settimeout(self.send_seconds)
            if not data:
                raise Closed()
            self.ws.receive_data(data)
            self._take_events()
        return self.messages.popleft()

    def _take_events(self) -> None:
        for event in self.ws.events():
            if isinstance(event, (TextMessage, BytesMessage)):
                self._size += len(event.data.encode()) if isinstance(event.data, str) else len(event.data)
                if self._size > self.most:
                    self._say_close(CloseConnection(CloseReason.MESSAGE_TOO_BIG, "Message is too big"))
                    raise Closed()
                self._pieces.append(event.data)
                if event.message_finished:
                    joiner = "" if isinstance(event, TextMessage) else b""
                    self.messages.append(joiner.join(self._pieces))
                    self._pieces, self._size = [], 0
            elif isinstance(event, Ping):
                self._write(self.ws.send(event.response()))
            elif isinstance(event, CloseConnection):
                # The page's close, answered in kind; or what wsproto found wrong in its frames,
                # said in a close frame of that code.
                self._say_close(event.response())
                raise Closed()

    def send(self, text: str) -> None:
        """One text message, written whole (within the server's write timeout). Raises Closed when
        the socket is over."""
        try:
            data = self.ws.send(TextMessage(data=text))
        except LocalProtocolError:
            raise Closed() from None
        self._write(data)

    def close(self) -> None:
        """A normal close frame, unless the socket is closing already; the connection itself is the
        caller's to close (the server closes it too, once the route returns)."""
        self._say_close(CloseConnection(CloseReason.NORMAL_CLOSURE))

    def _say_close(self, close: CloseConnection) -> None:
        if self.ws.state in (ConnectionState.OPEN, ConnectionState.REMOTE_CLOSING):
            try:
                self._write(self.ws.send(close))
            except Closed:
                pass   # the page is gone already: nothing to tell it

    def _write(self, data: bytes) -> None:
        """`data` written whole, after what a keep-alive left unsent."""
        self._writing = True
        try:
            data = self._unsent + data if self._unsent else data
            # One send, which nearly always takes a tap's answer whole; gevent's sendall asks the
            # socket its buffer's size first, a system call more for every answer.
            sent = self.sock.send(data)
            if sent < len(data):
                self.sock.sendall(memoryview(data)[sent:])
            self._unsent = b""
        except OSError:
            raise Closed() from None
        finally:
            self._writing = False
            self._last_write = time.monotonic()
