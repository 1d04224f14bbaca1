"""Game night: the host switches the table to another game (POST /t/<CODE>/switch), keeping the code
and every seat; undo never crosses back, the previous game's secrets stay hidden, and
/t/<CODE>/history is the whole evening."""
from __future__ import annotations

import csv
import io
import json

import pytest

from companion.engine import expire_idle_tables
from tests.web.test_cloaked_cats_web import db_state
from tests.web.test_history_web import finish_catchy

pytestmark = pytest.mark.both_backends


def switch(table, game: str, expect: int = 200, version=None, **options):
    data = {"game": game, "version": table.view()["version"] if version is None else version, "as": "board", **options}
    r = table.client.post(f"/t/{table.code}/switch", data=data, headers={"Accept": "application/json"})
    assert r.status_code == expect, (r.status_code, r.data)
    return r


def undo(table, expect: int = 200):
    r = table.client.post(f"/t/{table.code}/undo", data={"version": table.view()["version"], "as": "board"},
                          headers={"Accept": "application/json"})
    assert r.status_code == expect, (r.status_code, r.data)
    return r


def finish_communicat(board):
    board.act("new_needs")
    board.act("resolve", outcome="guessed")
    assert board.view()["finished"]["result"] == "won"


@pytest.fixture
def night(new_table, device):
    """A CommuniCat table (target 2) with three phones."""
    board = new_table("communicat", target="2")
    phones = [device(board).join(name) for name in ("Ann", "Bob", "Cy")]
    return board, phones


def test_the_host_switches_and_the_code_seats_and_phones_stay(night):
    board, (ann, bob, cy) = night
    finish_communicat(board)
    before = board.view()
    r = switch(board, "we-love-cats")
    assert r.json["game"] == "we-love-cats"
    after = board.view()
    assert after["game"] == "we-love-cats" and after["seats"] == before["seats"]
    assert after["version"] == before["version"] + 1
    seat = ann.view()
    assert seat["game"] == "we-love-cats" and seat["seat"] == before["seats"][0]["id"]
    # Every screen's log says so; the phones' seat pages are the new game's, same cookie.
    for page in (board.html("board"), ann.html("seat")):
        assert "The host switched to We Love Cats." in page
    assert ann.client.get(f"/t/{board.code}/seat").status_code == 200
    # A page still showing CommuniCat is told to load itself again (table.js follows data-game).
    stale_page = ann.client.get(f"/t/{board.code}/view?as=seat&game=communicat").get_data(as_text=True)
    assert 'data-game="we-love-cats"' in stale_page and "wlc-" not in stale_page
    fresh_page = ann.html("seat")
    assert 'data-game="we-love-cats"' in fresh_page


@pytest.mark.parametrize("who", ["seat", "watcher", "paired board", "host on the seat page"])
def test_only_the_hosts_board_may_switch(night, device, board_screen, who):
    board, (ann, _bob, _cy) = night
    version = board.view()["version"]
    if who == "seat":
        client, role = ann.client, "seat"
    elif who == "watcher":
        client, role = device(board).client, "board"
    elif who == "paired board":
        client, role = board_screen(board).client, "board"
        version = board.view()["version"]
    else:
        board.join("Host")
        client, role = board.client, "seat"
        version = board.view()["version"]
    r = client.post(f"/t/{board.code}/switch", data={"game": "we-love-cats", "version": version, "as": role},
                    headers={"Accept": "application/json"})
    assert r.status_code == 403 and "host" in r.json["error"]
    assert board.view()["game"] == "communicat" and board.view()["version"] == version
    if who != "host on the seat page":     # the host's own device may open the switch page as the board
        assert client.get(f"/t/{board.code}/switch").status_code == 403


def test_a_stale_switch_is_refused(night):
    board, (ann, _bob, _cy) = night
    version = board.view()["version"]
    ann.act("new_needs")  # the table moved on since the host's screen showed it
    r = switch(board, "we-love-cats", expect=409, version=version)
    assert "changed" in r.json["error"] and board.view()["game"] == "communicat"


