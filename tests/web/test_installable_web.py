"""Installable: the web app manifest, its icons and the theme colour."""
from __future__ import annotations

import struct

import pytest


def test_manifest_is_served_and_valid(client):
    r = client.get("/manifest.webmanifest")
    assert r.status_code == 200
    assert r.mimetype == "application/manifest+json"
    m = r.get_json(force=True)
    assert m["name"] == "Cat Table Companion" and m["short_name"]
    assert m["display"] == "standalone"
    assert m["start_url"] == "/" and m["scope"] == "/"
    assert m["theme_color"].startswith("#") and m["background_color"].startswith("#")
    sizes = {i["sizes"] for i in m["icons"] if i["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    assert any(i.get("purpose") == "maskable" for i in m["icons"])


@pytest.mark.parametrize("kind", ["image/png", "image/svg+xml"])
def test_every_icon_in_the_manifest_is_served_at_its_size(client, kind):
    for icon in client.get("/manifest.webmanifest").get_json(force=True)["icons"]:
        if icon["type"] != kind:
            continue
        r = client.get(icon["src"])
        assert r.status_code == 200, icon["src"]
        assert r.mimetype == kind
        if kind == "image/png":
            body = r.get_data()
            assert body[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", body[16:24])
            assert f"{width}x{height}" == icon["sizes"]
        else:
            assert b"<svg" in r.get_data()


@pytest.mark.parametrize("path", ["/", "/new/toolbox"])
def test_pages_link_the_manifest_and_theme_colour(client, path):
    html = client.get(path).get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert html.count('name="theme-color"') == 2                  # one for light, one for dark
    assert 'rel="apple-touch-icon"' in html
    assert "<script>" not in html                                 # the CSP forbids inline scripts


def test_a_table_page_links_the_manifest(new_table):
    table = new_table("toolbox", parts=["dice"])
    html = table.client.get(f"/t/{table.code}").get_data(as_text=True)
    assert 'rel="manifest"' in html and "prefs.js" in html


def test_home_lists_the_tables_this_device_is_at_and_nothing_else(new_table, device):
    """Opened from the home screen the app starts at "/": "Your tables" is the way back to a seat."""
    board = new_table("toolbox", parts=["dice"])
    other = new_table("we-love-cats")
    phone = device(board).join("Ann")
    html = phone.client.get("/").get_data(as_text=True)
    assert "Your tables" in html and f'href="/t/{board.code}/seat"' in html and other.code not in html
    host_home = board.client.get("/").get_data(as_text=True)
    assert f'href="/t/{board.code}"' in host_home and "the board" in host_home
    assert "Your tables" not in device(board).client.get("/").get_data(as_text=True)   # a new device


@pytest.mark.parametrize("value", ["", "junk", "ZZZZZZ-s", "K7PXM3-x", "-s", "a" * 3000, "\x00-s", "K7PXM3-s." * 50])
def test_a_tampered_table_list_is_ignored_or_trimmed_never_an_error(client, value):
    client.set_cookie("my_tables", value)
    r = client.get("/")
    assert r.status_code == 200 and "Your tables" not in r.get_data(as_text=True)


def test_a_table_that_is_gone_drops_off_the_list(app, new_table, device):
    board = new_table("toolbox", parts=["dice"])
    phone = device(board).join("Ann")
    app.extensions["companion"].store.transact(lambda tx: tx.delete_table(board.code))
    r = phone.client.get("/")
    assert "Your tables" not in r.get_data(as_text=True)
    assert "my_tables=;" in r.headers["Set-Cookie"]                  # forgotten, not looked up again
