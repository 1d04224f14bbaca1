"""A tiny HTTP/1.1 client over plain sockets (one connection per request, or KeptAlive), shared by the
benchmarks so they measure the server, not a client library. 127.0.0.1 only."""
from __future__ import annotations

import socket
import urllib.parse


def http(port: int, method: str, path: str, body: dict | None = None, headers: dict | None = None,
         timeout: float = 30, source: str | None = None) -> tuple[int, dict, bytes]:
    """`source`: a loopback address to send from (127.x.y.z), so simulated clients have addresses of
    their own, as phones on a network do (the server's per-address limits see them apart)."""
    data = urllib.parse.urlencode(body, doseq=True).encode() if body is not None else b""
    head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close"]
    lowered = {k.lower() for k in (headers or {})}
    if "accept" not in lowered:
        head.append("Accept: application/json")
    for k, v in (headers or {}).items():
        head.append(f"{k}: {v}")
    if body is not None:
        head += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(data)}"]
    with socket.create_connection(("127.0.0.1", port), timeout=timeout,
                                  source_address=(source, 0) if source else None) as s:
        s.sendall(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        chunks = []
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            chunks.append(chunk)
    raw = b"".join(chunks)
    header_blob, _, payload = raw.partition(b"\r\n\r\n")
    lines = header_blob.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    hdrs: dict[str, str] = {}
    for line in lines[1:]:
        k, _, v = line.partition(":")
        key = k.strip().lower()
        hdrs[key] = (hdrs[key] + ", " + v.strip()) if key in hdrs else v.strip()
    if hdrs.get("transfer-encoding") == "chunked":
        out, rest = b"", payload
        while rest:
            size_line, _, rest = rest.partition(b"\r\n")
            size = int(size_line.split(b";")[0] or b"0", 16)
            if size == 0:
                break
            out, rest = out + rest[:size], rest[size + 2:]
        payload = out
    return status, hdrs, payload


class KeptAlive:
    """One HTTP/1.1 connection kept open for request after request, as a browser (and htmx in it)
    sends a page's POSTs: no new TCP connection and no new server greenlet per request. Answers are
    read by their Content-Length (the app's non-streamed answers carry one). If the server closed
    the connection meanwhile (its idle timeout), the request is sent once more on a new one."""

    def __init__(self, port: int, source: str | None = None, timeout: float = 30):
        self.port, self.source, self.timeout = port, source, timeout
        self._sock: socket.socket | None = None
        self._buffer = b""

    def _connect(self) -> socket.socket:
        self._sock = socket.create_connection(("127.0.0.1", self.port), timeout=self.timeout,
                                              source_address=(self.source, 0) if self.source else None)
        self._buffer = b""
        return self._sock

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None

    def request(self, method: str, path: str, body: dict | None = None,
                headers: dict | None = None) -> tuple[int, dict, bytes]:
        data = urllib.parse.urlencode(body, doseq=True).encode() if body is not None else b""
        head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}"]
        lowered = {k.lower() for k in (headers or {})}
        if "accept" not in lowered:
            head.append("Accept: application/json")
        head += [f"{k}: {v}" for k, v in (headers or {}).items()]
        head += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(data)}"]
        message = ("\r\n".join(head) + "\r\n\r\n").encode() + data
        for attempt in (1, 2):
            fresh = self._sock is None
            sock = self._sock or self._connect()
            try:
                sock.sendall(message)
                return self._answer(sock)
            except (ConnectionError, EOFError):
                self.close()
                if fresh or attempt == 2:
                    raise
            except OSError:
                self.close()
                raise
        raise AssertionError("unreachable")

    def _read_until(self, sock: socket.socket, marker: bytes) -> bytes:
        while marker not in self._buffer:
            chunk = sock.recv(65536)
            if not chunk:
                raise EOFError("the server closed the connection")
            self._buffer += chunk
        part, self._buffer = self._buffer.split(marker, 1)
        return part

    def _answer(self, sock: socket.socket) -> tuple[int, dict, bytes]:
        lines = self._read_until(sock, b"\r\n\r\n").decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        hdrs: dict[str, str] = {}
        for line in lines[1:]:
            k, _, v = line.partition(":")
            hdrs[k.strip().lower()] = v.strip()
        # 204 and 304 have no body, whatever their headers say (RFC 9110); else no length: the body
        # ends with the connection
        length = 0 if status in (204, 304) else int(hdrs.get("content-length", "-1"))
        if length < 0:
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                self._buffer += chunk
            payload, self._buffer = self._buffer, b""
            self.close()
            return status, hdrs, payload
        while len(self._buffer) < length:
            chunk = sock.recv(65536)
            if not chunk:
                raise EOFError("the server closed the connection mid-answer")
            self._buffer += chunk
        payload, self._buffer = self._buffer[:length], self._buffer[length:]
        if hdrs.get("connection", "").lower() == "close":
            self.close()
        return status, hdrs, payload


