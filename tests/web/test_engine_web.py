"""The table engine through HTTP: pages, joining, acting, undo, errors, security, events."""
import re
import threading

import pytest

pytestmark = pytest.mark.both_backends  # the same tests on SQLite and on Redis (tests/conftest.py)

from companion import create_app
from companion.web.deliveries import KEEP_ALIVE
from tests.conftest import HTMX, JSON

ALL_PARTS = ["timers", "dice", "bag", "deck", "track", "counters", "rounds", "picker"]


@pytest.fixture
def table(new_table):
    return new_table("toolbox", parts=ALL_PARTS)


def test_home_lists_every_game_and_links_only_built_ones(client):
    html = client.get("/").get_data(as_text=True)
    for title in ("CommuniCat", "Catchy!", "Cloaked Cats", "Pack the Essentials", "We Love Cats", "Toolbox"):
        assert title in html
    assert 'href="/new/toolbox"' in html
    assert client.get("/healthz").status_code == 200


def test_create_sets_an_http_only_host_cookie_and_redirects_to_the_board(client):
    r = client.post("/tables", data={"game": "toolbox", "parts": ["dice"]})
    assert r.status_code == 303 and re.fullmatch(r"/t/[A-HJ-NP-Z2-9]{6}", r.headers["Location"])
    cookie = r.headers["Set-Cookie"]
    assert cookie.startswith("host_") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    code = r.headers["Location"][3:]
    assert code not in cookie.split("=", 1)[1].split(";")[0]  # the token is not the code


def test_create_refuses_unknown_games_and_bad_options(client):
    r = client.post("/tables", data={"game": "chess"}, headers=JSON)
    assert r.status_code == 400 and "Pick one of the games" in r.json["error"]
    r = client.post("/tables", data={"game": "toolbox"})
    assert r.status_code == 400 and "Pick at least 1 for parts" in r.get_data(as_text=True)
    r = client.post("/tables", data={"game": "toolbox", "parts": ["bag"], "bag": "Red: lots"})
    assert r.status_code == 400 and "must be between 0 and 200" in r.get_data(as_text=True)


def test_unknown_table_is_a_404_page_and_codes_are_case_insensitive(client, table):
    r = client.get("/t/ABCDEF")
    assert r.status_code == 404 and "no table with that code" in r.get_data(as_text=True)
    assert client.get(f"/t/{table.code.lower()}").status_code == 200
    assert client.get("/t/../../etc").status_code == 404
    assert "no table with that code" in client.get("/t/ABCDEF/view.json").json["error"]


def test_unknown_codes_are_rate_limited(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "r.db"), "LOOKUPS_PER_MINUTE": 3})
    c = app.test_client()
    statuses = [c.get("/t/ABCDEF").status_code for _ in range(5)]
    assert statuses == [404, 404, 404, 429, 429]


def test_join_gives_a_seat_cookie_and_the_same_seat_back(table, device):
    phone = device(table)
    r = phone.client.post(f"/t/{table.code}/join", data={"name": "Ann"})
    assert r.status_code == 303 and r.headers["Location"].endswith("/seat")
    assert "HttpOnly" in r.headers["Set-Cookie"] and f"Path=/t/{table.code}" in r.headers["Set-Cookie"]
    assert phone.view()["seat"] == 1
    # joining again from the same phone keeps the seat
    phone.client.post(f"/t/{table.code}/join", data={"name": "Someone else"})
    assert [s["name"] for s in table.view()["seats"]] == ["Ann"]
    assert phone.client.get(f"/t/{table.code}/seat").status_code == 200


def test_same_name_on_another_device_asks_and_the_seat_moves_only_with_consent(table, device):
    old = device(table).join("Ann")
    new = device(table)
    r = new.client.post(f"/t/{table.code}/join", data={"name": " ann "})
    assert r.status_code == 409 and "is already at this table" in r.get_data(as_text=True)
    assert len(table.view()["seats"]) == 1
    r = new.client.post(f"/t/{table.code}/join", data={"name": "ann", "reclaim": "1"})
    assert r.status_code == 303 and r.headers["Location"].endswith("/join?waiting=1")
    # Knowing the name is not enough: nothing moved yet, Ann's phone is asked.
    assert new.view()["seat"] is None and old.view()["seat"] == 1
    assert "Waiting" in new.client.get(f"/t/{table.code}/join").get_data(as_text=True)
    assert "Someone wants to take your seat" in old.html("seat")
    r = old.client.post(f"/t/{table.code}/claims/1/allow", data={"version": old.view()["version"], "as": "seat"},
                        headers=JSON)
    assert r.status_code == 200
    assert new.view()["seat"] == 1 and len(table.view()["seats"]) == 1
    assert new.client.get(f"/t/{table.code}/join?waiting=1").status_code == 303
    # the old device lost the seat and is told so in words; every screen's log says it
    assert old.view()["seat"] is None
    r = old.client.get(f"/t/{table.code}/seat")
    assert r.status_code == 403 and "Your seat moved to another phone at" in r.get_data(as_text=True)
    assert "seat moved to another phone" in table.html()


