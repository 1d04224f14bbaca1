"""The views carried inside event streams (GET /t/<code>/events?as=...) are each viewer's own.

A secret in another viewer's event payload would be the worst bug of pushing HTML in events. For
every viewer of tables holding secrets (the host's board, a paired board, a screen that only opened
the address, each seat's phone; the Cat and the guessers in CommuniCat, each player in Cloaked Cats)
and every role it may open a page as, the HTML its stream carries is exactly what that device's own
GET /view?as=... answers (whose secrecy the other tests check), and the secret words a viewer must
not see are in no payload of theirs. Both backends.
"""
from __future__ import annotations

import re

import pytest


pytestmark = pytest.mark.both_backends

SERVER_NOW = re.compile(r' data-server-now="\d+"')


def stream_payload(who, code: str, role: str) -> tuple[int, str | None]:
    """The first `changed` event a stream opened as `role` sends this device (Last-Event-ID 0: at
    once): its version and HTML (None when the event carries only the version)."""
    r = who.client.get(f"/t/{code}/events?as={role}", headers={"Last-Event-ID": "0"}, buffered=False)
    assert r.status_code == 200
    chunks = iter(r.response)
    assert next(chunks) == b": ok\n\n"
    event = next(chunks).decode()
    r.close()
    assert event.startswith("event: changed\nid: ")
    data = "\n".join(line[len("data: "):] for line in event.split("\n") if line.startswith("data: "))
    version, _, html = data.partition("\n")
    return int(version), (html or None)


def own_view(who, code: str, role: str) -> str | None:
    r = who.client.get(f"/t/{code}/view?as={role}", headers={"HX-Request": "true"})
    return r.get_data(as_text=True) if r.status_code == 200 else None


def same_html(a: str, b: str) -> bool:
    """Equal but for the server's clock, which is stamped at render time."""
    return SERVER_NOW.sub("", a) == SERVER_NOW.sub("", b)


def check_every_viewer(code: str, viewers: dict, forbidden: dict[str, list[str]]) -> int:
    """For every (viewer, role): the payload is the viewer's own view; no forbidden word in it.
    Returns how many payloads carried HTML (so a test cannot pass on empty streams)."""
    carried = 0
    for name, (who, roles) in viewers.items():
        for role in roles:
            version, html = stream_payload(who, code, role)
            mine = own_view(who, code, role)
            if html is None:
                assert mine is None, f"{name} as {role}: a version-only event for a view it may fetch"
                continue
            carried += 1
            assert f'data-version="{version}"' in html
            assert mine is not None and same_html(html, mine), f"{name} as {role}: the payload is not its own view"
            for word in forbidden.get(name, []):
                assert word not in html, f"{name} as {role} got {word!r} in an event"
    return carried


@pytest.mark.parametrize("mode,names", [("coop", ("Ann", "Bob")), ("versus", ("Ann", "Bob", "Cy", "Di"))])
def test_communicat_event_payloads_carry_each_viewers_own_view_and_no_need_it_may_not_see(
        app, new_table, device, board_screen, mode, names):
    board = new_table("communicat", mode=mode)
    phones = {name: device(board).join(name) for name in names}
    board.act("new_needs")
    board.act("show_need", confirm="1", **({"team": "blue"} if mode == "versus" else {}))
    with app.extensions["companion"].store.read() as tx:
        state = tx.get_table(board.code).state
    assert state["round"]["secret"]
    watcher = device(board)
    viewers = {"host board": (board, ["board"]), "paired board": (board_screen(board), ["board"]),
               "watcher": (watcher, ["board"])}
    for name, phone in phones.items():
        viewers[name] = (phone, ["seat", "board"])  # a phone may open the board's page too
    # Need names are public (every screen lists them); which Need is the Cat's is the secret, and
    # these marks are how a view shows it (as the fair-play tests scan for).
    marks = ["is-secret", "cc-mark", "cc-reveal"]
    forbidden = {name: marks for name, phone in [*phones.items(), ("watcher", watcher)]
                 if "secret" not in phone.view()}
    assert forbidden, "some viewer must be kept from the Need for this test to mean anything"
    assert check_every_viewer(board.code, viewers, forbidden) >= len(viewers)
    # and the host's board, which shows the Need on purpose, carries it in its own event
    _, host_html = stream_payload(board, board.code, "board")
    assert "is-secret" in host_html


def test_cloaked_cats_event_payloads_are_each_players_own_view(app, new_table, device, board_screen):
    board = new_table("cloaked-cats")
    phones = {name: device(board).join(name) for name in ("Ann", "Bob", "Cy")}
    board.act("start")
    viewers = {"host board": (board, ["board"]), "paired board": (board_screen(board), ["board"]),
               "watcher": (device(board), ["board"])}
    for name, phone in phones.items():
        viewers[name] = (phone, ["seat", "board"])
    assert check_every_viewer(board.code, viewers, {}) == len(viewers) + len(phones)
    # the three players' payloads differ: each holds its own hand
    hands = {stream_payload(p, board.code, "seat")[1] for p in phones.values()}
    assert len({SERVER_NOW.sub("", h) for h in hands}) == 3


def test_a_seat_whose_seat_was_removed_gets_no_view_in_its_event(app, new_table, device):
    board = new_table("toolbox", parts=["dice"])
    ann = device(board).join("Ann")
    seat_id = ann.view()["seat"]
    board.client.post(f"/t/{board.code}/seats/{seat_id}/remove", data={"version": board.view()["version"], "as": "board"},
                      headers={"Accept": "application/json"})
    version, html = stream_payload(ann, board.code, "seat")
    assert html is None and version == board.view()["version"]  # the page re-fetches and reads why


def test_a_stream_without_as_says_only_the_version_and_a_bad_as_is_refused(new_table):
    board = new_table("toolbox", parts=["dice"])
    r = board.client.get(f"/t/{board.code}/events", headers={"Last-Event-ID": "0"}, buffered=False)
    chunks = iter(r.response)
    next(chunks)
    assert next(chunks) == b"event: changed\nid: 1\ndata: 1\n\n"
    r.close()
    assert board.client.get(f"/t/{board.code}/events?as=host").status_code == 400


def test_a_stream_renders_in_its_own_language_and_links_as_its_page_does(new_table, device):
    """A stream renders its events without a request (web/sections.py ViewContext), from what its
    own request said when it opened: a German phone's events are German, an English board's
    English, and a game section's link to its script is the same path its page has (no host)."""
    board = new_table("catchy", player_1="Ann", player_2="Bob")
    phone = device(board)
    phone.client.get("/lang/de?next=/")
    board.client.get("/lang/en?next=/")
    german_version, german = stream_payload(phone, board.code, "board")
    english_version, english = stream_payload(board, board.code, "board")
    assert german and english and german_version == english_version
    assert same_html(german, own_view(phone, board.code, "board"))
    assert same_html(english, own_view(board, board.code, "board"))
    assert german != english
    script = re.search(r'<script src="([^"]*catchy\.js[^"]*)"', german)
    assert script and script.group(1).startswith("/static/"), script
