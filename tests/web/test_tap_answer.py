"""A page's tap (htmx) is answered with the tapping device's fresh view, made from the read of the
table its streams share (web/tables.py answer_snapshot): the same view a fresh request for it gets,
its own viewer's and no one else's, and after the first tap of a table without a read no store read."""
from __future__ import annotations

import json

import pytest

from companion.web.acting import carried_response
from companion.web.tap_socket import Carried, answered, carried_answer

from tests.web.test_event_payload_secrecy import own_view, same_html
from tests.web.test_shared_rendering import CountingReads

pytestmark = pytest.mark.both_backends

HTMX = {"HX-Request": "true", "Accept": "text/html"}


def tap(who, code: str, role: str, version: int, move: str = "roll", **fields):
    return who.client.post(f"/t/{code}/act/{move}", data={"version": version, "as": role, **fields}, headers=HTMX)


def test_a_taps_answer_is_its_own_fresh_view_read_from_the_shared_read(app, new_table, device, monkeypatch):
    board = new_table("toolbox", parts=["dice", "counters"], counters="Lives: 2")
    ann, bob = device(board).join("Ann"), device(board).join("Bob")
    tables = app.extensions["companion"]
    first = True
    for who, role in [(ann, "seat"), (board, "board"), (bob, "seat"), (ann, "seat")]:
        version = board.view()["version"]
        reads = CountingReads(tables.store, monkeypatch)
        r = tap(who, board.code, role, version)
        monkeypatch.undo()
        assert r.status_code == 200
        answer = r.get_data(as_text=True)
        assert f'data-version="{version + 1}"' in answer
        assert same_html(answer, own_view(who, board.code, role)), (who, role)
        # the first tap reads the table once and keeps the read; each later one is handed the read after it
        assert reads.count == (1 if first else 0), (who, role)
        first = False
    assert "Ann" in answer and 'class="watching' not in answer


def test_a_watching_screen_and_a_lost_seat_are_still_refused_in_words(app, new_table, device):
    board = new_table("toolbox", parts=["dice"])
    ann = device(board).join("Ann")
    watcher = device(board)
    version = board.view()["version"]
    r = tap(watcher, board.code, "board", version)
    assert r.status_code == 403 and r.headers.get("HX-Retarget") is None   # the view, and the sentence beside it
    assert "only watches" in r.get_data(as_text=True)
    board.post(f"seats/{ann.view()['seat']}/remove", as_="board")
    r = tap(ann, board.code, "seat", board.view()["version"])
    assert r.status_code == 403 and "removed your seat" in r.get_data(as_text=True)


# The tap socket (companion/web/tap_socket.py; on a real server: tests/web/test_tap_socket.py)
def test_a_server_that_cannot_hand_its_sockets_over_says_taps_go_as_requests(client):
    made = client.post("/tables", data={"game": "toolbox", "parts": ["dice"]})
    code = made.headers["Location"].rsplit("/", 1)[-1]
    answer = client.get(f"/t/{code}/taps", headers={"Upgrade": "websocket", "Connection": "Upgrade",
                                                     "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
                                                     "Sec-WebSocket-Version": "13"})
    assert answer.status_code == 501 and b"as requests" in answer.data, (answer.status_code, answer.data)


def test_a_carried_taps_message_is_the_one_its_posts_answer_makes(app):
    # The socket writes the answer of a tap whose stream carries its view straight out (Carried):
    # the same message the socket makes of the 204 a POST gets.
    with app.test_request_context():
        for number, version in [(1, 2), (9_007_199_254_740_991, 123_456)]:
            written = json.loads(carried_answer(number, Carried(version)))
            assert written == json.loads(answered(number, carried_response(version)))
            assert written["status"] == 204 and written["headers"] == {"X-View-Version": str(version)}