def test_names_are_bounded_and_escaped(table, device):
    r = device(table).client.post(f"/t/{table.code}/join", data={"name": "x" * 33}, headers=JSON)
    assert r.status_code == 400 and "at most 32" in r.json["error"]
    r = device(table).client.post(f"/t/{table.code}/join", data={"name": ""}, headers=JSON)
    assert r.status_code == 400
    device(table).join("<script>alert(1)</script>")
    html = table.client.get(f"/t/{table.code}").get_data(as_text=True)
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_view_json_has_version_game_and_seats(table, device):
    device(table).join("Ann")
    v = table.view()
    assert v["version"] == 2 and v["game"] == "toolbox" and v["seats"] == [{"id": 1, "name": "Ann"}]
    assert v["seat"] is None and set(v["parts"]) == set(ALL_PARTS)


def test_an_action_bumps_the_version_and_is_seen_by_every_viewer(table, device):
    phone = device(table).join("Ann")
    phone.act("roll")
    v = table.view()
    assert v["version"] == 3 and len(v["dice"]["last"]) == 2 and v["dice"]["by"] == "Ann"
    assert phone.view()["dice"] == v["dice"]


def test_a_stale_flow_move_gets_409_and_the_fresh_view(table):
    """Next round depends on the round the player saw: on an older version it is refused, with the
    fresh table and, when the same move happened meanwhile, who did it."""
    table.act("roll")
    r = table.client.post(f"/t/{table.code}/act/round_next", data={"version": 1, "as": "board"}, headers=HTMX)
    assert r.status_code == 409
    html = r.get_data(as_text=True)
    assert "Someone just changed the table" in html and 'data-version="2"' in html
    table.act("round_next")
    r = table.client.post(f"/t/{table.code}/act/round_next", data={"version": 2}, headers=JSON)
    assert r.status_code == 409 and r.json["version"] == 3
    assert "The board already did “round next”" in r.json["error"]
    assert table.view()["version"] == 3 and table.view()["rounds"]["current"] == 2  # nothing applied


def test_a_stale_independent_move_is_applied_to_the_table_as_it_is_now(table):
    """A roll depends on nothing the player saw: a tap from an older screen still rolls."""
    table.act("roll")
    r = table.client.post(f"/t/{table.code}/act/roll", data={"version": 1}, headers=JSON)
    assert r.status_code == 200 and r.json["version"] == 3


@pytest.mark.parametrize("move,fields,status,sentence", [
    ("nope", {}, 400, "no move called"),
    ("score", {"entrant": "1", "delta": "5"}, 400, "has not joined"),
    ("score", {"entrant": "1", "delta": "9999"}, 400, "between -99 and 99"),
    ("timer_pause", {"timer_index": "0"}, 409, "not running"),
    ("timer_start", {"timer_index": "3"}, 400, "no such timer"),
    ("timer_start", {}, 400, "Timer is missing"),
    ("count", {"counter_index": "0", "delta": "-10"}, 409, "cannot go below 0"),
    ("bag_return", {"kind": "Purple"}, 400, "does not belong"),
    ("round_back", {}, 409, "first round"),
])
def test_refusals_are_sentences_and_change_nothing(table, move, fields, status, sentence):
    before = table.view()
    r = table.act(move, expect=status, **fields)
    assert sentence in r.json["error"]
    assert table.view() == before


def test_refusal_for_htmx_answers_the_fresh_view_and_the_reason_beside_it(table):
    r = table.client.post(f"/t/{table.code}/act/round_back", data={"version": 1, "as": "board"}, headers=HTMX)
    html = r.get_data(as_text=True)
    assert r.status_code == 409 and 'id="view"' in html
    # the reason goes out of band to #flash, outside the view a live refresh replaces
    answer = html[html.index('<div id="flash" hx-swap-oob="innerHTML">'):]
    assert "data-answer" in answer and "first round" in answer and "first round" not in html[:html.index("</main>")]


