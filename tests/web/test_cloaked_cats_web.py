"""Cloaked Cats through HTTP: moves, refusals with their sentences, undo, a whole game to the score
table, and secrecy of every viewer's HTML and view.json (re-dealing another player's hidden features
in the database must not change a single byte another viewer receives)."""
from __future__ import annotations

import random
import re

import pytest

pytestmark = pytest.mark.both_backends  # the same tests on SQLite and on Redis (tests/conftest.py)

from companion.games import cloaked_cats_rules as cc, cloaked_cats_view

CAT = ["strutting_beauty", "fish_cocktail", "black_coat"]


def tables(app):
    return app.extensions["companion"]


def db_state(app, code) -> dict:
    with tables(app).store.read() as tx:
        return tx.get_table(code).state


def put_state(app, code, state) -> None:
    """Overwrite the stored state in place (same version): a test-only way to build a twin world."""
    with tables(app).store.write() as tx:
        row = tx.get_table(code)
        tx.save_state(code, state, row.version, 0.0)


@pytest.fixture
def game(new_table, device):
    """A started 3-player table: (board, {seat_id: phone})."""
    board = new_table("cloaked-cats")
    phones = [device(board).join(n) for n in ("Ann", "Bob", "Cy")]
    board.act("start")
    return board, {p.view()["seat"]: p for p in phones}


def play_a_quick_turn(app, board, phones, rng) -> None:
    """One step of the active player's turn that heads for the end of the game: play the same cat,
    guess a hidden feature right (read from the database), or end the turn."""
    view = board.view()
    me = phones[view["turn"]["seat"]]
    if view["turn"]["step"] == "cat":
        me.act("play_cat", features=CAT)
    elif view["turn"]["step"] == "guess":
        state = db_state(app, board.code)
        targets = [p for p in state["players"] if p["seat"] != view["turn"]["seat"] and len(p["revealed"]) < 3]
        target = min(targets, key=lambda p: -len(p["revealed"]))
        feature = rng.choice([f for f in target["features"] if f not in target["revealed"]])
        me.act("guess", target=target["seat"], feature=feature)
    else:
        me.act("end_turn")


def active(board, phones):
    return phones[board.view()["turn"]["seat"]]


def test_the_new_table_page_and_the_lobby(client, new_table, device):
    page = client.get("/new/cloaked-cats").get_data(as_text=True)
    assert "Cloaked Cats for 2 to 4 players" in page
    board = new_table("cloaked-cats")
    html = board.html()
    assert "Waiting for players" in html and "Start the game" in html
    r = board.act("start", expect=409)
    assert r.json["error"] == "Cloaked Cats needs 2 to 4 players; 0 joined so far."
    device(board).join("Ann")
    phone = device(board).join("Bob")
    assert "When everyone has joined, press Start" in phone.html("seat")
    phone.act("start")
    view = board.view()
    assert view["phase"] == "playing" and [p["name"] for p in view["players"]] == ["Ann", "Bob"]
    assert [p["colour"]["name"] for p in view["players"]] == ["Yellow", "Red"]


def test_a_turn_through_http(app, game):
    board, phones = game
    me = active(board, phones)
    my_seat = me.view()["seat"]
    state = db_state(app, board.code)
    matching = [p["colour"] for p in state["players"] if set(p["features"]) & set(CAT)]
    me.act("play_cat", features=CAT)
    view = board.view()
    assert [m["id"] for m in view["cats"][0]["masks"]] == matching
    assert view["turn"]["step"] == "guess"
    target = next(s for s in phones if s != my_seat)
    feature = next(f for f in cc.FEATURE_IDS if f not in sum((p["features"] for p in state["players"]), []))
    me.act("guess", target=target, feature=feature)
    view = board.view()
    assert view["last_guess"]["right"] is False
    mine = next(p for p in view["players"] if p["seat"] == my_seat)
    assert mine["stock"] == 16 - (1 if mine["colour"]["id"] in matching else 0) - 1
    assert "wrong" in board.html()
    me.act("end_turn")
    assert board.view()["turn"]["seat"] != my_seat