class TapSocket:
    """A page's tap socket (companion/web/tap_socket.py), as table.js opens it: one WebSocket per
    page, its taps one JSON message each, and each answer one message with the status, the headers
    the page reads and the body. A hand-written client (masked text frames, no extensions), so the
    benchmarks measure the server, not a client library."""

    def __init__(self, port: int, code: str, headers: dict, tab: str | None = None, source: str | None = None,
                 timeout: float = 30):
        """The handshake offers permessage-deflate, as Chromium and Firefox do: a server that took
        it would compress its messages (and keep a compressor for each socket), which this client
        inflates; its own go uncompressed, as the extension allows."""
        import base64
        import os
        import zlib
        self._sock = socket.create_connection(("127.0.0.1", port), timeout=timeout,
                                              source_address=(source, 0) if source else None)
        self._sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._random = os.urandom
        key = base64.b64encode(os.urandom(16)).decode()
        query = f"?tab={tab}" if tab else ""
        head = [f"GET /t/{code}/taps{query} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Upgrade: websocket",
                "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13",
                f"Origin: http://127.0.0.1:{port}", *(f"{k}: {v}" for k, v in headers.items())]
        head.append("Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits")
        self._sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode())
        self._buffer = b""
        while b"\r\n\r\n" not in self._buffer:
            chunk = self._sock.recv(65536)
            if not chunk:
                raise ConnectionError("the server closed the tap socket's handshake")
            self._buffer += chunk
        answer, _, self._buffer = self._buffer.partition(b"\r\n\r\n")
        if not answer.startswith(b"HTTP/1.1 101"):
            raise ConnectionError(f"the tap socket was refused: {answer.splitlines()[0]!r}")
        # The server's answers compressed, when it took the offer: one stream of deflate for them all.
        self.deflated = b"permessage-deflate" in answer.lower()
        self._inflate = zlib.decompressobj(-zlib.MAX_WBITS) if self.deflated else None
        self._next = 0
        # One tap at a time on the socket: the server answers a socket's taps in turn, and an open
        # loop's overlapping taps of one table would otherwise read each other's answers.
        import threading
        self._one_at_a_time = threading.Lock()

    def _exactly(self, size: int) -> bytes:
        while len(self._buffer) < size:
            chunk = self._sock.recv(65536)
            if not chunk:
                raise ConnectionError("the server closed the tap socket")
            self._buffer += chunk
        data, self._buffer = self._buffer[:size], self._buffer[size:]
        return data

    def _send(self, text: str) -> None:
        payload = text.encode()
        mask = self._random(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        size = len(payload)
        head = bytes([0x81, 0x80 | size]) if size < 126 else bytes([0x81, 0x80 | 126]) + size.to_bytes(2, "big")
        self._sock.sendall(head + mask + masked)

    def _message(self) -> str:
        while True:
            first, second = self._exactly(2)
            size = second & 0x7F
            if size == 126:
                size = int.from_bytes(self._exactly(2), "big")
            elif size == 127:
                size = int.from_bytes(self._exactly(8), "big")
            payload = self._exactly(size)
            if first & 0x0F == 0x9:   # the server's ping: answered, as a browser does
                self._sock.sendall(bytes([0x8A, 0x80 | len(payload)]) + b"\0\0\0\0" + payload)
                continue
            if first & 0x0F == 0x8:
                raise ConnectionError("the server closed the tap socket")
            if first & 0x40:   # RSV1: a compressed message
                payload = self._inflate.decompress(payload + b"\x00\x00\xff\xff")
            return payload.decode()

    def tap(self, action: str, form: dict) -> tuple[int, dict, bytes]:
        """`action` ("act/roll", "undo") with `form`: the answer's status, headers (lower-cased, as
        KeptAlive.request gives them) and body."""
        import json
        with self._one_at_a_time:
            self._next += 1
            self._send(json.dumps({"id": self._next, "action": action,
                                   "form": urllib.parse.urlencode(form, doseq=True)}))
            # Its answer names it; what else came first is skipped, as table.js skips it: the
            # server's keep-alive ({}), sent on a socket idle for about KEEPALIVE_SECONDS.
            while (answer := json.loads(self._message())).get("id") != self._next:
                pass
        return (answer["status"], {k.lower(): v for k, v in answer["headers"].items()},
                answer["body"].encode())

    def close(self) -> None:
        self._sock.close()
