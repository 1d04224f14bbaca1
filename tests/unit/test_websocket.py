"""companion/web/websocket.py's PageSocket on one end of a socket pair, a page played by wsproto's
client on the other: the handshake, whole messages from their pieces, pings, the closes, the size
allowed, how long a wait for a tap lasts, and the keep-alives (on gevent's sockets, whose waits let
the event loop's timer run)."""
from __future__ import annotations

import re
import socket
import time

import gevent
import gevent.socket
import pytest
from wsproto import ConnectionType, WSConnection
from wsproto.events import (AcceptConnection, BytesMessage, CloseConnection, Ping, Pong, Request, TextMessage)

from companion.web.websocket import Closed, NotAHandshake, PageSocket

KEY = "dGhlIHNhbXBsZSBub25jZQ=="   # RFC 6455's own example
HANDSHAKE = {"HTTP_HOST": "127.0.0.1", "HTTP_CONNECTION": "Upgrade", "HTTP_UPGRADE": "websocket",
             "HTTP_SEC_WEBSOCKET_KEY": KEY, "HTTP_SEC_WEBSOCKET_VERSION": "13", "PATH_INFO": "/t/ABCDEF/taps"}


class Page:
    """The page's end: wsproto's client. Its handshake is not sent: the server reads a handshake
    from its request's environ, into which `key` (the one this client made) goes."""

    def __init__(self, sock: socket.socket):
        self.sock = sock
        self.ws = WSConnection(ConnectionType.CLIENT)
        head = self.ws.send(Request(host="127.0.0.1", target="/t/ABCDEF/taps"))
        self.key = re.search(rb"sec-websocket-key: ([^\r]+)", head, re.IGNORECASE).group(1).decode()

    def send(self, *events) -> None:
        self.sock.sendall(b"".join(self.ws.send(event) for event in events))

    def events(self) -> list:
        self.ws.receive_data(self.sock.recv(65536))
        return list(self.ws.events())


def connected(module):
    """A connected pair of `module`'s sockets, the server's end first."""
    server_end, page_end = module.socketpair()
    server_end.settimeout(5)   # the server's own write timeout
    page_end.settimeout(5)
    yield server_end, page_end
    server_end.close()
    page_end.close()


@pytest.fixture(params=[socket, gevent.socket], ids=["socket", "gevent"])
def pair(request):
    """Each test runs on the standard library's sockets and on gevent's, which the server uses."""
    yield from connected(request.param)


@pytest.fixture
def gevent_pair():
    """gevent's alone: their waits let the event loop's timers run (the keep-alives)."""
    yield from connected(gevent.socket)


def accepted(pair, environ=HANDSHAKE, most=4096) -> tuple[PageSocket, Page]:
    server_end, page_end = pair
    page = Page(page_end)
    served = PageSocket(server_end, {**environ, "HTTP_SEC_WEBSOCKET_KEY": page.key}, most)
    answer = page.events()   # wsproto's client checks the server's accept against its key
    assert any(isinstance(event, AcceptConnection) for event in answer), answer
    return served, page


def test_the_handshake_is_answered_and_no_extension_is_taken(pair):
    offered = {**HANDSHAKE, "HTTP_SEC_WEBSOCKET_EXTENSIONS": "permessage-deflate; client_max_window_bits"}
    server_end, page_end = pair
    PageSocket(server_end, offered, 4096)
    head = page_end.recv(65536).lower()
    assert head.startswith(b"http/1.1 101") and b"sec-websocket-extensions" not in head, head


@pytest.mark.parametrize("environ", [
    {name: value for name, value in HANDSHAKE.items() if name != "HTTP_SEC_WEBSOCKET_KEY"},   # no key
    {**HANDSHAKE, "HTTP_SEC_WEBSOCKET_VERSION": "8"},   # a version no browser speaks
    {**HANDSHAKE, "HTTP_UPGRADE": "h2c"},                # not an upgrade to a WebSocket
    {name: value for name, value in HANDSHAKE.items() if name != "HTTP_HOST"},   # HTTP/1.1 without a host
])
def test_what_is_not_a_handshake_is_refused_before_anything_is_written(pair, environ):
    server_end, page_end = pair
    with pytest.raises(NotAHandshake):
        PageSocket(server_end, environ, 4096)
    page_end.setblocking(False)
    with pytest.raises(BlockingIOError):
        page_end.recv(1)


def test_messages_come_whole_from_their_pieces_and_pings_are_answered(pair):
    served, page = accepted(pair)
    page.send(TextMessage(data='{"id": 1, ', message_finished=False), Ping(b"?"),
              TextMessage(data='"action": "undo"}'), BytesMessage(data=b"\x00\x01"))
    assert served.receive(timeout=5) == '{"id": 1, "action": "undo"}'
    assert served.receive(timeout=5) == b"\x00\x01"
    assert [type(event) for event in page.events()] == [Pong]
    served.send('{"id": 1, "status": 204}')
    assert [event.data for event in page.events()] == ['{"id": 1, "status": 204}']


