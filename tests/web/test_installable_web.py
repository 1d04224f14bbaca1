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
