"""Who is who (issue #25), played over HTTP as the friend at the table who is losing, on SQLite and on
Redis: a seat's id is never handed to someone else, a tap belongs to one game, a game is recorded
once when it ends, every game of the evening is kept, the host picks who plays a two-player game at
a table of four, and the host's switch goes through while everyone taps."""
from __future__ import annotations

import json
import random
import threading

import pytest

from tests.web.test_cloaked_cats_web import db_state, play_a_quick_turn
from tests.web.test_game_night_web import switch
from tests.web.test_pack_the_essentials_web import PAD

pytestmark = pytest.mark.both_backends

JSON = {"Accept": "application/json"}


def remove(board, seat_id: int, expect: int = 200):
    r = board.client.post(f"/t/{board.code}/seats/{seat_id}/remove",
                          data={"version": board.view()["version"], "as": "board"}, headers=JSON)
    assert r.status_code == expect, (r.status_code, r.data)
    return r


def seat_of(phone) -> int:
    return phone.view()["seat"]


def history(board) -> list[dict]:
    return board.client.get(f"/t/{board.code}/history.json").json["games"]


# ---- 1. a secret never passes to a stranger

def test_a_player_of_a_cooperative_round_cannot_be_removed_and_a_newcomer_never_gets_their_seat(new_table, device):
    board = new_table("communicat")
    ann, bob, cid = (device(board).join(n) for n in ("Ann", "Bob", "Cid"))
    board.act("choose_cat", seat=str(seat_of(cid)))
    board.act("new_needs")
    assert cid.view()["my_role"] == "cat" and cid.view()["secret"]
    r = remove(board, seat_of(cid), expect=409)
    assert "Cid is playing this game" in r.json["error"]
    assert seat_of(cid) is not None
    # Ended by the host (kept as not finished), the game no longer holds Cid: the seat may go.
    switch(board, "communicat", end_early="1")
    cid_id = seat_of(cid)
    remove(board, cid_id)
    eve = device(board).join("Eve")
    assert seat_of(eve) not in (seat_of(ann), seat_of(bob), cid_id)
    assert seat_of(eve) > cid_id


def test_a_newcomer_after_a_cooperative_win_gets_nothing_of_the_removed_cat(app, new_table, device):
    board = new_table("communicat", target="2")
    ann, bob, cid = (device(board).join(n) for n in ("Ann", "Bob", "Cid"))
    board.act("choose_cat", seat=str(seat_of(cid)))
    board.act("new_needs")
    secret = cid.view()["secret"]
    assert secret and cid.view()["my_role"] == "cat"
    board.act("resolve", outcome="guessed")
    assert board.view()["finished"]["result"] == "won"
    cid_id = seat_of(cid)
    remove(board, cid_id)                       # the game is over: the seat may go
    eve = device(board).join("Eve")
    seen = eve.view()
    assert seen["seat"] != cid_id and seen.get("my_role") != "cat" and not seen.get("secret")
    assert json.dumps(secret["cat"]["name"]) not in json.dumps(seen) or secret["cat"]["name"] in json.dumps(
        board.view())   # a Need the board shows anyway (the laid-out Needs) is no secret


def test_cloaked_cats_features_of_a_removed_seat_stay_with_nobody_after_the_end(app, new_table, device):
    board = new_table("cloaked-cats")
    phones = [device(board).join(n) for n in ("Ann", "Bob", "Cid")]
    board.act("start")
    by_seat = {seat_of(p): p for p in phones}
    rng = random.Random(4)
    for _ in range(80):
        if board.view()["phase"] == "over":
            break
        play_a_quick_turn(app, board, by_seat, rng)
    assert board.view()["phase"] == "over"
    cid = phones[2]
    cid_id = seat_of(cid)
    hidden = {f for p in db_state(app, board.code)["players"] if p["seat"] == cid_id
              for f in p["features"] if f not in p["revealed"]}
    remove(board, cid_id)                       # the game is over: the seat may go
    eve = device(board).join("Eve")
    assert seat_of(eve) != cid_id
    page, view = eve.html("seat"), eve.view()
    assert view["seat"] != cid_id and view["mine"] is None
    for feature in hidden:                      # never revealed: on nobody's screen, now or later
        name = next(f["name"] for c in view["catalogue"] for f in c["features"] if f["id"] == feature)
        assert f'data-feature="{feature}"' not in page
        assert name not in json.dumps([p for p in view["players"] if p["seat"] == cid_id])


def test_seat_ids_are_never_given_twice_whatever_joins_and_leaves(new_table, device):
    board = new_table("toolbox", parts="track")
    given: list[int] = []
    rng = random.Random(25)
    seated = []
    for n in range(30):
        if seated and rng.random() < 0.45:
            phone = seated.pop(rng.randrange(len(seated)))
            remove(board, seat_of(phone))
        else:
            phone = device(board).join(f"P{n}")
            given.append(seat_of(phone))
            seated.append(phone)
    assert len(given) == len(set(given)) and given == sorted(given)


# ---- 2. a result is recorded once