def test_missing_or_bad_version_and_role(table):
    r = table.client.post(f"/t/{table.code}/act/roll", data={}, headers=JSON)
    assert r.status_code == 400 and "Version is missing" in r.json["error"]
    r = table.client.post(f"/t/{table.code}/act/roll", data={"version": "x"}, headers=JSON)
    assert r.status_code == 400
    r = table.client.post(f"/t/{table.code}/act/roll", data={"version": 1, "as": "god"}, headers=JSON)
    assert r.status_code == 400


def test_a_device_without_a_seat_cannot_act_as_a_seat(table, device):
    r = device(table).client.post(f"/t/{table.code}/act/roll", data={"version": 1, "as": "seat"}, headers=JSON)
    assert r.status_code == 403 and "no seat" in r.json["error"]


def test_plain_form_post_redirects_back(table):
    r = table.client.post(f"/t/{table.code}/act/roll", data={"version": 1, "as": "board"})
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/t/{table.code}")


def test_undo_rules(table, device):
    ann = device(table).join("Ann")
    bob = device(table).join("Bob")
    ann.act("count", counter_index=0, delta=-1)
    r = bob.client.post(f"/t/{table.code}/undo", data={"version": bob.view()["version"], "as": "seat"}, headers=JSON)
    assert r.status_code == 403 and "only your own" in r.json["error"]
    r = ann.client.post(f"/t/{table.code}/undo", data={"version": ann.view()["version"], "as": "seat"}, headers=JSON)
    assert r.status_code == 200 and table.view()["counters"][0]["value"] == 9
    # the host (the creator's device) may undo anyone's action, step by step
    ann.act("count", counter_index=0, delta=-1)
    bob.act("count", counter_index=0, delta=-1)
    for expected in (8, 9):
        r = table.client.post(f"/t/{table.code}/undo", data={"version": table.view()["version"]}, headers=JSON)
        assert r.status_code == 200 and table.view()["counters"][0]["value"] == expected
    r = table.client.post(f"/t/{table.code}/undo", data={"version": table.view()["version"]}, headers=JSON)
    assert r.status_code == 409 and "nothing to undo" in r.json["error"]
    assert [s["name"] for s in table.view()["seats"]] == ["Ann", "Bob"]  # undo never removes seats


def test_undo_button_shown_only_to_who_may_use_it(table, device):
    ann = device(table).join("Ann")
    bob = device(table).join("Bob")
    ann.act("roll")
    assert "Undo roll" in ann.html("seat") and "Undo roll" not in bob.html("seat")
    assert "Undo roll" in table.html("board")


@pytest.mark.parametrize("headers", [{"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"},
                                     {"Origin": "http://evil.example"}, {"Origin": "null"}])
def test_cross_site_posts_are_refused(table, headers):
    r = table.client.post(f"/t/{table.code}/act/roll", data={"version": 1}, headers={**headers, **JSON})
    assert r.status_code == 403 and table.view()["version"] == 1
    r = table.client.post("/tables", data={"game": "toolbox", "parts": ["dice"]}, headers=headers)
    assert r.status_code == 403


def test_same_origin_and_non_browser_posts_work(table):
    r = table.client.post(f"/t/{table.code}/act/roll", data={"version": 1},
                          headers={"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost", **JSON})
    assert r.status_code == 200


def test_oversized_bodies_are_refused(table):
    r = table.client.post(f"/t/{table.code}/act/roll", data={"version": 1, "x": "y" * 100_000}, headers=JSON)
    assert r.status_code == 413 and "too large" in r.json["error"]


def test_security_headers(client):
    r = client.get("/")
    csp = r.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
    assert "frame-ancestors 'none'" in csp and r.headers["X-Content-Type-Options"] == "nosniff"


