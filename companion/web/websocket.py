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
alive by tap_socket.py's own message), and takes no extension: compression is never agreed, since
each socket would keep a zlib compressor of about 260 KB for answers that are mostly a 204.
"""
from __future__ import annotations

import socket
from collections import deque

import h11
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
    greenlet that made it. Raises NotAHandshake before anything is written: then the route answers
    in words."""

    def __init__(self, sock: socket.socket, environ: dict, most: int):
        self.sock, self.most = sock, most
        self.send_seconds = sock.gettimeout()   # the server's own timeout for a write
        self.ws = WSConnection(ConnectionType.SERVER)
        self.messages: deque[str | bytes] = deque()
        self._pieces: list[str | bytes] = []   # of a message not yet finished
        self._size = 0
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
                self.sock.sendall(self.ws.send(close))
            except OSError:
                pass   # the page is gone already: nothing to tell it

    def _write(self, data: bytes) -> None:
        try:
            self.sock.sendall(data)
        except OSError:
            raise Closed() from None