def test_a_wait_for_a_tap_lasts_its_own_time_not_the_connections_write_timeout(pair):
    """The connection's timeout (the server's 30 s for a write, here 0.3 s) once ended every socket
    whose page had not tapped for that long, keep-alives or not: a wait is as long as it is asked."""
    pair[0].settimeout(0.3)
    served, page = accepted(pair)
    started = time.monotonic()
    assert served.receive(timeout=1.0) is None
    assert 0.9 < time.monotonic() - started < 3
    page.send(TextMessage(data="tap"))
    assert served.receive(timeout=1.0) == "tap"


def test_the_pages_close_is_answered_and_ends_the_socket(pair):
    served, page = accepted(pair)
    page.send(CloseConnection(code=1001))
    with pytest.raises(Closed):
        served.receive(timeout=5)
    assert [(type(event), event.code) for event in page.events()] == [(CloseConnection, 1001)]


def close_codes_after_the_next_receive(served: PageSocket, page: Page) -> list[int]:
    """The socket's next receive ends it; the codes of the close frames the page was sent."""
    with pytest.raises(Closed):
        served.receive(timeout=5)
    return [event.code for event in page.events() if isinstance(event, CloseConnection)]


def test_a_message_bigger_than_allowed_closes_the_socket_saying_why(pair):
    served, page = accepted(pair, most=100)
    page.send(TextMessage(data="x" * 60, message_finished=False), TextMessage(data="y" * 60))
    assert close_codes_after_the_next_receive(served, page) == [1009]


def test_frames_that_break_the_protocol_close_the_socket_saying_why(pair):
    served, page = accepted(pair)
    page.sock.sendall(b"\x81\x02{}")   # an unmasked frame from a page: not allowed
    assert close_codes_after_the_next_receive(served, page) == [1002]


def test_a_connection_that_ends_ends_the_socket_and_closing_it_after_is_quiet(pair):
    served, page = accepted(pair)
    page.sock.close()
    with pytest.raises(Closed):
        served.receive(timeout=5)
    served.close()   # nothing to tell a page that is gone: no error


def messages_read(page: Page, until, pause: float = 0.0, seconds: float = 10) -> list[str]:
    """The whole text messages the page reads, as they come, until `until(messages)` holds, the page
    is sent a close (frames gone wrong), or `seconds` pass; `pause` seconds before each read (a
    slow page)."""
    messages: list[str] = []
    piece, ends = "", time.monotonic() + seconds
    while not until(messages) and time.monotonic() < ends:
        gevent.sleep(pause)
        events = page.events()
        for event in events:
            if isinstance(event, TextMessage):
                piece += event.data
                if event.message_finished:
                    messages.append(piece)
                    piece = ""
        if any(isinstance(event, CloseConnection) for event in events):
            break
    return messages


def test_a_quiet_socket_is_kept_alive_while_it_waits_for_taps(gevent_pair):
    served, page = accepted(gevent_pair)
    served.keep_alive("{}", every=0.2, first=0.2)
    assert served.receive(timeout=0.7) is None   # the keep-alives at 0.2, 0.4 and 0.6 s
    assert set(messages_read(page, lambda got: len(got) >= 3)) == {"{}"}
    page.send(TextMessage(data="tap"))
    assert served.receive(timeout=1) == "tap"
    served.send("answer")
    served.disconnect()
    gevent.sleep(0.5)   # a timer left running would find the socket closed: nothing may break
    assert set(messages_read(page, lambda got: "answer" in got)) <= {"{}", "answer"}
    page.sock.settimeout(1)
    assert page.sock.recv(64) == b""   # then the end


def test_a_keep_alive_never_cuts_into_a_write_that_waits_for_the_page(gevent_pair):
    """An answer too big for the connection's buffers waits for a slow page to read it, its socket
    taking a piece each time the page reads one; the keep-alives that come due meanwhile, with room
    in the socket, go after it, never inside its frame."""
    served, page = accepted(gevent_pair)
    served.keep_alive("{}", every=0.002, first=0.002)
    big = "x" * 2_000_000
    writer = gevent.spawn(served.send, big)
    # a slow page: keep-alives come due between its reads
    messages = messages_read(page, lambda got: big in got, pause=0.003)
    served.disconnect()
    writer.kill()
    assert messages[:1] == [big] and set(messages[1:]) <= {"{}"}


def test_a_message_bigger_than_the_sockets_buffer_arrives_whole(gevent_pair):
    # A socket takes part of it in one send (its buffer is some hundreds of KB); the rest follows
    # once the page reads.
    served, page = accepted(gevent_pair)
    text = "0123456789" * 200_000
    pieces: list[str] = []

    def read() -> None:
        while True:
            for event in page.events():
                if isinstance(event, TextMessage):
                    pieces.append(event.data)
                    if event.message_finished:
                        return

    reader = gevent.spawn(read)
    served.send(text)
    reader.join(10)
    assert reader.successful() and "".join(pieces) == text
