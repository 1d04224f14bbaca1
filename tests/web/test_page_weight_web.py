"""Page weight (docs/PERFORMANCE.md, bench/weight.py): our own scripts and styles are served minified
(companion/web/static_files.py), the files in static/ staying the readable source."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import url_for

from companion import create_app, games

OWN = ["js/table.js", "js/prefs.js", "js/secret.js", "css/app.css", "css/games/communicat.css"]


def versioned(app, filename: str) -> str:
    with app.test_request_context():
        return url_for("static", filename=filename)


@pytest.mark.parametrize("filename", OWN)
def test_own_scripts_and_styles_are_served_minified_with_the_long_cache(app, client, filename):
    with open(app.static_folder + "/" + filename, encoding="utf-8") as fh:
        written = fh.read()
    r = client.get(versioned(app, filename))
    assert r.status_code == 200
    served = r.get_data(as_text=True)
    assert len(served) < 0.8 * len(written)
    opening_comment = written.splitlines()[0].lstrip("/* ")[:40]
    assert opening_comment and opening_comment not in served
    assert r.mimetype == ("text/css" if filename.endswith(".css") else "text/javascript")
    assert "immutable" in r.headers["Cache-Control"]
    # a second visit without the long cache (no ?v=) revalidates: 304 with the same ETag
    again = client.get(r.request.path, headers={"If-None-Match": r.headers["ETag"]})
    assert again.status_code == 304


@pytest.mark.parametrize("filename", ["css/app.css"] + [f"css/games/{e.id}.css" for e in games.catalogue()])
def test_minified_style_keeps_every_rule(app, client, filename):
    """Only comments and spaces go: the same selectors and media queries, in the same order (a space
    before a colon, as in `.card :focus`, is a descendant and must stay)."""
    def selectors(css: str) -> list[str]:
        css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
        return [re.sub(r"\s*([>+~,])\s*|(:)\s+", r"\1\2", re.sub(r"\s+", " ", s).strip())
                for s in re.findall(r"([^{};]+)\{", css)]
    with open(app.static_folder + "/" + filename, encoding="utf-8") as fh:
        written = fh.read()
    served = client.get(versioned(app, filename)).get_data(as_text=True)
    assert selectors(written) and selectors(served) == selectors(written)
    assert len(served) < len(written)   # and something did go


def test_vendored_files_and_other_files_are_served_as_written(app, client):
    with open(app.static_folder + "/vendor/htmx-4.0.1/hx-sse.min.js", "rb") as fh:
        assert client.get("/static/vendor/htmx-4.0.1/hx-sse.min.js").get_data() == fh.read()
    assert client.get("/static/icons/icon.svg").status_code == 200
    assert client.get("/static/js/missing.js").status_code == 404
    assert client.get("/static/../app.py").status_code == 404


def test_minifying_can_be_turned_off(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "plain.db"), "MINIFY_ASSETS": False})
    with open(app.static_folder + "/js/table.js", "rb") as fh:
        assert app.test_client().get("/static/js/table.js").get_data() == fh.read()


@pytest.mark.parametrize("game", [e.id for e in games.catalogue()])
def test_the_secret_script_comes_only_with_a_seat_that_covers_a_secret(app, new_table, device, game):
    """secret.js is loaded by a seat whose game lays a secret face down (its templates import
    templates/_secret.html), and by no board: the game's registry entry declares it (secret_screens)."""
    folder = Path(app.template_folder) / "games" / game
    covers = any('"_secret.html"' in t.read_text(encoding="utf-8") for t in folder.glob("*.html"))
    table = new_table(game, **({"parts": ["dice"]} if game == "toolbox" else {}))
    phone = device(table).join("Ann")
    seat = phone.client.get(f"/t/{table.code}/seat").get_data(as_text=True)
    board = table.client.get(f"/t/{table.code}").get_data(as_text=True)
    assert ("js/secret.js" in seat) == covers
    assert "js/secret.js" not in board


# What a page loads with it (bench/weight.py counts the same): its <link>, <script> and <img> addresses.
LOADED = re.compile(r'<(?:link|script|img)\b[^>]*?\b(?:src|href)="([^"]+)"')
LAN = {"Accept-Encoding": "gzip, deflate"}  # what Chromium offers on plain http (br only over https)
FIRST_LOAD_BUDGET = 40 * 1024


def first_load_bytes(client, path: str) -> int:
    """The page and everything it loads, compressed as served to Chromium, headers excluded."""
    page = client.get(path, headers=LAN)
    assert page.status_code == 200
    total = len(page.data)
    for url in set(LOADED.findall(client.get(path).get_data(as_text=True))):
        assert url.startswith("/"), url  # nothing from another host
        asset = client.get(url, headers=LAN)
        assert asset.status_code == 200, url
        total += len(asset.data)
    return total


@pytest.mark.parametrize("game", [e.id for e in games.catalogue()])
def test_first_load_of_a_board_and_a_seat_stays_within_40_kb_and_an_update_4_kb(in_play, game):
    """The page-weight target (docs/PERFORMANCE.md), kept: a phone on a café's network loads a table in one go.
    The host's own board (its controls included) and a seat, once the game has begun."""
    table, phones = in_play(game)
    phones = list(phones.values())
    board = first_load_bytes(table.client, f"/t/{table.code}")
    seat = first_load_bytes(phones[0].client, f"/t/{table.code}/seat")
    assert board <= FIRST_LOAD_BUDGET and seat <= FIRST_LOAD_BUDGET, (board, seat)
    # one update (the event's few bytes and the view): the 4 KB target
    for who, role in ((table, "board"), (phones[0], "seat")):
        view = who.client.get(f"/t/{table.code}/view?as={role}", headers=LAN)
        assert view.status_code == 200 and len(view.data) <= 4 * 1024 - 100, (role, len(view.data))