def test_bad_options_are_a_sentence_and_change_nothing(night):
    board, _phones = night
    version = board.view()["version"]
    r = switch(board, "communicat", expect=400, target="999")
    assert "target" in r.json["error"].lower()
    r = switch(board, "chess", expect=400)
    assert "Pick one of the games" in r.json["error"]
    r = switch(board, "communicat", expect=400, mode="chaos")
    assert board.view()["version"] == version and board.view()["game"] == "communicat"
    # The form re-shows the options with the sentence (a plain POST from the switch page).
    r = board.client.post(f"/t/{board.code}/switch", data={"game": "communicat", "target": "999",
                                                            "version": version, "as": "board"})
    assert r.status_code == 400 and "Play CommuniCat at this table" in r.get_data(as_text=True)


def test_a_game_under_way_ends_early_only_when_confirmed_and_is_kept_as_not_finished(night):
    board, (ann, _bob, _cy) = night
    board.act("new_needs")
    page = board.client.get(f"/t/{board.code}/switch?game=we-love-cats").get_data(as_text=True)
    assert 'name="end_early"' in page and "the evening keeps it as not finished" in page
    r = switch(board, "we-love-cats", expect=409)
    assert "under way" in r.json["error"] and board.view()["game"] == "communicat"
    switch(board, "we-love-cats", end_early="1")
    assert board.view()["game"] == "we-love-cats"
    assert "The host ended the game early and switched to We Love Cats." in board.html("board")
    as_json = json.loads(board.client.get(f"/t/{board.code}/history.json").data)
    [ended] = as_json["games"]
    assert ended["unfinished"] is True and ended["winners"] == [] and ended["game"] == "communicat"
    assert as_json["summary"]["games"] == 1 and all(row["won"] == 0 for row in as_json["summary"]["tally"])
    assert "not finished" in board.client.get(f"/t/{board.code}/history").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(board.client.get(f"/t/{board.code}/history.csv").get_data(as_text=True))))
    assert rows and {row["unfinished"] for row in rows} == {"yes"}
    # Between games (nothing played yet in We Love Cats) the next switch needs no confirmation,
    # and it records nothing: nothing of that game was played.
    assert 'name="end_early"' not in board.client.get(f"/t/{board.code}/switch?game=catchy").get_data(as_text=True)
    switch(board, "catchy")
    assert len(json.loads(board.client.get(f"/t/{board.code}/history.json").data)["games"]) == 1


def test_undo_never_crosses_back_into_the_previous_game(night):
    board, (ann, bob, cy) = night
    board.act("new_needs")
    switch(board, "we-love-cats", end_early="1")
    r = undo(board, expect=409)
    assert "switched the game here" in r.json["error"]
    assert board.view()["game"] == "we-love-cats"
    board.act("start", first=str(ann.view()["seat"]))
    undo(board)                                   # the new game's own move: taken back
    assert board.view()["phase"] == "lobby"
    r = undo(board, expect=409)                   # and no further
    assert "switched the game here" in r.json["error"] and board.view()["game"] == "we-love-cats"


def test_the_previous_games_secrets_stay_hidden(app, night):
    board, (ann, bob, cy) = night
    board.act("new_needs")
    with app.extensions["companion"].store.read() as tx:
        need = tx.get_table(board.code).state["round"]["secret"]["cat"]
    assert ann.view()["secret"]["cat"]["id"] == need     # the Cat's phone holds it before the switch
    need_name = ann.view()["secret"]["cat"]["name"]
    switch(board, "cloaked-cats", end_early="1")
    board.act("start")
    features = {f for p in db_state(app, board.code)["players"] for f in p["features"]}
    switch(board, "we-love-cats", end_early="1")
    pages = [board.client.get(f"/t/{board.code}/history.json").get_data(as_text=True),
             board.client.get(f"/t/{board.code}/history.csv").get_data(as_text=True),
             board.client.get(f"/t/{board.code}/history").get_data(as_text=True),
             board.html("board")]
    for phone in (ann, bob, cy):
        pages += [json.dumps(phone.view()), phone.html("seat")]
    text = "\n".join(pages)
    assert f'"{need}"' not in text and need_name not in text and '"secret"' not in text
    assert features and not any(f in text for f in features)


