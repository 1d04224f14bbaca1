"""A page's taps over its tap socket (companion/web/tap_socket.py) on the app's own server (slow: a
process each), on SQLite and on Redis:

- a tap is answered as the same POST from htmx would be: 204 with the version when the page's stream
  carried the view, else the view itself, which is the page's own;
- a refusal is the POST's refusal (its status, the view with its sentence, in the page's language),
  and nothing is half-applied;
- the friend who is losing gets no further over the socket than by POST: a socket opened from
  another site is refused before it opens; a phone's socket acts only for the seat its cookies hold,
  and not at all once that seat is removed; a tap for an earlier game is refused; a message that is
  not a tap is answered with what a tap is; one too big closes the socket, having changed nothing;
- a socket ends after the stream's lifetime, and the server writes nothing after its close.

The in-process test client cannot hold a socket: there the route says so (501), and pages tap by
POST, as tests/web/ checks everywhere else.
"""
from __future__ import annotations

import json
import socket
import time
import urllib.parse

import pytest
import simple_websocket

from tests.conftest import SHARED_SERVER_ENV, HttpDevice, ServerProcess
from tests.web.test_pushed_streams import SERVER_NOW, Stream, cookie_of, new_table, own_view

pytestmark = pytest.mark.slow


@pytest.fixture
def server(database):
    srv = ServerProcess(database, env={**SHARED_SERVER_ENV, "COMPANION_KEEPALIVE_SECONDS": "1"}).start()
    yield srv
    srv.kill()


class TapSocket:
    """A page's tap socket, as table.js uses it: a tap is a JSON message, its answer another."""

    def __init__(self, server: ServerProcess, code: str, device: HttpDevice, tab: str | None = None,
                 language: str = "en"):
        query = f"?tab={tab}" if tab else ""
        self.socket = simple_websocket.Client.connect(
            f"ws://127.0.0.1:{server.port}/t/{code}/taps{query}",
            headers={"Cookie": cookie_of(device), "Accept-Language": language})
        self.taps = 0

    def send(self, message) -> dict:
        self.socket.send(message)
        answer = self.socket.receive(timeout=30)
        assert answer is not None, "no answer within 30 s"
        return json.loads(answer)

    def tap(self, action: str, **form) -> dict:
        self.taps += 1
        answer = self.send(json.dumps({"id": self.taps, "action": action, "form": urllib.parse.urlencode(form, doseq=True)}))
        assert answer["id"] == self.taps
        return answer

    def close(self) -> None:
        try:
            self.socket.close()
        except simple_websocket.ConnectionClosed:
            pass   # the server closed it first


# The key and version a browser's handshake carries (the key is RFC 6455's own example).
A_BROWSERS_HANDSHAKE = "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"