def test_refusals_carry_their_sentence(app, game):
    board, phones = game
    me = active(board, phones)
    other = next(p for s, p in phones.items() if p is not me)
    r = board.act("play_cat", as_="board", expect=403, features=CAT)
    assert r.json["error"] == "Join the table from your phone to do that."
    r = other.act("play_cat", expect=409, features=CAT)
    assert r.json["error"].startswith("It is ") and r.json["error"].endswith("'s turn.")
    r = me.act("play_cat", expect=400, features=["seated_boss", "red_coat"])
    assert r.json["error"] == "A cat card shows 3 or 4 features; you picked 2."
    r = me.act("play_cat", expect=400, features=["seated_boss", "dragon", "red_coat"])
    assert "unknown choice: 'dragon'" in r.json["error"]
    r = me.act("guess", expect=409, target=1, feature="top_hat")
    assert r.json["error"] == "Play a cat card first: tap the features printed on it."
    r = me.act("guess", expect=400, target="x", feature="top_hat")
    assert r.json["error"] == "Player must be a whole number."
    r = me.act("end_turn", expect=409)
    assert "Play a cat card first" in r.json["error"]
    r = other.act("fix_cat", expect=403, cat=1, features=CAT)
    assert r.json["error"] == "Only the table's host can do that."
    r = board.act("rematch", expect=409)
    assert r.json["error"] == "A rematch can start once this game is over."
    assert board.view()["cats"] == []


def test_a_refusal_in_the_page_shows_the_sentence(game):
    board, phones = game
    me = active(board, phones)
    v = me.view()["version"]
    r = me.client.post(f"/t/{board.code}/act/play_cat", data={"version": v, "as": "seat", "features": ["seated_boss"]},
                       headers={"HX-Request": "true"})
    assert r.status_code == 400
    assert 'class="flash error" data-answer>A cat card shows 3 or 4 features; you picked 1.' in r.get_data(as_text=True)


def test_the_host_fixes_a_miskeyed_cat_and_undo_restores(app, game):
    board, phones = game
    me = active(board, phones)
    me.act("play_cat", features=["seated_boss", "striped", "top_hat", "red_coat"])
    assert "fix a miskeyed cat card" in board.html()
    board.act("fix_cat", cat=1, features=CAT)
    state = db_state(app, board.code)
    expect = [p["colour"] for p in state["players"] if set(p["features"]) & set(CAT)]
    assert state["cats"][0]["masks"] == expect and state["cats"][0]["features"] == sorted(CAT, key=cc.ORDER.get)
    assert "corrected" in board.html()
    r = board.client.post(f"/t/{board.code}/undo", data={"version": board.view()["version"], "as": "board"},
                          headers={"Accept": "application/json"})
    assert r.status_code == 200
    assert db_state(app, board.code)["cats"][0]["fixed"] is False
    # A cat card's masks showed who has its features: its player may not take it back (a free look)...
    r = me.client.post(f"/t/{board.code}/undo", data={"version": me.view()["version"], "as": "seat"},
                       headers={"Accept": "application/json"})
    assert r.status_code == 403 and "showed something hidden" in r.json["error"]
    # ...the host may, and every screen's log says so.
    r = board.client.post(f"/t/{board.code}/undo", data={"version": board.view()["version"], "as": "board"},
                          headers={"Accept": "application/json"})
    assert r.status_code == 200 and board.view()["cats"] == []
    assert all(p["stock"] == 16 for p in board.view()["players"])


def test_a_whole_game_to_the_score_table_and_a_rematch(app, game):
    board, phones = game
    rng = random.Random(4)
    for _ in range(60):
        view = board.view()
        if view["phase"] == "over":
            break
        play_a_quick_turn(app, board, phones, rng)
    view = board.view()
    assert view["phase"] == "over" and view["end"]["reason"] in ("revealed", "stockpile")
    rows = view["scores"]["rows"]
    assert all(r["points"] == r["received"] + r["hidden"] for r in rows)
    html = board.html()
    assert "Game over" in html and "cc-score-table" in html and "🏆" in html
    for phone in phones.values():
        assert "Game over" in phone.html("seat")
    board.act("rematch")
    assert board.view()["phase"] == "playing" and board.view()["game_no"] == 2


# ---- secrecy over HTTP

def strip_clock(html: str) -> str:
    """What differs between two renderings of the same world: the server's clock, and the page's own
    tab id (a fresh one each load, which its stream and taps name: web/tables.py TAB)."""
    return re.sub(r'data-server-now="\d+"|tab=[A-Za-z0-9_-]+|data-tab="[A-Za-z0-9_-]+"', "", html)


def everything_seen_by(client_of, code, role):
    html = strip_clock(client_of.client.get(f"/t/{code}/view?as={role}").get_data(as_text=True))
    page = strip_clock(client_of.client.get(f"/t/{code}" + ("/seat" if role == "seat" else "")).get_data(as_text=True))
    return html, page, client_of.client.get(f"/t/{code}/view.json").get_data(as_text=True)