def test_player_limits_deal_the_first_seats_and_the_host_reorders_first(new_table, device):
    board = new_table("communicat", target="2")
    phones = {name: device(board).join(name) for name in ("Ann", "Bob", "Cy", "Di", "Ed")}
    ed = phones["Ed"].view()["seat"]
    # The host moves Ed up to first place, between games: one place per tap, logged.
    for _ in range(4):
        r = board.client.post(f"/t/{board.code}/seats/{ed}/earlier",
                              data={"version": board.view()["version"], "as": "board"}, headers={"Accept": "application/json"})
        assert r.status_code == 200, r.data
    assert [s["name"] for s in board.view()["seats"]] == ["Ed", "Ann", "Bob", "Cy", "Di"]
    assert "The host moved Ed one place earlier in the seating order." in board.html("board")
    r = board.client.post(f"/t/{board.code}/seats/{ed}/earlier",
                          data={"version": board.view()["version"], "as": "board"}, headers={"Accept": "application/json"})
    assert r.status_code == 409 and "already first" in r.json["error"]
    bob = phones["Bob"].view()["seat"]
    r = phones["Ann"].client.post(f"/t/{board.code}/seats/{bob}/earlier",
                                  data={"version": board.view()["version"], "as": "seat"}, headers={"Accept": "application/json"})
    assert r.status_code == 403
    switch(board, "cloaked-cats")             # four players at most
    board.act("start")
    view = board.view()
    playing = [p["name"] for p in view["players"]]
    assert playing == ["Ed", "Ann", "Bob", "Cy"]
    assert "wait" in json.dumps(phones["Di"].view()).lower() or "Di" in json.dumps(view.get("watching", view))
    # A game under way keeps its order: reordering waits until it is over (or switched away).
    di = phones["Di"].view()["seat"]
    r = board.client.post(f"/t/{board.code}/seats/{di}/earlier",
                          data={"version": board.view()["version"], "as": "board"}, headers={"Accept": "application/json"})
    assert r.status_code == 409 and "under way" in r.json["error"]


def test_the_evening_lists_every_game_newest_first_with_a_summary(app, tmp_path, new_table, device):
    board = new_table("catchy", player_1="Ann", player_2="Bob")
    device(board).join("Ann"), device(board).join("Bob")
    finish_catchy(board)                                       # game 1: Ann wins Catchy!
    switch(board, "communicat", target="2")
    finish_communicat(board)                                   # game 2: won together
    switch(board, "catchy", player_1="Ann", player_2="Bob")
    finish_catchy(board, first="5", second="6")               # game 3: Ann again (she takes the round)
    as_json = json.loads(board.client.get(f"/t/{board.code}/history.json").data)
    assert [(g["number"], g["game"], g["winners"]) for g in as_json["games"]] == [
        (1, "catchy", ["Ann"]), (2, "communicat", ["Together"]), (3, "catchy", ["Ann"])]
    summary = as_json["summary"]
    assert summary["games"] == 3
    assert [w["number"] for w in summary["winners"]] == [3, 2, 1]
    # CommuniCat is won together: each person at the table is credited, not a player called Together.
    assert [(t["name"], t["won"], t["played"]) for t in summary["tally"]] == [("Ann", 3, 3), ("Bob", 1, 3)]
    rows = list(csv.DictReader(io.StringIO(board.client.get(f"/t/{board.code}/history.csv").get_data(as_text=True))))
    assert {r["played"] for r in rows} == {"catchy", "communicat"}
    page = board.client.get(f"/t/{board.code}/history").get_data(as_text=True)
    assert "3 games played" in page
    newest, middle, oldest = (page.index(f"Game {n}, ") for n in (3, 2, 1))
    assert newest < middle < oldest
    # each game has its chart: lines for one scored over rounds, bars for one decided in one round
    assert "Game 2, CommuniCat: Together wins" in page
    assert page.count("<polyline") + page.count('class="bar-chart"') >= 3
    # An archive keeps the whole evening.
    assert board.code in expire_idle_tables(app.extensions["companion"], -1_000_000, str(tmp_path / "archive"))
    archived = json.loads((tmp_path / "archive" / f"{board.code}.json").read_text())
    assert [r["game"] for r in archived["records"]] == ["catchy", "communicat", "catchy"]
    assert [e["kind"] for e in archived["events"]].count("switch") == 2


def test_the_next_game_page_speaks_to_a_seated_table(night):
    """The switch form includes the game's own set-up page: its advice to join after creating the
    table is wrong for a table whose players are already seated (issue #27)."""
    board, _ = night
    page = board.client.get(f"/t/{board.code}/switch?game=communicat").get_data(as_text=True)
    assert "after you create the table" not in page and "The secret Need appears on the Cat's phone only." in page
    assert "after you create the table" in board.client.get("/new/communicat").get_data(as_text=True)
