"""Server CPU of one tap through the real server: `python app.py` on 127.0.0.1, a Toolbox table
nobody watches, then `--actions` rolls by the host's board one after another on one kept-alive
HTTP/1.1 connection (as a page's htmx sends them), JSON answers. The server's own CPU (user +
system, from /proc) divided by the rolls: the HTTP server, the app and the store, without the
deliveries (bench/stream_cpu.py counts those in-process; bench/live.py the whole under load).

    python bench/action_http.py --actions 2000 --runs 3
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _client import KeptAlive, http  # noqa: E402
from _server import Server  # noqa: E402


def run(actions: int) -> float:
    server = Server()
    try:
        status, hdrs, _ = http(server.port, "POST", "/tables", {"game": "toolbox", "parts": ["dice"]})
        assert status == 303, status
        code = hdrs["location"].rsplit("/", 1)[-1]
        host = {"Cookie": hdrs["set-cookie"].split(";")[0]}
        version = json.loads(http(server.port, "GET", f"/t/{code}/view.json")[2])["version"]
        client = KeptAlive(server.port)

        def roll(version: int) -> int:
            status, _, body = client.request("POST", f"/t/{code}/act/roll", {"version": version}, headers=host)
            assert status == 200, (status, body)
            return json.loads(body)["version"]
        for _ in range(100):   # warm up: the connection, the pool, the first statements
            version = roll(version)
        before = server.cpu_seconds()
        for _ in range(actions):
            version = roll(version)
        per_action = (server.cpu_seconds() - before) / actions
        client.close()
        return per_action
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    figures = [run(max(100, min(args.actions, 20000))) * 1000 for _ in range(max(1, min(args.runs, 10)))]
    print(json.dumps({"actions": args.actions, "server_cpu_ms_per_action": [round(f, 3) for f in figures],
                      "median": round(statistics.median(figures), 3)}, indent=2))


if __name__ == "__main__":
    main()
