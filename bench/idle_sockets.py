"""What pages that hold their tap socket open and do not tap cost the server: `python app.py` on
127.0.0.1, one Toolbox table, `--sockets` tap sockets opened as pages open them (each from its own
loopback address), then the server's memory (RSS) per socket, and its CPU over `--seconds` once the
first keep-alives (every KEEPALIVE_SECONDS, 15) have passed: what a night of phones lying on the
table costs before anyone taps. Also says whether every socket is still open at the end (the
server once closed a socket 30 s after its page last tapped).

    python bench/idle_sockets.py --sockets 2100 --seconds 45

The sockets are never read while the server's keep-alives arrive, as the page's `{}` is ignored;
only 127.0.0.1 is contacted, and the run is bounded by --seconds.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _client import TapSocket, http  # noqa: E402
from _server import Server  # noqa: E402

SETTLE = 3   # seconds after the sockets open before memory is read
KEEP_ALIVE_FRAME = b"\x81\x02{}"   # the server's keep-alive, "{}", as a WebSocket frame (unmasked text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sockets", type=int, default=2100)
    parser.add_argument("--seconds", type=float, default=45.0, help="how long the CPU is measured")
    args = parser.parse_args()
    server = Server()
    try:
        status, headers, _ = http(server.port, "POST", "/tables", {"game": "toolbox", "parts": ["dice"]})
        if status != 303:
            sys.exit(f"table creation failed: {status}")
        code = headers["location"].rsplit("/", 1)[-1]
        host = {"Cookie": headers["set-cookie"].split(";")[0]}
        time.sleep(SETTLE)
        before = server.rss_mb()
        sockets = [TapSocket(server.port, code, host, tab=f"idle{n}",
                             source=f"127.0.{2 + n // 250}.{1 + n % 250}")
                   for n in range(args.sockets)]
        opened = time.monotonic()
        time.sleep(SETTLE)
        after = server.rss_mb()
        time.sleep(16)   # the first keep-alives: due 15 s after each socket opened
        cpu, started = server.cpu_seconds(), time.monotonic()
        time.sleep(args.seconds)
        cpu, elapsed = server.cpu_seconds() - cpu, time.monotonic() - started
        # A socket the server closed is readable with nothing left after its keep-alives.
        closed = keep_alives = 0
        for tap_socket in sockets:
            raw = tap_socket._sock
            raw.setblocking(False)
            try:
                while data := raw.recv(65536):   # the keep-alives that came
                    keep_alives += data.count(KEEP_ALIVE_FRAME)
                closed += 1              # then the end: closed
            except BlockingIOError:
                pass                     # nothing more yet: still open
            except OSError:
                closed += 1
        print(json.dumps({
            "sockets": args.sockets,
            "kb_per_socket": round((after - before) * 1024 / args.sockets, 1),
            "server_rss_mb": {"before": round(before, 1), "with_the_sockets": round(after, 1)},
            "seconds_measured": round(elapsed, 1),
            "server_cpu_percent_of_one_core_at_rest": round(100 * cpu / elapsed, 2),
            "sockets_closed_by_the_server": closed,
            # about one a socket every 15 s since it opened: a server that saved its CPU by not
            # keeping its sockets alive would show here
            "keep_alives_received_per_socket": round(keep_alives / args.sockets, 2),
            "seconds_since_the_last_socket_opened": round(time.monotonic() - opened, 1),
        }, indent=2))
    finally:
        server.proc.kill()


if __name__ == "__main__":
    main()