def svg_modules(svg: str) -> list[list[bool]]:
    """The dark modules an SVG of companion/web/qr.py draws (one run of a row per subpath)."""
    size = int(re.search(r'viewBox="0 0 (\d+) \1"', svg).group(1))
    grid = [[False] * size for _ in range(size)]
    for x, y, n in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\3z", re.search(r' d="([^"]*)"', svg).group(1)):
        for i in range(int(n)):
            assert not grid[int(y)][int(x) + i]
            grid[int(y)][int(x) + i] = True
    return grid


def test_qr_code_is_an_svg_of_the_public_join_url(tmp_path):
    import qrcode
    app = create_app({"DATABASE": str(tmp_path / "q.db"), "PUBLIC_URL": "http://192.168.1.20:8750"})
    c = app.test_client()
    code = c.post("/tables", data={"game": "toolbox", "parts": ["dice"]}).headers["Location"][3:]
    r = c.get(f"/t/{code}/qr.svg")
    assert r.status_code == 200 and r.mimetype == "image/svg+xml"
    # the same modules as the qrcode library's own code for that address (error correction M)
    expected = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=2)
    expected.add_data(f"http://192.168.1.20:8750/t/{code}/join")
    expected.make(fit=True)
    assert svg_modules(r.get_data(as_text=True)) == expected.get_matrix()
    assert len(r.data) < 4000
    # the address on the board may break only after its slashes (<wbr>), never inside a number
    page = c.get(f"/t/{code}").get_data(as_text=True)
    assert "http:/<wbr>/<wbr>192.168.1.20:8750/<wbr>t/<wbr>" in page
    assert f"http://192.168.1.20:8750/t/{code}/join" in page.replace("<wbr>", "")


def test_version_endpoint_answers_304_when_unchanged(table):
    r = table.client.get(f"/t/{table.code}/version")
    assert r.json == {"version": 1}
    r2 = table.client.get(f"/t/{table.code}/version", headers={"If-None-Match": r.headers["ETag"]})
    assert r2.status_code == 304


def test_event_stream_flushes_at_once_and_reports_changes(app, table):
    r = table.client.get(f"/t/{table.code}/events", headers={"Last-Event-ID": "1"}, buffered=False)
    assert r.mimetype == "text/event-stream"
    chunks = r.response.__iter__()
    assert next(chunks) == b": ok\n\n"
    threading.Timer(0.2, lambda: table.act("roll")).start()
    # a keep-alive may come first when the change takes longer than KEEPALIVE_SECONDS to be heard
    # (on Redis, under a loaded machine): it is not the event, and the event still comes
    piece = next(chunks)
    for _ in range(5):
        if piece != KEEP_ALIVE:
            break
        piece = next(chunks)
    assert piece == b"event: changed\nid: 2\ndata: 2\n\n"
    r.close()


def test_event_stream_catches_up_a_client_that_missed_changes(table):
    table.act("roll")
    table.act("roll")
    r = table.client.get(f"/t/{table.code}/events", headers={"Last-Event-ID": "1"}, buffered=False)
    chunks = iter(r.response)
    assert next(chunks) == b": ok\n\n"
    assert next(chunks) == b"event: changed\nid: 3\ndata: 3\n\n"
    r.close()


def test_go_box_on_the_home_page(client, table):
    assert client.get(f"/go?code={table.code.lower()}").headers["Location"] == f"/t/{table.code}/join"
    assert client.get("/go?code=0O1I").status_code == 400


def test_a_seat_page_without_a_seat_goes_to_join(table, device):
    r = device(table).client.get(f"/t/{table.code}/seat")
    assert r.status_code == 303 and r.headers["Location"].endswith("/join")


def test_pages_and_static_files_are_compressed_but_the_event_stream_is_not(table):
    # what Chromium sends over plain http:// on a LAN (it offers br only over https)
    lan = {"Accept-Encoding": "gzip, deflate"}
    page = table.client.get(f"/t/{table.code}", headers=lan)
    assert page.headers.get("Content-Encoding") == "gzip"
    js = table.client.get("/static/vendor/htmx-4.0.1/htmx.min.js", headers=lan)
    assert js.headers.get("Content-Encoding") in ("gzip", "deflate")
    r = table.client.get(f"/t/{table.code}/events", headers={"Accept-Encoding": "br, gzip"}, buffered=False)
    assert "Content-Encoding" not in r.headers and next(iter(r.response)) == b": ok\n\n"
    r.close()


def test_actions_on_an_unknown_table_are_rate_limited_404s(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "r2.db"), "LOOKUPS_PER_MINUTE": 2})
    c = app.test_client()
    statuses = [c.post("/t/ABCDEF/act/roll", data={"version": 1}, headers=JSON).status_code for _ in range(3)]
    assert statuses == [404, 404, 429]