def redeal_hidden(state: dict, seat_id: int, rng: random.Random) -> dict:
    """Give `seat_id` different unrevealed features, taken from those nobody holds or shows."""
    held = {f for p in state["players"] for f in p["features"]}
    pool = [f for f in cc.FEATURE_IDS if f not in held]
    rng.shuffle(pool)
    for p in state["players"]:
        if p["seat"] == seat_id:
            p["features"] = [f if f in p["revealed"] else pool.pop() for f in p["features"]]
    return state


def test_no_viewer_can_tell_another_seats_hidden_features(app, game):
    board, phones = game
    code = board.code
    rng = random.Random(11)
    me = active(board, phones)
    state = db_state(app, code)
    owner = me.view()["seat"]
    # Get into a state with a revealed feature, a cat with masks and a final state of turns.
    me.act("play_cat", features=["seated_boss", "striped", "top_hat", "red_coat"])
    victim = next(p for p in state["players"] if p["seat"] != owner)
    me.act("guess", target=victim["seat"], feature=victim["features"][1])
    for secret_seat in phones:
        original = db_state(app, code)
        others = [("board", board)] + [("seat", p) for s, p in phones.items() if s != secret_seat]
        before = {id(c): everything_seen_by(c, code, role) for role, c in others}
        put_state(app, code, redeal_hidden(db_state(app, code), secret_seat, rng))
        assert db_state(app, code) != original
        for role, c in others:
            assert everything_seen_by(c, code, role) == before[id(c)], f"{role} sees seat {secret_seat}'s secret"
        # The owner does see the difference: the test can tell worlds apart when it should.
        assert phones[secret_seat].view()["mine"]["features"] != [
            {**cloaked_cats_view.feature_view(f), "revealed": f in next(p for p in original["players"] if p["seat"] == secret_seat)["revealed"]}
            for f in next(p for p in original["players"] if p["seat"] == secret_seat)["features"]]
        put_state(app, code, original)


def test_each_phone_lists_only_its_own_features(app, game):
    board, phones = game
    state = db_state(app, board.code)
    for seat_id, phone in phones.items():
        own = next(p for p in state["players"] if p["seat"] == seat_id)["features"]
        html = phone.html("seat")
        assert re.findall(r'data-feature="([a-z_]+)"', html) == own
        assert [x["id"] for x in phone.view()["mine"]["features"]] == own
    assert board.view()["mine"] is None and "Your secret cat" not in board.html()
    assert "data-feature=" not in board.html()


def test_a_fifth_phone_watches_and_joins_at_the_rematch_only_if_there_is_room(new_table, device):
    board = new_table("cloaked-cats")
    phones = [device(board).join(n) for n in ("Ann", "Bob", "Cy", "Dee", "Eve")]
    assert "Watching (the game seats 4): Eve" in board.html()
    assert "you will watch this one" in phones[4].html("seat")
    phones[4].act("start")  # a watcher may still press Start for the table
    view = phones[4].view()
    assert [p["name"] for p in view["players"]] == ["Ann", "Bob", "Cy", "Dee"] and view["mine"] is None
    assert "You are watching this game" in phones[4].html("seat")
    r = phones[4].act("end_turn", expect=409)
    assert r.json["error"] == "You are watching this game: only its 4 players take turns."


def test_only_the_hosts_board_offers_the_cat_correction(game, device):
    board, phones = game
    me = active(board, phones)
    me.act("play_cat", features=CAT)
    assert "fix a miskeyed cat card" in board.html()
    tablet = device(board)  # another device showing the board, not the host
    assert "fix a miskeyed cat card" not in tablet.html("board")
    r = tablet.act("fix_cat", as_="board", expect=403, cat=1, features=CAT)
    assert r.json["error"] == "Only the table's host can do that."



def test_a_player_cannot_undo_a_guess_but_the_host_can(app, game):
    """A guess's answer is seen by all: taking it back would be a free question."""
    board, phones = game
    me = active(board, phones)
    me.act("play_cat", features=CAT)
    target = next(s for s in phones if s != me.view()["seat"])
    me.act("guess", target=target, feature=cc.FEATURE_IDS[0])
    r = me.client.post(f"/t/{board.code}/undo", data={"version": me.view()["version"], "as": "seat"},
                       headers={"Accept": "application/json"})
    assert r.status_code == 403 and "Only the host" in r.json["error"]
    assert "Undo guess" not in me.html("seat") and "Undo guess" in board.html()
    r = board.client.post(f"/t/{board.code}/undo", data={"version": board.view()["version"]},
                          headers={"Accept": "application/json"})
    assert r.status_code == 200 and board.view()["turn"]["step"] == "guess"
