"""The floor under bench/deliveries.py: the same HTTP server the app runs on (gevent's WSGIServer) with
nothing of the app, answering a roll with its new version and sending every open stream one event of
a board view's size (8 KB) per roll. What a tap and a delivery cost below this is the server's and the
kernel's, not ours. 127.0.0.1 only.

    python bench/_floor_server.py PORT            # each stream's greenlet wakes and yields its event
    python bench/_floor_server.py PORT --pushed   # the roll writes every stream's event to its socket

With --pushed, a WebSocket at any path takes rolls as the page's tap socket sends them, one message
each, read and answered by the app's own WebSocket (companion/web/websocket.py, on wsproto; nothing
else of the app): each answered 204 with the new version, as a tap whose stream carried its view is.
"""
from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import json  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402
from pathlib import Path  # noqa: E402

import gevent  # noqa: E402
from gevent.pywsgi import WSGIHandler, WSGIServer  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from companion.web.websocket import Closed, PageSocket  # noqa: E402

EVENT = b"event: changed\ndata: " + b"x" * 8000 + b"\n\n"
CHUNK = b"%x\r\n%s\r\n" % (len(EVENT), EVENT)   # HTTP/1.1's chunked encoding, as gevent frames a yield
PUSHED = "--pushed" in sys.argv
TAP_MESSAGE_MOST = 4096   # as web/tap_socket.py's (importing it would bring Flask into the floor)
table = {"version": 1, "next": threading.Event()}
sockets: set = set()   # --pushed: every open stream's socket


class SocketHandler(WSGIHandler):
    def get_environ(self):
        environ = super().get_environ()
        environ["floor.socket"] = self.socket
        environ["floor.handler"] = self
        return environ


def rolled() -> int:
    """A roll: the version moves on, and every stream gets its event."""
    passed, table["next"] = table["next"], threading.Event()
    table["version"] += 1
    passed.set()
    for sock in list(sockets):
        sock.sendall(CHUNK)
    return table["version"]


def tap_socket(environ) -> None:
    """Rolls over a WebSocket until the page closes it: each message a roll, answered 204 with the
    version in the message the page reads (web/tap_socket.py's shape)."""
    page = PageSocket(environ["floor.socket"], environ, TAP_MESSAGE_MOST)
    try:
        for _ in range(10_000_000):   # bounded, as every loop in bench/ is
            message = page.receive(timeout=3600)
            if message is None:
                break
            number = json.loads(message)["id"]
            page.send(json.dumps({"id": number, "status": 204, "headers": {"X-View-Version": str(rolled())},
                                  "body": ""}))
    except Closed:
        pass
    finally:
        page.disconnect()


def app(environ, start_response):
    if PUSHED and environ.get("HTTP_UPGRADE", "").lower() == "websocket":
        tap_socket(environ)
        # The connection was the socket's: gevent's handler writes nothing more (no status started)
        # and closes it, as the app's server does (serving.StreamWriter.hand_over).
        environ["floor.handler"].close_connection = True
        return []
    if environ["REQUEST_METHOD"] == "POST":
        environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
        body = b'{"version": %d}' % rolled()
        start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
        return [body]
    if environ["PATH_INFO"].endswith("/view.json"):
        body = b'{"version": %d}' % table["version"]
        start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
        return [body]
    start_response("200 OK", [("Content-Type", "text/event-stream")])

    def events():
        yield b": ok\n\n"
        if PUSHED:
            sockets.add(environ["floor.socket"])
            try:
                gevent.sleep(3600)
            finally:
                sockets.discard(environ["floor.socket"])
            return
        for _ in range(1_000_000):   # bounded, as every loop in bench/ is
            if table["next"].wait(15):
                yield EVENT
    return events()


if __name__ == "__main__":
    WSGIServer(("127.0.0.1", int(sys.argv[1])), app, log=None, handler_class=SocketHandler).serve_forever()