def test_nothing_a_player_does_after_the_end_records_the_game_again(new_table, device):
    board = new_table("pack-the-essentials", mode="scorepad")
    ann, bob, cid, dan = (device(board).join(n) for n in ("Ann", "Bob", "Cid", "Dan"))
    board.act("start")
    ann.act("score", **PAD)
    bob.act("score", **PAD)
    cid.act("score", **{**PAD, "todo1": 0})
    dan.act("score", **{**PAD, "todo1": 0})
    cid.act("vote", for_seat=seat_of(ann))
    dan.act("vote", for_seat=seat_of(ann))
    assert [g["winners"] for g in history(board)] == [["Ann"]]
    for _ in range(3):                          # Bob re-saves his unchanged pad
        r = bob.act("score", expect=409, **PAD)
        assert "This game is over" in r.json["error"]
    r = bob.act("score", expect=409, **{**PAD, "todo1": 9})   # or raises it
    assert "only the host" in r.json["error"]
    r = cid.act("vote", for_seat=seat_of(bob), expect=409)
    assert "The vote is over" in r.json["error"] or "This game is over" in r.json["error"]
    assert len(history(board)) == 1
    assert board.view()["winners"] == [{"id": seat_of(ann), "name": "Ann"}]


def test_a_hosts_correction_replaces_the_record_and_its_undo_puts_the_old_one_back(new_table):
    from tests.web.test_history_web import finish_catchy
    from tests.web.test_game_night_web import undo
    board = new_table("catchy", player_1="Ann", player_2="Bob")
    finish_catchy(board)
    [first] = history(board)
    board.act("adjust", score_1="12", score_2="5")
    [corrected] = history(board)
    assert corrected["number"] == first["number"] and corrected["scores"]["Ann"] == 12
    undo(board)
    assert history(board) == [first]


# ---- 3. a tap lands only in its own game

def test_a_tap_from_before_a_switch_is_refused_whatever_its_stale_policy(new_table, device):
    board = new_table("toolbox", parts="track")
    ann = device(board).join("Ann")
    before = board.view()
    switch(board, "toolbox", parts="track")
    data = {"version": before["version"], "as": "board", "delta": "7", "entrant": str(seat_of(ann))}
    r = board.client.post(f"/t/{board.code}/act/score", data=data, headers=JSON)
    assert r.status_code == 409 and r.json["error"].startswith("That was for the Toolbox game that ended at")
    # Naming the game it was for refuses it too, even with today's version.
    r = board.client.post(f"/t/{board.code}/act/score", headers=JSON,
                          data={**data, "version": board.view()["version"], "game_number": before["game_number"]})
    assert r.status_code == 409 and "That was for the Toolbox game" in r.json["error"]
    assert all(row["score"] == 0 for row in board.view()["track"]["rows"])
    assert board.view()["game_number"] == before["game_number"] + 1
    # The page's forms name their game: a tap from the page of the new game counts.
    assert f'name="game_number" value="{board.view()["game_number"]}"' in board.html("board")


def test_a_tap_from_before_a_rematch_is_refused(new_table, device):
    from tests.web.test_history_web import finish_catchy
    board = new_table("catchy", player_1="Ann", player_2="Bob")
    finish_catchy(board)
    old = board.view()
    board.act("rematch")
    r = board.client.post(f"/t/{board.code}/act/adjust", headers=JSON,
                          data={"version": board.view()["version"], "as": "board", "score_1": "3",
                                "game_number": old["game_number"]})
    assert r.status_code == 409 and r.json["error"].startswith("That was for the Catchy! game that ended at")


# ---- 4. the evening keeps every game

def test_the_evening_keeps_every_game_played_finished_or_not(new_table, device):
    board = new_table("communicat", target="10")
    phones = [device(board).join(n) for n in ("Ann", "Bob", "Cid", "Dan")]
    for _ in range(4):                         # four cooperative rounds: 2 points each but one
        board.act("new_needs")
        board.act("resolve", outcome="guessed")
    switch(board, "communicat", end_early="1", mode="versus")
    board.act("new_needs")
    switch(board, "catchy", end_early="1")
    games = history(board)
    assert [(g["game"], g["unfinished"], g["winners"]) for g in games] == [
        ("communicat", True, []), ("communicat", True, [])]
    assert games[0]["scores"] == {"Together": 8}
    assert len({g["number"] for g in games}) == 2
    summary = board.client.get(f"/t/{board.code}/history.json").json["summary"]
    assert summary["games"] == 2 and all(row["won"] == 0 for row in summary["tally"])
    assert {row["name"] for row in summary["tally"]} >= {"Ann", "Bob", "Cid", "Dan"}
    del phones


# ---- 5. the host picks who plays