def handshake_sent(port: int, code: str, cookie: str, lines: str = A_BROWSERS_HANDSHAKE, query: str = "") -> socket.socket:
    """A connection that has sent the tap socket's handshake by hand: the upgrade's request line and
    headers, then `lines` (each ended by CRLF) and the cookie."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(f"GET /t/{code}/taps{query} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                 f"Connection: Upgrade\r\n{lines}Cookie: {cookie}\r\n\r\n".encode())
    return sock


def version(device: HttpDevice, code: str) -> int:
    return device.view(code)["version"]


@pytest.mark.both_backends
def test_a_tap_over_the_socket_is_answered_as_its_post_would_be(server):
    host, code = new_table(server, "toolbox", parts=["dice"])
    ann = HttpDevice(server.url).join(code, "Ann")
    board_stream = Stream(server, code, "board", host, tab="board-page-1")
    board = TapSocket(server, code, host, tab="board-page-1")
    phone = TapSocket(server, code, ann)   # her stream is not up: her view comes in the answer
    try:
        answer = board.tap("act/roll", version=version(host, code), game_number=1)
        assert answer["status"] == 204 and answer["body"] == "", answer
        made = int(answer["headers"]["X-View-Version"])
        seen, html = board_stream.event()
        assert seen == made and SERVER_NOW.sub("", html) == SERVER_NOW.sub("", own_view(host, code, "board"))

        answer = phone.tap("act/roll", version=made, game_number=1, **{"as": "seat"})
        assert answer["status"] == 200 and answer["headers"]["Content-Type"].startswith("text/html")
        assert SERVER_NOW.sub("", answer["body"]) == SERVER_NOW.sub("", own_view(ann, code, "seat"))
        assert version(host, code) == made + 1

        answer = board.tap("undo", version=made + 1, game_number=1)
        assert answer["status"] == 204 and int(answer["headers"]["X-View-Version"]) == made + 2
    finally:
        for held in (board_stream, board, phone):
            held.close()


@pytest.mark.both_backends
def test_a_refused_tap_gets_the_posts_refusal_in_the_pages_language_and_changes_nothing(server):
    host, code = new_table(server, "toolbox", parts=["dice"])
    bob = HttpDevice(server.url).join(code, "Bob")
    phone = TapSocket(server, code, bob, language="de")
    try:
        before = version(host, code)
        answer = phone.tap("act/roll", version="twelve", game_number=1, **{"as": "seat"})
        assert answer["status"] == 400 and "ganze Zahl" in answer["body"], answer["body"][:300]
        # Bob's phone acting as the board, which only the host's screens may
        answer = phone.tap("act/roll", version=before, game_number=1, **{"as": "board"})
        assert answer["status"] == 403, answer
        answer = phone.tap("act/roll", version=before, game_number=1, **{"as": "everyone"})
        assert answer["status"] == 400 and "board" in answer["body"], answer
        assert version(host, code) == before
    finally:
        phone.close()


@pytest.mark.both_backends
def test_the_friend_who_is_losing_gets_no_further_over_the_socket(server):
    host, code = new_table(server, "toolbox", parts=["dice"])
    ann = HttpDevice(server.url).join(code, "Ann")
    # a page of another site, in Ann's browser (her cookies go along): refused before it opens
    for header in ("Origin: http://evil.example", "Sec-Fetch-Site: cross-site"):
        sock = handshake_sent(server.port, code, cookie_of(ann), f"{A_BROWSERS_HANDSHAKE}{header}\r\n")
        try:
            assert sock.recv(65536).startswith(b"HTTP/1.1 403"), header
        finally:
            sock.close()

    # a handshake that is not one (no key; a version no browser speaks): refused in words
    for extra in ("", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 8\r\n"):
        sock = handshake_sent(server.port, code, cookie_of(ann), extra)
        try:
            answer = b""
            while b"malformed" not in answer and (data := sock.recv(65536)):
                answer += data
            assert answer.startswith(b"HTTP/1.1 400") and b"malformed" in answer, answer[:300]
        finally:
            sock.close()

    phone = TapSocket(server, code, ann)
    try:
        before = version(host, code)
        # not taps: what a tap is, and the socket still answers the next one
        for message in ("roll please", json.dumps([1, 2]), json.dumps({"id": "1", "action": "undo"}),
                        json.dumps({"id": 1, "action": "../host/remove", "form": ""}), b"\x00\x01"):
            answer = phone.send(message)
            assert answer["status"] == 400 and "JSON object" in answer["body"], (message, answer)
        answer = phone.tap("act/roll", version=before, **{"as": "seat", "f": ["x"] * 60})
        assert answer["status"] == 400 and "more than 50 fields" in answer["body"], answer
        # a game number that never was
        answer = phone.tap("act/roll", version=before, game_number=0, **{"as": "seat"})
        assert answer["status"] == 400, answer
        assert version(host, code) == before

        # the host removes Ann's seat while her socket is open: its taps act for no one
        seat_id = ann.view(code)["seat"]
        status, _, body = host.request(f"/t/{code}/seats/{seat_id}/remove", {"version": before, "as": "board"})
        assert status == 200, body
        after = version(host, code)
        answer = phone.tap("act/roll", version=after, game_number=1, **{"as": "seat"})
        assert answer["status"] == 403, answer
        assert version(host, code) == after

        # a message bigger than any tap closes the socket, having changed nothing
        phone.socket.send(json.dumps({"id": 9, "action": "act/roll", "form": "version=1&" + "x" * 5000}))
        with pytest.raises(simple_websocket.ConnectionClosed):
            phone.socket.receive(timeout=10)
        assert version(host, code) == after
    finally:
        phone.close()


def test_the_socket_takes_no_compression_a_browser_offers(server):
    """Chromium and Firefox offer permessage-deflate; taken, each socket would keep a compressor of
    about 260 KB, for answers that are mostly a 204."""
    host, code = new_table(server, "toolbox", parts=["dice"])
    sock = handshake_sent(server.port, code, cookie_of(host), A_BROWSERS_HANDSHAKE
                          + "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n", "?tab=t1")
    received = b""
    while b"\r\n\r\n" not in received:
        data = sock.recv(65536)
        assert data, received
        received += data
    head = received.partition(b"\r\n\r\n")[0].lower()
    assert head.startswith(b"http/1.1 101") and b"sec-websocket-extensions" not in head, head
    sock.close()


def test_a_socket_ends_with_its_lifetime_and_nothing_is_written_after_its_close(tmp_path):
    srv = ServerProcess(tmp_path / "short.db", env={**SHARED_SERVER_ENV, "COMPANION_STREAM_SECONDS": "1"}).start()
    try:
        host, code = new_table(srv, "toolbox", parts=["dice"])
        sock = handshake_sent(srv.port, code, cookie_of(host))
        started, received = time.monotonic(), b""
        while b"\x88" not in received.partition(b"\r\n\r\n")[2]:   # until the server's close frame
            data = sock.recv(65536)
            assert data, received
            received += data
        head, _, frames = received.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101"), head
        assert 0.8 < time.monotonic() - started < 10
        # the server's close frame (opcode 8, status 1000)
        assert frames[:1] == b"\x88" and frames[2:4] == (1000).to_bytes(2, "big"), frames
        after = b""
        while data := sock.recv(65536):
            after += data
        # then the connection ends with nothing more: no HTTP answer written after the close
        assert frames[2 + frames[1]:] + after == b"", (frames, after)
        sock.close()
        # the server still answers as before
        assert version(host, code) == 1
    finally:
        srv.kill()
