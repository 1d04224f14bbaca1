"""Event streams on the app's own server take their events pushed (web/deliveries.py Deliveries,
serving.StreamWriter): after a change one greenlet makes each stream's event and writes it to the
stream's socket. On a real server (app.py; slow: a process each):

- each phone is pushed its own view and no one else's (a game with a hand per player), the same HTML
  its own GET /view answers;
- each in its own language, though the change is delivered from the tapping request (an English
  board's tap, a German phone's stream);
- a phone that stops reading holds up no other screen, and when it reads again its stream is whole
  (every chunk of HTTP's chunked encoding complete, no piece cut into another) and ends at the newest
  view;
- an idle stream is kept alive by its own greenlet;
- a tap from a page whose stream has just been handed its view is answered with the version alone,
  and only that page's own stream counts (its tab, role and cookies): naming another page's tab
  gets a phone its own view, never anyone else's (on SQLite and on Redis).

The in-process tests (the Flask test client, no gevent server) cover the same events yielded by the
stream itself: tests/web/test_event_payload_secrecy.py and the rest.
"""
from __future__ import annotations

import re
import socket
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from companion.games import cloaked_cats_rules as cc
from tests.conftest import SHARED_SERVER_ENV, HttpDevice, ServerProcess

pytestmark = pytest.mark.slow

SERVER_NOW = re.compile(r' data-server-now="\d+"')


def cookie_of(device: HttpDevice) -> str:
    return "; ".join(f"{c.name}={c.value}" for c in device.jar)


def new_table(server: ServerProcess, game: str, **fields) -> tuple[HttpDevice, str]:
    host = HttpDevice(server.url)
    status, headers, _ = host.request("/tables", {"game": game, **fields}, accept="text/html")
    assert status == 303
    return host, headers["Location"].rsplit("/", 1)[-1]