def test_cleo_and_dan_play_catchy_at_a_table_of_four(new_table, device):
    board = new_table("communicat")
    ann, ben, cleo, dan = (device(board).join(n) for n in ("Ann", "Ben", "Cleo", "Dan"))
    page = board.client.get(f"/t/{board.code}/switch?game=catchy").get_data(as_text=True)
    assert 'name="players"' in page and "Who plays?" in page
    switch(board, "catchy", players=[str(seat_of(cleo)), str(seat_of(dan))])
    board.act("start_round", leader="1", players="phones")
    view = board.view()
    assert [p["name"] for p in view["players"]] == ["Cleo", "Dan"]
    r = ann.act("play_trick", expect=403, leader_color="Red", leader_number="4", follower_color="Red",
                follower_number="2")
    assert r.json["error"]
    # Bad picks are a sentence and change nothing.
    version = board.view()["version"]
    for players, words in (([str(seat_of(ann))] * 2, "once"), (["999"], "among the seats"),
                           ([str(seat_of(p)) for p in (ann, ben, cleo)], "at most 2")):
        r = switch(board, "catchy", expect=409 if words == "at most 2" else 400, players=players, end_early="1")
        assert words in r.json["error"]
    assert board.view()["version"] == version


# ---- 6. the host's switch goes through while everyone taps

def test_the_hosts_switch_goes_through_while_six_phones_tap(app, new_table, device):
    board = new_table("toolbox", parts="track")
    phones = [device(board).join(f"P{n}") for n in range(6)]
    stop = threading.Event()
    taps = []

    def tap(phone):
        key = str(seat_of(phone))
        while not stop.is_set() and len(taps) < 2000:
            r = phone.client.post(f"/t/{board.code}/act/score", headers=JSON,
                                  data={"as": "seat", "entrant": key, "delta": "1", "version": "1"})
            taps.append(r.status_code)

    threads = [threading.Thread(target=tap, args=(p,)) for p in phones]
    for t in threads:
        t.start()
    try:
        game_number = board.view()["game_number"]
        r = board.client.post(f"/t/{board.code}/switch", headers=JSON,
                              data={"game": "toolbox", "parts": "track", "as": "board", "game_number": game_number})
        assert r.status_code == 200, r.data
    finally:
        stop.set()
        for t in threads:
            t.join(30)
    assert board.view()["game_number"] == game_number + 1 and taps


# ---- small holes

def test_one_live_pairing_code_per_table(app, new_table):
    import re
    board = new_table("toolbox", parts="track")
    first = re.search(r'/t/[A-Z0-9]{6}/pair/[^"]+', board.client.get(f"/t/{board.code}/screens").get_data(as_text=True))
    second = re.search(r'/t/[A-Z0-9]{6}/pair/[^"]+', board.client.get(f"/t/{board.code}/screens").get_data(as_text=True))
    screen = app.test_client()
    assert screen.get(first.group(0)).status_code == 403
    assert screen.get(second.group(0)).status_code == 303


def test_a_watcher_who_votes_is_told_it_is_not_playing(new_table, device):
    board = new_table("pack-the-essentials", mode="scorepad")
    ann, bob, cid = (device(board).join(n) for n in ("Ann", "Bob", "Cid"))
    board.act("start")
    late = device(board).join("Lou")
    ann.act("score", **PAD)
    bob.act("score", **PAD)
    cid.act("score", **{**PAD, "todo1": 0})
    r = late.act("vote", for_seat=seat_of(ann), expect=409)
    assert "You are watching this game" in r.json["error"]


def test_a_chunked_body_meets_the_same_limit_as_any_other(app, new_table):
    """No Content-Length, `Transfer-Encoding: chunked`: 40 MB was read and applied before."""
    import io

    from werkzeug.test import EnvironBuilder, run_wsgi_app
    board = new_table("toolbox", parts="counters")
    cookie = board.client.get_cookie(f"host_{board.code}", path=f"/t/{board.code}")

    def post(body: bytes):
        environ = EnvironBuilder(path=f"/t/{board.code}/act/count", method="POST", headers={
            "Accept": "application/json", "Transfer-Encoding": "chunked",
            "Cookie": f"host_{board.code}={cookie.value}",
            "Content-Type": "application/x-www-form-urlencoded"}).get_environ()
        environ.pop("CONTENT_LENGTH", None)
        environ["wsgi.input"], environ["wsgi.input_terminated"] = io.BytesIO(body), True
        answer, status, _headers = run_wsgi_app(app.wsgi_app, environ, buffered=True)
        return int(status.split()[0]), b"".join(answer)

    before = board.view()["counters"][0]["value"]
    form = f"version={board.view()['version']}&as=board&counter_index=0&delta=1".encode()
    status, _body = post(form + b"&pad=" + b"x" * (app.config["MAX_CONTENT_LENGTH"] + 10))
    assert status == 413 and board.view()["counters"][0]["value"] == before
    status, body = post(form)
    assert status == 200, body
    assert board.view()["counters"][0]["value"] == before + 1


def test_a_new_game_started_from_the_board_mid_game_keeps_the_old_one_unfinished(new_table):
    from tests.web.test_catchy_web import trick
    board = new_table("catchy", player_1="Ann", player_2="Bob")
    board.act("start_round", leader="1", players="names")
    trick(board, "Red 4", "Red 2")
    first = board.view()["game_number"]
    board.act("rematch")                       # the board may start a new game before the end
    [kept] = history(board)
    assert kept["unfinished"] is True and kept["number"] == first and kept["winners"] == []
    assert board.view()["game_number"] == first + 1
