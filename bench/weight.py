"""Page weight: bytes on the wire (compressed as served, headers excluded) for the first load of the
board and of a seat page of every built game (the HTML plus every script, style and image it loads
from the server), and for one live update (the event plus the re-fetched view). Also counts
references to other hosts, which must be 0. Targets: first load <= 40 KB, an update <= 4 KB.

    .venv/bin/python bench/weight.py
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from _client import http  # noqa: E402
from _server import Server  # noqa: E402

from companion import games  # noqa: E402

# What Chromium sends to a plain-http LAN address (br is offered only over https).
BROWSER = {"Accept": "text/html", "Accept-Encoding": "gzip, deflate"}
# What a page loads with it: its <link> (styles, icons, the manifest), <script> and <img> addresses;
# not the pages its <a> links lead to. (Chromium does not fetch apple-touch-icon; it is counted anyway.)
ASSET = re.compile(r'<(?:link|script|img)\b[^>]*?\b(?:src|href)="([^"]+)"')
CREATE = {"toolbox": {"parts": ["timers", "dice", "bag", "deck", "track", "counters", "rounds", "picker"]}}
OPENERS = ("start", "start_round")


def load(port: int, path: str, cookie: str | None) -> tuple[int, int, list[str]]:
    """Bytes of the page and of every asset it references on this server; off-server references."""
    headers = dict(BROWSER, **({"Cookie": cookie} if cookie else {}))
    status, _, body = http(port, "GET", path, headers=headers)
    html_bytes = len(body)
    # the body is compressed: read the links from an uncompressed copy
    _, _, plain = http(port, "GET", path, headers={"Accept": "text/html", **({"Cookie": cookie} if cookie else {})})
    total, strays = html_bytes, []
    for url in sorted(set(ASSET.findall(plain.decode()))):
        if url.startswith(("http://", "https://", "//")):
            strays.append(url)
            continue
        if not url.startswith("/"):
            continue
        _, _, asset = http(port, "GET", url, headers=BROWSER)
        total += len(asset)
    return status, total, strays


def main() -> None:
    server = Server()
    results, strays_total = {}, 0
    try:
        for entry in games.catalogue():
            if not entry.available:
                continue
            _, hdrs, _ = http(server.port, "POST", "/tables", {"game": entry.id, **CREATE.get(entry.id, {})},
                              headers={"Accept": "text/html"})
            code = hdrs["location"].rsplit("/", 1)[-1]
            cookies = []
            for name in ("Ann", "Bob", "Cy"):
                _, h, _ = http(server.port, "POST", f"/t/{code}/join", {"name": name})
                cookies.append(h["set-cookie"].split(";")[0])
            version = json.loads(http(server.port, "GET", f"/t/{code}/view.json")[2])["version"]
            for opener in OPENERS:
                if opener in entry.game.moves:
                    status, _, body = http(server.port, "POST", f"/t/{code}/act/{opener}", {"version": version})
                    if status == 200:
                        version = json.loads(body)["version"]
            _, board_bytes, s1 = load(server.port, f"/t/{code}", None)
            _, seat_bytes, s2 = load(server.port, f"/t/{code}/seat", cookies[0])
            strays_total += len(s1) + len(s2)
            event = f"event: changed\nid: {version}\ndata: {version}\n\n".encode()
            _, _, view = http(server.port, "GET", f"/t/{code}/view?as=seat", headers=dict(BROWSER, Cookie=cookies[0]))
            _, _, board_view = http(server.port, "GET", f"/t/{code}/view?as=board", headers=BROWSER)
            results[entry.id] = {"board_first_load_kb": round(board_bytes / 1024, 1),
                                 "seat_first_load_kb": round(seat_bytes / 1024, 1),
                                 "seat_update_kb": round((len(event) + len(view)) / 1024, 2),
                                 "board_update_kb": round((len(event) + len(board_view)) / 1024, 2)}
        print(json.dumps({"games": results, "requests_to_other_hosts": strays_total,
                          "targets": {"first_load_kb": 40, "update_kb": 4}}, indent=2))
    finally:
        server.stop()


if __name__ == "__main__":
    main()