class Stream:
    """A raw event stream as a page holds it, read piece by piece: the chunks of HTTP/1.1's chunked
    encoding checked whole, each piece a whole server-sent-events piece."""

    def __init__(self, server: ServerProcess, code: str, role: str, device: HttpDevice, receive_buffer: int = 0,
                 language: str = "en", tab: str | None = None):
        self.sock = socket.socket()
        if receive_buffer:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.sock.settimeout(10)
        self.sock.connect(("127.0.0.1", server.port))
        query = f"as={role}" + (f"&tab={tab}" if tab else "")
        self.sock.sendall(f"GET /t/{code}/events?{query} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                          f"Cookie: {cookie_of(device)}\r\nAccept: text/event-stream\r\nAccept-Language: {language}\r\n"
                          f"Last-Event-ID: 999999\r\n\r\n".encode())
        self.buffer = b""
        head = self._until(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 200") and b"transfer-encoding: chunked" in head.lower(), head
        assert self.piece() == ": ok\n\n"

    def _until(self, mark: bytes) -> bytes:
        while mark not in self.buffer:
            data = self.sock.recv(65536)
            assert data, "the server closed the stream"
            self.buffer += data
        found, _, self.buffer = self.buffer.partition(mark)
        return found

    def _exactly(self, size: int) -> bytes:
        while len(self.buffer) < size:
            data = self.sock.recv(65536)
            assert data, "the server closed the stream"
            self.buffer += data
        found, self.buffer = self.buffer[:size], self.buffer[size:]
        return found

    def piece(self) -> str:
        """The next chunk, which must be exactly one server-sent-events piece (a comment or an event)."""
        size = int(self._until(b"\r\n"), 16)
        data = self._exactly(size).decode()
        assert self._exactly(2) == b"\r\n", "a chunk not followed by its CRLF: pieces crossed"
        assert data.endswith("\n\n") and data.count("\n\n") == 1, data[:200]
        return data

    def event(self, within: float = 30) -> tuple[int, str | None]:
        """The next `changed` event's version and HTML (keep-alives skipped), within `within` s."""
        deadline = time.monotonic() + within
        while True:
            assert time.monotonic() < deadline, "no event came"
            piece = self.piece()
            if piece.startswith("event: changed\n"):
                data = "\n".join(line[len("data: "):] for line in piece.split("\n") if line.startswith("data: "))
                version, _, html = data.partition("\n")
                return int(version), (html or None)

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def server(database):
    """A server of the test's own: on SQLite, or on Redis for the tests marked both_backends."""
    srv = ServerProcess(database, env={**SHARED_SERVER_ENV, "COMPANION_KEEPALIVE_SECONDS": "1"}).start()
    yield srv
    srv.kill()


def own_view(device: HttpDevice, code: str, role: str, language: str = "en") -> str:
    """What the device's page fetches for itself (htmx's request: the view alone)."""
    req = urllib.request.Request(f"{device.base}/t/{code}/view?as={role}",
                                 headers={"HX-Request": "true", "Accept-Language": language})
    with device.opener.open(req, timeout=30) as resp:
        return resp.read().decode()


def test_each_phone_is_pushed_its_own_view_and_no_one_elses(server):
    host, code = new_table(server, "cloaked-cats")
    phones = {name: HttpDevice(server.url).join(code, name) for name in ("Ann", "Bob", "Cy")}
    streams = {name: Stream(server, code, "seat", phone) for name, phone in phones.items()}
    board = Stream(server, code, "board", host)
    try:
        made = host.act(code, "start")["version"]   # deals each player a hand
        pushed = {}
        for name, phone in phones.items():
            version, html = streams[name].event()
            assert version == made and html is not None
            pushed[name] = SERVER_NOW.sub("", html)
            assert pushed[name] == SERVER_NOW.sub("", own_view(phone, code, "seat")), f"{name}: not its own view"
        version, board_html = board.event()
        assert version == made and SERVER_NOW.sub("", board_html) == SERVER_NOW.sub("", own_view(host, code, "board"))
        assert len(set(pushed.values())) == 3   # three hands: three payloads
    finally:
        for s in [*streams.values(), board]:
            s.close()


def german_and_english_phones(server: ServerProcess, game: str, **fields):
    """A new table with a German phone (Anja) and an English one (Bob), each holding its stream:
    (the host, the code, the phones and the streams by language)."""
    host, code = new_table(server, game, **fields)
    phones = {"de": HttpDevice(server.url).join(code, "Anja"), "en": HttpDevice(server.url).join(code, "Bob")}
    streams = {language: Stream(server, code, "seat", phone, language=language) for language, phone in phones.items()}
    return host, code, phones, streams


def english_boards_tap(host: HttpDevice, code: str, action: str) -> tuple[int, str]:
    """The board's `action` as its page's htmx sends it, in English: the version it was sent at and
    the answer's HTML."""
    version = host.view(code)["version"]
    body = urllib.parse.urlencode({"version": version, "as": "board", "game_number": 1}).encode()
    req = urllib.request.Request(f"{host.base}/t/{code}/{action}", data=body, headers={
        "HX-Request": "true", "Accept": "text/html", "Accept-Language": "en"})
    with host.opener.open(req, timeout=30) as resp:
        assert resp.status == 200
        return version, resp.read().decode()


def test_a_tap_delivers_each_stream_its_own_language_and_answers_the_tapper_in_its_own(server):
    """A tap's change is delivered to the table's streams from the tap's own request (before its
    answer), yet nothing of that request reaches them: a German phone's stream is pushed its view in
    German while the board taps in English, and the board's answer is its English view."""
    host, code, phones, streams = german_and_english_phones(server, "toolbox", parts=["dice"])
    try:
        version, answer = english_boards_tap(host, code, "act/roll")
        made = version + 1
        assert f'data-version="{made}"' in answer
        assert SERVER_NOW.sub("", answer) == SERVER_NOW.sub("", own_view(host, code, "board", "en"))
        pushed = {}
        for language, phone in phones.items():
            got, html = streams[language].event()
            assert got == made and html is not None
            pushed[language] = SERVER_NOW.sub("", html)
            assert pushed[language] == SERVER_NOW.sub("", own_view(phone, code, "seat", language)), language
        assert "Der Tisch gerade" in pushed["de"] and "The table now" in pushed["en"], pushed["de"][:300]
        assert pushed["de"] != pushed["en"]
    finally:
        for s in streams.values():
            s.close()


def test_names_from_game_data_reach_each_stream_in_its_own_language(server):
    """The names a game's data gives (Cloaked Cats' features, `|t` in its templates) are translated in
    the language of the screen they are rendered for, not of the request whose tap delivers them: a
    German phone's hand reads in German while an English board starts the game."""
    host, code, phones, streams = german_and_english_phones(server, "cloaked-cats")
    try:
        version, _ = english_boards_tap(host, code, "act/start")
        for language, phone in phones.items():
            got, html = streams[language].event()
            assert got == version + 1 and html is not None
            assert SERVER_NOW.sub("", html) == SERVER_NOW.sub("", own_view(phone, code, "seat", language)), language
            hand = re.findall(r'data-feature="(\w+)"', html)
            assert len(hand) == 3, html[:300]
            with_names = {cc.FEATURES[f]["name"] for f in hand}
            if language == "de":   # the catalogue has German for every feature (translations/de)
                assert not any(f">{name}<" in html for name in with_names), f"English feature names in {language}"
            else:
                assert all(name in html for name in with_names)
    finally:
        for s in streams.values():
            s.close()


def test_a_phone_that_stops_reading_holds_up_no_one_and_then_gets_the_newest_view_whole(server):
    host, code = new_table(server, "toolbox", parts=["dice"])
    phones = [HttpDevice(server.url).join(code, name) for name in ("Ann", "Bob")]
    # a board view is about 8 KB: 600 rolls are more than the stalled socket and the server's
    # buffer for it hold, so the server meets a full buffer and must leave the rest to the stream
    stalled = Stream(server, code, "board", host, receive_buffer=4096)
    reading = [Stream(server, code, "seat", phone) for phone in phones]
    try:
        slowest = 0.0
        for _ in range(600):
            started = time.monotonic()
            made = host.act(code, "roll")["version"]
            for s in reading:
                version = 0
                while version < made:
                    version, html = s.event()
                    assert html is not None
            slowest = max(slowest, time.monotonic() - started)
        assert slowest < 2, f"a roll took {slowest:.1f} s to reach the phones still reading"
        # the stalled phone reads again: whole pieces (Stream.piece checks each), ending at the newest
        version = 0
        while version < made:
            version, html = stalled.event()
            assert html is not None and f'data-version="{version}"' in html
        assert version == made
    finally:
        for s in [stalled, *reading]:
            s.close()


def test_an_idle_stream_is_kept_alive_and_a_closed_one_is_let_go(server):
    host, code = new_table(server, "toolbox", parts=["dice"])
    phone = HttpDevice(server.url).join(code, "Ann")
    stream = Stream(server, code, "seat", phone)
    started = time.monotonic()
    assert stream.piece() == ": keep-alive\n\n"   # COMPANION_KEEPALIVE_SECONDS=1
    assert time.monotonic() - started < 5
    stream.close()
    # the phone's next stream is pushed the next roll as the first one would have been
    again = Stream(server, code, "seat", phone)
    made = host.act(code, "roll")["version"]
    assert again.event()[0] == made
    again.close()


def htmx_tap(device: HttpDevice, code: str, role: str, tab: str | None, move: str = "roll") -> tuple[int, dict, str]:
    """A page's htmx tap (as table.js sends it: X-Tab names the page's tab while its stream is up)."""
    body = urllib.parse.urlencode({"version": device.view(code)["version"], "as": role, "game_number": 1}).encode()
    headers = {"HX-Request": "true", "Accept": "text/html"}
    if tab is not None:
        headers["X-Tab"] = tab
    req = urllib.request.Request(f"{device.base}/t/{code}/act/{move}", data=body, headers=headers)
    try:
        with device.opener.open(req, timeout=30) as resp:
            return resp.status, dict(resp.headers), resp.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, dict(refused.headers), refused.read().decode()


@pytest.mark.both_backends
def test_a_tap_whose_page_stream_carries_its_view_is_answered_with_the_version_alone(server):
    host, code = new_table(server, "toolbox", parts=["dice"])
    ann = HttpDevice(server.url).join(code, "Ann")
    board = Stream(server, code, "board", host, tab="board-page-1")
    ann_stream = Stream(server, code, "seat", ann, tab="ann-page-1")
    try:
        for device, role, tab, stream in ((host, "board", "board-page-1", board), (ann, "seat", "ann-page-1", ann_stream)):
            status, headers, body = htmx_tap(device, code, role, tab)
            assert status == 204 and body == "", (role, status, body[:200])
            made = int(headers["X-View-Version"])
            assert "no-store" in headers["Cache-Control"]
            assert "Content-Encoding" not in headers and "Content-Type" not in headers   # nothing to encode
            # the view comes on the page's own stream: the same as its own GET /view
            for s in (board, ann_stream):
                version, html = s.event()
                assert version == made and html is not None
                if s is stream:
                    assert SERVER_NOW.sub("", html) == SERVER_NOW.sub("", own_view(device, code, role))
        # a page that names no tab (its stream down) gets its view in the answer, as before
        status, _, body = htmx_tap(ann, code, "seat", None)
        assert status == 200 and SERVER_NOW.sub("", body) == SERVER_NOW.sub("", own_view(ann, code, "seat"))
    finally:
        board.close()
        ann_stream.close()


@pytest.mark.both_backends
@pytest.mark.parametrize("tapper, named", [("Ann", "board-page-2"), ("Ann", "bob-page-2"),
                                           ("Ann", "nobody-holds-this"), ("board", "bob-page-2")])
def test_a_tap_naming_another_pages_tab_gets_its_own_view_never_that_pages(server, tapper, named):
    """The friend who is losing names the board's page's tab, Bob's, or one nobody holds, in the tap
    that deals Cloaked Cats' secret hands: it is answered with her own seat's view, as if she had
    named none; the board naming Bob's gets the board's. A tab grants nothing: only a stream with the
    tap's own role and cookies counts."""
    host, code = new_table(server, "cloaked-cats")
    phones = {name: HttpDevice(server.url).join(code, name) for name in ("Ann", "Bob", "Cy")}
    board = Stream(server, code, "board", host, tab="board-page-2")
    bob_stream = Stream(server, code, "seat", phones["Bob"], tab="bob-page-2")
    try:
        device, role = (host, "board") if tapper == "board" else (phones[tapper], "seat")
        status, _, body = htmx_tap(device, code, role, named, move="start")
        assert status == 200, body[:300]
        answer = SERVER_NOW.sub("", body)
        assert answer == SERVER_NOW.sub("", own_view(device, code, role))
        others = [own_view(phones["Bob"], code, "seat")] + ([own_view(host, code, "board")] if role == "seat" else [])
        assert all(answer != SERVER_NOW.sub("", other) for other in others)
    finally:
        board.close()
        bob_stream.close()


@pytest.mark.both_backends
def test_a_malformed_tab_is_refused_in_a_sentence_before_anything_changes(server):
    host, code = new_table(server, "toolbox", parts=["dice"])
    before = host.view(code)["version"]
    for tab in ("../../etc/passwd", "x" * 33, ""):
        status, _, body = htmx_tap(host, code, "board", tab)
        assert status == 400 and "tab id" in body, (tab, status, body[:200])
    assert host.view(code)["version"] == before   # nothing was applied
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    try:
        sock.sendall(f"GET /t/{code}/events?as=board&tab=%3Cb%3E HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     f"Cookie: {cookie_of(host)}\r\n\r\n".encode())
        answer = b""
        while b"\r\n\r\n" not in answer or len(answer.partition(b"\r\n\r\n")[2]) < int(
                re.search(rb"Content-Length: (\d+)", answer).group(1)):
            data = sock.recv(65536)
            assert data, answer
            answer += data
        assert answer.startswith(b"HTTP/1.1 400") and b"tab id" in answer, answer[:300]
    finally:
        sock.close()
