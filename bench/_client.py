"""A tiny HTTP/1.1 client over plain sockets (one connection per request), shared by the
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
